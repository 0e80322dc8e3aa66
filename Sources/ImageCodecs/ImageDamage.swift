/// What a damaged file gave when decoded as far as it goes: the share of the picture its bytes
/// held and why the rest is missing. The one word for a partial decode in photofeed; a whole
/// decode has none (``DecodedImage/damage`` is nil).
///
/// A file cut short (a download that ended, a copy interrupted) draws the rows before the cut
/// and neutral grey (128, 128, 128) below, as browsers do; a corrupt one (a bad sector, flipped
/// bytes) draws what its decoder made of it, `decodedRows` counting the rows before the first
/// damage. A progressive JPEG cut after its first scan draws every row as of the scans it has
/// (`scan` names the one it was cut in), blurrier than the whole file would be.
///
/// Rows are the decoded bitmap's, counted top to bottom in the file's stored order (before the
/// EXIF orientation turns the bitmap).
///
/// `decodedRows` is the share of the picture that came from the file, in rows: for a file drawn
/// top to bottom (JPEG, PNG, GIF, WebP) the rows before the damage; for a TIFF, whose strips or
/// tiles decode one by one, the pixels of the blocks that decoded (wherever they are) divided by
/// the width; for an interlaced PNG or GIF, the pixels its passes gave divided by the width (each
/// missing pixel is drawn as a copy of the decoded one at the corner of its block, as browsers
/// draw an interlaced file still loading, so the picture looks more complete than its share).
/// So ``percent`` is always the share of pixels drawn from the file.
///
/// ```swift
/// let image = try ImageDecoder.decode(bytes, options: DecodingOptions(allowsPartialDecoding: true))
/// if let damage = image.damage { print("damaged: \(damage)") }   // "damaged: 60 % decoded (the JPEG data ends …)"
/// ```
public struct ImageDamage: Sendable, Hashable, CustomStringConvertible {
    /// Rows drawn from the file's data before the damage (or the pixels drawn from it, in rows:
    /// see above).
    public var decodedRows: Int
    /// Rows of the decoded bitmap (in stored order).
    public var rows: Int
    /// True when the data ends early (the rest is grey), false when it is corrupt.
    public var isTruncated: Bool
    /// A progressive JPEG's scan the damage is in (1-based); nil for other files.
    public var scan: Int?
    /// Why, in the decoder's words ("the JPEG data ends before the image is complete").
    public var reason: String

    public init(decodedRows: Int, rows: Int, isTruncated: Bool, scan: Int? = nil, reason: String) {
        self.decodedRows = max(0, min(decodedRows, rows))
        self.rows = max(0, rows)
        self.isTruncated = isTruncated
        self.scan = scan
        self.reason = reason
    }

    /// The share of the rows decoded, 0…1.
    public var share: Double { rows > 0 ? Double(decodedRows) / Double(rows) : 0 }

    /// The share as a whole percentage, rounded down (a picture missing its last row is 99 %).
    public var percent: Int { rows > 0 ? decodedRows * 100 / rows : 0 }

    /// How much decoded, in words: "60 % decoded", or for a progressive JPEG cut in a later
    /// scan "every row decoded as of scan 4 of the data, the detail after it missing". A share
    /// under one percent is "less than 1 % decoded", never "0 %": something of the file is drawn.
    public var extent: String {
        if let scan, scan > 1, decodedRows == rows {
            return "every row decoded as of scan \(scan - 1), the detail after it missing"
        }
        if percent == 0 {
            // A decoder refuses a file none of whose rows decode: a share rounded to none is
            // still a few rows (or a reduced decode's fraction of one).
            return "less than 1 % decoded"
        }
        return "\(percent) % decoded"
    }

    /// The share in a few cells, for a row's mark: "60%", or "<1%" when something under one
    /// percent decoded (never "0%": the picture shows it).
    public var shortShare: String { percent == 0 ? "<1%" : "\(percent)%" }

    /// "60 % decoded (the JPEG data ends before the image is complete)".
    public var description: String { "\(extent) (\(reason))" }
}
