/// A minimal xterm screen: what a user would see from the bytes a terminal has read, as far as
/// ncurses' output under `TERM=xterm-256color` and photofeed's pictures go. Text (UTF-8, wide
/// characters two cells, combining marks none), auto-wrap with xterm's pending wrap, the cursor
/// moves, erases, inserts and deletes, scroll regions, saved cursors and the foreground colour
/// (a kitty placeholder's cell names its image by it); other SGR attributes and DEC modes are
/// ignored, but synchronized output (mode 2026) is tracked: a terminal shows a frame when it
/// ends. Pictures drawn over text (sixel, iTerm2) mark the cells they cover until text or an
/// erase replaces them (``placePicture(_:columns:rows:)``).
struct VirtualScreen {
    struct Cell: Equatable {
        var scalar: Unicode.Scalar = " "
        /// -1: the default; 0x1_000000 | index: 256-colour; 0x2_000000 | rgb: direct.
        var foreground: Int32 = -1
        /// The picture drawn over this cell (0: none).
        var picture: Int32 = 0
    }

    let columns: Int
    let rows: Int
    private(set) var cells: [Cell]
    private(set) var row = 0
    private(set) var column = 0
    private var wrapPending = false
    private var top = 0
    private var bottom: Int
    private var foreground: Int32 = -1
    private var saved: (row: Int, column: Int, foreground: Int32) = (0, 0, -1)
    private var lastPrinted: Unicode.Scalar?
    /// Scratch for SGR's numbers, kept from one sequence to the next.
    private var sgrNumbers: [Int] = []
    private var sgrField: [Int] = []
    /// Inside `CSI ? 2026 h` … `l`: the frame is not shown yet.
    private(set) var synchronizing = false

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Cell(), count: columns * rows)
        bottom = rows - 1
    }

    /// Line `index`'s text (wide characters once).
    func line(_ index: Int) -> String {
        var text = String.UnicodeScalarView()
        for cell in cells[index * columns..<(index + 1) * columns] where cell.scalar != "\0" { text.append(cell.scalar) }
        return String(text)
    }

    /// Distinct pictures shown: those drawn over text (sixel, iTerm2) not yet overwritten, and
    /// kitty placeholder images (U+10EEEE cells, an image a foreground colour).
    var picturesShown: Int {
        var drawn = Set<Int32>()
        var placeholders = Set<Int32>()
        for cell in cells {
            if cell.picture != 0 { drawn.insert(cell.picture) }
            if cell.scalar.value == 0x10EEEE { placeholders.insert(cell.foreground) }
        }
        return drawn.count + placeholders.count
    }

    /// Applies one token (strings are the caller's: they draw nothing as text).
    mutating func apply(_ token: TerminalToken) {
        switch token {
        case .text(let scalar): print(scalar)
        case .control(let byte): control(byte)
        case .escape(let intermediates, let final): escape(intermediates, final)
        case .csi(let sequence): controlSequence(sequence)
        case .string: break
        }
    }

    /// Marks `columns`×`rows` cells from the cursor as showing picture `id` (clipped to the screen).
    mutating func placePicture(_ id: Int32, columns width: Int, rows height: Int) {
        for line in row..<min(rows, row + max(0, height)) {
            for cell in column..<min(columns, column + max(0, width)) { cells[line * columns + cell].picture = id }
        }
    }

    // MARK: text and controls

    private mutating func print(_ scalar: Unicode.Scalar) {
        let width = Self.width(scalar)
        guard width > 0 else { return }
        if wrapPending {
            wrapPending = false
            column = 0
            index()
        }
        cells[row * columns + column] = Cell(scalar: scalar, foreground: foreground)
        if width == 2, column + 1 < columns { cells[row * columns + column + 1] = Cell(scalar: "\0", foreground: foreground) }
        lastPrinted = scalar
        column += width
        if column >= columns {
            column = columns - 1
            wrapPending = true
        }
    }

    /// Cells a character takes: 0 for combining marks (a kitty placeholder's row and column
    /// diacritics among them) and joiners, 2 for East Asian wide characters and emoji, else 1
    /// (wcwidth's rules in short; enough to keep the cursor where ncurses believes it is).
    static func width(_ scalar: Unicode.Scalar) -> Int {
        // Text and block art at once: the Unicode tables only for the rest.
        switch scalar.value {
        case 0x20..<0x7F, 0x2580...0x259F, 0x1FB00...0x1FB3B, 0x1CD00...0x1CDE5: return 1
        default: break
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x08:
            wrapPending = false
            column = max(0, column - 1)
        case 0x09:
            wrapPending = false
            column = min(columns - 1, (column / 8 + 1) * 8)
        case 0x0A, 0x0B, 0x0C:
            wrapPending = false
            index()
        case 0x0D:
            wrapPending = false
            column = 0
        default: break
        }
    }

    private mutating func escape(_ intermediates: [UInt8], _ final: UInt8) {
        guard intermediates.isEmpty else { return }  // charset designations and the like
        switch final {
        case UInt8(ascii: "7"): saved = (row, column, foreground)
        case UInt8(ascii: "8"): restoreCursor()
        case UInt8(ascii: "D"): index()
        case UInt8(ascii: "E"):
            column = 0
            index()
        case UInt8(ascii: "M"): reverseIndex()
        case UInt8(ascii: "c"): self = VirtualScreen(columns: columns, rows: rows)
        default: return
        }
        wrapPending = false
    }

    private mutating func restoreCursor() {
        (row, column, foreground) = saved
        wrapPending = false
    }

    /// Down a line; at the scroll region's bottom the region scrolls up.
    private mutating func index() {
        if row == bottom {
            scrollUp(1)
        } else if row < rows - 1 {
            row += 1
        }
    }

    private mutating func reverseIndex() {
        if row == top {
            scrollDown(1)
        } else if row > 0 {
            row -= 1
        }
    }

    /// Lines `top...bottom` move up by `count`; blank lines come in at the bottom.
    mutating func scrollUp(_ count: Int, from first: Int? = nil) {
        let first = first ?? top
        let count = min(count, bottom - first + 1)
        guard count > 0 else { return }
        for line in first...bottom {
            let source = line + count
            for cell in 0..<columns {
                cells[line * columns + cell] = source <= bottom ? cells[source * columns + cell] : Cell()
            }
        }
    }

    /// Lines `top...bottom` move down by `count`; blank lines come in at the top.
    mutating func scrollDown(_ count: Int, from first: Int? = nil) {
        let first = first ?? top
        let count = min(count, bottom - first + 1)
        guard count > 0 else { return }
        for line in stride(from: bottom, through: first, by: -1) {
            let source = line - count
            for cell in 0..<columns {
                cells[line * columns + cell] = source >= first ? cells[source * columns + cell] : Cell()
            }
        }
    }

    /// Blanks the cells `from..<to` (indices into ``cells``).
    mutating func erase(_ from: Int, _ to: Int) {
        guard from < to else { return }
        for index in max(0, from)..<min(cells.count, to) { cells[index] = Cell() }
    }

    // MARK: control sequences

    private mutating func controlSequence(_ sequence: ControlSequence) {
        guard sequence.intermediates.isEmpty else { return }  // DECRQM, DECSCUSR, …: no effect on the cells
        if sequence.prefix == UInt8(ascii: "?") {
            if sequence.final == UInt8(ascii: "h") || sequence.final == UInt8(ascii: "l") {
                mode(sequence.parameters, set: sequence.final == UInt8(ascii: "h"))
            }
            return
        }
        guard sequence.prefix == nil else { return }
        let count = sequence.parameter(0, default: 1)
        switch sequence.final {
        case UInt8(ascii: "A"): moveTo(row: max(row >= top ? top : 0, row - count), column: column)
        case UInt8(ascii: "B"), UInt8(ascii: "e"): moveTo(row: min(row <= bottom ? bottom : rows - 1, row + count), column: column)
        case UInt8(ascii: "C"), UInt8(ascii: "a"): moveTo(row: row, column: column + count)
        case UInt8(ascii: "D"): moveTo(row: row, column: column - count)
        case UInt8(ascii: "E"): moveTo(row: min(bottom, row + count), column: 0)
        case UInt8(ascii: "F"): moveTo(row: max(top, row - count), column: 0)
        case UInt8(ascii: "G"), UInt8(ascii: "`"): moveTo(row: row, column: count - 1)
        case UInt8(ascii: "d"): moveTo(row: count - 1, column: column)
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            moveTo(row: sequence.parameter(0, default: 1) - 1, column: sequence.parameter(1, default: 1) - 1)
        case UInt8(ascii: "J"): eraseInDisplay(sequence.parameters.first.flatMap { $0 } ?? 0)
        case UInt8(ascii: "K"): eraseInLine(sequence.parameters.first.flatMap { $0 } ?? 0)
        case UInt8(ascii: "X"):
            erase(row * columns + column, row * columns + min(columns, column + count))
            wrapPending = false
        case UInt8(ascii: "@"): insertCharacters(count)
        case UInt8(ascii: "P"): deleteCharacters(count)
        case UInt8(ascii: "L"): if (top...bottom).contains(row) { scrollDown(count, from: row); column = 0 }
        case UInt8(ascii: "M"): if (top...bottom).contains(row) { scrollUp(count, from: row); column = 0 }
        case UInt8(ascii: "S"): scrollUp(count)
        case UInt8(ascii: "T") where sequence.parameters.count <= 1: scrollDown(count)
        case UInt8(ascii: "b"): if let lastPrinted { for _ in 0..<min(count, columns * rows) { print(lastPrinted) } }
        case UInt8(ascii: "r"):
            let first = sequence.parameter(0, default: 1) - 1
            let last = sequence.parameter(1, default: rows) - 1
            if first < last, last < rows { (top, bottom) = (first, last) } else { (top, bottom) = (0, rows - 1) }
            moveTo(row: 0, column: 0)
        case UInt8(ascii: "m"): graphicRendition(sequence)
        case UInt8(ascii: "s") where sequence.parameterText.isEmpty: saved = (row, column, foreground)
        case UInt8(ascii: "u") where sequence.parameterText.isEmpty: restoreCursor()
        default: break
        }
    }

    private mutating func moveTo(row newRow: Int, column newColumn: Int) {
        row = min(rows - 1, max(0, newRow))
        column = min(columns - 1, max(0, newColumn))
        wrapPending = false
    }

    private mutating func mode(_ parameters: [Int?], set: Bool) {
        for parameter in parameters {
            switch parameter {
            case 2026: synchronizing = set
            case 1049, 47, 1047:
                // The other screen: blank on entering and on leaving (what was under it is not
                // this screen's business).
                erase(0, cells.count)
                if set { saved = (row, column, foreground) } else { restoreCursor() }
            default: break
            }
        }
    }

    private mutating func eraseInDisplay(_ mode: Int) {
        let here = row * columns + column
        switch mode {
        case 0: erase(here, cells.count)
        case 1: erase(0, here + 1)
        case 2, 3: erase(0, cells.count)
        default: break
        }
        wrapPending = false
    }

    private mutating func eraseInLine(_ mode: Int) {
        let start = row * columns
        switch mode {
        case 0: erase(start + column, start + columns)
        case 1: erase(start, start + column + 1)
        case 2: erase(start, start + columns)
        default: break
        }
        wrapPending = false
    }

    private mutating func insertCharacters(_ count: Int) {
        let start = row * columns
        let count = min(count, columns - column)
        for cell in stride(from: columns - 1, through: column + count, by: -1) {
            cells[start + cell] = cells[start + cell - count]
        }
        erase(start + column, start + column + count)
        wrapPending = false
    }

    private mutating func deleteCharacters(_ count: Int) {
        let start = row * columns
        let count = min(count, columns - column)
        for cell in column..<columns {
            cells[start + cell] = cell + count < columns ? cells[start + cell + count] : Cell()
        }
        wrapPending = false
    }

    /// Ends an SGR field (`38:2::r:g:b` drops its colour space) and adds its numbers.
    private static func endField(_ field: inout [Int], _ value: Int, into numbers: inout [Int]) {
        field.append(value)
        if field.count == 6, field[1] == 2 { field.remove(at: 2) }  // 38:2:colour-space:r:g:b
        numbers += field
        field.removeAll(keepingCapacity: true)
    }

    /// Only the foreground colour matters here (a kitty placeholder's image id).
    private mutating func graphicRendition(_ sequence: ControlSequence) {
        // `38:2::r:g:b` and `38;2;r;g;b` alike: every number in order, in one pass into buffers
        // kept from one to the next (a photo's block art is thousands of these a frame).
        var numbers = sgrNumbers
        var field = sgrField
        numbers.removeAll(keepingCapacity: true)
        field.removeAll(keepingCapacity: true)
        sgrNumbers = []
        sgrField = []
        defer {
            sgrNumbers = numbers
            sgrField = field
        }
        var value = 0
        for byte in sequence.parameterText {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = min(1_000_000, value * 10 + Int(byte - 0x30))
            case UInt8(ascii: ":"):
                field.append(value)
                value = 0
            case UInt8(ascii: ";"):
                Self.endField(&field, value, into: &numbers)
                value = 0
            default: break
            }
        }
        if !sequence.parameterText.isEmpty { Self.endField(&field, value, into: &numbers) }
        if numbers.isEmpty { numbers = [0] }
        var index = 0
        while index < numbers.count {
            let code = numbers[index]
            switch code {
            case 0, 39: foreground = -1
            case 30...37: foreground = 0x100_0000 | Int32(code - 30)
            case 90...97: foreground = 0x100_0000 | Int32(code - 90 + 8)
            case 38, 48:
                let mode = index + 1 < numbers.count ? numbers[index + 1] : 0
                if mode == 5 {
                    if code == 38, index + 2 < numbers.count { foreground = 0x100_0000 | Int32(numbers[index + 2] & 0xFF) }
                    index += 2
                } else if mode == 2 {
                    if code == 38, index + 4 < numbers.count {
                        let rgb = (numbers[index + 2] & 0xFF) << 16 | (numbers[index + 3] & 0xFF) << 8 | (numbers[index + 4] & 0xFF)
                        foreground = 0x200_0000 | Int32(rgb)
                    }
                    index += 4
                }
            default: break
            }
            index += 1
        }
    }

}
