import PicsumServer
import Testing

@Suite("The embedded server's scaled photos: which names are its own")
struct ServerSourcesTests {
    @Test func ownNamesAreTheStoresAndNothingElse() {
        // Given the names the source store writes, and others
        let own = [
            "2049-131074-3391412-1733000000-123456789-8.png", "2049-131074-3391412-1733000000-123456789-animation-320x200-q80.webp",
            ".2049-131074-3391412-1733000000-123456789-8.png.4242.tmp",
        ]
        let others = ["notes.txt", "a-b-c-d-e.png", "1-2-3-4.png", ".x.png.12.tmp", "2049-131074-3391412-1733000000-123456789-8.png.bak"]
        // Then only the store's are its own
        for name in own { #expect(ServerSources.isOwnName(name), "\(name)") }
        for name in others { #expect(!ServerSources.isOwnName(name), "\(name)") }
        #expect(ServerSources.folderName == ".server-sources")
        #expect(ServerSources.sizeLimit > 0)
    }
}
