import CImageShim
public import Vocabulary

/// Encodes bitmaps as PNG through libpng (lossless, alpha kept).
///
/// ```swift
/// let png = try PNGEncoder.encode(bitmap)
/// ```
public enum PNGEncoder {
    /// RGBA8 PNG bytes, optionally Adam7-interlaced.
    public static func encode(_ bitmap: Bitmap, interlaced: Bool = false) throws -> [UInt8] {
        try encode(bitmap, interlaced: interlaced, text: [])
    }

    /// RGB8 PNG bytes of an opaque bitmap (its alpha left out): what a terminal is sent, a
    /// quarter fewer samples to filter and compress, compressed as `compression` says.
    public static func encodeOpaque(_ bitmap: Bitmap, compression: Compression = Compression()) throws -> [UInt8] {
        if compression == .photograph { return try encodePhotograph(bitmap) }
        let samples = bitmap.packedSamples(alpha: false)
        var image = RawImage(samples: samples, bytesPerRow: bitmap.width * 3, size: bitmap.size, colorType: .rgb, bitDepth: 8)
        image.compressionLevel = compression.level
        image.compressionStrategy = compression.strategy
        image.filters = compression.filters
        return try encode(image)
    }

    /// ``Compression/photograph``'s PNG of an opaque bitmap, its rows filtered straight from the
    /// RGBA pixels and deflated in `threads` parts on as many threads (`pf_png_encode_photograph`): a
    /// Huffman-only stream refers to no earlier bytes, so the parts join into one.
    public static func encodePhotograph(_ bitmap: Bitmap, threads: Int = 2) throws -> [UInt8] {
        var buffer = pf_buffer()
        defer { pf_buffer_free(&buffer) }
        try bitmap.withBytes { pixels in
            try ShimCall.run("PNG encode") { message, capacity in
                pf_png_encode_photograph(
                    pixels.baseAddress, bitmap.bytesPerRow, Int32(clamping: bitmap.width), Int32(clamping: bitmap.height),
                    Int32(clamping: threads), &buffer, message, capacity)
            }
        }
        guard let data = buffer.data else { throw ImageCodecError.encoder("PNG encode: no bytes") }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }

    /// How the samples are filtered and deflated.
    ///
    /// ```swift
    /// let png = try PNGEncoder.encodeOpaque(bitmap, compression: .photograph)
    /// ```
    public struct Compression: Sendable, Hashable {
        /// zlib's level 1–9 (0: libpng's default, 6).
        public var level: Int
        /// zlib's strategy.
        public var strategy: Strategy
        /// Row filters as a mask of libpng's `PNG_FILTER_*` bits (0: libpng's adaptive choice per row).
        public var filters: Int32

        /// libpng's defaults: adaptive filters, zlib level 6.
        public init(level: Int = 0, strategy: Strategy = .default, filters: Int32 = 0) {
            self.level = level
            self.strategy = strategy
            self.filters = filters
        }

        /// For a photograph sent to a terminal: every row Average-filtered, then only Huffman
        /// coded. A photo's filtered rows hold few repeats worth a match search, so zlib's LZ77
        /// buys little size for several times the time of adaptive filters at levels 4 to 6
        /// (`feedbench --scenario graphics` times the kitty transmission and counts its bytes;
        /// `PNGCompressionTests` pins the choice).
        public static let photograph = Compression(level: 1, strategy: .huffmanOnly, filters: 64)
    }

    /// zlib's compression strategies.
    public enum Strategy: Int32, Sendable, Hashable {
        /// Matches and Huffman codes.
        case `default` = 0
        /// Biased toward filtered data.
        case filtered = 1
        /// Huffman codes only, no match search: fast.
        case huffmanOnly = 2
        /// Matches of distance one only (runs).
        case runLength = 3
    }

    /// RGBA8 PNG bytes with `tEXt` chunks (written before the image data, in order), at zlib
    /// level `compressionLevel` (1–9; 0: libpng's default, 6).
    ///
    /// Keywords are 1–79 Latin-1 characters, texts Latin-1 without NUL (PNG's rules); anything
    /// else throws `.invalidArgument`. At most 32 chunks.
    ///
    /// ```swift
    /// let png = try PNGEncoder.encode(thumbnail, text: [PNGText(keyword: "Thumb::MTime", text: "1700000000")])
    /// ```
    public static func encode(
        _ bitmap: Bitmap, interlaced: Bool = false, text: [PNGText], compressionLevel: Int = 0
    ) throws -> [UInt8] {
        var image = RawImage(
            samples: bitmap.bytes, bytesPerRow: bitmap.bytesPerRow, size: bitmap.size,
            colorType: .rgba, bitDepth: 8, interlaced: interlaced)
        image.text = text
        image.compressionLevel = compressionLevel
        return try encode(image)
    }
}

/// One `tEXt` chunk of a PNG: a keyword and its Latin-1 text.
public struct PNGText: Sendable, Hashable {
    public var keyword: String
    public var text: String

    public init(keyword: String, text: String) {
        self.keyword = keyword
        self.text = text
    }

    /// Keyword, NUL, text, NUL in Latin-1, or nil when PNG cannot store it.
    var packed: [UInt8]? {
        guard (1...79).contains(keyword.unicodeScalars.count),
            let key = Self.latin1(keyword), let value = Self.latin1(text)
        else { return nil }
        return key + [0] + value + [0]
    }

    private static func latin1(_ string: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        for scalar in string.unicodeScalars {
            guard scalar.value > 0, scalar.value < 256 else { return nil }
            bytes.append(UInt8(scalar.value))
        }
        return bytes
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
        /// `tEXt` chunks to write before the image data.
        public var text: [PNGText] = []
        /// zlib level 1–9 (0: libpng's default, 6).
        public var compressionLevel = 0
        /// Row filters as a mask of libpng's `PNG_FILTER_*` bits (0: libpng's adaptive default).
        public var filters: Int32 = 0
        /// zlib's strategy.
        public var compressionStrategy: Strategy = .default

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
        var packedText: [UInt8] = []
        for chunk in image.text {
            guard let packed = chunk.packed else {
                throw ImageCodecError.invalidArgument(
                    "PNG text: keyword must be 1–79 Latin-1 characters and text Latin-1 without NUL (\(chunk.keyword))")
            }
            packedText += packed
        }
        guard image.text.count <= Int(PF_PNG_MAX_TEXT_CHUNKS) else {
            throw ImageCodecError.invalidArgument("PNG text: at most \(PF_PNG_MAX_TEXT_CHUNKS) chunks (got \(image.text.count))")
        }
        let rgb = image.palette.flatMap { [$0.r, $0.g, $0.b] }
        let alpha = image.writesPaletteAlpha ? image.palette.map(\.a) : []
        var buffer = pf_buffer()
        defer { pf_buffer_free(&buffer) }
        try image.samples.withUnsafeBufferPointer { (rows) throws(ImageCodecError) in
            try rgb.withUnsafeBufferPointer { (paletteRGB) throws(ImageCodecError) in
                try alpha.withUnsafeBufferPointer { (paletteAlpha) throws(ImageCodecError) in
                  try packedText.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { (textBytes) throws(ImageCodecError) in
                    var raw = pf_png_image()
                    raw.text = textBytes.baseAddress
                    raw.text_length = textBytes.count
                    raw.text_count = Int32(image.text.count)
                    raw.rows = rows.baseAddress
                    raw.stride = image.bytesPerRow
                    raw.width = Int32(clamping: image.size.width)
                    raw.height = Int32(clamping: image.size.height)
                    raw.bit_depth = Int32(clamping: image.bitDepth)
                    raw.color_type = image.colorType.rawValue
                    raw.interlaced = image.interlaced ? 1 : 0
                    raw.compression_level = Int32(clamping: image.compressionLevel)
                    raw.filters = image.filters
                    raw.compression_strategy = image.compressionStrategy.rawValue
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
        }
        guard let data = buffer.data else { throw ImageCodecError.encoder("PNG encode: libpng produced no bytes") }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}
