import Foundation
import ImageCodecs
import Testing

/// The files, the kinds of damage and the expected outcomes of ``MadeDamageTests``.
enum MadeDamage {
    static let partial = DecodingOptions(allowsPartialDecoding: true)

    /// A small file of one format: from Assets/formats, Assets/photos, or the interlaced and tiled
    /// variants in Tests/CodecFixtures/conformance/made-damage (ImageMagick from upright.png).
    struct Source: Sendable, CustomTestStringConvertible {
        var name: String
        var directory: URL
        var testDescription: String { name }

        func bytes() throws -> [UInt8] {
            [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
        }
    }

    static let madeDirectory = ConformanceSuite.root.appendingPathComponent("made-damage")
    static let photosDirectory = TestAssets.directory

    static let sources: [Source] =
        ["coffee.jpg", "clock.jpg"].map { Source(name: $0, directory: photosDirectory) }
        + ["upright.png", "still.gif", "still.tiff", "still.webp", "still.avif", "still.heic", "still.jxl"]
        .map { Source(name: $0, directory: FormatAssets.directory) }
        + ["interlaced.png", "interlaced.gif", "strips.tiff", "tiled.tiff", "lossless.webp"]
        .map { Source(name: $0, directory: madeDirectory) }

    enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case cut10, cut50, cut90, zeroed, flipped

        var description: String { rawValue }

        func apply(to bytes: [UInt8]) -> [UInt8] {
            switch self {
            case .cut10: Damage.cut(bytes, at: 0.1)
            case .cut50: Damage.cut(bytes, at: 0.5)
            case .cut90: Damage.cut(bytes, at: 0.9)
            case .zeroed:
                Damage.zeroed(bytes, at: 0.5, length: bytes.count < 40_960 ? bytes.count / 10 : 4_096)
            case .flipped: Damage.flipped(bytes, count: 6, from: bytes.count / 5, seed: 50)
            }
        }
    }

    /// What a decode gave.
    enum Outcome: Sendable, CustomStringConvertible {
        case whole
        /// Drawn in part: the percentage decoded.
        case partial(Int)
        case refused(String)

        init(decoding bytes: [UInt8]) {
            do {
                let image = try ImageDecoder.decode(bytes, options: MadeDamage.partial)
                self = image.damage.map { .partial($0.percent) } ?? .whole
            } catch {
                self = .refused(String(describing: error))
            }
        }

        func matches(_ expected: Expected, tolerance: Int = 3) -> Bool {
            switch (self, expected) {
            case (.whole, .whole), (.refused, .refused): true
            case (.partial(let percent), .partial(let wanted)): abs(percent - wanted) <= tolerance
            default: false
            }
        }

        var description: String {
            switch self {
            case .whole: "whole"
            case .partial(let percent): "partial \(percent) %"
            case .refused(let reason): "refused (\(reason))"
            }
        }
    }

    enum Expected: Sendable, CustomStringConvertible {
        case whole, refused
        case partial(Int)

        var description: String {
            switch self {
            case .whole: "whole"
            case .refused: "refused"
            case .partial(let percent): "partial \(percent) %"
            }
        }
    }

    /// A reason a user reads: a capital or a lower-case start, words, no Swift type dump.
    static func isSentence(_ reason: String) -> Bool {
        reason.count > 10 && reason.contains(" ") && !reason.contains("ImageCodecError") && !reason.contains("(kind:")
    }

    /// Per file, per damage: what the decode gives. A TIFF from ImageMagick keeps its directory at
    /// its end (still.tiff: every cut loses it; its one strip zeroed inside keeps the rows above);
    /// strips.tiff and tiled.tiff have theirs first, as cameras write them. A strip broken inside
    /// keeps its rows before the break. The formats whose
    /// decoders give nothing before the whole image (AVIF, HEIF, JPEG XL) refuse every cut.
    /// A flip or a zeroed run a decoder does not notice (in a VP8 residual, in AV1 tiles) draws
    /// "whole", as every decoder would.
    static let expected: [String: [Kind: Expected]] = [
        "coffee.jpg": [.cut10: .partial(12), .cut50: .partial(52), .cut90: .partial(88), .zeroed: .partial(96), .flipped: .whole],
        "clock.jpg": [.cut10: .partial(8), .cut50: .partial(50), .cut90: .partial(88), .zeroed: .whole, .flipped: .partial(98)],
        "upright.png": [.cut10: .partial(6), .cut50: .partial(45), .cut90: .partial(87), .zeroed: .partial(64), .flipped: .partial(65)],
        "interlaced.png": [.cut10: .partial(4), .cut50: .partial(45), .cut90: .partial(82), .zeroed: .partial(59), .flipped: .partial(21)],
        "still.gif": [.cut10: .refused, .cut50: .partial(40), .cut90: .partial(85), .zeroed: .partial(43), .flipped: .whole],
        "interlaced.gif": [.cut10: .refused, .cut50: .partial(39), .cut90: .partial(85), .zeroed: .partial(42), .flipped: .whole],
        "still.tiff": [.cut10: .refused, .cut50: .refused, .cut90: .refused, .zeroed: .partial(95), .flipped: .whole],
        "strips.tiff": [.cut10: .refused, .cut50: .partial(37), .cut90: .partial(87), .zeroed: .partial(85), .flipped: .partial(95)],
        "tiled.tiff": [.cut10: .partial(3), .cut50: .partial(45), .cut90: .partial(87), .zeroed: .partial(82), .flipped: .whole],
        "still.webp": [.cut10: .refused, .cut50: .partial(10), .cut90: .partial(60), .zeroed: .whole, .flipped: .whole],
        "lossless.webp": [.cut10: .refused, .cut50: .partial(25), .cut90: .partial(75), .zeroed: .whole, .flipped: .whole],
        "still.avif": [.cut10: .refused, .cut50: .refused, .cut90: .refused, .zeroed: .whole, .flipped: .whole],
        "still.heic": [.cut10: .refused, .cut50: .refused, .cut90: .refused, .zeroed: .whole, .flipped: .whole],
        "still.jxl": [.cut10: .refused, .cut50: .refused, .cut90: .refused, .zeroed: .refused, .flipped: .refused],
    ]
}
