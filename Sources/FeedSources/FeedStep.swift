/// What one step toward the next page gave: the page, or, for a source that reads an index
/// before its first page (a folder's names), how far the reading got and the photos that would
/// come first among what it has read so far.
///
/// A viewer shows a listing step's photos as provisional rows (a huge folder shows its first
/// screen before it is fully listed) and asks for the next step at once; the page that ends
/// the listing replaces them.
///
/// ```swift
/// switch try await source.nextStep() {
/// case .page(let photos): rows.append(contentsOf: photos)
/// case .listing(let progress): provisionalRows = progress.photos   // "listing… 65,536 files"
/// }
/// ```
public enum FeedStep: Sendable {
    /// The next page (empty: the feed ended).
    case page([FeedPhoto])
    /// The index is still being read.
    case listing(FeedListingProgress)
}

/// A source part-way through reading its index.
public struct FeedListingProgress: Sendable {
    /// The photos that come first among the names read so far (the real first page may differ).
    public var photos: [FeedPhoto]
    /// Names read so far.
    public var filesSoFar: Int
    /// Files checked so far, for an order that needs every file's key (a folder sorted by date:
    /// "checking 1,024 of 200,000"); 0 while the names are read, and for a source that checks
    /// files page by page.
    public var filesChecked: Int

    /// Creates a progress report.
    public init(photos: [FeedPhoto], filesSoFar: Int, filesChecked: Int = 0) {
        self.photos = photos
        self.filesSoFar = filesSoFar
        self.filesChecked = filesChecked
    }
}

extension FeedSource {
    /// A page at every step: sources without an index to read first.
    public func nextStep() async throws -> FeedStep { .page(try await loadNextPage()) }
}
