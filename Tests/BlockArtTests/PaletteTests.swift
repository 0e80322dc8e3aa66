import BlockArt
import ImageCodecs
import Testing
import Vocabulary

@Suite struct PaletteTests {
    /// The index a flat colour renders to in a quantised mode.
    private func quantized(_ color: RGBA, in mode: ColorDepth, dither: Dithering = .none) -> CellColor {
        let bitmap = Bitmap(width: 1, height: 2, fill: color)
        let grid = BlockArtRenderer(options: BlockArtOptions(symbols: .half, colors: mode, dither: dither))
            .render(bitmap, filling: CellSize(columns: 1, rows: 1))
        return grid.cells[0].background
    }

    @Test func cubeAndGraysMapToThemselves() {
        // Given every colour of indices 16–255 as xterm defines it
        for index in 16...255 {
            let color: RGBA
            if index < 232 {
                let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
                let cube = index - 16
                color = RGBA(levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
            } else {
                let gray = UInt8(8 + 10 * (index - 232))
                color = RGBA(gray, gray, gray)
            }
            // Then the 256-colour lookup returns that same index
            #expect(quantized(color, in: .palette256) == .indexed(UInt8(index)), "index \(index) \(color)")
        }
    }

    @Test func theSixteenColoursMapToThemselves() {
        let xterm: [RGBA] = [
            RGBA(0, 0, 0), RGBA(205, 0, 0), RGBA(0, 205, 0), RGBA(205, 205, 0),
            RGBA(0, 0, 238), RGBA(205, 0, 205), RGBA(0, 205, 205), RGBA(229, 229, 229),
            RGBA(127, 127, 127), RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(255, 255, 0),
            RGBA(92, 92, 255), RGBA(255, 0, 255), RGBA(0, 255, 255), RGBA(255, 255, 255),
        ]
        for (index, color) in xterm.enumerated() {
            #expect(quantized(color, in: .ansi16) == .indexed(UInt8(index)))
        }
    }

    @Test func mode256NeverUsesTheThemedSixteen() {
        // Given colours all over the cube, including pure primaries
        for r in stride(from: 0, through: 255, by: 51) {
            for g in stride(from: 0, through: 255, by: 51) {
                for b in stride(from: 0, through: 255, by: 51) {
                    guard case .indexed(let index) = quantized(RGBA(UInt8(r), UInt8(g), UInt8(b)), in: .palette256) else {
                        Issue.record("not indexed")
                        return
                    }
                    #expect(index >= 16)
                }
            }
        }
    }

    @Test func nearestIsPerceptual() {
        // A dark orange is nearer the cube's (135, 95, 0), index 94, than to any gray.
        #expect(quantized(RGBA(140, 90, 10), in: .palette256) == .indexed(94))
        // A colour just off a gray stays on the gray ramp.
        #expect(quantized(RGBA(119, 118, 117), in: .palette256) == .indexed(243))
    }
}
