import ImageCodecs

/// How `show` decodes a photo's bytes: ``LivePhotoDecoding`` (ImageCodecs), or in tests one that
/// counts the decodes (a picture stored from the pixels decoded for the output costs none more).
///
/// ```swift
/// let decoded = try LivePhotoDecoding().decode(bytes, options: DecodingOptions(targetSize: target))
/// ```
protocol PhotoDecoding: Sendable {
    /// The decoded image of `bytes`, as ``ImageDecoder/decode(_:options:)`` gives it.
    func decode(_ bytes: [UInt8], options: DecodingOptions) throws -> DecodedImage
    /// The decoded picture of a camera RAW file read from the open file, as
    /// ``RawFilePicture/decode(options:)`` gives it.
    func decode(_ picture: RawFilePicture, options: DecodingOptions) throws -> DecodedImage
    /// Which picture of a camera RAW file it decodes (`--raw`); its header is probed for that one.
    var rawRendering: RawRendering { get }
}

extension PhotoDecoding {
    var rawRendering: RawRendering { .preview }

    func decode(_ picture: RawFilePicture, options: DecodingOptions) throws -> DecodedImage {
        try picture.decode(options: options)
    }
}

/// ImageCodecs' decoder.
struct LivePhotoDecoding: PhotoDecoding {
    func decode(_ bytes: [UInt8], options: DecodingOptions) throws -> DecodedImage {
        try ImageDecoder.decode(bytes, options: options)
    }
}
