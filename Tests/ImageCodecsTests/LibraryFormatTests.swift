import ImageCodecs
import Testing
import Vocabulary

@Suite("WebP, GIF, AVIF, HEIF, JPEG XL and TIFF decoding")
struct LibraryFormatTests {
    /// Lossy encodes of a 96×64 photo differ from it by a few levels on average; a turned or
    /// mirrored one by 30 or more.
    static let closeEnough = 12.0

    @Test(arguments: [
        ("still.webp", ImageFormat.webp), ("still.gif", .gif), ("still.avif", .avif), ("10bit.avif", .avif),
        ("still.heic", .heif), ("still.jxl", .jxl), ("still.tiff", .tiff), ("animated.webp", .webp),
    ])
    func decodesLikeTheOriginal(name: String, format: ImageFormat) throws {
        // Given a file made from the upright picture
        let bytes = try FormatAssets.bytes(name)
        // When it is probed and decoded
        let header = try ImageDecoder.probe(bytes)
        let decoded = try ImageDecoder.decode(bytes)
        // Then the format comes from its bytes, and its pixels are the picture's
        #expect(header.format == format)
        #expect(header.size == PixelSize(width: 96, height: 64))
        let difference = try #require(FormatAssets.meanDifference(decoded.bitmap, try FormatAssets.upright()))
        #expect(difference < Self.closeEnough, "\(name) differs by \(difference)")
    }

    @Test(arguments: [
        "orientation-6.webp", "irot3.avif", "irot1-imir1.avif", "exif-orientation-6.heic", "orientation-6.jxl",
        "orientation-6.tiff",
    ])
    func turnedFilesStandUpright(name: String) throws {
        // Given a file stored turned, saying so by EXIF, irot/imir or the codestream
        let bytes = try FormatAssets.bytes(name)
        // When decoded (orientation applied, the default)
        let header = try ImageDecoder.probe(bytes)
        let decoded = try ImageDecoder.decode(bytes)
        // Then it is the upright picture, turned once
        #expect(header.size == PixelSize(width: 96, height: 64))
        let difference = try #require(FormatAssets.meanDifference(decoded.bitmap, try FormatAssets.upright()))
        #expect(difference < Self.closeEnough, "\(name) differs by \(difference)")
    }

    @Test func animationsCountFramesAndDecodeTheFirst() throws {
        // Given a three-frame GIF (transparency, each disposal) and a three-frame WebP
        let gif = try FormatAssets.bytes("animated.gif")
        let webp = try FormatAssets.bytes("animated.webp")
        // When probed and decoded
        let gifHeader = try ImageDecoder.probe(gif)
        let first = try ImageDecoder.decode(gif).bitmap
        // Then the frames are counted, and the first frame is what is decoded
        #expect(gifHeader.frameCount == 3 && gifHeader.isAnimated)
        #expect(try ImageDecoder.probe(webp).frameCount == 3)
        #expect(first.size == PixelSize(width: 48, height: 32))
        #expect(first[2, 2] == RGBA(255, 0, 255))
        #expect(first[40, 28] == RGBA(0, 255, 0))
        #expect(try ImageDecoder.probe(FormatAssets.bytes("still.gif")).frameCount == 1)
    }

    @Test func losslessWebPKeepsAlpha() throws {
        // Given a lossless WebP: a red rectangle on a transparent 48×32
        let bitmap = try ImageDecoder.decode(FormatAssets.bytes("alpha-lossless.webp")).bitmap
        // Then its corner is transparent and its middle exactly red
        #expect(bitmap[0, 0].a == 0)
        #expect(bitmap[24, 16] == RGBA(255, 0, 0))
    }

    @Test(arguments: ["display-p3.heic", "display-p3-nclx.avif", "display-p3.tiff"])
    func displayP3IsConvertedToSRGB(name: String) throws {
        // Given a flat (200, 60, 60) in Display P3 (an ICC profile, or CICP primaries 12)
        let bitmap = try ImageDecoder.decode(FormatAssets.bytes(name)).bitmap
        // When decoded, Then it is the sRGB colour of that P3 red: more saturated than the numbers
        let pixel = bitmap[bitmap.width / 2, bitmap.height / 2]
        #expect(abs(Int(pixel.r) - 217) <= 3 && abs(Int(pixel.g) - 42) <= 3 && abs(Int(pixel.b) - 52) <= 3, "\(pixel)")
    }

    @Test(arguments: ["srgb-flat.heic", "srgb-flat.avif"])
    func untaggedColourIsLeftAlone(name: String) throws {
        let bitmap = try ImageDecoder.decode(FormatAssets.bytes(name)).bitmap
        let pixel = bitmap[bitmap.width / 2, bitmap.height / 2]
        #expect(abs(Int(pixel.r) - 200) <= 3 && abs(Int(pixel.g) - 60) <= 3 && abs(Int(pixel.b) - 60) <= 3, "\(pixel)")
    }

    @Test(arguments: [
        "truncated-still.webp", "truncated-still.gif", "truncated-still.avif", "truncated-still.heic",
        "truncated-still.jxl", "truncated-still.tiff",
    ])
    func truncatedFilesAreErrors(name: String) throws {
        // Given the first half of a file
        let bytes = try FormatAssets.bytes(name)
        // When decoded, Then it is an error value (truncation where the library can tell)
        #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(bytes) }
    }

    @Test(arguments: ["still.webp", "still.gif", "still.avif", "still.heic", "still.jxl", "still.tiff"])
    func reducedDecodingCoversTheTarget(name: String) throws {
        // Given a threshold low enough that a 96×64 picture is reduced toward 24×16
        var options = DecodingOptions(targetSize: PixelSize(width: 24, height: 16))
        options.reductionThreshold = 0
        // When decoded
        let decoded = try ImageDecoder.decode(FormatAssets.bytes(name), options: options)
        // Then it is area-averaged by 4 (WebP scaled by libwebp), and still looks like the picture
        #expect(decoded.bitmap.size == PixelSize(width: 24, height: 16))
        #expect(decoded.scaleDenominator == 4)
        #expect(ImageDecoder.decodedSize(for: decoded.header, options: options) == decoded.bitmap.size)
        let reference = try FormatAssets.upright().resized(to: PixelSize(width: 24, height: 16))
        let difference = try #require(FormatAssets.meanDifference(decoded.bitmap, reference))
        #expect(difference < Self.closeEnough, "\(name) differs by \(difference)")
    }

    @Test func heifStoredThumbnailStandsInWhenItCovers() throws {
        // Given a 96×64 HEIC with a 48×32 thumbnail
        let bytes = try FormatAssets.bytes("still.heic")
        // When a 40×24 thumbnail is wanted, Then the stored one is decoded; for 60×40 the image is
        let small = try ImageDecoder.decode(
            bytes, options: DecodingOptions(targetSize: PixelSize(width: 40, height: 24), allowsEmbeddedThumbnail: true))
        let large = try ImageDecoder.decode(
            bytes, options: DecodingOptions(targetSize: PixelSize(width: 60, height: 40), allowsEmbeddedThumbnail: true))
        #expect(small.bitmap.size == PixelSize(width: 48, height: 32))
        #expect(small.scaleDenominator == 2)
        let reference = try FormatAssets.upright().resized(to: PixelSize(width: 48, height: 32))
        #expect(try #require(FormatAssets.meanDifference(small.bitmap, reference)) < Self.closeEnough)
        #expect(large.bitmap.size == PixelSize(width: 96, height: 64))
    }

    @Test func aFileNamedForOneFormatHoldingAnotherIsAnErrorNamingBoth() throws {
        // Given a PNG saved as .webp
        let bytes = try FormatAssets.bytes("png-named.webp")
        // When its claim is checked, Then the error names both formats
        let claim = ImageFormat.claimed(byName: "png-named.webp")
        #expect(claim == .webp)
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.checkClaim(claim, of: bytes) }
        #expect(error?.kind == .formatMismatch)
        #expect(error?.description == "format mismatch: claimed to be WEBP, the bytes are PNG")
        // And a claim that agrees, or none, passes
        try ImageDecoder.checkClaim(.png, of: bytes)
        try ImageDecoder.checkClaim(nil, of: bytes)
    }

    @Test func claimsComeFromExtensionsAndMediaTypes() {
        #expect(ImageFormat.claimed(byName: "IMG_0001.HEIC") == .heif)
        #expect(ImageFormat.claimed(byName: "a.tar.jxl") == .jxl)
        #expect(ImageFormat.claimed(byName: "README") == nil)
        #expect(ImageFormat.claimed(byName: "dir.jpg/file") == nil)
        #expect(ImageFormat.claimed(byMediaType: "image/avif") == .avif)
        #expect(ImageFormat.claimed(byMediaType: " image/WEBP ; q=1") == .webp)
        #expect(ImageFormat.claimed(byMediaType: "text/html") == nil)
    }
}

extension LibraryFormatTests {
    @Test func aBigEndianTIFFIsThePicture() throws {
        // Given the upright picture stored big-endian ("MM")
        let bytes = try FormatAssets.bytes("big-endian.tiff")
        #expect(bytes.prefix(2).elementsEqual(Array("MM".utf8)))
        // When decoded, then it is the picture
        let difference = try #require(FormatAssets.meanDifference(try ImageDecoder.decode(bytes).bitmap, try FormatAssets.upright()))
        #expect(difference < Self.closeEnough)
    }

    @Test func aTIFFWithAlphaKeepsItUnpremultiplied() throws {
        // Given an RGBA TIFF (unassociated alpha): a half-transparent red rectangle, an opaque
        // green corner, the rest transparent
        let bitmap = try ImageDecoder.decode(try FormatAssets.bytes("alpha.tiff")).bitmap
        // Then the colours come as stored beside their alpha, not darkened by it
        #expect(bitmap[1, 1] == RGBA(0, 255, 0, 255))
        let red = bitmap[20, 15]
        #expect(red.r >= 250 && red.g <= 4 && red.b <= 4 && (120...136).contains(red.a), "\(red)")
        #expect(bitmap[45, 30].a == 0)
    }
}
