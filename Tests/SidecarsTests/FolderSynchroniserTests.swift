import Foundation
import Glibc
import SystemPackage
import Testing

@testable import Sidecars

@Suite("Sidecars' folders fsynced after the writes, a burst at a time")
struct FolderSynchroniserTests {
    @Test("a burst of decisions in one folder: every sidecar whole and in place, no temporary file, no fsync failed")
    func burst() async throws {
        // Given a folder of 30 photos and a store
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let photos = try (1...30).map { try scratch.write(String(format: "DSC_%04d.NEF", $0), SidecarStoreTests.photoBytes) }
        let store = SidecarStore()

        // When each gets a decision, one after another, and the folder's fsyncs have ended
        for (index, photo) in photos.enumerated() {
            try await store.write(Decision(stars: index % 6), for: photo)
        }
        store.synchroniser.waitUntilIdle()

        // Then every sidecar reads back its decision, nothing else was left, and no fsync failed
        for (index, photo) in photos.enumerated() {
            #expect(try await store.read(photo: photo)?.stars == index % 6)
        }
        #expect(try scratch.names().filter { $0.hasSuffix(".xmp") }.count == 30)
        #expect(try scratch.names().allSatisfy { !$0.hasPrefix(".") })
        #expect(store.synchroniser.takeFailure() == nil)
    }

    @Test("every descriptor handed over is closed once its fsync has ended, a folder's or one fsync refuses")
    func closed() throws {
        // Given a folder, the writing end of a pipe (fsync refuses it), and a synchroniser
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let folder = open(scratch.url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #expect(folder >= 0)
        defer { close(folder) }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        defer { close(ends[0]) }
        let synchroniser = FolderSynchroniser()

        // When each is handed over 50 times in a row, and the fsyncs have ended
        for _ in 0..<50 {
            synchroniser.synchronise(dup(folder))
            synchroniser.synchronise(dup(ends[1]))
        }
        synchroniser.waitUntilIdle()
        close(ends[1])

        // Then the pipe reads its end: no copy of its writing end is open any more
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0)
        #expect(synchroniser.takeFailure() == EINVAL)
    }

    @Test("an fsync that failed is handed to the next write, once")
    func failure() throws {
        // Given a synchroniser handed a descriptor fsync refuses (a pipe's end: EINVAL)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let synchroniser = FolderSynchroniser()

        // When it has tried
        synchroniser.synchronise(ends[1])
        synchroniser.waitUntilIdle()

        // Then the failure is told once, then no more
        #expect(synchroniser.takeFailure() == EINVAL)
        #expect(synchroniser.takeFailure() == nil)
    }
}
