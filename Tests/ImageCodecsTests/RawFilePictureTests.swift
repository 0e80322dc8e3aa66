import Foundation
import ImageCodecs
import Testing
import Vocabulary

#if canImport(Glibc)
import Glibc
#endif

/// A camera RAW file's picture read from the open file (``RawFilePicture``): the same picture
/// as from its bytes, from the file the descriptor holds whatever its name names by then, and no
/// picture (nil) from what is not a regular file.
@Suite("Camera RAW pictures read from the open file")
struct RawFilePictureTests {
    /// A scratch folder of its own.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("raw-file-picture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(arguments: ["preview-turned.dng", "FujiFilm.raf", "Panasonic.rw2"])
    func theFilesPictureIsTheBytesPicture(name: String) throws {
        // Given a RAW file on disk, open
        let bytes = try RawFixtures.bytes(name)
        let descriptor = open(RawFixtures.directory.appendingPathComponent(name).path, O_RDONLY | O_CLOEXEC)
        #expect(descriptor >= 0)
        defer { close(descriptor) }

        // When its picture is read from the descriptor, and decoded as from its bytes
        let picture = try #require(try RawFilePicture(descriptor: descriptor))
        let fromFile = try picture.decode(options: DecodingOptions())
        let fromBytes = try ImageDecoder.decode(bytes)

        // Then both are the same header and the same pixels, and the descriptor's offset is where it was
        #expect(picture.header == (try ImageDecoder.probe(bytes)))
        #expect(fromFile.bitmap.size == fromBytes.bitmap.size)
        #expect(fromFile.bitmap.bytes == fromBytes.bitmap.bytes)
        #expect(lseek(descriptor, 0, SEEK_CUR) == 0)
    }

    @Test(arguments: ["preview-turned.dng", "FujiFilm.raf", "Panasonic.rw2"])
    func theFilesMetadataIsTheBytesMetadata(name: String) throws {
        // Given a RAW file on disk, open
        let bytes = try RawFixtures.bytes(name)
        let descriptor = open(RawFixtures.directory.appendingPathComponent(name).path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }

        // When its metadata is read from the descriptor and from the bytes
        let fromFile = try #require(try PhotoMetadata.read(rawFile: descriptor, byteCount: bytes.count))
        let fromBytes = try PhotoMetadata.read(bytes)

        // Then they are the same: header, size, EXIF (camera, exposure…)
        #expect(fromFile == fromBytes)
    }

    @Test(arguments: ["Nikon.nef", "CanonRaw.cr2", "CanonRaw.cr3"])
    func aFileTheBytesCannotShowIsRefusedInTheSameWords(name: String) throws {
        // Given a camera's RAW file whose picture data ExifTool's test set stripped, open
        let bytes = try RawFixtures.bytes(name)
        let descriptor = open(RawFixtures.directory.appendingPathComponent(name).path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }

        // When its picture is read from the descriptor and from the bytes
        let fromFile = #expect(throws: ImageCodecError.self) { try RawFilePicture(descriptor: descriptor) }
        let fromBytes = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(bytes) }

        // Then both refuse it in the same sentence
        #expect(fromFile?.description == fromBytes?.description)
    }

    @Test func theFileReadIsTheOneOpenedEvenWhenItsNameNowNamesAnother() throws {
        // Given the turned DNG opened, then another photo (a RAF) renamed over its name
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("IMG_1.DNG").path
        try Data(RawFixtures.bytes("preview-turned.dng")).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        let other = folder.appendingPathComponent("other").path
        try Data(RawFixtures.bytes("FujiFilm.raf")).write(to: URL(fileURLWithPath: other))
        #expect(rename(other, path) == 0)

        // When the picture is read from the descriptor
        let picture = try #require(try RawFilePicture(descriptor: descriptor))

        // Then it is the DNG's (64×96 upright), not the RAF now under its name
        #expect(picture.header.size == PixelSize(width: 64, height: 96))
    }

    @Test func aRAWMuchLargerThanItsPreviewIsReadAsFarAsThePreview() throws {
        // Given the turned DNG followed by 64 MiB of hole (a RAW's sensor data, as far as size goes)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("IMG_2.DNG").path
        try Data(RawFixtures.bytes("preview-turned.dng")).write(to: URL(fileURLWithPath: path))
        #expect(truncate(path, 64 << 20) == 0)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }

        // When its picture is read
        let picture = try #require(try RawFilePicture(descriptor: descriptor))
        let image = try picture.decode(options: DecodingOptions(targetSize: PixelSize(width: 32, height: 48)))

        // Then it is the preview, upright
        #expect(picture.header.format == .raw)
        #expect(image.bitmap.size.height >= 48)
    }

    @Test func whatIsNotARegularFileGivesNoPicture() throws {
        // Given a pipe's reading end
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }

        // When a picture is read from it
        let picture = try RawFilePicture(descriptor: ends[0])

        // Then there is none (the caller reads bytes instead), and nothing waited for the pipe
        #expect(picture == nil)
    }

    @Test func aFileThatIsNoRAWIsRefusedInWords() throws {
        // Given a text file, open
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("notes.dng").path
        try Data("not a camera file at all\n".utf8).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }

        // When a picture is read from it
        // Then LibRaw's refusal comes back as a sentence
        let error = #expect(throws: ImageCodecError.self) { try RawFilePicture(descriptor: descriptor) }
        #expect(error?.description.contains("LibRaw cannot read the RAW file") == true)
    }
}
