import FoundationExtras
import Testing

@Suite("The names photofeed writes in its cache folder, declared once")
struct OwnFilesTests {
    @Test("every name a command writes is declared; a user's is not")
    func declared() {
        // Given the names photofeed's commands write in the cache folder
        let written = [
            "CACHEDIR.TAG", String(repeating: "a1", count: 32), ".tmp-" + "0F8B7C52-1D3A-4F7E-9A6B-2C4D5E6F7A8B", ".lock",
            ".pictures", ".server-sources", "terminfo", "viewer-stderr.log", "thumbnail-writer.lock",
        ]
        // Then each is one of the declared names, with a purpose and a way it is cleaned
        for name in written {
            let declaration = OwnFiles.declaration(of: name)
            #expect(declaration != nil, "\(name)")
            #expect(declaration?.purpose.isEmpty == false)
            #expect(declaration?.cleaningText.isEmpty == false)
        }
        // And names photofeed never writes are not
        for name in ["notes.txt", "big.iso", String(repeating: "A1", count: 32), ".tmp-x", "thumbnail-writer.lock.old", "CACHEDIR.TAG~"] {
            #expect(!OwnFiles.contains(name), "\(name)")
        }
    }

    @Test("every folder photofeed fills has a bound")
    func foldersAreBounded() {
        for file in OwnFiles.all where file.kind == .folder && file.naming != .exactly("terminfo") {
            guard case .bounded(let limit) = file.cleaning else {
                Issue.record("\(file.name) has no bound")
                continue
            }
            #expect(limit > 0)
        }
    }
}
