import ImageCodecs
public import Vocabulary

/// The most pixels one picture may be asked for, whatever the terminal says about its cells or
/// the user about the width: a 4K screen's worth (3840×2160, 8,294,400 pixels, 33 MB as RGBA),
/// and at most 8192 on either side. Sizes over it are scaled down, keeping their aspect.
///
/// ```swift
/// PixelBudget.clamp(PixelSize(width: 128_000, height: 64_000))   // 4073×2036
/// ```
public enum PixelBudget {
    /// The most pixels in one picture.
    public static let maximumPixels = 3840 * 2160
    /// The longest side.
    public static let maximumSide = 8192

    /// `size`, scaled down (aspect kept) to fit the budget.
    public static func clamp(_ size: PixelSize) -> PixelSize {
        let width = max(1, size.width), height = max(1, size.height)
        var scale = min(1, Double(maximumSide) / Double(max(width, height)))
        let area = Double(width) * Double(height) * scale * scale
        if area > Double(maximumPixels) { scale *= (Double(maximumPixels) / area).squareRoot() }
        guard scale < 1 else { return PixelSize(width: width, height: height) }
        return PixelSize(width: max(1, Int(Double(width) * scale)), height: max(1, Int(Double(height) * scale)))
    }
}
