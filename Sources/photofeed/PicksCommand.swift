import ArgumentParser
import FeedSources
import FoundationEssentials
import FoundationExtras
import Sidecars
import SystemPackage

/// `photofeed picks DIR`: the files of the photos chosen while culling, one path a line (or
/// NUL-separated with `-0`), for `xargs`, `rsync --files-from` or a script.
///
/// The folder is walked as the viewer's folder feed walks it (``DirectoryFeed``: its
/// sub-folders down to `--max-depth`, never a link out of it, hidden names left out), each
/// photo's decision read with ``SidecarStore`` (a sidecar in either naming, else XMP in the
/// photo) and matched with ``PicksFilter``. A shot (a RAW and its JPEG) is chosen when either
/// file's decision matches, and then both files are printed.
///
/// ```
/// $ photofeed picks ~/shoot --min-rating 3 -0 | xargs -0 cp -t ~/keepers
/// $ cd ~/shoot && photofeed picks . -0 | rsync -a -0 --files-from=- . server:keepers/
/// ```
struct PicksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "picks",
        abstract: "Print the files of the photos chosen while culling, for xargs, rsync --files-from or a script.",
        discussion: """
            Walks DIR and its sub-folders (down to --max-depth; a link out of the folder is never \
            followed), reads each photo's decision from its XMP sidecar (NAME.EXT.xmp or \
            NAME.xmp, as darktable, digiKam, Lightroom and photofeed write them; else XMP inside \
            a JPEG or DNG) and prints the path of each chosen file, DIR followed by the file's \
            name in it, one a line, in natural order. Without a filter, the picked photos are \
            chosen. --picks and --rejected choose either; --min-rating and --label narrow what \
            is chosen (a rejected photo has no stars). A RAW and the JPEG of the same name are \
            one photo: chosen when either file's decision matches, and both files printed.

            Use -0 for names that may hold a newline: without it such a name is left out, with \
            a warning. A sidecar that cannot be read is said on standard error and the status \
            is 1, the other photos still printed.

            Examples:
            photofeed picks ~/shoot -0 | xargs -0 cp -t ~/keepers
            photofeed picks ~/shoot --min-rating 3 --label green
            cd ~/shoot && photofeed picks . -0 | rsync -a -0 --files-from=- . server:keepers/
            """)

    @Argument(help: "The folder of photos.", completion: .directory)
    var folder: String

    @Option(help: "Photos with at least N stars (0–5), not rejected.")
    var minRating: Int?

    @Option(help: "Photos with this colour label: red, yellow, green, blue, or a label another program wrote (Purple).")
    var label: String?

    @Flag(help: "Picked photos (the default when no other filter is given).")
    var picks = false

    @Flag(help: "Rejected photos (with --picks: picked or rejected).")
    var rejected = false

    @Flag(name: .customShort("0"), help: "End each path with a NUL byte instead of a newline (xargs -0, rsync -0 --files-from).")
    var nul = false

    @Option(help: "How many levels of sub-folders to walk (0: the folder's own photos).")
    var maxDepth: Int = 16

    @Option(help: "Read the sidecars from this folder instead of beside the photos (as the viewer's --sidecar-dir).", completion: .directory)
    var sidecarDir: String?

    func validate() throws {
        if let minRating, !(0...5).contains(minRating) {
            throw ValidationError("--min-rating must be 0 to 5 stars (got \(minRating))")
        }
        if let label, ColorLabel(xmpName: label) == nil { throw ValidationError("--label needs a colour's name (red, yellow, green, blue)") }
        if maxDepth < 0 { throw ValidationError("--max-depth must be 0 or more (got \(maxDepth))") }
    }

    /// The filter the flags say.
    var filter: PicksFilter {
        PicksFilter(minRating: minRating, label: label.flatMap(ColorLabel.init(xmpName:)), picks: picks, rejected: rejected)
    }

    func run() async throws {
        let expanded = PathText.expandingHome(folder)
        let settings = SidecarSettings(folder: sidecarDir.map { FilePath(PathText.expandingHome($0)) })
        let listing = PicksListing(
            folder: expanded, filter: filter, separator: nul ? 0 : UInt8(ascii: "\n"), maxDepth: maxDepth,
            store: SidecarStore(settings: settings))
        let outcome: PicksListing.Outcome
        do {
            outcome = try await listing.run { bytes in try StandardStream.output.write(bytes: bytes) }
        } catch {
            ViewCommand.standardError("photofeed picks: \(ErrorText.describe(error))")
            throw ExitCode.failure
        }
        for warning in outcome.warnings { ViewCommand.standardError("photofeed picks: \(warning)") }
        if !outcome.warnings.isEmpty { throw ExitCode.failure }
    }
}
