/// What a row shows about its image, independent of the pipeline's types.
///
/// The event loop maps the loader's phase onto this; views only format it.
public enum RowDisplayState: Hashable, Sendable {
    /// Not started (the row has not been visible yet).
    case idle
    /// Downloading: bytes so far, total if known, and the offset a resumed download restarted from.
    case loading(completed: Int64, expected: Int64?, resumedFrom: Int64?)
    /// Still downloading, with a progressive JPEG's scans so far shown in place of the placeholder.
    case preview(scan: Int, completed: Int64, expected: Int64?)
    /// Shown: where it came from, its size in bytes, and how long it took.
    case loaded(source: LoadSource, bytes: Int64, duration: Duration)
    /// Failed, with a short human-readable reason ("HTTP 500", "timed out").
    case failed(reason: String)

    /// Where a loaded image came from.
    public enum LoadSource: Hashable, Sendable {
        /// The in-memory cache.
        case memory
        /// The on-disk cache.
        case disk
        /// The freedesktop.org thumbnail cache (a file's thumbnail, stored by photofeed or a
        /// file manager): not photofeed's disk cache.
        case thumbnail
        /// The network, from the start.
        case network
        /// The network, resuming a partial download of `resumedFrom` bytes.
        case resumedNetwork(resumedFrom: Int64)
        /// A file on this machine (a folder feed's, a `file://` URL): what the pipeline's
        /// fetch stage read, said as what it is rather than as the network.
        case file
    }

    /// Whether the thumbnail box shows a placeholder (and so animates).
    public var showsPlaceholder: Bool {
        switch self {
        // A preview shows in the box (`RowViewModel.showsPlaceholder`); without its picture the
        // placeholder stands in.
        case .idle, .loading, .preview: true
        case .loaded, .failed: false
        }
    }

    /// The download progress as a fraction 0...1, when known.
    public var fractionCompleted: Double? {
        switch self {
        case .loading(let completed, let expected?, _) where expected > 0,
            .preview(_, let completed, let expected?) where expected > 0:
            min(1, max(0, Double(completed) / Double(expected)))
        default:
            nil
        }
    }

    /// This state with the download's progress updated; a preview keeps its scan (the loading
    /// phases that follow a preview still show it).
    /// The same state, a load from the fetch stage said as read from a file (for photos whose
    /// bytes are files on this machine).
    public var readFromFile: RowDisplayState {
        switch self {
        case .loaded(.network, let bytes, let duration), .loaded(.resumedNetwork, let bytes, let duration):
            .loaded(source: .file, bytes: bytes, duration: duration)
        default:
            self
        }
    }

    public func updatingProgress(to next: RowDisplayState) -> RowDisplayState {
        guard case .preview(let scan, _, _) = self, case .loading(let completed, let expected, _) = next else {
            return next
        }
        return .preview(scan: scan, completed: completed, expected: expected)
    }
}
