/// The metadata segments of a JPEG, PNG or RIFF (WebP) file, walked once and bounded: a JPEG's
/// marker segments before its first scan, a PNG's chunks before its image data, a RIFF's
/// chunks. The one walker under ``ExifLocator`` and ``ColorProfileLocator``.
///
/// Bounded: at most ``maxSteps`` steps (a JPEG's fill bytes and restart markers count), and the
/// walk ends at the first segment whose length runs past the end of the bytes (that segment is
/// not yielded), at a JPEG's scan or end marker and at a PNG's `IDAT` or `IEND`. Payloads are
/// slices of the input, never copies.
///
/// ```swift
/// for segment in ContainerSegments(bytes, layout: .png) where segment.type == "eXIf" { return segment.payload }
/// ```
struct ContainerSegments: Sequence {
    /// The most steps one walk takes.
    static let maxSteps = 64

    /// How a container lays its segments out.
    enum Layout: Sendable {
        /// Marker segments (`FF xx`, a 16-bit big-endian length that counts itself) after SOI.
        case jpeg
        /// Chunks (32-bit big-endian length, type, data, CRC) after the 8-byte signature.
        case png
        /// Chunks (type, 32-bit little-endian size, data padded to even) after the 12-byte RIFF header.
        case riff
    }

    /// One segment: its type and its payload.
    struct Segment: Equatable {
        /// A PNG or RIFF chunk's four characters ("eXIf", "ICCP"); a JPEG segment's "APP0"…"APP15",
        /// else its marker in hex ("FFDB").
        var type: String
        /// The segment's data (for a JPEG, after the length; for a PNG, without the CRC).
        var payload: ArraySlice<UInt8>
    }

    let bytes: [UInt8]
    let layout: Layout

    init(_ bytes: [UInt8], layout: Layout) {
        self.bytes = bytes
        self.layout = layout
    }

    /// The walker for `format`'s layout; nil for a format that has none of these.
    init?(_ bytes: [UInt8], format: ImageFormat) {
        switch format {
        case .jpeg: self.init(bytes, layout: .jpeg)
        case .png: self.init(bytes, layout: .png)
        case .webp: self.init(bytes, layout: .riff)
        default: return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(bytes: bytes, layout: layout) }

    /// Walks the segments, one step at a time.
    struct Iterator: IteratorProtocol {
        private let bytes: [UInt8]
        private let layout: Layout
        private var offset: Int
        private var steps = 0
        private var ended = false

        init(bytes: [UInt8], layout: Layout) {
            self.bytes = bytes
            self.layout = layout
            switch layout {
            case .jpeg: offset = 2
            case .png: offset = 8
            case .riff: offset = 12
            }
        }

        mutating func next() -> Segment? {
            while !ended, steps < ContainerSegments.maxSteps {
                steps += 1
                let step: Step
                switch layout {
                case .jpeg: step = jpegStep()
                case .png: step = pngStep()
                case .riff: step = riffStep()
                }
                switch step {
                case .segment(let segment): return segment
                case .skip: continue
                case .end: ended = true
                }
            }
            return nil
        }

        private enum Step {
            case segment(Segment)
            case skip
            case end
        }

        private mutating func jpegStep() -> Step {
            guard offset + 4 <= bytes.count, bytes[offset] == 0xFF else { return .end }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                return .skip
            }
            if marker == 0xDA || marker == 0xD9 { return .end }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                return .skip
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return .end }
            let payload = bytes[(offset + 4)..<(offset + 2 + length)]
            offset += 2 + length
            let type = (0xE0...0xEF).contains(marker) ? "APP\(marker - 0xE0)" : "FF" + hex(marker)
            return .segment(Segment(type: type, payload: payload))
        }

        private mutating func pngStep() -> Step {
            guard offset + 12 <= bytes.count else { return .end }
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length <= bytes.count - offset - 12 else { return .end }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "IDAT" || type == "IEND" { return .end }
            let payload = bytes[(offset + 8)..<(offset + 8 + length)]
            offset += 12 + length
            return .segment(Segment(type: type, payload: payload))
        }

        private mutating func riffStep() -> Step {
            guard offset + 8 <= bytes.count else { return .end }
            let type = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            guard size <= bytes.count - offset - 8 else { return .end }
            let payload = bytes[(offset + 8)..<(offset + 8 + size)]
            offset += 8 + size + (size & 1)
            return .segment(Segment(type: type, payload: payload))
        }

        private func hex(_ byte: UInt8) -> String {
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }
    }
}
