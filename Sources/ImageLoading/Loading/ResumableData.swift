/// Bytes kept from an interrupted download, with the validator that lets the server confirm
/// they still belong to the same representation.
struct ResumableData: Sendable, Hashable {
    /// The bytes received, from offset 0.
    var bytes: [UInt8]
    /// `If-Range` value: a strong ETag, else a Last-Modified date.
    var validator: String

    /// A partial download worth keeping from a response head, or nil: no bytes, a complete body,
    /// or no usable validator (weak ETags cannot be used with `If-Range`).
    init?(bytes: [UInt8], head: DataResponseHead) {
        guard !bytes.isEmpty else { return nil }
        if let total = ResumableData.totalLength(of: head), bytes.count >= total { return nil }
        guard let validator = ResumableData.validator(of: head) else { return nil }
        self.bytes = bytes
        self.validator = validator
    }

    /// The `If-Range` validator a response offers: a strong ETag, else Last-Modified.
    static func validator(of head: DataResponseHead) -> String? {
        if let etag = head.header("ETag")?.trimmingSpaces(), !etag.isEmpty,
            !etag.hasPrefix("W/")
        {
            return etag
        }
        if let lastModified = head.header("Last-Modified")?.trimmingSpaces(),
            !lastModified.isEmpty
        {
            return lastModified
        }
        return nil
    }

    /// The full length of the representation: Content-Range's total for a 206, else Content-Length.
    static func totalLength(of head: DataResponseHead) -> Int? {
        if head.statusCode == 206, let range = head.header("Content-Range").flatMap(ContentRange.init) {
            return range.total
        }
        return head.contentLength
    }
}
