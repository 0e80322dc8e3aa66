/// The head of a response: status and header fields.
public struct DataResponseHead: Sendable, Hashable {
    /// The HTTP status (200 for a file).
    public var statusCode: Int
    /// Header fields as received; names compared case-insensitively by `header(_:)`.
    public var headers: [String: String]

    public init(statusCode: Int, headers: [String: String] = [:]) {
        self.statusCode = statusCode
        self.headers = headers
    }

    /// A header field's value (case-insensitive name).
    public func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        return headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// `Content-Length`, when present and sane.
    public var contentLength: Int? {
        guard let text = header("Content-Length")?.trimmingSpaces(),
            let value = Int(text), value >= 0
        else { return nil }
        return value
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (other Unicode spaces too, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)`; line breaks stay): a header field's optional white space.
    func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { !$0.isSpace }), let last = lastIndex(where: { !$0.isSpace }) else { return "" }
        return String(self[first...last])
    }
}

extension Character {
    fileprivate var isSpace: Bool { isWhitespace && !isNewline }
}
