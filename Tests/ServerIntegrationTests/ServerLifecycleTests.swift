import AsyncHTTPClient
import Foundation
import Logging
import Testing
import TestSupport
@testable import PicsumServer
@testable import PicsumServerTests

@Suite("Live server: library loading, start and stop", .tags(.realTime), .timeLimit(.minutes(1)))
struct ServerLifecycleTests {
    @Test func undecodableFilesAreSkippedWithOneLogLine() async throws {
        // Given a library of two photos, one corrupt "JPEG", random bytes, and a README
        var corruptJPEG: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        corruptJPEG += (0..<500).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let directory = try Fixtures.temporaryLibrary(
            copying: ["coffee.jpg", "horse.png"],
            extra: ["corrupt.jpg": corruptJPEG, "noise.bin": (0..<256).map { UInt8($0) }, "README.md": Array("# notes".utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let box = CapturingLogHandler.Box()

        // When the server starts on it
        try await withServer({
            $0.photosDirectory = directory
            $0.count = 10
            $0.logger = Logger(label: "test") { _ in CapturingLogHandler(box: box) }
        }) { server, client in
            // Then the two photos are served, each bad file got exactly one log line, and the README none.
            #expect(server.library.photos.map(\.name) == ["coffee.jpg", "horse.png"])
            #expect(server.library.skipped.map(\.name).sorted() == ["corrupt.jpg", "noise.bin"])
            #expect(box.all.count == 2)
            #expect(box.all.filter { $0.contains("corrupt.jpg") }.count == 1)
            #expect(box.all.filter { $0.contains("noise.bin") }.count == 1)
            #expect(!box.all.contains { $0.contains("README") })
            for id in 0..<10 {
                let result = try await client.get("/id/\(id)/40/30")
                #expect(result.status == 200)
            }
        }
    }

    /// A library of `clock.jpg` and `cut.jpg`: coffee.jpg cut after its header, which the probe
    /// accepts and a decode refuses.
    static func libraryWithACutPhoto() throws -> URL {
        let whole = try [UInt8](Data(contentsOf: Fixtures.assets.appendingPathComponent("coffee.jpg")))
        return try Fixtures.temporaryLibrary(copying: ["clock.jpg"], extra: ["cut.jpg": Array(whole.prefix(3000))])
    }

    @Test func aPhotoThatProbesButCannotDecodeIsLeftOutAtStart() async throws {
        // Given a library whose second photo is a JPEG cut after its header (the probe accepts it)
        let directory = try Self.libraryWithACutPhoto()
        defer { try? FileManager.default.removeItem(at: directory) }
        let box = CapturingLogHandler.Box()
        try await withServer({
            $0.photosDirectory = directory
            $0.count = 4
            $0.logger = Logger(label: "test") { _ in CapturingLogHandler(box: box) }
        }) { server, client in
            // Then it is skipped at start with one log line that says it is truncated
            #expect(server.library.photos.map(\.name) == ["clock.jpg"])
            #expect(server.library.skipped.map(\.name) == ["cut.jpg"])
            #expect(box.all.filter { $0.contains("cut.jpg") && $0.contains("truncated") }.count == 1)
            // When every id is fetched / Then every one answers 200 (no id maps to the cut photo)
            for id in 0..<4 {
                let result = try await client.get("/id/\(id)/30/30")
                #expect(result.status == 200)
            }
        }
    }

    @Test func aPhotoCheckedOnFirstRenderIsListedAndAnswers500NamingIt() async throws {
        // Given a library whose second photo is a JPEG cut after its header, checked on first render
        let directory = try Self.libraryWithACutPhoto()
        defer { try? FileManager.default.removeItem(at: directory) }
        let box = CapturingLogHandler.Box()
        try await withServer({
            $0.photosDirectory = directory
            $0.count = 4
            $0.decodeCheck = .onFirstRender
            $0.logger = Logger(label: "test") { _ in CapturingLogHandler(box: box) }
        }) { server, client in
            // Then both are listed, nothing is skipped or logged at start
            #expect(server.library.photos.map(\.name) == ["clock.jpg", "cut.jpg"])
            #expect(server.library.skipped.isEmpty && box.all.isEmpty)
            // When every id is fetched
            for id in 0..<4 {
                let result = try await client.get("/id/\(id)/30/30")
                let photo = server.library.photos[try #require(server.feed.item(id)).photoIndex].name
                // Then the good photo's ids answer 200, the cut one's 500 naming it and saying it is cut
                if photo == "clock.jpg" {
                    #expect(result.status == 200, "id \(id)")
                } else {
                    let text = String(decoding: result.body, as: UTF8.self)
                    #expect(result.status == 500, "id \(id)")
                    #expect(text.contains("cut.jpg") && text.contains("truncated"), "\(text)")
                }
            }
        }
    }

    @Test func theFirstIdsLargeSourcesAreDecodedInTheBackgroundAndServeTheFirstRequests() async throws {
        // Given a server over the assets warming its first 6 ids
        try await withServer({
            $0.decodeCheck = .onFirstRender
            $0.warmedIDs = 6
        }) { server, client in
            // When it has warmed up
            await server.warmedUp()
            // Then each large JPEG among those ids' photos was decoded once, and nothing else
            let large = Set((0..<6).compactMap { server.feed.item($0)?.photoIndex }).filter { index in
                let header = server.library.photos[index].header
                return header.format == .jpeg && header.size.pixelCount > 1 << 20
            }
            #expect(!large.isEmpty)
            #expect(await server.renderStatistics.decodes == large.count)
            // When thumbnails of those ids are asked for
            for id in 0..<6 {
                let photo = try #require(server.feed.item(id)).photoIndex
                guard large.contains(photo) else { continue }
                #expect(try await client.get("/id/\(id)/40/30").status == 200)
            }
            // Then they were rendered from the warmed sources, with no decode more
            #expect(await server.renderStatistics.decodes == large.count)
        }
    }

    @Test func startUpErrorsAreClear() async throws {
        let empty = try Fixtures.temporaryLibrary(copying: [], extra: ["bad.jpg": [0xFF, 0xD8, 0xFF]])
        defer { try? FileManager.default.removeItem(at: empty) }
        func start(_ configure: (inout PicsumServer.Configuration) -> Void) async -> PicsumServerError? {
            var configuration = PicsumServer.Configuration(photosDirectory: Fixtures.assets, logger: Fixtures.quietLogger)
            configure(&configuration)
            do {
                let server = try await PicsumServer.start(configuration)
                await server.stop()
                return nil
            } catch {
                return error as? PicsumServerError
            }
        }
        // An empty library, a missing directory, a bad count and a bad rate each fail with their kind.
        let emptyError = await start { $0.photosDirectory = empty }
        #expect(emptyError?.kind == .emptyLibrary)
        #expect(emptyError?.description.contains("no decodable image") == true)
        #expect(await start { $0.photosDirectory = empty.appendingPathComponent("nope") }?.kind == .photosDirectory)
        #expect(await start { $0.count = 0 }?.kind == .invalidConfiguration)
        #expect(await start { $0.shaping.truncateRate = 1.5 }?.kind == .invalidShaping)
    }

    @Test func aBusyPortIsAStartError() async throws {
        try await withServer { server, _ in
            // Given a server on a port / When another tries the same port / Then it fails cleanly,
            // as a port in use naming the port (not the socket call and its errno).
            let port = try #require(server.baseURL.port)
            var configuration = PicsumServer.Configuration(port: port, photosDirectory: Fixtures.assets, logger: Fixtures.quietLogger)
            configuration.count = 5
            await #expect {
                _ = try await PicsumServer.start(configuration)
            } throws: { error in
                guard let error = error as? PicsumServerError else { return false }
                return error.kind == .addressInUse && error.port == port
                    && error.description == "port \(port) is in use on 127.0.0.1: another server listens there"
            }
        }
    }

    @Test func stopEndsTheLogAndIsIdempotent() async throws {
        let server = try await PicsumServer.start(
            PicsumServer.Configuration(photosDirectory: Fixtures.assets, logger: Fixtures.quietLogger))
        let log = server.requests
        let result = try await withHTTPClient { http in
            try await TestClient(http: http, baseURL: server.baseURL).get("/id/0/10/10")
        }
        #expect(result.status == 200)

        await server.stop()
        await server.stop()
        var entries: [RequestLogEntry] = []
        for await entry in log { entries.append(entry) }
        #expect(entries.map(\.target) == ["/id/0/10/10"])
        #expect(entries.first?.outcome == .completed)
        // A subscription after stop ends at once.
        for await _ in server.requests { Issue.record("no entry expected after stop") }
    }
}
