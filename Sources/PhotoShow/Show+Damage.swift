import ImageCodecs
import Synchronization
import TerminalText

/// A damaged photo (a copy cut short, a bad sector) is drawn as far as it decodes and said on
/// stderr, never hidden (issue 50): `show` decodes through ``DamageRecordingDecoding``, prints the
/// picture, then one sentence, and the exit status is 1.
extension Show {
    /// One line on `errors` saying that `image` was drawn from a damaged file, how much of it
    /// and why: `photofeed show: cut.jpg: damaged: 64 % decoded (the JPEG data ends before the
    /// image is complete)`.
    static func reportDamage(_ image: String, _ damage: ImageDamage, to errors: any ShowOutput) {
        let line = TextSanitizer.sanitize("photofeed show: \(shown(image)): damaged: \(damage)".replacing("\n", with: " "))
        _ = errors.write(Array((line + "\n").utf8))
    }
}

/// ImageCodecs' decoder with partial decoding on, keeping the damage of the last decode for the
/// caller to say (a picture stored from it would pass for whole, so the picture cache is not
/// written from a damaged decode).
///
/// ```swift
/// let decoder = DamageRecordingDecoding()
/// let decoded = try decoder.decode(bytes, options: DecodingOptions())
/// if let damage = decoder.damage { Show.reportDamage(file, damage, to: errors) }
/// ```
final class DamageRecordingDecoding: PhotoDecoding {
    private let recorded = Mutex<ImageDamage?>(nil)
    /// A camera RAW file's preview, or its sensor data developed (`--raw`).
    let rawRendering: RawRendering

    init(rawRendering: RawRendering = .preview) {
        self.rawRendering = rawRendering
    }

    /// The damage of the last decode, nil when it was whole (or none was made).
    var damage: ImageDamage? { recorded.withLock { $0 } }

    func decode(_ bytes: [UInt8], options: DecodingOptions) throws -> DecodedImage {
        var options = options
        options.allowsPartialDecoding = true
        options.rawRendering = rawRendering
        let decoded = try ImageDecoder.decode(bytes, options: options)
        recorded.withLock { $0 = decoded.damage }
        return decoded
    }

    func decode(_ picture: RawFilePicture, options: DecodingOptions) throws -> DecodedImage {
        var options = options
        options.allowsPartialDecoding = true
        let decoded = try picture.decode(options: options)
        recorded.withLock { $0 = decoded.damage }
        return decoded
    }
}
