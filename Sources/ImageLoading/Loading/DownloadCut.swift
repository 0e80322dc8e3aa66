/// A download that ended early for good: the bytes that arrived of how many were announced.
struct DownloadCut: Sendable, Hashable {
    var received: Int
    var expected: Int?

    /// "the download ended after 6144 of 10240 bytes", the reason a damaged picture gives.
    var reason: String {
        guard let expected else { return "the download ended after \(received) bytes" }
        return "the download ended after \(received) of \(expected) bytes"
    }
}

