import Foundation
import SystemPackage
import Testing

@testable import FeedSources

/// A watcher's batch coalesces the changes of one read per id, and parses the kernel's events.
@Suite("Folder changes: one batch per read")
struct FolderChangeBatchTests {
    private func photo(_ id: String, width: Int = 1) -> FeedPhoto {
        FeedPhoto(id: id, author: id, size: .init(width: width, height: 1), origin: .file(directory: URL(fileURLWithPath: "/p"), name: FilePath(id)))
    }

    @Test func createdThenWrittenIsOneAddWithTheLatestPhoto() {
        var batch = FolderChangeBatch()
        batch.append(.added(photo("a")))
        batch.append(.changed(photo("a", width: 2)))
        #expect(batch.changes == [.added(photo("a", width: 2))])
    }

    @Test func removedThenAddedIsAChangeAndAddedThenRemovedARemoval() {
        var batch = FolderChangeBatch()
        batch.append(.removed(id: "a"))
        batch.append(.added(photo("a")))
        batch.append(.added(photo("b")))
        batch.append(.removed(id: "b"))
        batch.append(.changed(photo("c")))
        #expect(batch.changes == [.changed(photo("a")), .removed(id: "b"), .changed(photo("c"))])
    }

    @Test func aFolderRemovalKeepsWhatComesAfterItAfterIt() {
        var batch = FolderChangeBatch()
        batch.append(.removed(id: "s/a"))
        batch.append(.removedFolder(path: "s"))
        batch.append(.added(photo("s/a")))
        batch.append(.overflow)
        #expect(batch.changes == [.removed(id: "s/a"), .removedFolder(path: "s"), .added(photo("s/a")), .overflow])
    }

    @Test func eventsAreParsedWithTheirPaddedNames() {
        // Given two events as the kernel lays them out (the name padded to 16 bytes) and a cut one
        func event(_ watch: Int32, _ mask: UInt32, _ name: String) -> [UInt8] {
            var bytes: [UInt8] = []
            withUnsafeBytes(of: watch.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: mask.littleEndian) { bytes += $0 }
            bytes += [0, 0, 0, 0]
            let padded = name.isEmpty ? 0 : (name.utf8.count / 16 + 1) * 16
            withUnsafeBytes(of: UInt32(padded).littleEndian) { bytes += $0 }
            return bytes + Array(name.utf8) + [UInt8](repeating: 0, count: padded - name.utf8.count)
        }
        let bytes = event(1, 8, "a.jpg") + event(2, 0x8000, "") + Array(event(3, 8, "cut.jpg").prefix(20))
        // When parsed
        let events = bytes.withUnsafeBytes { InotifyEvent.parse($0) }
        // Then the whole ones come out
        #expect(events == [InotifyEvent(watch: 1, mask: 8, cookie: 0, name: Array("a.jpg".utf8)), InotifyEvent(watch: 2, mask: 0x8000, cookie: 0, name: [])])
    }
}
