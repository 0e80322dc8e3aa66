import FoundationEssentials
import FoundationExtras
import Vocabulary

/// Decodes a picsum `/v2/list` body defensively, field by field.
///
/// The body must be a JSON array. Each entry needs an `id` (string or integer); entries without one
/// are skipped. A missing or mistyped `author` becomes "unknown"; a missing, mistyped or absurd
/// `width`/`height` leaves the size unknown. A non-empty page with no usable entry is an error.
enum PicsumListDecoder {
    struct Entry: Sendable, Hashable {
        var id: String
        var author: String
        var size: PixelSize?
        /// The photo's page (picsum's `url`: where it was published), http(s) only.
        var page: URL?
    }

    /// Longest id or author kept, in characters (the rest is cut).
    static let maxTextLength = 256
    /// Largest side accepted as a real photo size.
    static let maxSide = 1 << 16

    static func decode(_ bytes: [UInt8]) throws -> [Entry] {
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes)
        } catch {
            throw FeedError.malformedList("not JSON (\(bytes.count) bytes)")
        }
        guard let array = json.array else {
            throw FeedError.malformedList("expected a JSON array of photos, got \(typeName(json))")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(array.count)
        for element in array {
            guard let object = element.object, let id = identifier(object["id"]) else { continue }
            let author = object["author"]?.string.map { String($0.prefix(maxTextLength)) } ?? "unknown"
            entries.append(
                Entry(id: id, author: author, size: size(object["width"], object["height"]), page: page(object["url"])))
        }
        if entries.isEmpty, !array.isEmpty {
            throw FeedError.malformedList("none of the \(array.count) entries has a usable id")
        }
        return entries
    }

    private static func identifier(_ value: JSONValue?) -> String? {
        let text: String
        switch value {
        case .string(let string): text = string
        case .integer, .number:
            guard let int = value?.int else { return nil }
            text = String(int)
        default: return nil
        }
        let trimmed = text.trimmingWhitespace(includingNewlines: true)
        guard !trimmed.isEmpty, trimmed.count <= maxTextLength else { return nil }
        return trimmed
    }

    /// An http(s) URL of at most 2,048 characters with a host; anything else is no page.
    private static func page(_ value: JSONValue?) -> URL? {
        guard let text = value?.string, text.count <= 2_048, let url = URL(string: text),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }

    private static func size(_ width: JSONValue?, _ height: JSONValue?) -> PixelSize? {
        guard let width = side(width), let height = side(height) else { return nil }
        return PixelSize(width: width, height: height)
    }

    private static func side(_ value: JSONValue?) -> Int? {
        guard let int = value?.int, (1...maxSide).contains(int)
        else { return nil }
        return int
    }

    private static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .object: "an object"
        case .string: "a string"
        case .integer, .number: "a number"
        case .null: "null"
        default: "something else"
        }
    }
}
