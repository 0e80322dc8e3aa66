import ArgumentParser
import Foundation
import ImageCodecs
import Sidecars
import SystemPackage
import Testing

@testable import photofeed

/// `photofeed picks DIR`: the chosen photos' files, both files of a RAW+JPEG shot, one a line
/// or NUL-separated, read from sidecars SidecarStore (and exiftool, in darktable's layout) wrote.
@Suite("photofeed picks: the culling's keepers for xargs and rsync")
struct PicksCommandTests {
    /// A shoot: a.jpg picked, b.jpg 3 stars, c.jpg rejected, d.jpg no sidecar, IMG_1.JPG with
    /// IMG_1.CR2 whose own sidecar (IMG_1.CR2.xmp) says picked, sub/e.jpg picked green.
    private func shoot() async throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("picks-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let jpeg = Data(try JPEGEncoder.encode(Bitmap(width: 4, height: 3, fill: RGBA(200, 100, 50))))
        for name in ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "IMG_1.JPG", "sub/e.jpg"] {
            try jpeg.write(to: folder.appendingPathComponent(name))
        }
        let raw = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CodecFixtures/conformance/raw/CanonRaw.cr2")
        try FileManager.default.copyItem(at: raw, to: folder.appendingPathComponent("IMG_1.CR2"))
        let store = SidecarStore()
        func path(_ name: String) -> FilePath { FilePath(folder.appendingPathComponent(name).path) }
        try await store.write(Decision(flag: .picked), for: path("a.jpg"))
        try await store.write(Decision(stars: 3), for: path("b.jpg"))
        try await store.write(Decision(flag: .rejected), for: path("c.jpg"))
        try await store.write(Decision(flag: .picked), for: path("IMG_1.CR2"))
        try await store.write(Decision(stars: 1, flag: .picked, label: .green), for: path("sub/e.jpg"))
        return folder
    }

    /// What `picks` writes for `folder` (as given) with `filter`.
    private func listed(_ folder: String, _ filter: PicksFilter = PicksFilter(), separator: UInt8 = 10) async throws
        -> (paths: [String], outcome: PicksListing.Outcome)
    {
        var bytes: [UInt8] = []
        let listing = PicksListing(folder: folder, filter: filter, separator: separator, maxDepth: 16, store: SidecarStore())
        let outcome = try await listing.run { bytes += $0 }
        #expect(bytes.isEmpty || bytes.last == separator)
        let paths = bytes.split(separator: separator, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
        return (paths, outcome)
    }

    @Test func withoutAFilterThePickedPhotosBothFilesOfAShot() async throws {
        // Given the shoot
        let folder = try await shoot()
        defer { try? FileManager.default.removeItem(at: folder) }
        // When picks lists it with no filter
        let (paths, outcome) = try await listed(folder.path + "/")
        // Then the picked photos, in natural order, the shot's JPEG then its RAW (picked by the RAW's sidecar)
        let base = folder.path
        #expect(paths == ["\(base)/a.jpg", "\(base)/IMG_1.JPG", "\(base)/IMG_1.CR2", "\(base)/sub/e.jpg"])
        #expect(outcome.written == 4 && outcome.warnings.isEmpty)
    }

    @Test(arguments: [
        (PicksFilter(minRating: 3), ["b.jpg"]),
        (PicksFilter(minRating: 0), ["a.jpg", "b.jpg", "d.jpg", "IMG_1.JPG", "IMG_1.CR2", "sub/e.jpg"]),
        (PicksFilter(rejected: true), ["c.jpg"]),
        (PicksFilter(picks: true, rejected: true), ["a.jpg", "c.jpg", "IMG_1.JPG", "IMG_1.CR2", "sub/e.jpg"]),
        (PicksFilter(label: ColorLabel(xmpName: "GREEN")), ["sub/e.jpg"]),
        (PicksFilter(minRating: 1, label: .green, picks: true), ["sub/e.jpg"]),
    ])
    func eachFilterChoosesItsPhotos(filter: PicksFilter, expected: [String]) async throws {
        // Given the shoot, When picks lists it with a filter
        let folder = try await shoot()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (paths, _) = try await listed(folder.path, filter)
        // Then the paths are the folder as given and the chosen names
        #expect(paths == expected.map { folder.path + "/" + $0 })
    }

    @Test func aNameWithANewlineGoesOutOnlyNULSeparated() async throws {
        // Given a picked photo whose name holds a newline
        let folder = try await shoot()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: folder.appendingPathComponent("a.jpg"), to: folder.appendingPathComponent("n\nl.jpg"))
        try await SidecarStore().write(Decision(flag: .picked), for: FilePath(folder.appendingPathComponent("n\nl.jpg").path))
        // When it is listed a line each, Then it is left out with a warning
        let lines = try await listed(folder.path)
        #expect(!lines.paths.contains { $0.hasSuffix("l.jpg") && $0.contains("\n") })
        #expect(lines.outcome.warnings.count == 1 && lines.outcome.warnings[0].contains("newline"))
        // When it is listed NUL-separated, Then it is there, whole
        let nul = try await listed(folder.path, separator: 0)
        #expect(nul.paths.contains(folder.path + "/n\nl.jpg"))
        #expect(nul.outcome.warnings.isEmpty)
    }

    @Test func aSidecarDarktableLaidOutWithExiftoolIsRead() async throws {
        // Given exiftool (else nothing to check), and a photo whose NAME.EXT.xmp exiftool wrote
        let exiftool = "/usr/bin/exiftool"
        guard FileManager.default.isExecutableFile(atPath: exiftool) else { return }
        let folder = try await shoot()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exiftool)
        process.arguments = ["-q", "-XMP:Rating=4", "-XMP:Label=Blue", "-o", folder.appendingPathComponent("d.jpg.xmp").path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // When picks asks for 4 stars and blue
        let (paths, outcome) = try await listed(folder.path, PicksFilter(minRating: 4, label: .blue))
        // Then that photo is chosen
        #expect(paths == [folder.path + "/d.jpg"])
        #expect(outcome.warnings.isEmpty)
    }

    @Test func aFolderThatIsNoneThrowsASentence() async throws {
        // Given a path that is no folder, When picks lists it, Then it throws a sentence naming it
        await #expect(throws: (any Error).self) { _ = try await listed("/nonexistent-picks-folder") }
        do {
            _ = try await listed("/nonexistent-picks-folder")
        } catch {
            #expect("\(error)".contains("no such folder"))
        }
    }

    @Test(arguments: [
        ["dir", "--min-rating", "6"], ["dir", "--min-rating", "-1"], ["dir", "--label", " "], [], ["dir", "--max-depth", "-2"],
    ])
    func aBadArgumentIsAUsageError(arguments: [String]) {
        // Given bad arguments, When they are parsed, Then it is a usage error (exit status 64)
        do {
            _ = try PicksCommand.parse(arguments)
            Issue.record("\(arguments) should not parse")
        } catch {
            #expect(PicksCommand.exitCode(for: error) == .validationFailure, "\(arguments)")
            #expect(!PicksCommand.message(for: error).isEmpty)
        }
    }

    @Test func theFlagsMakeTheirFilter() throws {
        // Given every flag, When parsed, Then the filter and the separator follow them
        let command = try PicksCommand.parse(["shoot", "--min-rating", "2", "--label", "Red", "--picks", "--rejected", "-0"])
        #expect(command.filter == PicksFilter(minRating: 2, label: .red, picks: true, rejected: true))
        #expect(command.nul && command.folder == "shoot")
        // And the command is registered beside the others
        #expect(Photofeed.configuration.subcommands.contains { ObjectIdentifier($0) == ObjectIdentifier(PicksCommand.self) })
    }
}
