import CImageShim

/// PNG header probe and decode through the C shim (libpng).
enum PNGDecoding {
    /// Format and stored size from IHDR, without decoding pixels.
    static func probe(_ bytes: [UInt8]) throws(ImageCodecError) -> ImageHeader {
        var info = pf_png_info()
        try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
            try ShimCall.run("PNG header") { message, capacity in
                pf_png_probe(input.baseAddress, input.count, &info, message, capacity)
            }
        }
        return ImageHeader(format: .png, storedSize: PixelSize(width: Int(info.width), height: Int(info.height)))
    }

    /// Decodes every colour type, depth and interlace to RGBA8.
    static func decode(_ bytes: [UInt8], size: PixelSize) throws(ImageCodecError) -> Bitmap {
        try ImageDecoder.allocatePixels(size) { (pixels, stride) throws(ImageCodecError) in
            try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
                try ShimCall.run("PNG decode") { message, capacity in
                    pf_png_decode(
                        input.baseAddress, input.count, pixels, stride,
                        Int32(size.width), Int32(size.height), message, capacity)
                }
            }
        }
    }
}
