import Foundation
import Testing

@testable import TerminalKit

@Suite("Pictures handed to kitty that an ended viewer left")
struct TemporaryImageFilesOrphanTests {
    /// The id of a process that has ended (a child that ran `true`, waited for).
    static func endedProcess() throws -> Int32 {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        return child.processIdentifier
    }

    @Test func onlyAnEndedViewersPicturesAreOrphansAndGo() throws {
        // Given a folder with a running viewer's picture (this process), an ended one's, and a user's file
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kitty-orphans-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ended = try Self.endedProcess()
        let running = TemporaryImageFiles.namePrefix + "\(getpid())-1-7"
        let orphan = TemporaryImageFiles.namePrefix + "\(ended)-1-9"
        for name in [running, orphan, "notes.txt"] {
            try Data(count: 100).write(to: folder.appendingPathComponent(name))
        }
        // When they are counted, then removed
        let counted = TemporaryImageFiles.orphans(in: folder.path, removing: false)
        let removed = TemporaryImageFiles.orphans(in: folder.path, removing: true)
        // Then only the ended viewer's picture was one, and only it went
        #expect(counted.files == 1 && counted.bytes == 100)
        #expect(removed.files == 1)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == [running, "notes.txt"])
    }
}
