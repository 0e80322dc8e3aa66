public import ImageCodecs
import TerminalText
public import TerminalGraphics
import TerminalScreen
public import Vocabulary

/// The info panel (`I`): what the file and the feed know about the focused photo.
///
/// ```
/// ╭ info · IMG_2041.jpg ────────────────────────────────────────╮
/// │ format    JPEG · 5312×2988 · 4.2 MB                          │
/// │ taken     2023-06-01 14:03:22 +02:00                         │
/// │ camera    Canon EOS 5D Mark IV                               │
/// │ exposure  1/250 s · f/2.8 · ISO 400 · 50 mm (75 mm in 35 mm) │
/// │ place     43.26300° N, 2.93500° W · 125 m                    │
/// ╰───────────────────────────────────────────────── I closes ───╯
/// ```
public enum InfoPanel {
    /// Rows the panel asks for: a border, up to thirteen lines, a border.
    public static let preferredHeight = 15

    /// What the panel shows for one photo.
    public struct Subject: Sendable {
        /// The feed's name for it (the author, or the file name).
        public var title: String
        /// Who took it, as the feed says; nil when the feed only knows the file name.
        public var author: String?
        /// Its path or URL.
        public var location: String?
        /// The file's metadata; nil while it is read (or when it failed: `failure`).
        public var metadata: PhotoMetadata?
        /// Why the file could not be read.
        public var failure: String?
        /// The original's size when the bytes read are a resized copy (a picsum-style server's).
        public var originalSize: PixelSize?
        /// Where the photo was published (the feed's page URL).
        public var page: String?
        /// What is missing from its picture when it was drawn from a damaged file or a cut
        /// download ("60 % decoded (the JPEG data ends before the image is complete)").
        public var damage: String?
        /// The culling decision in words, and why its sidecar is not written when it is not.
        public var decision: String?
        /// A shot's badge and every file's name (`RAW+JPG: IMG_1.JPG and IMG_1.CR2`; nil: one file).
        public var shot: String?

        public init(
            title: String, author: String?, location: String?, metadata: PhotoMetadata?, failure: String?,
            originalSize: PixelSize? = nil
        ) {
            self.originalSize = originalSize
            self.title = title
            self.author = author
            self.location = location
            self.metadata = metadata
            self.failure = failure
        }
    }

    /// The panel as a `size` block (nil subject: nothing focused).
    public static func render(_ subject: Subject?, size: CellSize, glyphs: GlyphSet = .unicode) -> CellBlock {
        var lines: [StyledText] = []
        guard let subject else {
            return PanelBox.render(
                title: "info", lines: [StyledText("no photo focused", style: CellStyle(attributes: .dim))],
                footer: "I closes", size: size, glyphs: glyphs)
        }
        for (label, value) in rows(for: subject, glyphs: glyphs) {
            var line = StyledText(EventLogPanel.pad(label, to: 10, left: false), style: CellStyle(attributes: .dim))
            line.append(TextSanitizer.sanitize(value))
            lines.append(line)
        }
        return PanelBox.render(
            title: "info" + glyphs.separator + TextSanitizer.sanitize(subject.title), lines: lines, footer: "I closes",
            size: size, glyphs: glyphs)
    }

    /// The label and value of each line, in order.
    static func rows(for subject: Subject, glyphs: GlyphSet) -> [(String, String)] {
        let separator = glyphs.separator
        var rows: [(String, String)] = []
        // First: the picture shown is not the whole photo.
        if let damage = subject.damage { rows.append(("damaged", damage)) }
        if let metadata = subject.metadata {
            let header = metadata.header
            var format = ["\(header.format)", "\(header.size.width)×\(header.size.height)", ByteCountFormat.string(Int64(metadata.byteCount))]
            if header.isAnimated { format.append("\(header.frameCount) frames") }
            if subject.originalSize != nil { format.append("the server's resized copy") }
            rows.append(("format", format.joined(separator: separator)))
            if let original = subject.originalSize { rows.append(("original", "\(original.width)×\(original.height)")) }
            if let profile = metadata.colorProfile { rows.append(("colour", profile)) }
            if let exif = metadata.exif { rows += exifRows(exif, separator: separator) }
        } else if let failure = subject.failure {
            rows.append(("file", "cannot be read: \(failure)"))
        } else {
            rows.append(("file", "reading…"))
        }
        if let decision = subject.decision { rows.append(("decision", decision)) }
        if let author = subject.author { rows.append(("author", author)) }
        if let location = subject.location { rows.append((location.hasPrefix("/") ? "path" : "url", location)) }
        if let shot = subject.shot { rows.append(("shot", shot)) }
        if let page = subject.page { rows.append(("page", page)) }
        return rows
    }

    static func exifRows(_ exif: ExifTags, separator: String) -> [(String, String)] {
        var rows: [(String, String)] = []
        if let date = exif.dateTaken {
            rows.append(("taken", Self.date(date) + (exif.dateOffset.map { " " + $0 } ?? "")))
        }
        if let model = exif.model {
            let make = exif.make.flatMap { model.lowercased().hasPrefix($0.lowercased()) ? nil : $0 }
            rows.append(("camera", make.map { "\($0) \(model)" } ?? model))
        } else if let make = exif.make {
            rows.append(("camera", make))
        }
        if let lens = exif.lens { rows.append(("lens", lens)) }
        var exposure: [String] = []
        if let time = exif.exposureTime, let seconds = time.value, seconds > 0 {
            exposure.append(seconds < 1 ? "1/\(Int((1 / seconds).rounded())) s" : "\(trimmed(seconds)) s")
        }
        if let number = exif.fNumber { exposure.append("f/\(trimmed(number))") }
        if let iso = exif.iso { exposure.append("ISO \(iso)") }
        if let focal = exif.focalLength {
            exposure.append("\(trimmed(focal)) mm" + (exif.focalLength35mm.map { " (\($0) mm in 35 mm)" } ?? ""))
        }
        if !exposure.isEmpty { rows.append(("exposure", exposure.joined(separator: separator))) }
        if let latitude = exif.latitude, let longitude = exif.longitude {
            var place = "\(coordinate(latitude, positive: "N", negative: "S")), \(coordinate(longitude, positive: "E", negative: "W"))"
            if let altitude = exif.altitude { place += "\(separator)\(Int(altitude.rounded())) m" }
            rows.append(("place", place))
        }
        if let software = exif.software { rows.append(("software", software)) }
        if let orientation = exif.orientation, orientation != .up {
            rows.append(("turned", "\(turn(orientation)) (EXIF \(orientation.rawValue))"))
        }
        return rows
    }

    /// "2023:06:01 14:03:22" as "2023-06-01 14:03:22".
    static func date(_ text: String) -> String {
        guard text.count >= 10 else { return text }
        let day = String(text.prefix(10)).replacing(":", with: "-")
        return day + text.dropFirst(10)
    }

    static func coordinate(_ degrees: Double, positive: String, negative: String) -> String {
        let magnitude = (abs(degrees) * 100_000).rounded() / 100_000
        var text = String(magnitude)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text[text.index(after: dot)...].count
            text += String(repeating: "0", count: max(0, 5 - decimals))
        }
        return "\(text)° \(degrees < 0 ? negative : positive)"
    }

    static func trimmed(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func turn(_ orientation: ExifOrientation) -> String {
        switch orientation {
        case .up: "upright"
        case .upMirrored: "mirrored"
        case .down: "180°"
        case .downMirrored: "mirrored, 180°"
        case .leftMirrored: "mirrored, 90° clockwise"
        case .right: "90° clockwise"
        case .rightMirrored: "mirrored, 90° counter-clockwise"
        case .left: "90° counter-clockwise"
        }
    }
}
