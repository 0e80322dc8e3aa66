import Vocabulary

@_spi(Testing) import ImageCodecs

/// Builds raw PNG samples from per-pixel channel values, packing sub-byte depths MSB first
/// and writing 16-bit samples big-endian.
enum PNGFixture {
    static func channels(_ type: PNGEncoder.ColorType) -> Int {
        switch type {
        case .gray, .palette: 1
        case .grayAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }

    /// A raw image whose pixel (x, y) has the channel values `samples(x, y)` (each < 2^depth).
    static func image(
        size: PixelSize, colorType: PNGEncoder.ColorType, bitDepth: Int, interlaced: Bool = false,
        palette: [RGBA] = [], writesPaletteAlpha: Bool = false,
        transparentKey: (red: UInt16, green: UInt16, blue: UInt16)? = nil,
        samples: (Int, Int) -> [Int]
    ) -> PNGEncoder.RawImage {
        let perPixel = channels(colorType)
        let bytesPerRow = (size.width * perPixel * bitDepth + 7) / 8
        var data = [UInt8](repeating: 0, count: bytesPerRow * size.height)
        for y in 0..<size.height {
            var bit = 0
            for x in 0..<size.width {
                let values = samples(x, y)
                precondition(values.count == perPixel)
                for value in values {
                    let row = y * bytesPerRow
                    switch bitDepth {
                    case 16:
                        data[row + bit / 8] = UInt8(value >> 8)
                        data[row + bit / 8 + 1] = UInt8(value & 0xFF)
                    case 8:
                        data[row + bit / 8] = UInt8(value)
                    default:
                        let shift = 8 - bitDepth - bit % 8
                        data[row + bit / 8] |= UInt8(value << shift)
                    }
                    bit += bitDepth
                }
            }
        }
        return PNGEncoder.RawImage(
            samples: data, bytesPerRow: bytesPerRow, size: size, colorType: colorType, bitDepth: bitDepth,
            interlaced: interlaced, palette: palette, writesPaletteAlpha: writesPaletteAlpha,
            transparentKey: transparentKey)
    }

    /// An 8-bit value as a 16-bit sample that libpng's scaling maps back to it exactly.
    static func wide(_ value: Int) -> Int { value * 257 + (value == 255 ? 0 : (value * 31) % 100) }
}
