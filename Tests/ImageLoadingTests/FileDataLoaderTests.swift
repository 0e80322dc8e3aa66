import Foundation
import ImageLoading
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// File URLs that are not plain files: a FIFO must never hang a load.
@Suite("Files that are not files")
struct FileDataLoaderTests {
    private func fifo() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-fifo-\(UUID().uuidString)")
        #expect(mkfifo(url.path, 0o600) == 0)
        return url
    }

    /// A bound, listening Unix socket at `path` (its descriptor).
    private func unixSocket(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        #expect(listen(descriptor, 1) == 0)
        return descriptor
    }

    private func readAll(_ response: DataResponse) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in response.body { bytes += chunk }
        return bytes
    }

    @Test func aFIFOIsRefusedAtOnceAsNotARegularFile() async throws {
        // Given a FIFO with no writer (opening it for reading would block forever, and reading
        // it non-blocking would wait out the idle timeout), and a loader that would wait an hour
        let url = try fifo()
        defer { unlink(url.path) }
        let loader = FileDataLoader(idleTimeout: .seconds(3600))

        // When it is loaded
        // Then the load fails at once, saying what the file is, and is not worth a retry
        let error = await #expect(throws: ImageLoadError.self) { _ = try await loader.load(DataRequest(url: url)) }
        #expect(error?.kind == .notARegularFile)
        #expect(error?.description == "not a regular file (a FIFO)")
        #expect(error.map(RetryPolicy.isRetryable) == false)
    }

    @Test func aFolderIsSaidToBeAFolderNotATransportError() async throws {
        // Given a folder where an image file was expected
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // When it is loaded
        let error = await #expect(throws: ImageLoadError.self) { _ = try await FileDataLoader().load(DataRequest(url: folder)) }

        // Then the error says it is a folder (not "transport error: is a directory"), never retried
        #expect(error?.kind == .folder)
        #expect(error?.description == "a folder, not an image file")
        #expect(error.map(RetryPolicy.isRetryable) == false)
    }

    @Test func devicesAndSocketsAreRefusedToo() async throws {
        // Given a character device and a listening Unix socket
        let socketPath = FileManager.default.temporaryDirectory.appendingPathComponent("pf-\(getpid()).sock").path
        let listener = try unixSocket(at: socketPath)
        defer {
            close(listener)
            unlink(socketPath)
        }

        // When each is loaded
        // Then each is refused by its kind
        for (path, kind) in [("/dev/zero", "a character device"), (socketPath, "a socket")] {
            let error = await #expect(throws: ImageLoadError.self) {
                _ = try await FileDataLoader().load(DataRequest(url: URL(fileURLWithPath: path)))
            }
            #expect(error?.description == "not a regular file (\(kind))")
        }
    }

    @Test func aFIFONobodyWritesToFailsWithinTheIdleTimeoutWhenStreamsAreRead() async throws {
        // Given a FIFO with no writer, and a loader that reads special files as streams
        let url = try fifo()
        defer { unlink(url.path) }
        let loader = FileDataLoader(idleTimeout: .milliseconds(200), readsSpecialFiles: true)

        // When it is loaded, the open returns at once and the read fails as timed out
        let response = try await loader.load(DataRequest(url: url))
        await #expect(throws: ImageLoadError.self) { _ = try await readAll(response) }
    }

    @Test func aFIFOWithAWriterIsReadToItsEnd() async throws {
        // Given a FIFO a writer fills and closes
        let url = try fifo()
        defer { unlink(url.path) }
        let writer = Thread {
            let descriptor = open(url.path, O_WRONLY)
            guard descriptor >= 0 else { return }
            let bytes: [UInt8] = Array(repeating: 7, count: 100_000)
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if written <= 0 { break }
                offset += written
            }
            close(descriptor)
        }
        let loader = FileDataLoader(idleTimeout: .seconds(10), readsSpecialFiles: true)
        let response = try await loader.load(DataRequest(url: url))
        writer.start()

        // Then every byte arrives and the load ends with the writer
        let bytes = try await readAll(response)
        #expect(bytes.count == 100_000)
        #expect(bytes.allSatisfy { $0 == 7 })
    }

    @Test func aPlainFileStillReadsWithItsLength() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-file-\(UUID().uuidString)")
        try Data(repeating: 1, count: 300_000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let response = try await FileDataLoader().load(DataRequest(url: url))
        #expect(response.head.headers["Content-Length"] == "300000")
        #expect(try await readAll(response).count == 300_000)
    }
}
