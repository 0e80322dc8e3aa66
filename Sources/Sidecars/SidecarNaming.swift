/// Which sidecar belongs to a photo, and the name of a new one.
///
/// Two conventions are in use, and both are read:
/// - `NAME.EXT.xmp` (``nameWithExtension``): darktable's. One sidecar a file, so a RAW and the
///   JPEG of the same shot never share one.
/// - `NAME.xmp` (``nameOnly``): Lightroom's, Bridge's, Capture One's, digiKam's.
///
/// The suffix is matched without regard to case (`.xmp`, `.XMP`, as cameras and editors write
/// both); the name before it exactly, as the file system does. When both a `NAME.EXT.xmp` and a
/// `NAME.xmp` are there, `NAME.EXT.xmp` wins: it names this very file, while `NAME.xmp` may be
/// the one a RAW+JPEG pair shares (its editor's decisions are for the pair, and darktable,
/// which wrote the other, reads only its own). The one that exists is the one updated; a new
/// sidecar is named by the setting, `NAME.EXT.xmp` unless told otherwise.
///
/// ```swift
/// SidecarNaming.existing(for: "IMG_1.CR2", among: ["IMG_1.CR2", "IMG_1.XMP"])   // "IMG_1.XMP"
/// SidecarNaming.nameWithExtension.newName(for: "IMG_1.CR2")                       // "IMG_1.CR2.xmp"
/// ```
public enum SidecarNaming: String, Hashable, Sendable, CaseIterable {
    /// `NAME.EXT.xmp`, darktable's: the default for a new sidecar.
    case nameWithExtension
    /// `NAME.xmp`: Lightroom's, Bridge's, Capture One's, digiKam's.
    case nameOnly

    /// The suffix written on a new sidecar.
    public static let suffix = ".xmp"

    /// A new sidecar's name for the photo file `photoName` (a name, not a path).
    public func newName(for photoName: String) -> String {
        switch self {
        case .nameWithExtension: photoName + Self.suffix
        case .nameOnly: Self.stem(of: photoName) + Self.suffix
        }
    }

    /// The sidecar among `names` (a folder's entries) that belongs to `photoName`: its
    /// `NAME.EXT.xmp` if there is one, else its `NAME.xmp`; nil when neither is there. Of two
    /// spellings of one convention (`a.xmp`, `a.XMP`), the lowercase one, then the first in order.
    public static func existing(for photoName: String, among names: some Sequence<String>) -> String? {
        let withExtension = photoName + suffix
        let only = stem(of: photoName) + suffix
        var best: (rank: Int, name: String)?
        for name in names where name != photoName {
            let rank: Int
            if name == withExtension { rank = 0 }
            else if matches(name, withExtension) { rank = 1 }
            else if name == only { rank = 2 }
            else if matches(name, only) { rank = 3 }
            else { continue }
            if best.map({ rank < $0.rank }) ?? true { best = (rank, name) }
        }
        return best?.name
    }

    /// Whether `name` is `expected` with its `.xmp` suffix in any case.
    static func matches(_ name: String, _ expected: String) -> Bool {
        let count = suffix.utf8.count
        guard name.utf8.count == expected.utf8.count else { return false }
        return name.utf8.dropLast(count).elementsEqual(expected.utf8.dropLast(count))
            && String(decoding: name.utf8.suffix(count), as: UTF8.self).lowercased() == suffix
    }

    /// A file name without its last extension: `IMG_1.CR2` → `IMG_1`; `README` and `.hidden`
    /// stay as they are.
    public static func stem(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Whether `name` is a sidecar's (ends in `.xmp` in any case).
    public static func isSidecar(_ name: String) -> Bool {
        name.utf8.count > suffix.utf8.count && String(decoding: name.utf8.suffix(suffix.utf8.count), as: UTF8.self).lowercased() == suffix
    }
}
