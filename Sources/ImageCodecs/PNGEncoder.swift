import CImageShim

/// Encodes bitmaps as PNG through libpng (lossless, alpha kept).
///
/// ```swift
/// let png = try PNGEncoder.encode(bitmap)
/// ```
public enum PNGEncoder {
    /// RGBA8 PNG bytes, optionally Adam7-interlaced.
    public static func encode(_ bitmap: Bitmap, interlaced: Bool = false) throws -> [UInt8] {
        let image = RawImage(
            samples: bitmap.bytes, bytesPerRow: bitmap.bytesPerRow, size: bitmap.size,
            colorType: .rgba, bitDepth: 8, interlaced: interlaced)
        return try encode(image)
    }
}

@_spi(Testing)
extension PNGEncoder {
    /// A PNG colour type (the IHDR byte).
    public enum ColorType: Int32, Sendable, CaseIterable {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6
    }

    /// Samples exactly as a PNG stores them: rows of packed big-endian samples.
    ///
    /// Lets tests build PNGs of every colour type, depth (1–16) and interlace.
    public struct RawImage: Sendable {
        public var samples: [UInt8]
        public var bytesPerRow: Int
        public var size: PixelSize
        public var colorType: ColorType
        public var bitDepth: Int
        public var interlaced: Bool
        /// RGB entries for `.palette`.
        public var palette: [RGBA]
        /// Write the palette's alpha values as a tRNS chunk.
        public var writesPaletteAlpha: Bool
        /// A tRNS key colour for `.gray` (red holds the gray level) or `.rgb`, in sample units.
        public var transparentKey: (red: UInt16, green: UInt16, blue: UInt16)?

        public init(
            samples: [UInt8], bytesPerRow: Int, size: PixelSize, colorType: ColorType, bitDepth: Int,
            interlaced: Bool = false, palette: [RGBA] = [], writesPaletteAlpha: Bool = false,
            transparentKey: (red: UInt16, green: UInt16, blue: UInt16)? = nil
        ) {
            self.samples = samples
            self.bytesPerRow = bytesPerRow
            self.size = size
            self.colorType = colorType
            self.bitDepth = bitDepth
            self.interlaced = interlaced
            self.palette = palette
            self.writesPaletteAlpha = writesPaletteAlpha
            self.transparentKey = transparentKey
        }
    }

    /// PNG bytes for raw samples of any colour type and depth.
    public static func encode(_ image: RawImage) throws -> [UInt8] {
        guard image.bytesPerRow >= 0, image.size.height >= 0,
              image.samples.count >= image.bytesPerRow * image.size.height
        else {
            throw ImageCodecError.invalidArgument(
                "PNG samples: \(image.samples.count) bytes cannot hold \(image.size.height) rows of \(image.bytesPerRow)")
        }
        let rgb = image.palette.flatMap { [$0.r, $0.g, $0.b] }
        let alpha = image.writesPaletteAlpha ? image.palette.map(\.a) : []
        var buffer = pf_buffer()
        defer { pf_buffer_free(&buffer) }
        try image.samples.withUnsafeBufferPointer { (rows) throws(ImageCodecError) in
            try rgb.withUnsafeBufferPointer { (paletteRGB) throws(ImageCodecError) in
                try alpha.withUnsafeBufferPointer { (paletteAlpha) throws(ImageCodecError) in
                    var raw = pf_png_image()
                    raw.rows = rows.baseAddress
                    raw.stride = image.bytesPerRow
                    raw.width = Int32(clamping: image.size.width)
                    raw.height = Int32(clamping: image.size.height)
                    raw.bit_depth = Int32(clamping: image.bitDepth)
                    raw.color_type = image.colorType.rawValue
                    raw.interlaced = image.interlaced ? 1 : 0
                    raw.palette = paletteRGB.baseAddress
                    raw.palette_count = Int32(clamping: image.palette.count)
                    raw.palette_alpha = paletteAlpha.baseAddress
                    raw.palette_alpha_count = Int32(clamping: paletteAlpha.count)
                    if let key = image.transparentKey {
                        raw.has_key = 1
                        raw.key_red = key.red
                        raw.key_green = key.green
                        raw.key_blue = key.blue
                    }
                    try ShimCall.run("PNG encode") { message, capacity in
                        pf_png_encode(&raw, &buffer, message, capacity)
                    }
                }
            }
        }
        guard let data = buffer.data else { throw ImageCodecError.encoder("PNG encode: libpng produced no bytes") }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}
