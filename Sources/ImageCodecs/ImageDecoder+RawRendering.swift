extension ImageDecoder {
    /// ``probe(_:)`` for the picture `rawRendering` shows: a camera RAW file's developed size
    /// (half the sensor's, upright) with ``RawRendering/develop``; any other file as ``probe(_:)``.
    ///
    /// ```swift
    /// let developed = try ImageDecoder.probe(bytes, rawRendering: .develop)
    /// ```
    public static func probe(_ bytes: [UInt8], rawRendering: RawRendering) throws -> ImageHeader {
        guard rawRendering == .develop, ImageFormat.sniff(bytes) == .raw else { return try probe(bytes) }
        return try RawPreviewDecoding.probe(bytes, maxPixels: DecodingOptions.defaultMaxPixels, rendering: .develop)
    }
}
