import ImageCodecs
import TestSupport
import Testing
import Vocabulary

@Suite("Bad input is an error, never a crash")
struct BadInputTests {
    @Test func emptyDataIsTruncated() {
        // Given no bytes, When decoded, Then the error says the data is truncated
        #expect { try ImageDecoder.decode([]) } throws: { ($0 as? ImageCodecError)?.kind == .truncated }
        #expect { try ImageDecoder.probe([]) } throws: { ($0 as? ImageCodecError)?.kind == .truncated }
    }

    @Test(arguments: [10, 100, 400, 2_000, 10_000, 30_000])
    func truncatedJPEGIsTruncated(cut: Int) throws {
        // Given a real JPEG (baseline and progressive) cut short
        for name in ["coffee.jpg", "chelsea.jpg"] {
            let bytes = try TestAssets.bytes(name)
            let cutBytes = Array(bytes.prefix(cut))

            // When decoded, Then it is a truncation error, never a gray-padded image
            let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(cutBytes) }
            #expect(error?.kind == .truncated, "\(name) cut at \(cut): \(String(describing: error))")
        }
    }

    @Test(arguments: [9, 20, 33, 60, 500, 6_000])
    func truncatedPNGIsTruncated(cut: Int) throws {
        // Given the PNG asset cut short (inside the signature's end, IHDR, or IDAT)
        let bytes = try TestAssets.bytes("horse.png")
        let cutBytes = Array(bytes.prefix(cut))

        // When decoded, Then it is a truncation error
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(cutBytes) }
        #expect(error?.kind == .truncated, "cut at \(cut): \(String(describing: error))")
    }

    @Test func randomBytesAreUnsupported() {
        // Given deterministic pseudo-random bytes
        var generator = SplitMix64(seed: 42)
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }

        // When decoded, Then the format is unsupported with the generic message
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(bytes) }
        #expect(error?.kind == .unsupportedFormat)
        #expect(error?.description.contains("no known image signature") == true)
    }

    @Test func htmlServedAsAnImageIsUnsupported() {
        // Given an HTML error page such as a proxy returns with an image Content-Type
        let html = Array("<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head></html>".utf8)

        // When decoded, Then it is an unsupported format
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(html) }
        #expect(error?.kind == .unsupportedFormat)
    }

    @Test func pixelLimitIsConfigurable() throws {
        // Given a 512×512 asset and a limit of 100,000 pixels
        let bytes = try TestAssets.bytes("astronaut.jpg")

        // When decoded under that limit, Then it is refused; under the default it decodes
        let error = #expect(throws: ImageCodecError.self) {
            try ImageDecoder.decode(bytes, options: DecodingOptions(maxPixels: 100_000))
        }
        #expect(error?.kind == .tooManyPixels)
        #expect(try ImageDecoder.decode(bytes).bitmap.width == 512)
    }

    @Test func jpegWithHugeForgedDimensionsIsRefused() throws {
        // Given real JPEGs (baseline and progressive) whose SOF claims 65000×65000
        for name in ["coffee.jpg", "rocket.jpg"] {
            let forged = try #require(JPEGSurgery.forgingSize(of: try TestAssets.bytes(name), width: 65_000, height: 65_000))

            // When decoded, Then the pixel limit refuses it before decoding
            let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(forged) }
            #expect(error?.kind == .tooManyPixels)
        }
    }

    @Test(arguments: [(1, 1), (600, 1), (1, 400), (1200, 800), (599, 401), (0, 400), (600, 0), (4000, 3000)])
    func jpegWithInconsistentForgedDimensionsNeverCrashes(width: Int, height: Int) throws {
        // Given JPEGs whose SOF size disagrees with their scan data
        for name in ["coffee.jpg", "chelsea.jpg", "camera.jpg"] {
            let forged = try #require(JPEGSurgery.forgingSize(of: try TestAssets.bytes(name), width: width, height: height))

            // When decoded, Then it is either an image of the claimed size or a codec error
            do {
                let image = try ImageDecoder.decode(forged)
                #expect(image.bitmap.size == PixelSize(width: width, height: height))
            } catch let error as ImageCodecError {
                #expect([.truncated, .decoder].contains(error.kind), "\(error)")
            }
        }
    }

    @Test func aBMPsFirstBytesAloneAreTruncationNamingBMP() {
        // Given the first bytes of a BMP: the file header and the size of a 40-byte DIB header
        let bmp = Array("BM".utf8) + [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0] + [UInt8](repeating: 0, count: 10)
        // When decoded, Then the error says the headers end early and names the format
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(bmp) }
        #expect(error?.kind == .truncated)
        #expect(error?.description.contains("BMP") == true, "\(String(describing: error))")
    }

    @Test func headersAloneOfTheLibraryFormatsAreErrors() {
        // Given the first bytes of a GIF, WebP, TIFF, HEIF, AVIF and JPEG XL, and nothing after
        let samples: [[UInt8]] = [
            Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0],
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8),
            [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0],
            [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8),
            [0, 0, 0, 28] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avifmif1miaf".utf8),
            [0xFF, 0x0A],
        ]
        for bytes in samples {
            // When decoded, Then each is an error value from its library (truncated or corrupt)
            let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(bytes) }
            #expect([.truncated, .decoder].contains(error?.kind), "\(String(describing: error))")
        }
    }
}
