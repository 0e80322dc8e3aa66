/// Every name photofeed writes directly in its cache folder (`$XDG_CACHE_HOME/photofeed`, else
/// `~/.cache/photofeed`, or `--cache-dir`), declared once. The modules that write them take
/// their names from here, and `cache info`, `cache clear`, `cache prune`, `cache files` (the
/// manual's FILES) and the own-file rule (``contains(_:)``) read this list: a file photofeed
/// writes and they do not know cannot exist. The journey tests walk every command and compare
/// the names it left with ``all``.
///
/// Outside that folder photofeed writes only where a user or a shared specification says:
/// the freedesktop.org thumbnail cache (its own thumbnails told apart by their `Software`
/// field), the Trash, the folder `s` saves to, and kitty's temporary pictures in `/dev/shm`
/// (``elsewhere``).
///
/// ```swift
/// OwnFiles.contains("thumbnail-writer.lock")   // true
/// OwnFiles.contains("notes.txt")               // false: a name photofeed never writes
/// ```
public enum OwnFiles {
    /// The Cache Directory Tagging Specification's tag, marking the folder as photofeed's.
    public static let tag = OwnFile(
        .exactly("CACHEDIR.TAG"), kind: .file, purpose: "marks the folder as a cache (backup tools skip it)",
        writers: "every command that uses the folder", cleaning: .kept)
    /// The disk cache's entries: downloaded originals, named by the SHA-256 of their key.
    public static let entries = OwnFile(
        .digest, kind: .file, purpose: "the disk cache: downloaded originals with their HTTP freshness",
        writers: "the viewer, snapshot, prefetch", cleaning: .entries(limit: 200 << 20))
    /// An entry being written, renamed into place when whole.
    public static let entryInProgress = OwnFile(
        .temporary(prefix: entryInProgressPrefix), kind: .file, purpose: "a disk cache entry being written",
        writers: "the viewer, snapshot, prefetch", cleaning: .temporary)
    /// The start of an entry-in-progress's name (`.tmp-` and a UUID).
    public static let entryInProgressPrefix = ".tmp-"
    /// The lock the disk cache's sweeps and `cache prune`/`clear` take, so two never trim at once.
    public static let lock = OwnFile(
        .exactly(".lock"), kind: .file, purpose: "the disk cache's lock (one sweep at a time)",
        writers: "the viewer, snapshot, prefetch, cache", cleaning: .kept)
    /// `show`'s pictures exactly as printed in pixels.
    public static let pictures = OwnFile(
        .exactly(".pictures"), kind: .folder, purpose: "show's pictures, block art and pixels, each kept at the size it is drawn",
        writers: "show", cleaning: .bounded(limit: 64 << 20))
    /// The embedded server's photos decoded at a reduced scale, so a later start decodes nothing large.
    public static let serverSources = OwnFile(
        .exactly(".server-sources"), kind: .folder, purpose: "the embedded server's photos, scaled down once",
        writers: "the viewer, snapshot", cleaning: .bounded(limit: 64 << 20))
    /// Direct-colour terminfo entries compiled with `tic` for terminals whose own entry lacks them.
    public static let terminfo = OwnFile(
        .exactly("terminfo"), kind: .folder, purpose: "terminfo entries compiled for direct colour",
        writers: "the viewer", cleaning: .regenerated)
    /// What C libraries print while the viewer owns the terminal.
    public static let viewerStandardError = OwnFile(
        .exactly("viewer-stderr.log"), kind: .file, purpose: "what the format libraries print while the viewer runs",
        writers: "the viewer", cleaning: .perRun)
    /// The lock `show`'s background thumbnail writer holds while it works.
    public static let thumbnailWriterLock = OwnFile(
        .exactly("thumbnail-writer.lock"), kind: .file, purpose: "held by show's background thumbnail writer",
        writers: "show", cleaning: .kept)

    /// Every declaration, in the order `cache files` lists them.
    public static let all: [OwnFile] = [
        tag, entries, entryInProgress, lock, pictures, serverSources, terminfo, viewerStandardError, thumbnailWriterLock,
    ]

    /// Whether photofeed writes `name` in its cache folder.
    public static func contains(_ name: String) -> Bool {
        all.contains { $0.matches(name) }
    }

    /// The declaration `name` matches, if any.
    public static func declaration(of name: String) -> OwnFile? {
        all.first { $0.matches(name) }
    }

    /// The bytes photofeed's own freedesktop.org thumbnails may take, all sizes together.
    public static let ownThumbnailsLimit = 256 << 20

    /// Where photofeed writes outside its cache folder, and what removes each (the manual's
    /// FILES, `cache files`): paths as a person reads them.
    public static let elsewhere: [(path: String, purpose: String, cleaning: String)] = [
        (
            "~/.cache/thumbnails/", "freedesktop.org thumbnails of local photos, shared with file managers",
            "photofeed's own (their Software field) stay under \(ownThumbnailsLimit >> 20) MiB, those of photos that are gone go "
                + "(daily, and cache prune); cache clear removes them; other programs' are never touched"
        ),
        ("/dev/shm/photofeed-tty-graphics-protocol-*", "pictures handed to kitty", "kitty deletes each; a viewer removes what kitty left of its own, cache clear and prune what ended viewers left"),
        ("~/.local/share/Trash/", "photos D moved to the Trash", "yours: z puts them back, your desktop empties it"),
        ("~/Downloads/ (--save-dir)", "originals s saved", "yours"),
        ("~/.config/photofeed/config", "your settings (photofeed only reads it)", "yours"),
    ]
}
