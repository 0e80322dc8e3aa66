/// A source of photos for the feed: pages of `FeedPhoto`s, loaded on demand.
///
/// Sources are stateful (they remember which page comes next) and safe to share: concurrent
/// `loadNextPage()` calls never fetch the same page twice. The viewer asks for the next page when
/// the user scrolls within two screens of the end, and shows a "loading more…" row meanwhile.
///
/// ```swift
/// let source = try FeedSourceFactory.source(for: "https://picsum.photos", dataLoader: DataLoader())
/// while await source.hasMore {
///     let page = try await source.loadNextPage()
///     rows.append(contentsOf: page)
/// }
/// ```
public protocol FeedSource: Sendable {
    /// One line for the status bar: "embedded · 127.0.0.1:41893", "picsum.photos",
    /// "~/Pictures (42 photos)", "urls.txt (10)".
    var summary: String { get async }
    /// How many photos the feed holds, when the source knows (nil for remote lists).
    var totalCount: Int? { get async }
    /// Whether another call to `loadNextPage()` may return photos.
    var hasMore: Bool { get async }
    /// Loads the next page; an empty array means the feed has ended.
    ///
    /// Throws a `FeedError`. After a failure the same page is tried again on the next call.
    func loadNextPage() async throws -> [FeedPhoto]
    /// One step toward the next page: the page itself, or a step of reading the source's index
    /// with a provisional first page (``FeedStep``). Bounded in time, so a viewer stays live
    /// while a huge folder is listed. The default gives ``loadNextPage()``'s page.
    func nextStep() async throws -> FeedStep
}
