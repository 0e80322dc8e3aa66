import Foundation
import ImageCodecs
import Testing

@testable import TerminalGraphics
import Vocabulary

/// Every kitty image id photofeed sends is within 1…2³¹−1: Konsole drops a placement whose id
/// is 2³¹ or more (the protocol allows 32 bits), so a picture would be missing at random.
@Suite("Kitty image ids within 1…2³¹−1")
struct KittyImageIDRangeTests {
    @Test func theRangeStopsBelowTwoToThe31() {
        #expect(KittyGraphics.imageIDs.contains(UInt32(Int32.max)))
        #expect(!KittyGraphics.imageIDs.contains(1 << 31))
        #expect(!KittyGraphics.imageIDs.contains(3_166_014_007))
        #expect(!KittyGraphics.imageIDs.contains(0))
    }

    @Test func idsDerivedFromPixelsNeverReachTwoToThe31() {
        // Given one picture named under many processes' salts (half of all 32-bit hashes have the top bit)
        let bitmap = TerminalImageIDTests.gradient(width: 7, height: 5)
        let cells = CellSize(columns: 2, rows: 1)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<512 {
            let id = TerminalImage.id(for: bitmap, cells: cells, salt: generator.next())
            // Then every id is one Konsole draws, and its low 24 bits are not zero
            #expect(KittyGraphics.imageIDs.contains(id), "id \(id)")
            #expect(id & 0x00FF_FFFF != 0)
        }
    }

    @Test func paletteNamedIdsNeverReachTwoToThe31() {
        #expect(KittyGraphics.imageIDs.contains(IndexedImageIDs.id(at: IndexedImageIDs.capacity - 1)))
        for n in stride(from: 0, to: IndexedImageIDs.capacity, by: 97) {
            #expect(KittyGraphics.imageIDs.contains(IndexedImageIDs.id(at: n)))
        }
        for image in [UInt32.max, 1 << 31, 0x7FFF_FFFF, 12345] {
            #expect(KittyGraphics.imageIDs.contains(IndexedImageIDs.hashed(image)))
        }
    }

    @Test func theEscapesNameOnlyIdsInRange() throws {
        // Given images under many salts, transmitted and placed
        let bitmap = TerminalImageIDTests.gradient(width: 4, height: 4)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<64 {
            let id = TerminalImage.id(for: bitmap, cells: CellSize(columns: 1, rows: 1), salt: generator.next())
            let image = TerminalImage(bitmap: bitmap, cells: CellSize(columns: 1, rows: 1), graphics: .kitty).renamed(id)
            let bytes = KittyGraphics.transmit(image, forPlaceholders: false, payload: .raw)
                + KittyGraphics.place(image, placementID: 0x00FF_FFFF, origin: CellPoint(row: 0, column: 0),
                    visible: CellRect(origin: CellPoint(row: 0, column: 0), size: CellSize(columns: 1, rows: 1)))
            // Then every i= and p= value in them is within 1…2³¹−1
            let text = String(decoding: bytes, as: UTF8.self)
            for key in [",i=", ",p="] {
                for part in text.components(separatedBy: key).dropFirst() {
                    let value = try #require(UInt64(part.prefix { $0.isNumber }))
                    #expect(value >= 1 && value <= UInt64(Int32.max), "\(key)\(value)")
                }
            }
        }
    }
}
