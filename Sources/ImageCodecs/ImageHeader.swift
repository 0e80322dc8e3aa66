/// What an image's header says, read without decoding pixels.
public struct ImageHeader: Sendable, Hashable {
    /// The container format.
    public var format: ImageFormat
    /// Size as stored (before EXIF orientation).
    public var storedSize: PixelSize
    /// EXIF orientation (1–8); 1 when absent.
    public var orientation: ExifOrientation
    /// Size as displayed (after EXIF orientation).
    public var size: PixelSize { orientation.swapsAxes ? storedSize.transposed : storedSize }

    public init(format: ImageFormat, storedSize: PixelSize, orientation: ExifOrientation = .up) {
        self.format = format
        self.storedSize = storedSize
        self.orientation = orientation
    }
}

/// The eight EXIF orientations (tag 0x0112).
public enum ExifOrientation: Int, Sendable, Hashable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Orientations 5–8 exchange width and height.
    public var swapsAxes: Bool { rawValue >= 5 }
}
