import FoundationExtras
import ImageLoading
import TerminalText

/// What `photofeed prefetch` loaded: one item per image and the totals, as lines or JSON.
struct PrefetchSummary: Encodable {
    var feed: String
    var cacheDirectory: String
    var count: Int
    var ok = 0
    var failed = 0
    var sources: [String: Int] = [:]
    var bytes = 0
    var bytesTransferred = 0
    var elapsedMs = 0
    var images: [Item] = []

    /// One image: where it came from and how big it was, or why it failed.
    struct Item: Encodable {
        var id: String
        var status: String
        var source: String?
        var bytes: Int
        var bytesTransferred: Int
        var ms: Int
        var error: String?

        init(id: String, response: ImageResponse) {
            self.id = id
            status = "ok"
            switch response.source {
            case .networkResumed: source = "resumed"
            default: source = response.source.description
            }
            bytes = response.byteCount
            bytesTransferred = response.bytesTransferred
            ms = Int((response.timings.total / .milliseconds(1)).rounded())
            error = nil
        }

        /// A failure after `elapsed` (from the image's start to its failure, retries included).
        init(id: String, error: any Error, elapsed: Duration) {
            self.id = id
            status = "failed"
            source = nil
            bytes = 0
            bytesTransferred = 0
            ms = Int((elapsed / .milliseconds(1)).rounded())
            self.error = (error as? ImageLoadError)?.description ?? String(describing: error)
        }

        var line: String {
            // The id is made safe before it is padded: padding first cut a hostile id inside its
            // escape sequence, which then swallowed the rest of the line.
            let idText = ("#" + TextSanitizer.sanitize(id)).padded(toLength: 7)
            if let error { return "\(idText) failed  \(error) (after \(ms) ms)" }
            let sourceText = (source ?? "").padded(toLength: 26)
            return "\(idText) ok      \(sourceText) \(String(bytes).leftPadded(9)) B \(String(ms).leftPadded(6)) ms"
        }
    }

    mutating func add(_ item: Item) {
        images.append(item)
        guard let source = item.source else {
            failed += 1
            return
        }
        ok += 1
        sources[source, default: 0] += 1
        bytes += item.bytes
        bytesTransferred += item.bytesTransferred
    }

    var line: String {
        let order = ["network", "resumed", "disk", "memory"]
        let sourceText = order.filter { sources[$0] != nil }.map { "\($0) \(sources[$0] ?? 0)" }.joined(separator: ", ")
        return "prefetched \(count) images: \(ok) ok, \(failed) failed · \(sourceText.isEmpty ? "no sources" : sourceText)"
            + " · \(bytes / 1024) KB (\(bytesTransferred / 1024) KB transferred) · \(elapsedMs) ms · cache \(cacheDirectory)"
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
