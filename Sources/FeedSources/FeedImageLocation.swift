public import FoundationEssentials

/// Where to load one photo at one thumbnail size, and whether the bytes arrive at that size.
public struct FeedImageLocation: Sendable, Hashable {
    /// The bytes' address; nil when the feed entry was not a usable URL (loading fails with `invalidURL`).
    public var url: URL?
    /// A cache identity that survives a changing host (embedded server on an ephemeral port); nil: the URL.
    public var imageID: String?
    /// True when the source resizes (picsum by path); false when the pipeline must resize locally.
    public var isResizedBySource: Bool

    public init(url: URL?, imageID: String?, isResizedBySource: Bool) {
        self.url = url
        self.imageID = imageID
        self.isResizedBySource = isResizedBySource
    }
}
