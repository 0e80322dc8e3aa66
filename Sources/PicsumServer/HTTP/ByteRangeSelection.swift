/// What a `Range` header selects from a representation of `length` bytes (RFC 9110 §14).
///
/// ```swift
/// ByteRangeSelection("bytes=0-99", length: 1000)   // .partial(0...99)
/// ByteRangeSelection("bytes=-10", length: 1000)    // .partial(990...999)
/// ByteRangeSelection("bytes=5000-", length: 1000)  // .unsatisfiable
/// ```
enum ByteRangeSelection: Sendable, Hashable {
    /// No (usable) range: send the whole representation with 200.
    case full
    /// One satisfiable range: send exactly these bytes with 206.
    case partial(ClosedRange<Int>)
    /// No byte of the range exists: 416 with `Content-Range: bytes */length`.
    case unsatisfiable

    /// Parses `header` against `length`. Malformed headers, other units and multi-range
    /// requests select the full representation, as RFC 9110 allows.
    init(_ header: String?, length: Int) {
        guard let header else { self = .full; return }
        let trimmed = header.trimmingWhitespace
        guard trimmed.lowercased().hasPrefix("bytes=") else { self = .full; return }
        let spec = trimmed.dropFirst("bytes=".count).trimmingWhitespace
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { self = .full; return }
        let first = spec[..<dash].trimmingWhitespace
        let last = spec[spec.index(after: dash)...].trimmingWhitespace

        if first.isEmpty {
            // Suffix range: the last n bytes.
            guard let suffix = Int(last), suffix >= 0 else { self = .full; return }
            guard suffix > 0, length > 0 else { self = .unsatisfiable; return }
            self = .partial(max(0, length - suffix)...(length - 1))
            return
        }
        guard let start = Int(first), start >= 0 else { self = .full; return }
        var end = length - 1
        if !last.isEmpty {
            guard let value = Int(last), value >= start else { self = .full; return }
            end = min(value, length - 1)
        }
        guard start < length else { self = .unsatisfiable; return }
        self = .partial(start...end)
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
