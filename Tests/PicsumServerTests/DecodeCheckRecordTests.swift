import Foundation
import Logging
import Testing

@testable import PicsumServer

/// The start-up decode check remembered across runs: photos that passed, unchanged, are not
/// decoded again by the next run's server; the record is input, read with bounds.
@Suite("Decode check record", .serialized)
struct DecodeCheckRecordTests {
    private static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/photos")

    /// A folder with a good photo and one cut after its header (it probes, it does not decode).
    private func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("decode-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let good = try Data(contentsOf: Self.assets.appendingPathComponent("coffee.jpg"))
        try good.write(to: root.appendingPathComponent("a.jpg"))
        try good.prefix(good.count / 3).write(to: root.appendingPathComponent("b.jpg"))
        return root
    }

    private let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    @Test func passesAreWrittenAndTheNextRunTrustsThem() throws {
        // Given a folder with a good and a cut photo, and no record yet
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let record = root.appendingPathComponent("state/.server-decode-checks")
        DecodeCheckMemo.forgetAll()

        // When a library is loaded with the record
        let first = try PhotoLibrary(directory: root, logger: logger, checkRecord: record)

        // Then the cut photo is skipped, and the record names the good one, not the cut one (the
        // memo is the process's: other suites running beside this one may add their files)
        #expect(first.photos.map(\.name) == ["a.jpg"])
        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
        let good = try #require(DecodeCheckMemo.identity(of: root.appendingPathComponent("a.jpg").path))
        let damaged = try #require(DecodeCheckMemo.identity(of: root.appendingPathComponent("b.jpg").path))
        #expect(lines.contains(Substring(good.line)))
        #expect(!lines.contains(Substring(damaged.line)))
        let attributes = try FileManager.default.attributesOfItem(atPath: record.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        // When a new process (the memo forgotten) loads it with a record that also names the cut
        // photo (forged), the record is trusted: the cut photo is not decoded, so it is listed
        DecodeCheckMemo.forgetAll()
        let cut = try #require(DecodeCheckMemo.identity(of: root.appendingPathComponent("b.jpg").path))
        try (lines.map(String.init) + [cut.line]).joined(separator: "\n").write(to: record, atomically: true, encoding: .utf8)
        let second = try PhotoLibrary(directory: root, logger: logger, checkRecord: record)
        #expect(second.photos.map(\.name) == ["a.jpg", "b.jpg"])

        // And without the record, a new process decodes and skips it again
        DecodeCheckMemo.forgetAll()
        #expect(try PhotoLibrary(directory: root, logger: logger).photos.map(\.name) == ["a.jpg"])
    }

    @Test func aHostileRecordIsIgnored() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let cut = try #require(DecodeCheckMemo.identity(of: root.appendingPathComponent("b.jpg").path))
        let record = root.appendingPathComponent(".record")
        for hostile in [
            Data(count: DecodeCheckMemo.maxRecordBytes + 1) + Data(cut.line.utf8),  // too large: not read at all
            Data("\(cut.line) extra\n-1 2 3 4 5\n\u{1B}[2J\n".utf8),  // malformed lines
        ] {
            // Given a record that is too large or malformed
            try hostile.write(to: record)
            DecodeCheckMemo.forgetAll()
            // When the library loads with it
            let library = try PhotoLibrary(directory: root, logger: logger, checkRecord: record)
            // Then nothing in it was taken: the cut photo was decoded and skipped
            #expect(library.photos.map(\.name) == ["a.jpg"])
        }
        // And a record that is a folder is no record
        try FileManager.default.removeItem(at: record)
        try FileManager.default.createDirectory(at: record, withIntermediateDirectories: true)
        DecodeCheckMemo.forgetAll()
        #expect(try PhotoLibrary(directory: root, logger: logger, checkRecord: record).photos.map(\.name) == ["a.jpg"])
    }
}
