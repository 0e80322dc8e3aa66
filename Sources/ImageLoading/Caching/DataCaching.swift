/// A persistent store of original image bytes, keyed by URL string, with the HTTP freshness and
/// validators of the response that brought them.
///
/// Implement `data(for:)` / `store(_:for:)` only and the entries carry no freshness (always
/// fresh); implement `cachedData(for:)` / `store(_:for:)` with `CachedData` too to take part in
/// HTTP revalidation, as `DiskCache` does.
public protocol DataCaching: Sendable {
    /// The bytes stored for `key`; nil when absent or damaged (a damaged entry is dropped).
    func data(for key: String) async -> [UInt8]?
    /// Stores bytes for `key`, replacing any entry.
    func store(_ data: [UInt8], for key: String) async
    /// The entry for `key` with its freshness; nil when absent or damaged.
    func cachedData(for key: String) async -> CachedData?
    /// Stores an entry with its freshness, replacing any entry.
    func store(_ entry: CachedData, for key: String) async
    func removeData(for key: String) async
    func removeAll() async
}

extension DataCaching {
    public func cachedData(for key: String) async -> CachedData? {
        await data(for: key).map { CachedData(bytes: $0) }
    }

    public func store(_ entry: CachedData, for key: String) async {
        await store(entry.bytes, for: key)
    }
}
