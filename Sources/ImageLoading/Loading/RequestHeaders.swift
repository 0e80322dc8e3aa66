public import FoundationEssentials

/// Header fields the user gave for one server (`--header`): sent to its origin only, never to
/// another host, not even after a redirect, and never shown in full.
///
/// ``headers(for:)`` is the one way to get them for a request: it answers for a URL of the
/// origin and is empty for any other. ``redact(_:)`` takes every value out of a text (an error
/// message) before it is shown or logged; ``description`` names the fields with their values
/// hidden (`Authorization: ***`).
///
/// ```swift
/// let headers = try RequestHeaders(
///     origin: URL(string: "https://photos.example")!, fields: [("Authorization", "Bearer s3cret")])
/// headers.headers(for: URL(string: "https://photos.example/id/1/64/64")!)   // [("Authorization", "Bearer s3cret")]
/// headers.headers(for: URL(string: "https://cdn.example/1.jpg")!)           // []
/// headers.description                                                      // "Authorization: ***"
/// ```
public struct RequestHeaders: Sendable, Hashable, CustomStringConvertible {
    /// One header field.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String

        /// A field (not checked: ``RequestHeaders/init(origin:fields:)`` checks).
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Why a field was refused, naming it (never its value).
    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// The origin the fields go to (nil: none, the fields go nowhere).
    public let origin: HTTPOrigin?
    /// The fields, in the order given.
    public let fields: [Field]

    /// No headers.
    public static let none = RequestHeaders(checkedOrigin: nil, fields: [])

    private init(checkedOrigin: HTTPOrigin?, fields: [Field]) {
        self.origin = checkedOrigin
        self.fields = fields
    }

    /// Fields for the origin of `origin` (an http(s) URL); throws when the URL has no such
    /// origin or a field is not a valid header (``validate(name:value:)``).
    public init(origin url: URL, fields: [(String, String)]) throws(Invalid) {
        guard let origin = HTTPOrigin(url) else {
            throw Invalid("headers need an http(s) URL to go to (got \(url.absoluteString))")
        }
        var checked: [Field] = []
        for (name, value) in fields {
            try Self.validate(name: name, value: value)
            checked.append(Field(name: name, value: value))
        }
        self.init(checkedOrigin: origin, fields: checked)
    }

    /// Whether there are none.
    public var isEmpty: Bool { fields.isEmpty }

    /// The fields to send with a request for `url`: all of them for a URL of the origin, none for any other.
    public func headers(for url: URL) -> [(name: String, value: String)] {
        guard let origin, !fields.isEmpty, HTTPOrigin(url) == origin else { return [] }
        return fields.map { (name: $0.name, value: $0.value) }
    }

    /// `text` with every field's value replaced by `***` (for error messages and logs).
    public func redact(_ text: String) -> String {
        // Longest first: a value that contains another is replaced whole.
        let values = Set(fields.map(\.value).filter { !$0.isEmpty }).sorted { $0.count > $1.count }
        return values.reduce(text) { $0.replacing($1, with: "***") }
    }

    /// The fields with their values hidden: `Authorization: ***, X-Api-Key: ***`.
    public var description: String {
        fields.map { "\($0.name): ***" }.joined(separator: ", ")
    }

    /// Checks one field: the name is an HTTP token (letters, digits and ``!#$%&'*+-.^_`|~``),
    /// the value has no line breaks or other control characters but tabs. The error names the
    /// field and never quotes its value.
    public static func validate(name: String, value: String) throws(Invalid) {
        guard !name.isEmpty else { throw Invalid("a header needs a name before its colon") }
        if let refused = name.unicodeScalars.first(where: { !isTokenCharacter($0) }) {
            // The name is not quoted: a value written without its colon ("Authorization Bearer
            // s3cret:x") puts the secret before the first colon.
            throw Invalid(
                "a header's name (before its first colon) may hold only letters, digits and !#$%&'*+-.^_`|~, "
                    + "and this one holds \(describe(refused)): write it 'Name: value'")
        }
        guard !value.unicodeScalars.contains(where: { $0 != "\t" && ($0.value < 0x20 || $0.value == 0x7F) }) else {
            throw Invalid("header \(name): its value may not hold line breaks or control characters")
        }
    }

    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~": true
        default: false
        }
    }

    /// The character a name was refused for, in words: "a space", "'/'", "U+00E9".
    private static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case " ": "a space"
        case "\t": "a tab"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: "a control character"
        case _ where scalar.isASCII: "'\(scalar)'"
        default: "a character outside ASCII"
        }
    }
}
