/// Which picture of a camera RAW file is decoded: the largest preview the camera embedded
/// (fast, what the camera showed), or the sensor data developed by LibRaw.
///
/// A file with no preview is developed either way. Developing is at half the sensor's size,
/// within the same pixel and time limits, so it is slower than a preview but never unbounded.
///
/// ```swift
/// var options = DecodingOptions()
/// options.rawRendering = .develop    // IMG_1.CR2's sensor picture, not its preview
/// let image = try ImageDecoder.decode(bytes, options: options)
/// ```
public enum RawRendering: String, Sendable, Hashable, CaseIterable {
    /// The largest embedded preview; the sensor data only where there is none (the default).
    case preview
    /// The sensor data developed, preview or not.
    case develop
}
