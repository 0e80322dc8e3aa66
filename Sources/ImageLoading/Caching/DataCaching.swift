/// A persistent store of original image bytes, keyed by URL string.
public protocol DataCaching: Sendable {
    /// The bytes stored for `key`; nil when absent or damaged (a damaged entry is dropped).
    func data(for key: String) async -> [UInt8]?
    /// Stores bytes for `key`, replacing any entry.
    func store(_ data: [UInt8], for key: String) async
    func removeData(for key: String) async
    func removeAll() async
}
