import ImageCodecs
import TerminalGraphics
import Vocabulary

/// Test pictures for the link's tests: 64×64 pixels of noise (so raw inline kitty pixels are
/// 16,384 base64 bytes, four chunks), differing by `seed` so their ids do.
enum NoisePicture {
    static func make(_ seed: Int, graphics: any GraphicsProtocol, cells: CellSize = CellSize(columns: 8, rows: 4)) -> TerminalImage {
        var bitmap = Bitmap(width: 64, height: 64)
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        for y in 0..<64 {
            for x in 0..<64 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bitmap[x, y] = RGBA(UInt8(truncatingIfNeeded: state >> 33), UInt8(truncatingIfNeeded: state >> 41), UInt8(seed))
            }
        }
        return TerminalImage(bitmap: bitmap, cells: cells, graphics: graphics)
    }
}
