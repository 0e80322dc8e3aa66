/// What a photo's EXIF says about how it was taken: camera, lens, exposure, date, place.
///
/// Read by ``ExifReader/tags`` from IFD0, the Exif IFD and the GPS IFD with the same
/// defensiveness as the orientation: every offset is bounds-checked, each IFD is read once (no
/// pointer is followed twice), at most 256 entries an IFD, strings at most 256 bytes. Text is
/// as the file has it (ASCII, trailing NULs and spaces removed); whoever shows it sanitises it.
public struct ExifTags: Sendable, Hashable {
    public var make: String?
    public var model: String?
    public var lens: String?
    public var software: String?
    /// Seconds, as a fraction (numerator, denominator).
    public var exposureTime: Fraction?
    public var fNumber: Double?
    public var iso: Int?
    /// Millimetres.
    public var focalLength: Double?
    /// Millimetres, the 35 mm film equivalent.
    public var focalLength35mm: Int?
    /// "YYYY:MM:DD HH:MM:SS" as stored (DateTimeOriginal, else DateTime).
    public var dateTaken: String?
    /// "+02:00" (OffsetTimeOriginal), when the file says.
    public var dateOffset: String?
    /// The fraction of the second of ``dateTaken`` as stored: its digits ("045" is 0.045 s;
    /// SubSecTimeOriginal, or SubSecTime beside DateTime), when the file says.
    public var dateSubseconds: String?
    /// Degrees, north and east positive.
    public var latitude: Double?
    public var longitude: Double?
    /// Metres above sea level (negative below).
    public var altitude: Double?
    public var orientation: ExifOrientation?

    /// A rational number as stored.
    public struct Fraction: Sendable, Hashable {
        public var numerator: Int
        public var denominator: Int

        public init(_ numerator: Int, _ denominator: Int) {
            self.numerator = numerator
            self.denominator = denominator
        }

        /// Its value; nil when the denominator is 0.
        public var value: Double? { denominator == 0 ? nil : Double(numerator) / Double(denominator) }
    }

    public init() {}

    /// Whether nothing was found.
    public var isEmpty: Bool { self == ExifTags() }
}

extension ExifReader {
    /// The most entries read from one IFD.
    static let maxEntries = 256
    /// The longest string read.
    static let maxString = 256

    /// The tags of IFD0, its Exif IFD and its GPS IFD.
    var tags: ExifTags {
        var tags = ExifTags()
        tags.orientation = orientation
        guard let first = u32(at: 4) else { return tags }
        var exifIFD: Int?
        var gpsIFD: Int?
        var dateTime: String?
        var subseconds: String?
        var originalSubseconds: String?
        forEachEntry(of: first) { tag, entry in
            switch tag {
            case 0x010F: tags.make = string(entry)
            case 0x0110: tags.model = string(entry)
            case 0x0131: tags.software = string(entry)
            case 0x0132: dateTime = string(entry)
            case 0x8769: exifIFD = integer(entry)
            case 0x8825: gpsIFD = integer(entry)
            default: break
            }
        }
        if let exifIFD, exifIFD != first {
            forEachEntry(of: exifIFD) { tag, entry in
                switch tag {
                case 0x829A: tags.exposureTime = rational(entry)
                case 0x829D: tags.fNumber = rational(entry)?.value
                case 0x8827: tags.iso = integer(entry)
                case 0x9003: tags.dateTaken = string(entry)
                case 0x9011: tags.dateOffset = string(entry)
                case 0x9290: subseconds = string(entry)
                case 0x9291: originalSubseconds = string(entry)
                case 0x920A: tags.focalLength = rational(entry)?.value
                case 0xA405: tags.focalLength35mm = integer(entry)
                case 0xA434: tags.lens = string(entry)
                default: break
                }
            }
        }
        if tags.dateTaken == nil {
            tags.dateTaken = dateTime
            tags.dateSubseconds = dateTime == nil ? nil : subseconds
        } else {
            tags.dateSubseconds = originalSubseconds
        }
        if let gpsIFD, gpsIFD != first, gpsIFD != exifIFD {
            var latitudeRef: String?, longitudeRef: String?, altitudeRef: Int?
            forEachEntry(of: gpsIFD) { tag, entry in
                switch tag {
                case 0x0001: latitudeRef = string(entry)
                case 0x0002: tags.latitude = degrees(entry)
                case 0x0003: longitudeRef = string(entry)
                case 0x0004: tags.longitude = degrees(entry)
                case 0x0005: altitudeRef = byte(entry)
                case 0x0006: tags.altitude = rational(entry)?.value
                default: break
                }
            }
            if latitudeRef == "S", let latitude = tags.latitude { tags.latitude = -latitude }
            if longitudeRef == "W", let longitude = tags.longitude { tags.longitude = -longitude }
            if altitudeRef == 1, let altitude = tags.altitude { tags.altitude = -altitude }
            if let latitude = tags.latitude, !(-90...90).contains(latitude) { tags.latitude = nil }
            if let longitude = tags.longitude, !(-180...180).contains(longitude) { tags.longitude = nil }
        }
        return tags
    }

    /// Calls `body` with each entry's tag and offset, at most ``maxEntries``.
    private func forEachEntry(of ifd: Int, _ body: (Int, Int) -> Void) {
        guard let count = u16(at: ifd) else { return }
        for index in 0..<min(count, Self.maxEntries) {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(at: entry) else { return }
            body(tag, entry)
        }
    }

    /// Where an entry's value is: in the entry when it fits in 4 bytes, else at its offset.
    private func valueOffset(_ entry: Int, bytes: Int) -> Int? {
        bytes <= 4 ? entry + 8 : u32(at: entry + 8)
    }

    private func string(_ entry: Int) -> String? {
        guard u16(at: entry + 2) == 2, let count = u32(at: entry + 4), count > 0, count <= Self.maxString,
            let start = valueOffset(entry, bytes: count), start >= 0, start <= tiffCount - count
        else { return nil }
        let raw = tiffBytes[start..<(start + count)].prefix { $0 != 0 }
        let text = String(decoding: raw, as: UTF8.self).trimmingCharacters(in: " ")
        return text.isEmpty ? nil : text
    }

    private func byte(_ entry: Int) -> Int? {
        guard u16(at: entry + 2) == 1, u32(at: entry + 4) ?? 0 >= 1, entry + 8 < tiffCount else { return nil }
        return Int(tiffBytes[entry + 8])
    }

    /// A SHORT or LONG value.
    private func integer(_ entry: Int) -> Int? {
        guard u32(at: entry + 4) ?? 0 >= 1 else { return nil }
        switch u16(at: entry + 2) {
        case 3: return u16(at: entry + 8)
        case 4: return u32(at: entry + 8)
        default: return nil
        }
    }

    private func rational(_ entry: Int, index: Int = 0) -> ExifTags.Fraction? {
        // RATIONAL (5) or SRATIONAL (10): two 32-bit words, always at the offset.
        guard let type = u16(at: entry + 2), type == 5 || type == 10, let count = u32(at: entry + 4), index < count,
            let start = u32(at: entry + 8), let numerator = u32(at: start + index * 8),
            let denominator = u32(at: start + index * 8 + 4)
        else { return nil }
        if type == 10 { return ExifTags.Fraction(Int(Int32(truncatingIfNeeded: numerator)), Int(Int32(truncatingIfNeeded: denominator))) }
        return ExifTags.Fraction(numerator, denominator)
    }

    /// Degrees from three rationals (degrees, minutes, seconds).
    private func degrees(_ entry: Int) -> Double? {
        guard let d = rational(entry, index: 0)?.value, let m = rational(entry, index: 1)?.value,
            let s = rational(entry, index: 2)?.value
        else { return nil }
        return d + m / 60 + s / 3600
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.last == character { text.removeLast() }
        while text.first == character { text.removeFirst() }
        return String(text)
    }
}
