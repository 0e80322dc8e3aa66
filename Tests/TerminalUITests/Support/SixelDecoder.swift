/// Decodes sixel graphics (the subset photofeed writes: raster attributes, RGB colour
/// definitions, colour selection, repeats, `$` and `-`) into RGB pixels, for tests.
enum SixelDecoder {
    struct Image {
        var width: Int
        var height: Int
        /// RGB, row by row.
        var pixels: [UInt8]
        var colorsDefined: Int
    }

    enum Failure: Error {
        case notSixel
    }

    static func decode(_ bytes: [UInt8]) throws -> Image {
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
                value = value * 10 + Int(bytes[index] - 48)
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
            for _ in 0..<times {
                for dy in 0..<6 where bits & (1 << dy) != 0 {
                    let y = band * 6 + dy
                    guard x < width, y < height, let rgb = palette[colour] else { continue }
                    let i = (y * width + x) * 3
                    pixels[i] = rgb.0
                    pixels[i + 1] = rgb.1
                    pixels[i + 2] = rgb.2
                }
                x += 1
            }
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
                pixels = [UInt8](repeating: 0, count: width * height * 3)
            case UInt8(ascii: "#"):
                let values = numbers()
                colour = values[0]
                if values.count == 5, values[1] == 2 {
                    palette[colour] = (
                        UInt8(values[2] * 255 / 100), UInt8(values[3] * 255 / 100), UInt8(values[4] * 255 / 100)
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
