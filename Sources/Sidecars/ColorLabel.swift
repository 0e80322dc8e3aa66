import FoundationExtras

/// A colour label, by the name written in `xmp:Label` — "Red", "Yellow", "Green", "Blue" as
/// Lightroom and Bridge write them. Any other name a sidecar holds ("Purple", a label set's own
/// word) is kept as it is, read and written back unchanged.
///
/// ```swift
/// ColorLabel.keyed[0]               // .red, key 6
/// ColorLabel(xmpName: "green")      // .green: names compare without regard to case
/// ```
public struct ColorLabel: Hashable, Sendable, CustomStringConvertible {
    /// The name as written in `xmp:Label`.
    public let name: String

    public static let red = ColorLabel(name: "Red")
    public static let yellow = ColorLabel(name: "Yellow")
    public static let green = ColorLabel(name: "Green")
    public static let blue = ColorLabel(name: "Blue")

    /// The labels keys `6`–`9` give, in that order.
    public static let keyed: [ColorLabel] = [.red, .yellow, .green, .blue]

    private init(name: String) {
        self.name = name
    }

    /// The label a sidecar's `xmp:Label` names: one of ``keyed`` whatever its case, else the
    /// name as it is; nil for an empty or blank name (no label).
    public init?(xmpName: String) {
        let trimmed = xmpName.trimmingWhitespace(includingNewlines: true)
        guard !trimmed.isEmpty else { return nil }
        self = Self.keyed.first { $0.name.lowercased() == trimmed.lowercased() } ?? ColorLabel(name: xmpName)
    }

    /// One of the four labels the keys give (not a name only another program writes).
    public var isKeyed: Bool { Self.keyed.contains(self) }

    public var description: String { name }
}
