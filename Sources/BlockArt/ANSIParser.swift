import Vocabulary

/// Reads text with ANSI SGR colours back into a `CellGrid`: the inverse of `ANSIWriter`,
/// and a reader for other tools' output (chafa, timg) so it can be scored the same way.
///
/// Understands SGR 0, 7/27 (inverse), 30–37, 39, 40–47, 49, 90–97, 100–107 and 38/48 with
/// `5;n` or `2;r;g;b`; skips every other escape sequence and control character. Each
/// printed scalar is one cell; short lines are padded with blank cells.
///
/// ```swift
/// let grid = ANSIParser().grid(from: ANSIWriter().string(for: original))
/// ```
public struct ANSIParser: Sendable {
    public init() {}

    /// Parses UTF-8 bytes.
    public func grid(from bytes: [UInt8]) -> CellGrid {
        grid(from: String(decoding: bytes, as: UTF8.self))
    }

    /// Parses text.
    public func grid(from text: String) -> CellGrid {
        var state = SGRState()
        var lines: [[Cell]] = [[]]
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\u{1B}":
                skipOrApplyEscape(&scalars, state: &state)
            case "\n":
                lines.append([])
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                continue
            default:
                lines[lines.count - 1].append(state.cell(scalar))
            }
        }
        if lines.count > 1 && lines[lines.count - 1].isEmpty { lines.removeLast() }
        if lines.count == 1 && lines[0].isEmpty { return CellGrid(columns: 0, rows: 0) }
        let columns = lines.map(\.count).max() ?? 0
        let cells = lines.flatMap { $0 + Array(repeating: Cell.blank, count: columns - $0.count) }
        return CellGrid(columns: columns, rows: lines.count, cells: cells) ?? CellGrid(columns: 0, rows: 0)
    }

    private func skipOrApplyEscape(_ scalars: inout String.UnicodeScalarView.Iterator, state: inout SGRState) {
        guard let introducer = scalars.next() else { return }
        switch introducer {
        case "[":
            var parameters = ""
            while let next = scalars.next() {
                if (0x40...0x7E).contains(next.value) {
                    if next == "m" { state.apply(parameters) }
                    return
                }
                parameters.unicodeScalars.append(next)
            }
        case "]", "P", "_", "^":
            // String sequences end with BEL or ESC \.
            while let next = scalars.next() {
                if next == "\u{07}" { return }
                if next == "\u{1B}" { _ = scalars.next(); return }
            }
        default:
            return
        }
    }
}

/// The colours in force while parsing.
private struct SGRState {
    var foreground = CellColor.default
    var background = CellColor.default
    var inverse = false

    func cell(_ glyph: Unicode.Scalar) -> Cell {
        inverse
            ? Cell(glyph: glyph, foreground: background, background: foreground)
            : Cell(glyph: glyph, foreground: foreground, background: background)
    }

    mutating func apply(_ parameters: String) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: ":", omittingEmptySubsequences: false) }
            .map { Int($0) ?? 0 }
        var index = 0
        func next() -> Int? {
            guard index < numbers.count else { return nil }
            defer { index += 1 }
            return numbers[index]
        }
        if numbers.isEmpty { self = SGRState() }
        while let code = next() {
            switch code {
            case 0: self = SGRState()
            case 7: inverse = true
            case 27: inverse = false
            case 30...37: foreground = .indexed(UInt8(code - 30))
            case 39: foreground = .default
            case 40...47: background = .indexed(UInt8(code - 40))
            case 49: background = .default
            case 90...97: foreground = .indexed(UInt8(code - 90 + 8))
            case 100...107: background = .indexed(UInt8(code - 100 + 8))
            case 38, 48:
                var color: CellColor?
                switch next() {
                case 5: color = next().map { .indexed(UInt8(clamping: $0)) }
                case 2:
                    if let r = next(), let g = next(), let b = next() {
                        color = .rgb(UInt8(clamping: r), UInt8(clamping: g), UInt8(clamping: b))
                    }
                default: break
                }
                if let color {
                    if code == 38 { foreground = color } else { background = color }
                }
            default: continue
            }
        }
    }
}
