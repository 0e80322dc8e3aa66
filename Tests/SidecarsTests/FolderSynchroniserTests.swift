import Foundation
import Glibc
import SystemPackage
import Testing

@testable import Sidecars

@Suite("Sidecars' folders fsynced after the writes, a burst at a time")
struct FolderSynchroniserTests {
    /// The descriptors this process has open.
    static func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    @Test("a burst of decisions in one folder: every sidecar whole and in place, no temporary file, no descriptor left open")
    func burst() async throws {
        // Given a folder of 30 photos and a store
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let photos = try (1...30).map { try scratch.write(String(format: "DSC_%04d.NEF", $0), SidecarStoreTests.photoBytes) }
        let store = SidecarStore()
        let before = try Self.openDescriptors()

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
        #expect(try Self.openDescriptors() == before)
        #expect(store.synchroniser.takeFailure() == nil)
    }

    @Test("the same folder asked for again and again is fsynced, and every descriptor handed over is closed")
    func coalesced() throws {
        // Given a folder and a synchroniser
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let folder = open(scratch.url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #expect(folder >= 0)
        defer { close(folder) }
        let synchroniser = FolderSynchroniser()
        let before = try Self.openDescriptors()

        // When the folder is handed over 50 times in a row
        for _ in 0..<50 { synchroniser.synchronise(dup(folder)) }
        synchroniser.waitUntilIdle()

        // Then all 50 copies are closed and no fsync failed
        #expect(try Self.openDescriptors() == before)
        #expect(synchroniser.takeFailure() == nil)
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
