import FoundationEssentials

/// One entry of `/v2/list` and the body of `/id/{id}/info`, shaped as picsum.photos does.
struct ListedPhoto: Codable, Sendable, Hashable {
    var id: String
    var author: String
    var width: Int
    var height: Int
    var url: String
    var downloadURL: String

    enum CodingKeys: String, CodingKey {
        case id, author, width, height, url
        case downloadURL = "download_url"
    }

    init(_ item: FeedItem, baseURL: String) {
        id = String(item.id)
        author = item.author
        width = item.size.width
        height = item.size.height
        url = "\(baseURL)/id/\(item.id)/info"
        downloadURL = "\(baseURL)/id/\(item.id)/\(item.size.width)/\(item.size.height)"
    }

    func encoded() -> [UInt8] { Self.encode(self) }

    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and integers always encode.
        return (try? Array(encoder.encode(value))) ?? Array("[]".utf8)
    }
}
