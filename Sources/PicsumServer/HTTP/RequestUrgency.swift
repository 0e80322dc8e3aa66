import FoundationExtras

/// How soon a client wants a response, from the `Priority` request header of RFC 9218
/// (Extensible Prioritization Scheme for HTTP): its `u` parameter, 0 (most urgent) to 7
/// (least), 3 when the header is absent or says nothing readable.
///
/// The server orders renders waiting for a slot by it: a screen's visible thumbnails
/// (`u=2` from photofeed's pipeline) before the prefetch behind them (`u=5`), whatever order
/// their requests came in over their separate connections.
///
/// ```swift
/// RequestUrgency(header: "u=5, i").value   // 5
/// RequestUrgency(header: nil).value        // 3
/// RequestUrgency(header: "u=9").value      // 3 (out of range: the default)
/// ```
struct RequestUrgency: Hashable, Sendable, Comparable {
    /// 0…7 (8 for ``background``), lower is sooner.
    let value: Int

    /// RFC 9218's default urgency.
    static let `default` = RequestUrgency(value: 3)
    /// Below every request: work the server chose to do on its own (warming).
    static let background = RequestUrgency(value: 8)

    private init(value: Int) {
        self.value = value
    }

    /// The urgency a `Priority` header value gives. The value is a Structured Fields dictionary
    /// (RFC 8941); the `u` member is read when it is a bare integer 0…7. Other members (`i`),
    /// parameters and anything unreadable are ignored, as RFC 9218 asks.
    init(header: String?) {
        value = Self.urgency(header)
    }

    private static func urgency(_ header: String?) -> Int {
        var urgency = Self.default.value
        guard let header, header.utf8.count <= 256 else { return urgency }
        for member in header.split(separator: ",") {
            // Optional white space is spaces and tabs (RFC 8941 §4.2).
            let item = (member.split(separator: ";", maxSplits: 1).first ?? "").trimming { $0 == " " || $0 == "\t" }
            guard item.hasPrefix("u=") else { continue }
            // A dictionary's last member of a name wins (RFC 8941 §4.2.2); a value out of range
            // or of another type is ignored (RFC 9218 §4.1).
            let digits = item.dropFirst(2)
            if digits.count == 1, let ascii = digits.first?.asciiValue, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(ascii) {
                urgency = Int(ascii - UInt8(ascii: "0"))
            } else {
                urgency = Self.default.value
            }
        }
        return urgency
    }

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
}
