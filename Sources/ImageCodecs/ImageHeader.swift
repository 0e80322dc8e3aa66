public import Vocabulary

/// What an image's header says, read without decoding pixels.
public struct ImageHeader: Sendable, Hashable {
    /// The container format.
    public var format: ImageFormat
    /// Size as stored (before EXIF orientation).
    public var storedSize: PixelSize
    /// EXIF orientation (1–8); 1 when absent.
    public var orientation: ExifOrientation
    /// Frames in the file: 1 for a still; for an animation (GIF, WebP, AVIF sequence, JPEG XL)
    /// the frames counted by a bounded walk of the headers (at most 10,000), no pixels decoded.
    public var frameCount: Int
    /// Size as displayed (after EXIF orientation).
    public var size: PixelSize { orientation.swapsAxes ? storedSize.transposed : storedSize }
    /// Whether the file holds more than one frame.
    public var isAnimated: Bool { frameCount > 1 }

    public init(format: ImageFormat, storedSize: PixelSize, orientation: ExifOrientation = .up, frameCount: Int = 1) {
        self.format = format
        self.storedSize = storedSize
        self.orientation = orientation
        self.frameCount = frameCount
    }
}

/// The eight EXIF orientations (tag 0x0112).
public enum ExifOrientation: Int, Sendable, Hashable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Orientations 5–8 exchange width and height.
    public var swapsAxes: Bool { rawValue >= 5 }
}
