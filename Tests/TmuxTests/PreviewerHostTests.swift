import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 49, point 4: Debian's fzf, lf, ranger, vifm and nnn (through `NNN_FIFO`, as nnn's
/// preview-tui plugin does) in tmux, each configured with its file in `docs/previewers/` (the
/// files `docs/previewers.md` shows), photofeed as the previewer. The preview shows the hovered
/// photo as block art inside the box the host gave, at its size; moving the cursor replaces it;
/// quitting leaves no picture on the screen and no photofeed process.
@Suite("Previewer hosts in tmux", .serialized, .timeLimit(.minutes(3)), .tags(.realTime))
struct PreviewerHostTests {
    static let hosts: [PreviewerHost.Host] = [
        // fzf 0.38: the list takes 40% on the left, then its border column and a space; fzf's
        // default layout lists from the bottom up, so Up goes to the next file.
        .init(
            name: "fzf", files: [("fzf-photos", "bin/fzf-photos")], command: "ls | fzf-photos",
            previewOrigin: (42, 0), down: "Up", up: "Down", quit: ["Escape"], quitStatus: 130),
        // lf r28, ratios 1:2:3: the preview is the right half, below the path line; lf prints a
        // text preview two columns into the pane it passes the size of, so the script asks for
        // two columns fewer. `-single`: no background server left behind.
        .init(
            name: "lf",
            files: [
                ("lf/lfrc", ".config/lf/lfrc"), ("lf/photofeed-lf-preview", "bin/photofeed-lf-preview"),
                ("lf/photofeed-lf-clean", "bin/photofeed-lf-clean"),
            ],
            command: "lf -single", previewOrigin: (51, 1)),
        // ranger 1.9.3: previews are turned off for root after the config is read; `--cmd`
        // turns them back on, as docs/previewers.md says.
        .init(
            name: "ranger",
            files: [("ranger/rc.conf", ".config/ranger/rc.conf"), ("ranger/photofeed-scope.sh", ".config/ranger/photofeed-scope.sh")],
            command: getuid() == 0 ? "ranger --cmd 'set preview_files true' --cmd 'set use_preview_script true'" : "ranger",
            previewOrigin: (49, 1)),
        // vifm 0.12: quick view in the right pane, from column 52, row 2 (its %px %py); the
        // cursor starts on `..`.
        .init(
            name: "vifm", files: [("vifm/vifmrc", ".config/vifm/vifmrc")], command: "vifm .",
            previewOrigin: (52, 2), toFirstPhoto: ["j"], quit: [":q", "Enter"]),
        // nnn 4.7: the plugin opens a tmux pane that reads the FIFO, beside nnn's; photofeed's
        // output goes through cat there (see the plugin), so it asks the terminal nothing.
        .init(
            name: "nnn", files: [("nnn/photofeed-preview", ".config/nnn/plugins/photofeed-preview")],
            command: "NNN_FIFO=\"$HOME/nnn.fifo\" NNN_PLUG='p:photofeed-preview' nnn -P p",
            previewPane: "1", previewOrigin: (0, 0), usesTmux: true),
    ]

    /// Which photo a preview should show.
    enum Photo: String {
        case clock, retina

        func isShown(by shares: (grey: Double, red: Double, cells: Int)) -> Bool {
            switch self {
            case .clock: shares.cells > 0 && shares.grey >= 0.8 && shares.red == 0
            case .retina: shares.cells > 0 && shares.red >= 0.4 && shares.grey < 0.02
            }
        }
    }

    /// What the preview pane showed when `photo` was found in it, or why not.
    private struct Preview {
        var box: PreviewScreen.Box?
        var extent: PreviewScreen.Box?
        var outside: [String]
        var shown: Bool
        var screen: String

        /// The picture is the photo's, inside the box, as large as the box allows on one side.
        var isRight: Bool {
            guard shown, let box, let extent, outside.isEmpty else { return false }
            return extent.columns == box.columns || extent.rows == box.rows
        }

        var report: String {
            "box \(box?.description ?? "none"), picture \(extent?.description ?? "none"), "
                + "\(outside.count) block glyphs outside the box \(outside.prefix(5)):\n\(screen)"
        }
    }

    private func preview(of photo: Photo, in session: PreviewerHost) async throws -> Preview {
        var last = Preview(box: nil, extent: nil, outside: [], shown: false, screen: "")
        let found = try await poll(within: .seconds(30)) { () -> Preview? in
            let screen = try session.screen()
            let others = session.host.previewPane == "0" ? [] : try session.screen(pane: "0").blockGlyphs(outside: nil).map { "pane 0: " + $0 }
            let text = try session.text(pane: session.host.previewPane)
            let boxes = session.requestedBoxes(for: photo.rawValue + ".jpg")
            let previews = boxes.map { box in
                Preview(
                    box: box, extent: screen.artExtent(in: box), outside: screen.blockGlyphs(outside: box) + others,
                    shown: photo.isShown(by: screen.shares(in: box)), screen: text)
            }
            last = previews.first ?? Preview(box: nil, extent: nil, outside: others, shown: false, screen: text)
            return previews.first(where: \.isRight)
        }
        return found ?? last
    }

    @Test(arguments: hosts)
    func thePreviewShowsTheHoveredPhotoInItsPaneAndGoesWithTheHost(_ host: PreviewerHost.Host) async throws {
        #expect(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/\(host.name)"),
            "\(host.name) is not installed (apt-get install \(host.name); make test installs it)")
        // Given the host on its first screen, the cursor on clock.jpg
        let session = try PreviewerHost(host)
        let listed = try await poll(within: .seconds(30)) { try session.text().contains("retina.jpg") ? true : nil }
        #expect(listed == true, "\(host.name) never listed the photos:\n\((try? session.text()) ?? "")")
        try session.send(host.toFirstPhoto)

        // Then the preview shows the clock, inside the box the host asked for, at its size
        let clock = try await preview(of: .clock, in: session)
        #expect(clock.isRight, "\(host.name) did not preview clock.jpg: \(clock.report)")

        // When the cursor moves to retina.jpg, Then its picture replaces the clock's
        try session.send([host.down])
        let retina = try await preview(of: .retina, in: session)
        #expect(retina.isRight, "\(host.name) did not replace the preview with retina.jpg: \(retina.report)")

        // And back
        try session.send([host.up])
        let again = try await preview(of: .clock, in: session)
        #expect(again.isRight, "\(host.name) did not preview clock.jpg again: \(again.report)")

        // When the host quits, Then no picture is left on the screen and no photofeed runs
        try session.send(host.quit)
        let exited = try await poll(within: .seconds(20)) { try session.text().contains("HOST-EXITED") ? true : nil }
        #expect(exited == true, "\(host.name) did not quit:\n\((try? session.text()) ?? "")")
        let panes = try await poll(within: .seconds(10)) { try session.paneCount() == 1 ? true : nil }
        #expect(panes == true, "the preview pane is still open after \(host.name) quit")
        let screen = try session.screen(pane: "0")
        #expect(screen.blockGlyphs(outside: nil).isEmpty, "a picture is left after \(host.name) quit:\n\((try? session.text()) ?? "")")
        let processes = try await poll(within: .seconds(10)) { session.photofeedProcesses().isEmpty ? true : nil }
        #expect(processes == true, "photofeed still runs after \(host.name) quit: \(session.photofeedProcesses())")
        #expect(
            try session.text().contains("HOST-EXITED \(host.quitStatus)"),
            "\(host.name) did not exit \(host.quitStatus):\n\((try? session.text()) ?? "")")
    }

    @Test func docsPreviewersShowsEveryConfigurationFileAsItIs() throws {
        // Given every file the hosts are configured with
        let folder = BuiltBinary.packageRoot.appendingPathComponent("docs/previewers")
        let page = try String(contentsOf: BuiltBinary.packageRoot.appendingPathComponent("docs/previewers.md"), encoding: .utf8)
        let files = try #require(FileManager.default.subpaths(atPath: folder.path)).filter { path in
            var directory: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &directory) && !directory.boolValue
        }
        #expect(files.count == 8, "docs/previewers holds \(files.sorted())")
        // Then the page shows each whole, as a code block of its own (one source for both)
        for file in files {
            var text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            while text.hasSuffix("\n") { text.removeLast() }
            #expect(page.contains("\n" + text + "\n```\n"), "docs/previewers.md does not show docs/previewers/\(file) as it is")
        }
        // And every host the tests drive has its section
        for host in Self.hosts { #expect(page.contains("\n## \(host.name)\n"), "no section for \(host.name)") }
    }
}
