public import ImageCodecs

/// Encodes an image as a sixel graphic: its own palette of up to 256 colours (median cut),
/// optional dithering, run-length encoded bands of six pixel rows. Pure.
///
/// ```swift
/// let bytes = SixelEncoder.encode(bitmap, colors: 256, dither: true)
/// ```
public enum SixelEncoder {
    /// The DCS … ST sixel sequence for `bitmap`.
    public static func encode(_ bitmap: Bitmap, colors: Int = 256, dither: Bool = true) -> [UInt8] {
        encode(PaletteQuantizer.quantize(bitmap, colors: colors, dither: dither))
    }

    /// The sixel sequence for an already quantised image.
    public static func encode(_ image: PaletteQuantizer.Result) -> [UInt8] {
        var out = introducer(width: image.width, height: image.height)
        out.reserveCapacity(image.width * image.height / 2 + 4096)
        out += palette(image.palette)
        var bands = SixelBandEncoder(of: image)
        var bandTop = 0
        while bandTop < image.height {
            bands.append(rows: bandTop..<min(bandTop + 6, image.height), to: &out)
            bandTop += 6
        }
        out += terminator
        return out
    }

    /// The sequence's start: DCS with P2 = 1 (pixels not drawn keep the background), then the
    /// raster attributes giving the size.
    static func introducer(width: Int, height: Int) -> [UInt8] {
        Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
    }

    /// The colour definitions of `palette` (`#index;2;r;g;b`, in percent).
    static func palette(_ palette: [(UInt8, UInt8, UInt8)]) -> [UInt8] {
        var out: [UInt8] = []
        for (index, colour) in palette.enumerated() {
            out += "#\(index);2;\(Int(colour.0) * 100 / 255);\(Int(colour.1) * 100 / 255);\(Int(colour.2) * 100 / 255)".utf8
        }
        return out
    }

    /// The sequence's end (ST).
    static let terminator: [UInt8] = [0x1B, UInt8(ascii: "\\")]
}
