import ImageCodecs
import Testing

@testable import TerminalGraphics
import Vocabulary

/// An image's id comes from what it shows and from the process: the same pixels in the same
/// cells are the same image to this process's terminal output (sent again, it replaces itself),
/// anything else, or the same picture from another process, is another.
@Suite("Terminal image ids")
struct TerminalImageIDTests {
    static func gradient(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { bitmap[x, y] = RGBA(UInt8(x & 255), UInt8(y & 255), UInt8((x ^ y) & 255)) }
        }
        return bitmap
    }

    @Test func theSamePixelsInTheSameCellsHaveTheSameID() {
        // Given two equal pictures (an odd width: bytes left over after the eight-byte words)
        let cells = CellSize(columns: 5, rows: 3)
        let a = TerminalImage(bitmap: Self.gradient(width: 51, height: 31), cells: cells, graphics: .kitty)
        let b = TerminalImage(bitmap: Self.gradient(width: 51, height: 31), cells: cells, graphics: .kitty)
        // Then their ids are equal
        #expect(a.id == b.id)
    }

    @Test func onePixelOrTheCellsMakeAnotherID() {
        // Given a picture, the same with its last pixel changed, and the same in other cells
        let cells = CellSize(columns: 5, rows: 3)
        let bitmap = Self.gradient(width: 51, height: 31)
        var changed = bitmap
        changed[50, 30] = RGBA(1, 2, 3)
        var first = bitmap
        first[0, 0] = RGBA(0, 0, 1)
        let ids = [
            TerminalImage.id(for: bitmap, cells: cells),
            TerminalImage.id(for: changed, cells: cells),
            TerminalImage.id(for: first, cells: cells),
            TerminalImage.id(for: bitmap, cells: CellSize(columns: 5, rows: 4)),
            TerminalImage.id(for: bitmap.resized(to: PixelSize(width: 31, height: 51)), cells: cells),
        ]
        // Then every id differs
        #expect(Set(ids).count == ids.count)
    }

    @Test func noIDHasZeroLow24Bits() {
        // Given many small pictures (a black foreground would be some terminals' default colour)
        // Then none has an id whose low 24 bits are zero
        for value in 0..<2_000 {
            var bitmap = Bitmap(width: 3, height: 2)
            bitmap[value % 3, value / 3 % 2] = RGBA(UInt8(value & 255), UInt8(value >> 8), 0)
            #expect(TerminalImage.id(for: bitmap, cells: CellSize(columns: 1, rows: 1)) & 0x00FF_FFFF != 0)
        }
    }

    @Test func anotherProcessGivesTheSamePicturesAnotherID() {
        // Given one picture and two processes' salts (this one's, and another drawn at random)
        let cells = CellSize(columns: 5, rows: 3)
        let bitmap = Self.gradient(width: 51, height: 31)
        let other = TerminalImage.processSalt &+ 0x9E37_79B9_7F4A_7C15
        // When each names the picture
        let ours = TerminalImage(bitmap: bitmap, cells: cells, graphics: .kitty).id
        let theirs = TerminalImage.id(for: bitmap, cells: cells, salt: other)
        // Then this process's name is made with its own salt, and the other's differs
        #expect(ours == TerminalImage.id(for: bitmap, cells: cells, salt: TerminalImage.processSalt))
        #expect(ours != theirs)
    }
}
