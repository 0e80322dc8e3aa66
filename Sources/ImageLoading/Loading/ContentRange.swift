/// A parsed `Content-Range: bytes first-last/total` (total may be `*`).
struct ContentRange: Sendable, Hashable {
    var first: Int
    var last: Int
    var total: Int?

    init?(_ text: String) {
        let trimmed = text.trimmingSpaces()
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst("bytes ".count)
        let parts = spec.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let bounds = parts[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2, let first = Int(bounds[0]), let last = Int(bounds[1]), first >= 0, last >= first
        else { return nil }
        self.first = first
        self.last = last
        if parts[1] == "*" {
            total = nil
        } else {
            guard let total = Int(parts[1]), total > last else { return nil }
            self.total = total
        }
    }
}
