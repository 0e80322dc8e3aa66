/// Every graphics protocol photofeed speaks, in the order `--graphics`'s help lists them: the
/// one list that parsing, help, the automatic choice and the benchmarks read.
///
/// ```swift
/// GraphicsProtocols.named("sixel")?.summary
/// GraphicsProtocols.all.map(\.name)   // ["kitty", "kitty-placeholders", "sixel", "iterm"]
/// ```
public enum GraphicsProtocols {
    /// Every protocol.
    public static let all: [any GraphicsProtocol] = [
        KittyDirectGraphics(),
        KittyPlaceholderGraphics(),
        SixelGraphics(),
        ITermInlineGraphics(),
    ]

    /// The protocol `name` (as `--graphics` takes it, case ignored), or nil.
    public static func named(_ name: String) -> (any GraphicsProtocol)? {
        let name = name.lowercased()
        return all.first { $0.name == name }
    }

    /// Every protocol's name, for messages: "kitty, kitty-placeholders, sixel or iterm".
    public static var names: String {
        let names = all.map(\.name)
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// Each protocol's name and summary, for `--graphics`'s help.
    public static var help: String {
        all.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ")
    }
}
