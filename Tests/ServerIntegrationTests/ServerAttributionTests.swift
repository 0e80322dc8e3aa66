import Foundation
import Testing
import TestSupport
@testable import PicsumServer
@testable import PicsumServerTests

@Suite("Live server: photographers from the manifest", .tags(.realTime), .timeLimit(.minutes(1)))
struct ServerAttributionTests {
    private func list(_ bytes: [UInt8]) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
    }

    @Test func listAndInfoNameThePhotographerOfAttributedPhotosOnly() async throws {
        // Given a library of two photos whose manifest names the photographer of one
        let directory = try Fixtures.temporaryLibrary(
            copying: ["coffee.jpg", "horse.png"],
            extra: [PhotoManifest.fileName: Array("# credits\ncoffee.jpg\tRachel Michetti\n".utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }

        try await withServer({
            $0.photosDirectory = directory
            $0.count = 40
        }) { server, client in
            // When the whole feed is listed and one info of each photo is fetched
            let entries = try list(try await client.get("/v2/list?limit=40").body)
            let coffee = try #require(server.library.photos.firstIndex { $0.name == "coffee.jpg" })

            // Then the manifest is not served as a photo
            #expect(server.library.photos.map(\.name) == ["coffee.jpg", "horse.png"])
            #expect(server.library.skipped.isEmpty)
            // And every id drawn from coffee.jpg names Rachel Michetti, every other id a built-in name
            for entry in entries {
                let id = try #require((entry["id"] as? String).flatMap { Int($0) })
                let item = try #require(server.feed.item(id))
                let author = try #require(entry["author"] as? String)
                if item.photoIndex == coffee {
                    #expect(author == "Rachel Michetti")
                } else {
                    #expect(Authors.all.contains(author))
                }
                let info = try #require(
                    try JSONSerialization.jsonObject(with: Data(try await client.get("/id/\(id)/info").body)) as? [String: Any])
                #expect(info["author"] as? String == author)
            }
        }
    }

    @Test func theBundledPhotosAreCreditedToTheirPhotographers() async throws {
        // Given the package's own photos (with their manifest)
        try await withServer({ $0.count = 100 }) { server, client in
            // When the first 100 ids are listed
            let entries = try list(try await client.get("/v2/list?limit=100").body)

            // Then ids of the CC-BY photographs name their photographers, as the licence asks
            let photographers: Set = [
                "Aitzol Berasategi", "Trevor \"Freespace\"", "Abhishek Mudgal", "Jakub Mede", "Clemens Engelhardt",
            ]
            for entry in entries {
                let id = try #require((entry["id"] as? String).flatMap { Int($0) })
                let item = try #require(server.feed.item(id))
                let name = server.library.photos[item.photoIndex].name
                let author = entry["author"] as? String ?? ""
                #expect(name.contains("_by_") == photographers.contains(author), "\(name): \(author)")
            }
        }
    }
}
