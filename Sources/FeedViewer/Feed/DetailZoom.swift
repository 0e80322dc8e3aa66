public import Vocabulary

/// How the photo view shows its photo: fitted (the default), or zoomed by a factor of the
/// fitted size and panned. Pure: every size here is in the picture backend's pixels (block
/// art's sub-cell pixels, or the terminal's) or in the upright original's pixels.
///
/// A zoomed view asks for only the part of the original it shows (``view(in:)``'s region), at
/// the size it is drawn: the decoder reads just that part (`ImageProcessor.crop`).
///
/// ```swift
/// var zoom = DetailZoom()
/// let space = DetailZoom.Space(image: PixelSize(width: 5312, height: 2988), fit: PixelSize(width: 200, height: 112),
///                              view: PixelSize(width: 200, height: 150))
/// zoom.step(.actual, in: space)      // one original pixel per view pixel
/// zoom.view(in: space).region        // the 200×150 in the middle of the photo
/// ```
public struct DetailZoom: Hashable, Sendable {
    /// Times the fitted size (1: fitted).
    public private(set) var factor: Double = 1
    /// The original's point at the view's centre (nil: the photo's centre).
    public private(set) var centerX: Double?
    public private(set) var centerY: Double?

    /// A zoom step (`+`, `-`, `=`, `w`, `W`, Ctrl + wheel).
    public enum Step: Hashable, Sendable {
        /// Half as large again, or back (about the view's centre).
        case zoomIn, zoomOut
        /// One original pixel to one view pixel (`=`; again: fitted).
        case actual
        /// The whole photo in the view.
        case fit
        /// The view covered, the photo cut at its longer sides.
        case fill
    }

    /// The sizes a zoom works in.
    public struct Space: Hashable, Sendable {
        /// The upright original.
        public var image: PixelSize
        /// The whole photo fitted in the view (the backend's pixels).
        public var fit: PixelSize
        /// The view (the backend's pixels).
        public var view: PixelSize

        public init(image: PixelSize, fit: PixelSize, view: PixelSize) {
            self.image = image
            self.fit = fit
            self.view = view
        }

        /// View pixels per original pixel when fitted, across and down.
        var fitScale: (x: Double, y: Double) {
            (Double(max(1, fit.width)) / Double(max(1, image.width)), Double(max(1, fit.height)) / Double(max(1, image.height)))
        }
    }

    /// What a zoomed view shows: the part of the original, and the size it is drawn at.
    public struct View: Hashable, Sendable {
        public var region: PixelRect
        public var output: PixelSize
    }

    /// Each `+` zooms by this much.
    public static let stepFactor = 1.5
    /// The most: four view pixels per original pixel.
    public static let maxPixelScale = 4.0

    /// A fitted view.
    public init() {}

    /// Whether the whole photo is shown fitted.
    public var isFitted: Bool { factor <= 1 }

    /// View pixels per original pixel, across and down.
    func scale(in space: Space) -> (x: Double, y: Double) {
        let fit = space.fitScale
        return (fit.x * factor, fit.y * factor)
    }

    /// The factor that shows the original pixel for pixel.
    func actualFactor(in space: Space) -> Double { 1 / space.fitScale.x }

    /// The largest factor.
    func maxFactor(in space: Space) -> Double { max(1, Self.maxPixelScale * actualFactor(in: space)) }

    /// Takes `step` in `space` (about the view's centre).
    public mutating func step(_ step: Step, in space: Space) {
        switch step {
        case .zoomIn: factor = min(maxFactor(in: space), factor * Self.stepFactor)
        case .zoomOut: factor = max(1, factor / Self.stepFactor)
        case .actual:
            let actual = max(1, actualFactor(in: space))
            factor = abs(factor - actual) < 0.001 ? 1 : actual
        case .fit: factor = 1
        case .fill:
            let fill = max(
                Double(space.view.width) / Double(max(1, space.fit.width)), Double(space.view.height) / Double(max(1, space.fit.height)))
            factor = min(maxFactor(in: space), max(1, fill))
        }
        if isFitted {
            centerX = nil
            centerY = nil
        } else {
            clampCenter(in: space)
        }
    }

    /// Moves the view by `dx`, `dy` views (a quarter with h/j/k/l), stopping at the photo's edges.
    public mutating func pan(dx: Double, dy: Double, in space: Space) {
        guard !isFitted else { return }
        let scale = scale(in: space)
        let center = currentCenter(in: space)
        centerX = center.x + dx * Double(space.view.width) / scale.x
        centerY = center.y + dy * Double(space.view.height) / scale.y
        clampCenter(in: space)
    }

    /// Moves the view by `columns` × `rows` of cells of `cellPixels` (a drag: the photo follows the mouse).
    public mutating func drag(columns: Int, rows: Int, cellPixels: PixelSize, in space: Space) {
        guard space.view.width > 0, space.view.height > 0 else { return }
        pan(
            dx: -Double(columns * cellPixels.width) / Double(space.view.width),
            dy: -Double(rows * cellPixels.height) / Double(space.view.height), in: space)
    }

    /// The part of the original the view shows and the size it is drawn at.
    public func view(in space: Space) -> View {
        let image = space.image
        guard !isFitted, !image.isEmpty else {
            return View(region: PixelRect(x: 0, y: 0, width: image.width, height: image.height), output: space.fit)
        }
        let scale = scale(in: space)
        let width = min(Double(image.width), Double(space.view.width) / scale.x)
        let height = min(Double(image.height), Double(space.view.height) / scale.y)
        let center = currentCenter(in: space)
        let x = min(max(0, Int((center.x - width / 2).rounded(.down))), image.width - 1)
        let y = min(max(0, Int((center.y - height / 2).rounded(.down))), image.height - 1)
        let region = PixelRect(
            x: x, y: y, width: max(1, min(image.width - x, Int(width.rounded(.up)))),
            height: max(1, min(image.height - y, Int(height.rounded(.up)))))
        let output = PixelSize(
            width: max(1, min(space.view.width, Int((Double(region.width) * scale.x).rounded()))),
            height: max(1, min(space.view.height, Int((Double(region.height) * scale.y).rounded()))))
        return View(region: region, output: output)
    }

    /// "fit", or the share of original pixels shown ("100%", "250%").
    public func label(in space: Space) -> String {
        isFitted ? "fit" : "\(Int((scale(in: space).x * 100).rounded()))%"
    }

    private func currentCenter(in space: Space) -> (x: Double, y: Double) {
        (centerX ?? Double(space.image.width) / 2, centerY ?? Double(space.image.height) / 2)
    }

    /// Keeps the view inside the photo.
    private mutating func clampCenter(in space: Space) {
        let scale = scale(in: space)
        let halfWidth = min(Double(space.image.width), Double(space.view.width) / scale.x) / 2
        let halfHeight = min(Double(space.image.height), Double(space.view.height) / scale.y) / 2
        let center = currentCenter(in: space)
        centerX = min(max(halfWidth, center.x), Double(space.image.width) - halfWidth)
        centerY = min(max(halfHeight, center.y), Double(space.image.height) - halfHeight)
    }
}
