import Foundation
import ImageCodecs

#if canImport(Glibc)
import Glibc
#endif

/// Issue 52, point 6: culling a shoot as fast as the desktop tools. A folder of 1,000
/// camera-RAW-sized DNGs (`scripts/make-cull-folder.py`: each a real photograph as its
/// full-size embedded JPEG preview, over a 12–24 Mpx raw image of 20–50 MB that is a sparse
/// hole, so the folder takes only its previews' space on disk) is culled by the release viewer on
/// a 160×50-cell pty: the first screen, then the detail view and `j` from photo to photo at a
/// culler's pace, each key timed until the next photo's picture is on screen; its peak memory
/// beside the same run on the folder's first 100 files, and a decision key at each photo, timed
/// until its stars show, its sidecars counted after the viewer stopped. The decisions also go to
/// their sidecars through ``SidecarStore`` directly, timed per write on this disk and on tmpfs,
/// beside the disk's own flush. And what a terminal user does
/// instead: `exiftool -b -PreviewImage FILE | chafa -s 160x50`, one photo after another.
struct CullScenario: BenchScenario {
    let name = "cull"
    /// Minutes long, and 1,000 files to make: asked for by name (the Makefile's bench target does).
    var runsByDefault: Bool { false }
    var photoCount = 1000
    var smallCount = 100
    var keys = 60
    var keyInterval = Duration.milliseconds(250)
    var columns = 160
    var rows = 50
    var sidecarPhotos = 150
    /// Photos shown by exiftool | chafa.
    var toolPhotos = 20
    /// The shortest long side of a library photo taken as a preview.
    var minimumSide = 1920

    func run(_ context: BenchContext) async throws -> BenchReport {
        // FEEDBENCH_CULL_PHOTOS=200 FEEDBENCH_CULL_KEYS=10: a shorter run, to try the scenario.
        var scenario = self
        let environment = ProcessInfo.processInfo.environment
        if let photos = environment["FEEDBENCH_CULL_PHOTOS"].flatMap(Int.init) { scenario.photoCount = max(smallCount + 1, photos) }
        if let keys = environment["FEEDBENCH_CULL_KEYS"].flatMap(Int.init) { scenario.keys = max(1, keys) }
        return try await scenario.measure(context)
    }

    private func measure(_ context: BenchContext) async throws -> BenchReport {
        let photofeed = context.photofeedBinary
        guard FileManager.default.isExecutableFile(atPath: photofeed) else {
            return BenchReport(title: "cull: skipped", columns: ["why"], rows: [["needs the release photofeed beside feedbench"]])
        }
        let previews = try Self.previews(context.assetPaths(), minimumSide: minimumSide)
        guard !previews.isEmpty else {
            return BenchReport(title: "cull: skipped", columns: ["why"], rows: [["no JPEG of \(minimumSide) px or more in \(context.assetsDirectory)"]])
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("feedbench-cull-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let large = root.appendingPathComponent("shoot").path
        let small = root.appendingPathComponent("shoot-100").path
        try Self.makeFolder(large, count: photoCount, previews: previews)
        let names = try FileManager.default.contentsOfDirectory(atPath: large).filter { $0.hasSuffix(".DNG") }.sorted()
        // The first 100, hard links of the same files.
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        for name in names.prefix(smallCount) { try FileManager.default.linkItem(atPath: large + "/" + name, toPath: small + "/" + name) }
        let sizes = names.compactMap { (try? FileManager.default.attributesOfItem(atPath: large + "/" + $0))?[.size] as? Int }
        let onDisk = Self.allocatedBytes(large)
        let loadBefore = PreviewerScenario.loadAverage()

        // Every file read once (the page cache holds the previews, as for a folder just browsed).
        for name in names {
            let handle = FileHandle(forReadingAtPath: large + "/" + name)
            _ = try? handle?.read(upToCount: 8 << 20)
            try? handle?.close()
        }

        let thousand = try await Self.onThread { [self] in
            try CullViewerRun.measure(photofeed: photofeed, folder: large, names: names, keys: keys, interval: keyInterval, columns: columns, rows: rows)
        }
        let hundred = try await Self.onThread { [self] in
            try CullViewerRun.measure(
                photofeed: photofeed, folder: small, names: Array(names.prefix(smallCount)), keys: keys, interval: keyInterval, columns: columns,
                rows: rows)
        }

        // Sidecars: on the disk beside the photos, on tmpfs, and the disk's floor.
        let photos = names.prefix(sidecarPhotos).map { large + "/" + $0 }
        var series = try await CullSidecarRun.writes(Array(photos.prefix(sidecarPhotos / 3)), label: "disk, a key every 100 ms", pause: .milliseconds(100))
        series += try await CullSidecarRun.writes(Array(photos.dropFirst(sidecarPhotos / 3)), label: "disk, a burst")
        let shm = "/dev/shm/feedbench-cull-\(getpid())"
        if (try? FileManager.default.createDirectory(atPath: shm, withIntermediateDirectories: true)) != nil {
            defer { try? FileManager.default.removeItem(atPath: shm) }
            for name in names.prefix(sidecarPhotos) { _ = FileManager.default.createFile(atPath: shm + "/" + name, contents: Data("II*\0".utf8)) }
            series += try await CullSidecarRun.writes(names.prefix(sidecarPhotos).map { shm + "/" + $0 }, label: "tmpfs (no disk flush), a burst")
        }
        series += CullSidecarRun.floor(in: large, count: 100)

        // What a terminal user does instead.
        let tool = terminalTool(files: names.prefix(toolPhotos).map { large + "/" + $0 })
        let loadAfter = PreviewerScenario.loadAverage()

        return report(
            thousand: thousand, hundred: hundred, sidecars: series, tool: tool, sizes: sizes, onDisk: onDisk, previews: previews,
            load: (loadBefore, loadAfter))
    }

    /// The library's JPEGs whose long side is at least `minimumSide`: the previews.
    static func previews(_ assets: [String], minimumSide: Int) throws -> [String] {
        assets.filter { path in
            guard path.hasSuffix(".jpg") || path.hasSuffix(".jpeg"),
                let handle = FileHandle(forReadingAtPath: path),
                let prefix = try? handle.read(upToCount: 256 << 10),
                let header = try? ImageDecoder.probe([UInt8](prefix))
            else { return false }
            try? handle.close()
            return max(header.size.width, header.size.height) >= minimumSide
        }
    }

    /// `scripts/make-cull-folder.py folder count previews…`.
    static func makeFolder(_ folder: String, count: Int, previews: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "scripts/make-cull-folder.py", folder, String(count)] + previews
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CullError(description: "cull: scripts/make-cull-folder.py ended with status \(process.terminationStatus) (run feedbench from the package's folder)")
        }
    }

    /// The bytes a folder's files take on disk (their blocks, holes not counted).
    static func allocatedBytes(_ folder: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.reduce(0) { total, name in
            var status = stat()
            return total + (stat(folder + "/" + name, &status) == 0 ? Int(status.st_blocks) * 512 : 0)
        }
    }

    /// `exiftool -b -PreviewImage FILE | chafa -s 160x50` per file, timed (nil: a tool is missing).
    func terminalTool(files: [String]) -> PreviewerScenario.Scroll? {
        guard BlockArtToolRunner.which("exiftool") != nil, BlockArtToolRunner.which("chafa") != nil else { return nil }
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/tmp",
            "TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8",
        ]
        let command = ["/bin/sh", "-c", "exiftool -b -PreviewImage \"$1\" | chafa -s \(columns)x\(rows)", "sh"]
        _ = PreviewerScenario.scroll(command, Array(files.prefix(2)), home: "/tmp")  // warm: perl's modules in the page cache
        var scroll = PreviewerScenario.Scroll()
        for file in files {
            let timing = PreviewerRun.time(command + [file], environment: environment)
            scroll.times.append(timing?.wall ?? .nan)
            scroll.cpu.append(timing?.cpu ?? .nan)
        }
        return scroll
    }

    /// `body` on a thread of its own (it blocks for seconds): not on the cooperative pool.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}
