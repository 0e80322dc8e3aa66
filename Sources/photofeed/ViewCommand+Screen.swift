import ArgumentParser
import FeedSources
import FoundationEssentials
import FoundationExtras
import Glibc
import ImageLoading
import LoadSemantics
import TerminalGraphics
import TerminalKit
import TerminalScreen
import FeedViewer
import Sidecars

/// The viewer on a curses screen: the terminal asked once before the screen takes over, the
/// screen configured from its answers, the feed run on it; and how a run ends.
extension ViewCommand {
    /// Both ends of the terminal must be one (the viewer reads keys and draws).
    static func requireTerminal() throws {
        guard isatty(STDOUT_FILENO) == 1 else {
            standardError(ScreenError.notATerminal.description)
            throw ExitCode.failure
        }
        guard isatty(STDIN_FILENO) == 1 else {
            standardError(ScreenError.inputNotATerminal.description)
            throw ExitCode.failure
        }
    }

    /// Asks the terminal (graphics, version, cell size), then runs the feed on a curses screen
    /// configured from the answers.
    func viewOnScreen(
        term: String?, setup: FeedSetup, recorder: LoadRecorder?, unsavedDecisions: UnsavedDecisions
    ) async -> Result<FeedExit, any Error> {
        let environment = ProcessInfo.processInfo.environment
        // The screen-reader mode asks the terminal nothing: a console that does not know a
        // question (the Linux console under speakup) may show it, or its answer, as text the
        // reader would read out. It draws words in the terminal's own colours.
        let probe =
            options.textMode(term: term)
            ? nil
            : GraphicsProbe.run(
                options.graphics, colorFlag: options.colors.mode,
                cellAspectFlag: options.cellAspect.map { (aspect: $0, name: Self.cellAspectName) }, input: STDIN_FILENO,
                output: STDOUT_FILENO, environment: environment)
        defer { probe?.restore() }
        let configuration = Self.screenConfiguration(probe: probe, options: options, environment: environment)
        let profile = probe?.profile(
            request: options.graphics, environment: environment, terminalType: configuration.terminalType ?? environment["TERM"])
        let flags = options
        do {
            return .success(
                try await CursesScreen.run(configuration: configuration) { screen in
                    let viewerOptions = try Self.viewerOptions(flags, on: screen, probe: probe, profile: profile, setup: setup)
                    screen.synchronizesFrames = probe?.replies?.synchronizedOutput ?? false
                    let viewer = FeedRuntime(
                        screen: screen, feed: setup.source, feedName: setup.feedName,
                        pipeline: LiveFeedPipeline(pipeline: setup.pipeline), options: viewerOptions,
                        network: setup.network, recorder: recorder, outputFailures: setup.serverLog?.failures,
                        messages: setup.folderChanges?.messages, frameInterval: FeedRuntime.displayFrameInterval,
                        sidecars: SidecarStore(settings: flags.sidecarSettings))
                    let exit = await viewer.run()
                    unsavedDecisions.record(viewer.unsavedDecisionFailures)
                    return exit
                })
        } catch {
            return .failure(error)
        }
    }

    /// The screen as the terminal's answers (none: the screen-reader mode) configure it.
    static func screenConfiguration(
        probe: GraphicsProbe?, options: ViewerOptions, environment: [String: String]
    ) -> CursesScreenConfiguration {
        var configuration = CursesScreenConfiguration(
            maximumColors: probe.map(\.colors.depth) ?? options.maximumColors(environment: environment))
        if let probe {
            var transport = probe.transport
            // Below 24-bit colour (tmux without RGB) placeholders name their images by a palette index.
            transport.indexedPlaceholderIDs = probe.colors.depth < .truecolor
            configuration.graphicsTransport = transport
            configuration.terminalType = terminalType(
                colors: probe.colors.depth, terminfoColors: probe.terminfoColors, environment: environment)
            if let replies = probe.replies {
                configuration.inputParser = replies.inputParser
                configuration.typedAhead = replies.typedAhead
                configuration.repliesOutstandingSince = replies.isComplete ? nil : probe.askedAt
                // A terminal that answered DA1 answers the fences written after pictures.
                configuration.pacesPictures = replies.deviceAttributes != nil
                configuration.probeFencesOutstanding = max(0, replies.fencesAsked - replies.fencesHeard)
            }
        }
        configuration.preparesPicturesOffFrame = true
        let insideScreen = TerminalFamily.identify(environment: environment, replies: probe?.replies) == .gnuScreen
        // GNU screen ignores the alternate screen by default: clear on the way out.
        configuration.clearsOnClose = insideScreen
        // GNU screen (4.09) holds a lone ESC until the next key while any mouse report is on:
        // Escape would do nothing until another key came. The wheel goes, Escape works.
        configuration.enablesMouse = !insideScreen
        return configuration
    }

    /// The viewer's options on `screen`: the flags, with what the terminal said (cell size,
    /// sixel geometry, symbols its font draws) and what the screen has (colours, UTF-8).
    static func viewerOptions(
        _ options: ViewerOptions, on screen: CursesScreen, probe: GraphicsProbe?, profile: TerminalProfile?, setup: FeedSetup
    ) throws -> FeedViewerOptions {
        let replies = probe?.replies
        let family = profile?.family
        var viewerOptions = try options.viewerOptions(
            screenColors: screen.colorCapability, unicode: screen.isUTF8, selection: probe?.selection,
            glyphs: profile?.glyphs.glyphs ?? .sextants, cellAspect: probe?.cellAspect.aspect)
        viewerOptions.cellPixels = replies?.cellPixels ?? screen.cellPixelSize ?? family?.assumedCellPixels
        viewerOptions.sixelGeometry = replies?.sixelGeometry
        viewerOptions.terminal = profile
        viewerOptions.cellAspectChosenByUser = options.cellAspect != nil
        viewerOptions.screenColors = screen.colorCapability
        if setup.source is DirectoryFeed {
            // The folder's source sorts (--sort): the list keeps its order, and a photo added to
            // the folder goes to its place by it.
            viewerOptions.folderSort = try options.folderOptions().sort
            viewerOptions.sort = nil
        }
        return viewerOptions
    }

    /// Where a `--cell-aspect` the viewer was given came from, as the help screen says it.
    static let cellAspectName = "--cell-aspect or the config file's cell-aspect"

    /// How the run ends: its failure in a sentence, the signal's status, or success; a trace or
    /// server log that stopped early (`lost`) is a failed run, whatever else happened.
    static func finish(_ outcome: Result<FeedExit, any Error>, lost: [String], unsavedDecisions: [String] = []) throws {
        for failure in lost { standardError("photofeed: \(failure)") }
        for failure in unsavedDecisions { standardError("photofeed: \(failure)") }
        if !unsavedDecisions.isEmpty {
            standardError("photofeed: --sidecar-dir DIR keeps the sidecars in a folder that can be written (for a read-only card)")
        }
        let lost = lost + unsavedDecisions
        switch outcome {
        case .failure(let error):
            standardError("photofeed: \(ErrorText.describe(error))")
            throw ExitCode.failure
        case .success(.failed(let reason)):
            standardError("photofeed: \(reason)")
            throw ExitCode.failure
        case .success(.signal(let signal)):
            throw ExitCode(signal.exitStatus)
        case .success(.quit), .success(.settled):
            if !lost.isEmpty { throw ExitCode.failure }
        }
    }
}
