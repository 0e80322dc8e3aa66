/// A tmux pane read back as cells (`capture-pane -p -e`): each cell's character and its
/// foreground and background colour, so a test can say where block art is and what colour.
///
/// Block art is what `photofeed show` prints into a pipe: half blocks, quadrants and sextants
/// (U+2580–U+259F, U+1FB00–U+1FB3B) with a colour each side, and spaces on a background
/// colour where a cell is one colour.
struct PreviewScreen {
    /// An 8-bit-a-channel colour; 256-colour indices are turned into xterm's values.
    struct Colour: Equatable {
        var red: Int, green: Int, blue: Int
        /// Set by `38;5`/`48;5` or `38;2`/`48;2`, as block art does, not by the eight or sixteen
        /// system colours hosts paint their own panes with (vifm's `40`).
        var isExtended = false

        /// Grey and not dark: the clock photo (a grey photograph of a clock face).
        var isLightGrey: Bool {
            max(red, green, blue) - min(red, green, blue) < 12 && (red + green + blue) / 3 > 90
        }

        /// Clearly red: most of the retina photo.
        var isRed: Bool { red > blue + 60 }

        /// xterm's colour for a 256-colour index.
        init(index: Int) {
            let system = [
                (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
            ]
            switch index {
            case ..<16: (red, green, blue) = system[max(index, 0)]
            case ..<232:
                let levels = [0, 95, 135, 175, 215, 255]
                let cube = index - 16
                (red, green, blue) = (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
            default:
                let level = 8 + 10 * (min(index, 255) - 232)
                (red, green, blue) = (level, level, level)
            }
        }

        init(red: Int, green: Int, blue: Int) {
            (self.red, self.green, self.blue) = (red, green, blue)
        }
    }

    struct Cell {
        var character: Character
        var foreground: Colour?
        var background: Colour?

        /// A glyph only block art draws.
        var isBlockGlyph: Bool {
            guard let scalar = character.unicodeScalars.first else { return false }
            return (0x2580...0x259F).contains(scalar.value) || (0x1FB00...0x1FB3B).contains(scalar.value)
        }

        /// A cell of a picture: a block glyph, or a space on a 256-colour or 24-bit background.
        var isArt: Bool { isBlockGlyph || (character == " " && background?.isExtended == true) }

        /// The colours the cell shows (a space shows its background only).
        var colours: [Colour] { isBlockGlyph ? [foreground, background].compactMap { $0 } : [background].compactMap { $0 } }
    }

    /// A rectangle of cells, counted from 0 at the pane's top-left.
    struct Box: Equatable, CustomStringConvertible {
        var left: Int, top: Int, columns: Int, rows: Int

        func contains(column: Int, row: Int) -> Bool {
            column >= left && column < left + columns && row >= top && row < top + rows
        }

        var description: String { "\(columns)x\(rows)@\(left)x\(top)" }
    }

    /// The rows of cells, top to bottom (a row ends at its last character tmux printed).
    let rows: [[Cell]]

    init(capture text: String) {
        var foreground: Colour?
        var background: Colour?
        var rows: [[Cell]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var cells: [Cell] = []
            var characters = Substring(line)
            while let character = characters.first {
                if character == "\u{1B}" {
                    // tmux writes SGR only (`ESC [ … m`); anything else is skipped to its final byte.
                    characters = characters.dropFirst()
                    guard characters.first == "[" else { continue }
                    characters = characters.dropFirst()
                    let end = characters.firstIndex { ("@"..."~").contains($0) } ?? characters.endIndex
                    let parameters = characters[..<end]
                    let final = end < characters.endIndex ? characters[end] : "m"
                    characters = end < characters.endIndex ? characters[characters.index(after: end)...] : ""
                    if final == "m" { Self.apply(parameters, foreground: &foreground, background: &background) }
                    continue
                }
                cells.append(Cell(character: character, foreground: foreground, background: background))
                characters = characters.dropFirst()
            }
            rows.append(cells)
        }
        self.rows = rows
    }

    private static func apply(_ parameters: Substring, foreground: inout Colour?, background: inout Colour?) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var index = 0
        while index < max(numbers.count, 1) {
            let code = numbers.isEmpty ? 0 : numbers[index]
            switch code {
            case 0: (foreground, background) = (nil, nil)
            case 38, 48:
                var colour: Colour?
                if index + 2 < numbers.count, numbers[index + 1] == 5 {
                    colour = Colour(index: numbers[index + 2])
                    colour?.isExtended = true
                    index += 2
                } else if index + 4 < numbers.count, numbers[index + 1] == 2 {
                    colour = Colour(red: numbers[index + 2], green: numbers[index + 3], blue: numbers[index + 4])
                    colour?.isExtended = true
                    index += 4
                }
                if code == 38 { foreground = colour } else { background = colour }
            case 39: foreground = nil
            case 49: background = nil
            case 30...37: foreground = Colour(index: code - 30)
            case 40...47: background = Colour(index: code - 40)
            case 90...97: foreground = Colour(index: code - 90 + 8)
            case 100...107: background = Colour(index: code - 100 + 8)
            default: break
            }
            index += 1
        }
    }

    /// Every cell with its place.
    private var placedCells: [(column: Int, row: Int, cell: Cell)] {
        rows.enumerated().flatMap { row, cells in cells.enumerated().map { (column: $0.offset, row: row, cell: $0.element) } }
    }

    /// The block glyphs outside `box` (a picture drawn past its pane), as `column,row`.
    func blockGlyphs(outside box: Box?) -> [String] {
        placedCells.filter { $0.cell.isBlockGlyph && !(box?.contains(column: $0.column, row: $0.row) ?? false) }
            .map { "\($0.column),\($0.row)" }
    }

    /// The smallest box around the picture's cells inside `box`, or nil when there are none.
    func artExtent(in box: Box) -> Box? {
        let art = placedCells.filter { $0.cell.isArt && box.contains(column: $0.column, row: $0.row) }
        guard let left = art.map(\.column).min(), let right = art.map(\.column).max(),
            let top = art.map(\.row).min(), let bottom = art.map(\.row).max()
        else { return nil }
        return Box(left: left, top: top, columns: right - left + 1, rows: bottom - top + 1)
    }

    /// Which photo the picture's cells inside `box` look like: the share of them in the clock's
    /// light grey and in the retina's red (every colour a cell shows must be of the kind).
    func shares(in box: Box) -> (grey: Double, red: Double, cells: Int) {
        let art = placedCells.filter { $0.cell.isArt && box.contains(column: $0.column, row: $0.row) }.map(\.cell)
        guard !art.isEmpty else { return (0, 0, 0) }
        let grey = art.filter { !$0.colours.isEmpty && $0.colours.allSatisfy(\.isLightGrey) }.count
        let red = art.filter { !$0.colours.isEmpty && $0.colours.allSatisfy(\.isRed) }.count
        return (Double(grey) / Double(art.count), Double(red) / Double(art.count), art.count)
    }
}
