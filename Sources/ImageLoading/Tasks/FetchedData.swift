/// What the data stage hands on: the original bytes and how they were obtained.
struct FetchedData: Sendable {
    var bytes: [UInt8]
    var source: ImageResponse.Source
    /// Bytes that came over the loader this time.
    var transferred: Int
    var queued: Duration = .zero
    var fetch: Duration = .zero
}
