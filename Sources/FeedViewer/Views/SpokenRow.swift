import TerminalText
import TerminalGraphics
public import Vocabulary

/// One photo's row in words, for the screen-reader mode (`--text`): what a screen reader
/// says when the cursor comes to its line, and the short news when its load changes.
///
/// A picture in a terminal is block-art glyphs a screen reader reads as noise, as a picture in
/// an app needs an accessibility label: this is the label. Pure: the same row gives the same
/// words, so goldens and tests pin them.
///
/// ```swift
/// let row = SpokenRow(
///     position: 4, count: 30, author: "Jakub Mede", id: "4", imageSize: CellSize(columns: 1873, rows: 1248),
///     state: .loaded(source: .network, bytes: 180_000, duration: .milliseconds(252)))
/// row.sentence   // "Photo 4 of 30 by Jakub Mede, 1873 by 1248, loaded from the network in 252 ms"
/// row.news(from: .loading(completed: 0, expected: nil, resumedFrom: nil))   // "photo 4 loaded from the network in 252 ms"
/// ```
public struct SpokenRow: Hashable, Sendable {
    /// The photo's place in the list, from 1.
    public var position: Int
    /// Photos in the list (nil: not known).
    public var count: Int?
    /// The author or the file's name, as received (sanitised here).
    public var author: String
    /// The photo's id (said when there is no author).
    public var id: String
    /// The photo's size in pixels, when known (rows: height, columns: width).
    public var imageSize: CellSize?
    /// Where its load stands.
    public var state: RowDisplayState
    /// Whether it is marked (`t`).
    public var marked = false
    /// How far its original's save has come in percent (nil: not saving; -1: size unknown).
    public var saving: Int?
    /// Whether it is a file on this machine (a folder feed's, a `file://` URL): its name is
    /// no author.
    public var isFile = false
    /// What is missing from its picture when it was drawn damaged ("60 % decoded (the JPEG
    /// data ends before the image is complete)"), said after its load; nil when whole.
    public var damage: String?
    /// The culling decision in words ("3 stars, picked, red label"; nil: none), and whether its
    /// sidecar could not be written.
    public var decision: String?
    /// A shot's badge (`RAW+JPG`): the row stands for a RAW and its JPEG (nil: one file).
    public var shot: String?

    /// A row in words.
    public init(
        position: Int, count: Int?, author: String, id: String, imageSize: CellSize? = nil, state: RowDisplayState,
        marked: Bool = false, saving: Int? = nil, isFile: Bool = false, damage: String? = nil, decision: String? = nil
    ) {
        self.decision = decision
        self.position = position
        self.count = count
        self.author = author
        self.id = id
        self.imageSize = imageSize
        self.state = state
        self.marked = marked
        self.saving = saving
        self.isFile = isFile
        self.damage = damage
    }

    /// The row as its list line shows it: `Photo 4 of 30 by Jakub Mede, 1873 by 1248, loading 40%`.
    public var sentence: String {
        var parts = [title]
        if let shot { parts.append(shot) }
        if let imageSize, imageSize.columns > 0, imageSize.rows > 0 {
            parts.append("\(imageSize.columns) by \(imageSize.rows)")
        }
        if let state = stateWords { parts.append(state) }
        if let decision { parts.append(decision) }
        if marked { parts.append("marked") }
        if let saving { parts.append(saving < 0 ? "saving" : "saving \(saving)%") }
        return parts.joined(separator: ", ")
    }

    /// `Photo 4 of 30 by Jakub Mede` (`Photo 4 of 30, 42` without an author; a file by its
    /// name: `Photo 4 of 30, coffee.jpg`).
    public var title: String {
        let place = count.map { "Photo \(position) of \($0)" } ?? "Photo \(position)"
        let name = TextSanitizer.sanitize(author).trimmingSpaces()
        if name.isEmpty { return "\(place), \(TextSanitizer.sanitize(id))" }
        return isFile ? "\(place), \(name)" : "\(place) by \(name)"
    }

    /// What changed since `old`, as a short announcement (`photo 5 failed: HTTP 404`), or nil
    /// when nothing worth saying did: a load's progress is not news, its end is.
    public func news(from old: RowDisplayState?) -> String? {
        guard old != state else { return nil }
        switch state {
        case .failed:
            if case .failed? = old { return nil }
        case .loaded:
            if case .loaded? = old { return nil }
        case .idle, .loading, .preview:
            return nil
        }
        return stateWords.map { "photo \(position) \($0)" }
    }

    /// The state in words, a damaged picture's damage after its load: `loaded from the file in
    /// 12 ms, damaged: 60 % decoded (the JPEG data ends before the image is complete)`.
    var stateWords: String? {
        guard let words = Self.words(for: state) else { return nil }
        guard let damage, case .loaded = state else { return words }
        return words + ", damaged: " + TextSanitizer.sanitize(damage)
    }

    /// The state in words (nil: nothing to say, a row not started).
    public static func words(for state: RowDisplayState) -> String? {
        switch state {
        case .idle:
            return nil
        case .loading(let completed, let expected, let resumedFrom):
            var words = loading(completed: completed, expected: expected)
            if let resumedFrom, let expected, expected > 0 {
                words += ", resumed at \(StateLine.percent(resumedFrom, of: expected))%"
            }
            return words
        case .preview(let scan, let completed, let expected):
            return loading(completed: completed, expected: expected) + ", preview of scan \(scan)"
        case .loaded(.memory, _, _):
            return "from the memory cache"
        case .loaded(.disk, _, _):
            return "from the disk cache"
        case .loaded(.thumbnail, _, _):
            return "from the thumbnail cache"
        case .loaded(.network, _, let duration):
            return "loaded from the network in \(ByteCountFormat.duration(duration))"
        case .loaded(.file, _, let duration):
            return "loaded from the file in \(ByteCountFormat.duration(duration))"
        case .loaded(.resumedNetwork(let resumedFrom), let bytes, let duration):
            return "loaded from the network in \(ByteCountFormat.duration(duration)), resumed at \(StateLine.percent(resumedFrom, of: bytes))%"
        case .failed(let reason):
            return "failed: \(TextSanitizer.sanitize(reason))"
        }
    }

    private static func loading(completed: Int64, expected: Int64?) -> String {
        if let expected, expected > 0 { return "loading \(StateLine.percent(completed, of: expected))%" }
        return completed > 0 ? "loading, \(ByteCountFormat.string(completed)) so far" : "loading"
    }
}
