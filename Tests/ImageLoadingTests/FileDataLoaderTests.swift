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

    private func readAll(_ response: DataResponse) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in response.body { bytes += chunk }
        return bytes
    }

    @Test func aFIFONobodyWritesToFailsWithinTheIdleTimeoutInsteadOfHanging() async throws {
        // Given a FIFO with no writer (opening it for reading would block forever)
        let url = try fifo()
        defer { unlink(url.path) }
        let loader = FileDataLoader(idleTimeout: .milliseconds(200))

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
        let loader = FileDataLoader(idleTimeout: .seconds(10))
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
