/// Reads sixel graphics back into RGB pixels, so tests and the benchmark can measure what a
/// terminal would show (ours, chafa's, img2sixel's): raster attributes, RGB colour definitions,
/// colour selection, repeats, `$` and `-`. Bounded: at most ``maximumPixels`` pixels.
///
/// ```swift
/// let image = try SixelDecoder.decode(SixelEncoder.encode(bitmap))
/// ```
public enum SixelDecoder {
    /// Decoded pixels.
    public struct Image: Sendable {
        public var width: Int
        public var height: Int
        /// RGB, row by row.
        public var pixels: [UInt8]
        /// How many colour registers were defined.
        public var colorsDefined: Int
    }

    /// Why bytes could not be read.
    public enum Failure: Error {
        /// Not a DCS … q sixel sequence.
        case notSixel
        /// Raster attributes larger than ``maximumPixels``.
        case tooLarge
    }

    /// The largest image read (64 megapixels).
    public static let maximumPixels = 1 << 26

    /// The first sixel image in `bytes` (which may start with other escapes).
    public static func decode(_ bytes: [UInt8]) throws -> Image {
        var start = 0
        while start + 1 < bytes.count, !(bytes[start] == 0x1B && bytes[start + 1] == UInt8(ascii: "P")) { start += 1 }
        return try decodeSequence(Array(bytes[start...]))
    }

    private static func decodeSequence(_ bytes: [UInt8]) throws -> Image {
        guard bytes.count > 4, bytes[0] == 0x1B, bytes[1] == UInt8(ascii: "P"),
            let q = bytes.firstIndex(of: UInt8(ascii: "q"))
        else { throw Failure.notSixel }
        var index = q + 1
        var width = 0
        var height = 0
        var palette: [Int: (UInt8, UInt8, UInt8)] = [:]
        var pixels: [UInt8] = []
        var colour = 0
        var x = 0
        var band = 0
        func number() -> Int {
            var value = 0
            while index < bytes.count, (48...57).contains(bytes[index]) {
                value = min(1 << 30, value * 10 + Int(bytes[index] - 48))
                index += 1
            }
            return value
        }
        func numbers() -> [Int] {
            var values = [number()]
            while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
                index += 1
                values.append(number())
            }
            return values
        }
        func paint(_ sixel: UInt8, times: Int) {
            let bits = Int(sixel) - 63
            let painted = min(times, max(0, width - x))
            for _ in 0..<painted {
                for dy in 0..<6 where bits & (1 << dy) != 0 {
                    let y = band * 6 + dy
                    guard y < height, let rgb = palette[colour] else { continue }
                    let i = (y * width + x) * 3
                    pixels[i] = rgb.0
                    pixels[i + 1] = rgb.1
                    pixels[i + 2] = rgb.2
                }
                x += 1
            }
            x = min(1 << 30, x + times - painted)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B { break }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                let values = numbers()
                width = values.count > 2 ? values[2] : 0
                height = values.count > 3 ? values[3] : 0
                guard width * height <= maximumPixels else { throw Failure.tooLarge }
                pixels = [UInt8](repeating: 0, count: width * height * 3)
            case UInt8(ascii: "#"):
                let values = numbers()
                colour = values[0]
                if values.count == 5, values[1] == 2 {
                    palette[colour] = (
                        UInt8(min(100, values[2]) * 255 / 100), UInt8(min(100, values[3]) * 255 / 100),
                        UInt8(min(100, values[4]) * 255 / 100)
                    )
                }
            case UInt8(ascii: "!"):
                let count = number()
                if index < bytes.count {
                    paint(bytes[index], times: count)
                    index += 1
                }
            case UInt8(ascii: "$"):
                x = 0
            case UInt8(ascii: "-"):
                x = 0
                band += 1
            case 63...126:
                paint(byte, times: 1)
            default:
                break
            }
        }
        return Image(width: width, height: height, pixels: pixels, colorsDefined: palette.count)
    }
}
