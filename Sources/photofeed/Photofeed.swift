import ArgumentParser
import FeedSources
import FoundationEssentials
import FoundationExtras
import Glibc
import ImageLoading
import LoadSemantics
import TerminalKit
import TerminalScreen
import FeedViewer
import Sidecars
import TerminalText
import TerminalGraphics
import Vocabulary

/// The `photofeed` command: the feed viewer (the default subcommand, `view`), and the tools beside it.
///
/// ``PhotofeedMain`` is the entry point; it hands everything but `show` and the root's help to this.
///
/// The root takes no options of its own: were the viewer's flags declared here, ArgumentParser
/// would also take them from after a subcommand's name (`photofeed serve --latency 5` would set
/// the viewer's latency, not the server's).
struct Photofeed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photofeed",
        abstract: "A terminal photo-feed viewer: lazy loading, cancel, resume and caching you can watch.",
        discussion: """
            Without a subcommand, runs `view`: shows the feed in the terminal; each row loads its \
            thumbnail when it appears, cancels when it leaves the screen and resumes when it comes \
            back. Without --feed, an embedded picsum-style server runs in-process on 127.0.0.1 with \
            gentle network shaping (--latency, --bandwidth, --failure-rate) so loading is visible. \
            Press ? in the viewer for every key.

            The viewer and `snapshot` take their defaults from a config file, \
            $XDG_CONFIG_HOME/photofeed/config (else ~/.config/photofeed/config): one setting a line \
            by the long flag's name, `sort = taken` or a flag alone (`no-disk-cache`); a `#` at a \
            line's start or after a space starts a comment. A flag on the command line wins over \
            the file; --config FILE reads another file, --no-config none.
            """,
        // `--version` is answered before parsing (PhotofeedMain.asksForVersion) with the whole
        // report; this only makes the parser list the flag. The report here would open libheif,
        // libavif, libjxl and libtiff at every start, to ask their versions.
        version: PhotofeedVersion.heading(),
        subcommands: [
            ViewCommand.self, ServeCommand.self, ShowCommand.self, PrefetchCommand.self, SnapshotCommand.self, CacheCommand.self,
            PicksCommand.self, VersionCommand.self,
        ],
        defaultSubcommand: ViewCommand.self
    )
}

/// `photofeed [view] [flags]`: the feed viewer in the terminal.
struct ViewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Show the feed in the terminal (the default).",
        discussion: """
            Each row loads its thumbnail when it appears, cancels when it leaves the screen and \
            resumes when it comes back. Without --feed, an embedded picsum-style server runs \
            in-process on 127.0.0.1 with gentle network shaping so loading is visible. Press ? in \
            the viewer for every key.
            """
    )

    @OptionGroup var options: ViewerOptions
    @OptionGroup var configFile: ConfigFileOptions

    func run() async throws {
        try Self.requireTerminal()
        let term = ProcessInfo.processInfo.environment["TERM"]
        // A header for a feed with no origin to send it to is a usage error (exit 64).
        let headers = try options.requestHeaderOptions.requestHeaders(feed: options.feed)
        let setup: FeedSetup
        let recorder: LoadRecorder?
        do {
            recorder = try options.makeRecorder(maxAttempts: RetryPolicy().maxAttempts)
            // The embedded server starts beside the screen: the first frame does not wait for it.
            setup = try await FeedSetup.make(options, headers: headers, startingServerBeside: true)
        } catch {
            Self.standardError("photofeed: \(ErrorText.describe(error))")
            throw ExitCode.failure
        }
        let outcome: Result<FeedExit, any Error>
        let unsavedDecisions = UnsavedDecisions()
        if term == "dumb" {
            // A dumb terminal has no cursor addressing: the screen-reader mode's lines are
            // printed one after another instead of drawn in place (Emacs' shell, where
            // emacspeak users meet TERM=dumb, reads them as they come). No probe, no escape.
            outcome = await Self.viewLines(options, setup: setup, recorder: recorder, unsavedDecisions: unsavedDecisions)
        } else {
            // What C libraries print while curses owns the terminal goes to a log, not the screen.
            let errorLog = StandardErrorLog.begin()
            outcome = await viewOnScreen(term: term, setup: setup, recorder: recorder, unsavedDecisions: unsavedDecisions)
            if let notice = errorLog?.end() { Self.standardError(notice) }
        }
        await setup.shutDown()
        try Self.finish(outcome, lost: setup.outputFailures(recorder: recorder), unsavedDecisions: unsavedDecisions.all)
    }

    /// The terminfo entry to draw with: `TERM`'s own, unless 24-bit colour was decided and it
    /// has fewer colours: then its installed `-direct` variant, else one photofeed compiles for
    /// itself (so a machine with only `ncurses-base` draws 24-bit colour too).
    /// Where 16 were decided and the entry has 8, one photofeed compiles with the bright eight.
    /// And the other way: where 256 colours were decided (tmux without RGB), a `TERM` entry with
    /// direct colour would have ncurses send palette indices as 24-bit values, and one with 8
    /// (tmux's default `screen`) would lose the palette: a 256-colour entry then.
    static func terminalType(colors: ColorDepth, terminfoColors count: Int?, environment: [String: String]) -> String? {
        guard let term = environment["TERM"], !term.isEmpty else { return nil }
        if colors == .ansi16, let count, count < 16, count >= 8 {
            // 16 decided on an entry of 8 (`linux`, `screen`, `xterm`): ncurses would draw the bright
            // eight as black. An entry that sends them as SGR 90–97/100–107.
            guard let entry = PrivateTerminfo.entry(for: term, kind: .sixteenColor, environment: environment) else { return nil }
            PrivateTerminfo.activate(directory: entry.directory)
            return entry.name
        }
        guard colors == .truecolor else {
            // 256 decided where TERM's entry has more (direct colour) or fewer (tmux's default
            // `screen` has 8): a 256-colour entry, which ncurses-base has.
            guard colors == .palette256, let count, count != 256 else { return nil }
            return environment["TMUX"] != nil ? "tmux-256color" : "xterm-256color"
        }
        if let count, count >= 1 << 24 { return nil }
        if let variant = DirectColorTerminfo.variant(for: term, environment: environment) { return variant }
        guard let entry = PrivateTerminfo.directColorEntry(for: term, environment: environment) else { return nil }
        PrivateTerminfo.activate(directory: entry.directory)
        return entry.name
    }

    /// The viewer on a terminal that cannot move its cursor (`TERM=dumb`): the screen-reader
    /// mode on a ``LineScreen``, which prints lines and never changes the terminal's mode.
    static func viewLines(
        _ options: ViewerOptions, setup: FeedSetup, recorder: LoadRecorder?, unsavedDecisions: UnsavedDecisions
    ) async -> Result<FeedExit, any Error>
    {
        do {
            let environment = ProcessInfo.processInfo.environment
            let screen = try LineScreen(size: LineScreen.size(environment: environment))
            defer { screen.close() }
            let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
            var viewerOptions = try options.viewerOptions(
                screenColors: .none, unicode: locale.lowercased().contains("utf-8") || locale.lowercased().contains("utf8"))
            if setup.source is DirectoryFeed {
                viewerOptions.folderSort = try options.folderOptions().sort
                viewerOptions.sort = nil
            }
            let viewer = FeedRuntime(
                screen: screen, feed: setup.source, feedName: setup.feedName,
                pipeline: LiveFeedPipeline(pipeline: setup.pipeline), options: viewerOptions, network: setup.network,
                recorder: recorder, outputFailures: setup.serverLog?.failures, messages: setup.folderChanges?.messages,
                frameInterval: FeedRuntime.displayFrameInterval, sidecars: SidecarStore(settings: options.sidecarSettings))
            let exit = await viewer.run()
            unsavedDecisions.record(viewer.unsavedDecisionFailures)
            return .success(exit)
        } catch {
            return .failure(error)
        }
    }

    /// One line on stderr, sanitised: reasons may quote feed text.
    static func standardError(_ line: String) {
        StandardStream.error.write(TextSanitizer.sanitize(line) + "\n")
    }
}
