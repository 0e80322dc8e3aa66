import Foundation
import ImageLoading
import Testing

@testable import PhotoShow
@testable import photofeed

/// `photofeed show` reads files through the pipeline's file loader, under its byte limit.
@Suite("show: reading files")
struct ShowFileReadingTests {
    @Test func aDeviceIsRefusedBeforeAnyByteIsRead() async throws {
        // Given /dev/zero, which never ends, and a 1 MiB limit
        // When show reads it
        let error = await #expect(throws: ImageLoadError.self) {
            try await Show.readFile("/dev/zero", limit: 1 << 20)
        }
        // Then it is refused for what it is, not read up to the limit
        #expect(error?.kind == .notARegularFile)
        #expect(error?.description == "not a regular file (a character device)")
    }

    @Test func aFIFOWithNoWriterIsRefusedAtOnce() async throws {
        // Given a FIFO nobody writes to (before: read as a pipe until the 10 s idle timeout)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("show-\(UUID().uuidString).jpg").path
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        // When show reads it
        let error = await #expect(throws: ImageLoadError.self) { try await Show.readFile(path, limit: 1 << 20) }
        // Then it is refused by its kind, without waiting for a writer
        #expect(error?.description == "not a regular file (a FIFO)")
    }

    @Test func theDefaultLimitIsThePipelines() {
        #expect(ShowSettings.defaultMaxBytes == ImagePipeline.Limits().maxResponseBytes)
        #expect(ShowSettings(images: ["a.jpg"]).maxBytes == ImagePipeline.Limits().maxResponseBytes)
    }

    @Test func aRegularFileOverTheLimitIsRefusedBeforeReading() async throws {
        // Given a 4 KiB file and a 1 KiB limit
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("show-\(UUID().uuidString).bin")
        try Data(repeating: 7, count: 4096).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // When show reads it, Then its length is refused
        let error = await #expect(throws: ImageLoadError.self) {
            try await Show.readFile(file.path, limit: 1024)
        }
        #expect(error?.description == "too large: 4096 bytes is over the limit of 1024")
        // And under a larger limit it reads every byte
        #expect(try await Show.readFile(file.path, limit: 4096).count == 4096)
    }

    @Test func aMissingFileNamesTheSystemsReasonAndAFolderSaysItIsOne() async throws {
        let missing = await #expect(throws: ImageLoadError.self) {
            try await Show.readFile("/nonexistent-\(UUID().uuidString).jpg", limit: 1024)
        }
        #expect(missing?.description == "transport error: no such file or directory")
        let folder = await #expect(throws: ImageLoadError.self) {
            try await Show.readFile(NSTemporaryDirectory(), limit: 1024)
        }
        // A folder is said as one, not as a transport error with the system's "is a directory"
        #expect(folder?.kind == .folder)
        #expect(folder?.description == "a folder, not an image file")
    }
}
