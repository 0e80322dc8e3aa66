/// How many terminal columns text occupies, independent of the C library's locale.
///
/// East Asian Wide and Fullwidth characters and emoji with emoji presentation
/// take two columns; combining marks, format characters and variation
/// selectors take none; controls take none (sanitise them first).
///
/// ```swift
/// DisplayWidth.of("日本")   // 4
/// DisplayWidth.of("e\u{301}") // 1
/// DisplayWidth.of("👍🏽")   // 2
/// ```
public enum DisplayWidth {
    /// The width of one grapheme cluster: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if first.value < 0x7F { return 1 }
        // Block art's own cells (box drawing, block elements, legacy-computing sextants), alone:
        // one column, without the property lookups below (they are most of every frame's cells).
        if (0x2500...0x259F).contains(first.value) || (0x1FB00...0x1FBFF).contains(first.value),
            scalars.index(after: scalars.startIndex) == scalars.endIndex
        {
            return 1
        }
        // A kitty Unicode placeholder (U+10EEEE, private use) with its row/column marks: one column.
        if first.value == 0x10EEEE { return 1 }
        var hasTextSelector = false
        var hasEmojiSelector = false
        for scalar in scalars.dropFirst() {
            if scalar.value == 0xFE0E { hasTextSelector = true }
            if scalar.value == 0xFE0F { hasEmojiSelector = true }
        }
        if isWide(first) { return 2 }
        let properties = first.properties
        if properties.isEmojiPresentation { return hasTextSelector ? 1 : 2 }
        if hasEmojiSelector && properties.isEmoji { return 2 }
        if isZeroWidth(first) { return 0 }
        return 1
    }

    /// The width of a string: the sum over its grapheme clusters.
    public static func of(_ text: some StringProtocol) -> Int {
        var width = 0
        for character in text {
            width += of(character)
        }
        return width
    }

    /// True for scalars that draw nothing by themselves.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return true
        default:
            // Hangul medial vowels and final consonants combine into the syllable.
            return (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
        }
    }

    /// True for East Asian Wide or Fullwidth scalars (a compact table, sorted).
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks, excluding emoji (which the
    /// standard library's `isEmojiPresentation` covers).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x303E,  // CJK radicals, Kangxi, CJK symbols and punctuation
        0x3041...0x3096,  // Hiragana
        0x309B...0x33FF,  // Hiragana marks, Katakana, Bopomofo, compatibility Jamo, CJK compatibility
        0x3400...0x4DBF,  // CJK Extension A
        0x4E00...0x9FFF,  // CJK Unified Ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo Extended-A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small forms
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x17000...0x18CFF,  // Tangut
        0x1B000...0x1B2FF,  // Kana supplement, Nushu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // CJK Extensions B–F
        0x30000...0x3FFFD,  // CJK Extensions G–H
    ]
}
