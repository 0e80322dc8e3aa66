/// The state of one image load, as a row shows it.
public enum ImagePhase: Sendable, CustomStringConvertible {
    /// Not started (the row is not visible yet).
    case idle
    /// Started; bytes completed so far and expected.
    case loading(LoadProgress)
    /// Still loading, and a progressive JPEG's scans so far show the image already (processed
    /// like the final one). Baseline JPEGs and PNGs never have this phase. Loading goes on:
    /// `loading` phases may follow, and the preview stays the best picture until `success`.
    case preview(ImagePreview)
    /// The image and where it came from.
    case success(ImageResponse)
    /// A typed, human-readable failure. Cancellation never shows up here.
    case failure(ImageLoadError)

    /// True for `success` and `failure`.
    public var isTerminal: Bool {
        switch self {
        case .success, .failure: true
        case .idle, .loading, .preview: false
        }
    }

    /// The preview, while a progressive JPEG shows its scans so far.
    public var preview: ImagePreview? {
        if case .preview(let preview) = self { preview } else { nil }
    }

    /// The response, when successful.
    public var response: ImageResponse? {
        if case .success(let response) = self { response } else { nil }
    }

    /// The error, when failed.
    public var error: ImageLoadError? {
        if case .failure(let error) = self { error } else { nil }
    }

    public var description: String {
        switch self {
        case .idle: "idle"
        case .loading(let progress): "loading(\(progress))"
        case .preview(let preview): "preview(\(preview))"
        case .success(let response): "success(\(response.source))"
        case .failure(let error): "failure(\(error))"
        }
    }
}

/// Bytes received so far and, when the server said, the total.
///
/// ```swift
/// let progress = LoadProgress(completed: 120_000, total: 280_000)
/// progress.fraction // 0.43
/// ```
public struct LoadProgress: Sendable, Hashable, CustomStringConvertible {
    /// Bytes of the image received (including resumed bytes kept from an earlier attempt).
    public var completed: Int
    /// The full size, when known.
    public var total: Int? {
        get { storedTotal < 0 ? nil : storedTotal }
        set { storedTotal = newValue.map { max(0, $0) } ?? -1 }
    }
    /// Bytes kept from an interrupted download that this one resumed from (nil: it started
    /// from the beginning), so a view can say "resumed at 60%" without matching URLs.
    public var resumedFrom: Int? {
        get { storedResumedFrom < 0 ? nil : storedResumedFrom }
        set { storedResumedFrom = newValue.map { max(0, $0) } ?? -1 }
    }
    // Stored without optionals (-1: none). With `Int?` fields this struct makes `ImagePhase`
    // hit a Swift 6.3 runtime bug on Linux: the first resumption of a task waiting on an
    // `AsyncStream<ImagePhase>` after the stream finished or the task was cancelled spins
    // forever in the generic-metadata cache (see FeedViewerTests' StreamEndingTests).
    private var storedTotal: Int
    private var storedResumedFrom: Int

    public init(completed: Int = 0, total: Int? = nil, resumedFrom: Int? = nil) {
        self.completed = completed
        self.storedTotal = total.map { max(0, $0) } ?? -1
        self.storedResumedFrom = resumedFrom.map { max(0, $0) } ?? -1
    }

    /// Completed over total, in 0...1; nil when the total is unknown.
    public var fraction: Double? {
        guard let total, total > 0 else { return nil }
        return min(1, Double(completed) / Double(total))
    }

    public var description: String {
        if let total { "\(completed)/\(total)" } else { "\(completed)" }
    }
}
