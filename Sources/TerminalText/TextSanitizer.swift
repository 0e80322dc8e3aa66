/// Makes untrusted text (author names from the network) safe to draw.
///
/// Terminal escape sequences (CSI, OSC, DCS, SOS/PM/APC and two-byte ESC
/// sequences) are removed whole, so `"\u{1B}[2J\u{1B}]0;owned\u{07}Eve"`
/// becomes `"Eve"`. Other C0 and C1 controls and DEL are dropped; tabs and
/// line breaks become spaces; bidirectional overrides and isolates (which can
/// make text display in a misleading order) are dropped; noncharacters become
/// U+FFFD. The result is capped at ``maximumScalars`` scalars.
///
/// ```swift
/// TextSanitizer.sanitize("A\tB\u{202E}C") // "A BC"
/// ```
public enum TextSanitizer {
    /// Longest result kept, in Unicode scalars; longer text is cut (and later truncated for display).
    public static let maximumScalars = 512

    /// Returns `text` with escape sequences and controls removed.
    public static func sanitize(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var state = State.text
        for scalar in text.unicodeScalars {
            if output.count >= maximumScalars { break }
            state = step(state, scalar, into: &output)
        }
        var result = String(output)
        // Leading combining marks would attach to whatever is drawn before the text.
        while let first = result.unicodeScalars.first, DisplayWidth.isZeroWidth(first) {
            result.unicodeScalars.removeFirst()
        }
        return result
    }

    private enum State {
        case text
        case escape  // after ESC
        case controlSequence  // CSI: parameters until a final byte 0x40–0x7E
        case string  // OSC/DCS/SOS/PM/APC: until BEL or ST
        case stringEscape  // ESC inside a string (maybe ST)
    }

    private static func step(
        _ state: State, _ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView
    ) -> State {
        let value = scalar.value
        switch state {
        case .text:
            return text(scalar, into: &output)
        case .escape:
            switch value {
            case 0x5B: return .controlSequence  // [
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return .string  // ] P X ^ _
            case 0x20...0x2F: return .escape  // intermediate bytes (e.g. ESC ( B)
            case 0x1B: return .escape
            default: return .text  // final byte of a two-byte sequence: dropped
            }
        case .controlSequence:
            if (0x40...0x7E).contains(value) { return .text }
            if (0x20...0x3F).contains(value) { return .controlSequence }
            // Anything else aborts the sequence; handle it as text.
            return text(scalar, into: &output)
        case .string:
            if value == 0x07 || value == 0x9C { return .text }
            if value == 0x1B { return .stringEscape }
            return .string
        case .stringEscape:
            if value == 0x5C { return .text }  // ESC \ is ST
            return value == 0x1B ? .stringEscape : .string
        }
    }

    private static func text(_ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView) -> State {
        let value = scalar.value
        switch value {
        case 0x1B:
            return .escape
        case 0x9B:
            return .controlSequence  // C1 CSI
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
            return .string  // C1 DCS, SOS, OSC, PM, APC
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
            output.append(" ")
        case 0x00..<0x20, 0x7F..<0xA0:
            break  // other controls: dropped
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069:
            break  // bidi marks, embeddings, overrides, isolates
        case 0xFFFE, 0xFFFF, 0xFDD0...0xFDEF:
            output.append("\u{FFFD}")
        default:
            if value & 0xFFFE == 0xFFFE {
                output.append("\u{FFFD}")  // plane-final noncharacters
            } else {
                output.append(scalar)
            }
        }
        return .text
    }
}
