/// Identifies one encoded image: which id, at which size, with which effects.
struct RepresentationKey: Sendable, Hashable, CustomStringConvertible {
    var id: Int
    var options: ImageOptions

    var description: String {
        "id \(id) \(options.width)×\(options.height)\(options.grayscale ? " gray" : "")\(options.blur > 0 ? " blur \(options.blur)" : "")"
    }
}
