import Foundation

extension CullScenario {
    /// The table: one line a measure, its target and whether it is met; the notes say how.
    func report(
        thousand: CullViewerRun, hundred: CullViewerRun, sidecars: [CullSidecarRun.Series], tool: PreviewerScenario.Scroll?,
        sizes: [Int], onDisk: Int, previews: [String], load: (before: String, after: String)
    ) -> BenchReport {
        func ms(_ duration: Duration?) -> String {
            duration.map { String(format: "%.0f", $0 / .milliseconds(1)) } ?? "-"
        }
        func ms(_ value: Double) -> String { value.isNaN ? "-" : String(format: "%.1f", value) }
        func met(_ yes: Bool?) -> String { yes.map { $0 ? "met" : "NOT met" } ?? "-" }
        func mb(_ kib: Int?) -> String { kib.map { String(format: "%.0f", Double($0) / 1024) } ?? "-" }

        var table: [[String]] = []
        for (label, run) in [("\(photoCount) files", thousand), ("\(smallCount) files", hundred)] {
            table.append(["viewer, \(label): first screen (launch → a frame with pictures)", ms(run.firstScreen), "", "≤ 150", met(run.firstScreen.map { $0 <= .milliseconds(150) })])
            let p95 = run.percentile(0.95)
            table.append([
                "viewer, \(label): j → the next photo's picture in the detail view (\(run.keyToPicture.compactMap { $0 }.count) keys; \(run.refused) photos refused, \(run.missed) frames not before the next key)",
                ms(run.percentile(0.5)), ms(p95), "p95 ≤ 30", met(p95.map { $0 <= .milliseconds(30) && run.missed == 0 }),
            ])
            let shown = run.keyToDecision.compactMap { $0 }.count
            let decided = run.percentile(0.95, of: run.keyToDecision)
            table.append([
                "viewer, \(label): a decision key (1–5) → its stars on the photo's line (\(shown) of \(run.keyToDecision.count) shown before the j); sidecars after the viewer stopped: \(run.sidecarsWritten) of \(run.decisions)",
                ms(run.percentile(0.5, of: run.keyToDecision)), ms(decided), "at once, p95 ≤ 30 as a step; every one written",
                met(decided.map { $0 <= .milliseconds(30) && shown == run.keyToDecision.count && run.sidecarsWritten == run.decisions }),
            ])
        }
        for (label, run) in [("\(photoCount) files", thousand), ("\(smallCount) files", hundred)] {
            let perStep = run.keysCPU.map { $0 / max(1, run.steps) }
            table.append([
                "viewer, \(label): its CPU time (all threads) per step while the keys were typed (a decision and a j; \(run.steps) steps, \(ms(run.keysCPU)) ms in all)",
                ms(perStep), "", "(what a step costs, whatever else runs)", "",
            ])
        }
        let flat = thousand.peakKiB.flatMap { large in hundred.peakKiB.map { Double(large) / Double(max(1, $0)) } }
        table.append([
            "viewer: peak RSS MB, \(photoCount) files (\(smallCount) files: \(mb(hundred.peakKiB)) MB)", mb(thousand.peakKiB), "", "flat",
            flat.map { String(format: "%.2f× of %d files: %@", $0, smallCount, met($0 <= 1.15)) } ?? "-",
        ])
        for series in sidecars {
            let isFloor = series.label.hasPrefix("the disk alone")
            let p95 = series.percentile(0.95)
            table.append([
                (isFloor ? "" : "SidecarStore.write, ") + series.label + " (\(series.times.count))", ms(series.percentile(0.5)), ms(p95),
                isFloor ? "(floor)" : "p95 ≤ 5", isFloor ? "" : met(p95 <= 5),
            ])
        }
        if let tool {
            table.append([
                "exiftool -b -PreviewImage FILE | chafa -s \(columns)x\(rows), one file after another (\(tool.times.count))",
                ms(PreviewerScenario.percentile([tool], 0.5)), ms(PreviewerScenario.percentile([tool], 0.95)), "", "",
            ])
        }

        let sorted = sizes.sorted()
        let limit = 30 << 20
        let notes = [
            "command: swift build -c release --static-swift-stdlib --product feedbench && swift build -c release --static-swift-stdlib --product photofeed && .build/release/feedbench --scenario cull (make bench runs it)",
            String(
                format: "the folder: %d DNGs made by scripts/make-cull-folder.py, %.0f–%.0f MB each (%d of them over 30 MiB, the viewer's limit for a file read whole, which a RAW is not: its preview is read from the open file), %.0f MB on disk in all: each a real photograph as its full-size embedded JPEG preview (the %d JPEGs of %d px or more in %@, in turn) over a 16-bit CFA of a 10–24 Mpx sensor that is a sparse hole. The real RAW fixtures' own previews (RAF, RW2, DNG in Tests/CodecFixtures/conformance/raw) are 8–160 px wide, too small to stand for a camera's",
                sizes.count, Double(sorted.first ?? 0) / 1e6, Double(sorted.last ?? 0) / 1e6, sizes.filter { $0 > limit }.count, Double(onDisk) / 1e6,
                previews.count, minimumSide, context(previews)),
            "each file's first 8 MB read once before the runs (the previews in the page cache, as for a folder just browsed); the hole reads as zeros from memory, so a file's raw data costs a copy, not a disk read",
            "viewer: the release photofeed `--feed FOLDER --graphics blocks --sort name --no-config` on a \(columns)×\(rows)-cell pty (10×20-pixel cells) behind a local terminal that reads at once and answers like kitty (synchronized output: a frame counts when it ends), fresh HOME and cache; first screen: launch → the first frame with \(CullViewerRun.pictureCells) cells of block art or more",
            "keys: Enter opens the first photo; then \(keys) times, one every \(Int(keyInterval / .milliseconds(1))) ms, a decision key (1 to 5 stars in turn; no auto-advance) and at once j; the decision timed from writing it to the first frame whose photo line shows its stars, j to the first frame whose title names the next photo and whose block art changed (its picture, or a stand-in for it); a photo the viewer refuses (an error in place of the picture) is counted apart, not timed. The sidecars (NAME.DNG.xmp) are counted once the viewer has ended after q, then removed",
            String(
                format: "the stand-in terminal (feedbench's own parser and screen, in one thread): %.1f MB read while the keys were typed, shown at %.0f MB/s of its own time; the viewer paints block art itself (SGR runs, ncurses holding blanks under them), so a photo's frame is about %.0f KB",
                Double(thousand.terminalBytes) / 1e6, thousand.terminalTime > .zero ? Double(thousand.terminalBytes) / 1e6 / (Double(thousand.terminalTime.components.attoseconds) / 1e18 + Double(thousand.terminalTime.components.seconds)) : 0,
                Double(thousand.terminalBytes) / 1e3 / Double(max(1, thousand.steps))),
            "peak RSS: the viewer's VmHWM after the keys, the same run on the first \(smallCount) files (hard links) beside it",
            "sidecars: SidecarStore.write (the library the viewer's decision keys call) for one photo after another, each call timed: a new NAME.EXT.xmp, then the same photos' sidecars read, changed and replaced. A write returns once the new sidecar's bytes are fsynced and it is renamed in place; its folder's fsync (the name's durability) follows on the store's queue, shared by a burst. The disk alone: the same file work with no XMP, without and with the folder's fsync: the floor under any durable write here",
            tool == nil ? "exiftool or chafa is not installed: the terminal user's way is not measured" : "exiftool | chafa: one `sh -c` per file, stdout a pipe read to its end, TERM=xterm-256color COLORTERM=truecolor; what a terminal user runs to see each RAW's preview",
            "the machine's load average (1 min) was \(load.before) before and \(load.after) after, on \(ProcessInfo.processInfo.activeProcessorCount) cores shared with other work",
        ]
        return BenchReport(
            title: "cull: \(photoCount) RAW-sized files, first screen, photo to photo in the detail view, decisions to sidecars (issue 52, point 6)",
            columns: ["what", "p50 ms", "p95 ms", "target", "verdict"], rows: table, notes: notes)
    }

    private func context(_ previews: [String]) -> String {
        URL(fileURLWithPath: previews.first ?? ".").deletingLastPathComponent().path
    }
}
