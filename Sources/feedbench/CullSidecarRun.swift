import Foundation
import Sidecars
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The decisions of a cull written to their sidecars through ``SidecarStore`` (the library the
/// viewer's keys call), each call timed: new sidecars for a run of photos, then each updated
/// (read, changed, replaced), as fast as they come (a burst: marked photos decided at once) and
/// at a culler's pace; beside them, what the disk's own flush costs (a small file written and
/// fsynced, and that plus its folder's fsync, as a write cost before the folder's flush left
/// the write's path), the floor under any durable write on this disk.
enum CullSidecarRun {
    /// One series of writes: each call's time, ms.
    struct Series {
        var label: String
        var times: [Double]

        func percentile(_ p: Double) -> Double {
            let sorted = times.sorted()
            guard !sorted.isEmpty else { return .nan }
            return sorted[max(0, min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1))]
        }
    }

    /// `photos`' decisions written one after another: new sidecars, then the same updated;
    /// `pause` between two calls (zero: a burst).
    static func writes(_ photos: [String], label: String, pause: Duration = .zero) async throws -> [Series] {
        let store = SidecarStore()
        var created: [Double] = []
        var updated: [Double] = []
        for (pass, index) in [0, 1].flatMap({ pass in photos.indices.map { (pass, $0) } }) {
            let decision = pass == 0 ? Decision(stars: 1 + index % 5) : Decision(stars: index % 6, flag: index % 7 == 0 ? .rejected : .picked)
            if pause > .zero { try await Task.sleep(for: pause) }
            let start = ContinuousClock.now
            try await store.write(decision, for: FilePath(photos[index]))
            let milliseconds = start.duration(to: .now) / .milliseconds(1)
            if pass == 0 { created.append(milliseconds) } else { updated.append(milliseconds) }
        }
        return [Series(label: "\(label): new sidecar", times: created), Series(label: "\(label): sidecar updated", times: updated)]
    }

    /// The disk's floor in `folder`: a 4 KB file written and fsynced `count` times (renamed over
    /// the last, as a sidecar is), without and with the folder's fsync after the rename.
    static func floor(in folder: String, count: Int) -> [Series] {
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return [] }
        defer { close(directory) }
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        var fileOnly: [Double] = []
        var both: [Double] = []
        for index in 0..<(2 * count) {
            let withFolder = index % 2 == 1
            let start = ContinuousClock.now
            let file = openat(directory, ".floor.tmp", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard file >= 0 else { return [] }
            _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            fsync(file)
            close(file)
            renameat(directory, ".floor.tmp", directory, "floor.xmp")
            if withFolder { fsync(directory) }
            let milliseconds = start.duration(to: .now) / .milliseconds(1)
            if withFolder { both.append(milliseconds) } else { fileOnly.append(milliseconds) }
        }
        unlinkat(directory, "floor.xmp", 0)
        return [
            Series(label: "the disk alone: 4 KB written, fsynced, renamed", times: fileOnly),
            Series(label: "the disk alone: the same and the folder fsynced", times: both),
        ]
    }
}
