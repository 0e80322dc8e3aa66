import ArgumentParser
import Foundation
import Testing

@testable import photofeed

/// `--save-dir`: a folder, or one to make at the first save; a file is refused at start in a
/// sentence naming it, never a Foundation error code.
@Suite("--save-dir is a folder or none yet")
struct SaveDirOptionTests {
    @Test func aSaveDirNamingAFileIsRefusedInWords() throws {
        // Given a file where --save-dir points
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-dir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        try Data("notes".utf8).write(to: file)
        // When the flags are parsed, Then refused with a sentence naming it
        do {
            _ = try ViewerOptions.parse(["--save-dir", file.path])
            Issue.record("--save-dir naming a file was accepted")
        } catch {
            let text = ViewerOptions.message(for: error)
            #expect(text == "--save-dir: cannot save into \(file.path): it is not a folder", "\(text)")
        }
        // And a folder there, or none yet, is accepted
        _ = try ViewerOptions.parse(["--save-dir", folder.path])
        _ = try ViewerOptions.parse(["--save-dir", folder.appendingPathComponent("later").path])
    }
}
