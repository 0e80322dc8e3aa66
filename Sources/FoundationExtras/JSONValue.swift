import FoundationEssentials

/// Any JSON text as a value, decoded with `JSONDecoder`: what `JSONSerialization.jsonObject`
/// gave, without Foundation (a number keeps its text's value as a `Double`, and as an `Int64`
/// when it is a whole number that fits).
///
/// ```swift
/// let value = try JSONValue.parse(Array(#"[{"id": "7", "width": 640}]"#.utf8))
/// value.array?.first?["width"]?.int   // 640
/// ```
public enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses `bytes` (any JSON value at the top, not only an array or object).
    public static func parse(_ bytes: some Collection<UInt8>) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The array's elements, nil for anything else.
    public var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The object's members, nil for anything else.
    public var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The string, nil for anything else.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number that is a whole `Int64` (`3` or `3.0`), nil for anything else.
    public var int64: Int64? {
        switch self {
        case .integer(let value): value
        case .number(let value): value.rounded() == value && abs(value) < 9.2e18 ? Int64(value) : nil
        default: nil
        }
    }

    /// ``int64`` as an `Int`.
    public var int: Int? { int64.map { Int(truncatingIfNeeded: $0) } }

    /// Any number as a `Double`, nil for anything else.
    public var double: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// A member of an object, nil for anything else or a missing key.
    public subscript(key: String) -> JSONValue? { object?[key] }

    /// The value as compact JSON-like text for messages: strings bare, numbers as written.
    public var text: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .string(let value): value
        case .array(let elements): "[" + elements.map(\.text).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.text)" }.joined(separator: ", ") + "}"
        }
    }
}
