/// The shape of one terminal cell, width to height: what block art needs to draw a photo at its
/// true proportions.
///
/// Its words: `W:H` where `--cell-aspect` and the config key `cell-aspect` name it, and where
/// `--probe` reports it. The default, ``standard``, is 1:2 (cells twice as tall as wide: the
/// VGA font's 8×16 and most terminal fonts near enough); a terminal that reports its cell size
/// in pixels gives its own (8×19 pixels is 8:19).
///
/// ```swift
/// CellAspect(argument: "8:19")          // 8:19
/// CellAspect(argument: "8:19")?.ratio   // 2.375 (height ÷ width)
/// CellAspect(cell: PixelSize(width: 10, height: 22))?.description   // "10:22"
/// CellAspect.standard.ratio             // 2
/// ```
public struct CellAspect: Hashable, Sendable, CustomStringConvertible {
    /// The cell's width, in any unit shared with ``height``.
    public let width: Double
    /// The cell's height, in the unit of ``width``.
    public let height: Double

    /// 1:2, used when neither the user nor the terminal says otherwise.
    public static let standard = CellAspect(checkedWidth: 1, height: 2)

    /// The proportions believed, as height ÷ width: from a cell twice as wide as tall to one four
    /// times as tall as wide. Terminal fonts fall well inside (about 1.2 to 2.6); a report or a
    /// flag outside is nonsense, not a font.
    public static let believedRatios = 0.5...4.0

    /// A cell `width` wide and `height` tall, when both are positive and finite and their ratio
    /// is within ``believedRatios``; nil otherwise.
    public init?(width: Double, height: Double) {
        guard width.isFinite, height.isFinite, width > 0, height > 0,
            Self.believedRatios.contains(height / width)
        else { return nil }
        self.width = width
        self.height = height
    }

    /// The shape of a cell of `cell` pixels, when believable (``init(width:height:)``).
    public init?(cell: PixelSize) {
        self.init(width: Double(cell.width), height: Double(cell.height))
    }

    /// The aspect `W:H` names (`1:2`, `8:19`, `0.5:1`), when both are positive numbers and the
    /// shape is believable; nil otherwise.
    public init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return nil }
        self.init(width: width, height: height)
    }

    private init(checkedWidth width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Height ÷ width: how many cell widths one cell is tall (block art's `cellAspect`).
    public var ratio: Double { height / width }

    /// `W:H`, each side without a fraction when it has none (`8:19`, `1:2.2`).
    public var description: String { "\(Self.word(width)):\(Self.word(height))" }

    private static func word(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
