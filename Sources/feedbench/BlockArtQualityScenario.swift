import BlockArt
import Foundation
import ImageCodecs
import Vocabulary

/// Scores block art against its source, ours and chafa's, on every asset at 40×20 cells.
///
/// Each grid is rasterised at 8×16 pixels per cell (`CellRasterizer`) and compared with the
/// source box-averaged to the area that tool actually drew (chafa fits the aspect its own
/// way, so each tool is compared with the source resized to its own grid). PSNR over RGB,
/// SSIM over luma, averaged over the assets. `ideal-half` is the best any half-block
/// renderer can do: the source box-averaged to one colour per half cell.
struct BlockArtQualityScenario: BenchScenario {
    let name = "blockart-quality"
    var box = CellSize(columns: 40, rows: 20)

    private struct Variant: Hashable {
        var symbols: String
        var colors: String
        var tool: String
    }

    private static let colorModes: [(ColorDepth, chafa: String)] = [
        (.truecolor, "full"), (.palette256, "240"), (.ansi16, "16"), (.none, "none"),
    ]
    private static let chafaSymbols: [(ours: SymbolSet?, chafa: String?)] = [
        (.half, "vhalf"), (.quad, "quad"), (.sextant, "sextant"), (.block, "block"), (.ascii, "ascii"), (nil, nil),
    ]

    func run(_ context: BenchContext) async throws -> BenchReport {
        let assets = try context.assetPaths()
        let hasChafa = BlockArtToolRunner.which("chafa") != nil
        var scores: [Variant: [(psnr: Double, ssim: Double)]] = [:]
        let rasterizer = CellRasterizer()

        func score(_ grid: CellGrid, source: Bitmap, as variant: Variant) {
            guard !grid.size.isEmpty else { return }
            let drawn = rasterizer.rasterize(grid)
            let reference = source.resized(to: drawn.size)
            scores[variant, default: []].append((BlockArtMetrics.psnr(drawn, reference), BlockArtMetrics.ssim(drawn, reference)))
        }

        for path in assets {
            let bytes = try BlockArtToolRunner.readAll(path)
            let source = try ImageDecoder.decode(bytes, options: DecodingOptions(allowsDCTScaling: false)).bitmap
                .flattened(over: .black)
            for (mode, chafaColors) in Self.colorModes {
                for (symbols, chafaName) in Self.chafaSymbols {
                    if let symbols {
                        let dithers: [Dithering] = mode.isQuantized && symbols != .ascii ? [.none, .diffusion] : [.none]
                        for dither in dithers {
                            let renderer = BlockArtRenderer(options: BlockArtOptions(symbols: symbols, colors: mode, dither: dither))
                            let tool = dither == .none ? "photofeed" : "photofeed+fs"
                            score(renderer.render(source, in: box), source: source,
                                  as: Variant(symbols: symbols.rawValue, colors: mode.argument, tool: tool))
                        }
                    }
                    if hasChafa {
                        let output = try BlockArtToolRunner.chafa(
                            path, symbols: chafaName, colors: chafaColors, columns: box.columns, rows: box.rows)
                        score(ANSIParser().grid(from: output), source: source,
                              as: Variant(symbols: symbols?.rawValue ?? "default", colors: mode.argument, tool: "chafa"))
                    }
                }
                if mode == .truecolor {
                    score(idealHalf(source), source: source, as: Variant(symbols: "half", colors: mode.argument, tool: "ideal-half"))
                    let quad = idealQuad(source)
                    let reference = source.resized(to: quad.size)
                    scores[Variant(symbols: "quad", colors: mode.argument, tool: "bound-quad"), default: []].append(
                        (BlockArtMetrics.psnr(quad, reference), BlockArtMetrics.ssim(quad, reference)))
                }
            }
        }

        let symbolOrder = ["half", "quad", "sextant", "block", "ascii", "default"]
        let toolOrder = ["ideal-half", "bound-quad", "photofeed", "photofeed+fs", "chafa"]
        let ordered = scores.keys.sorted { a, b in
            let ka = (Self.colorModes.firstIndex { $0.0.argument == a.colors } ?? 0,
                      symbolOrder.firstIndex(of: a.symbols) ?? 0, toolOrder.firstIndex(of: a.tool) ?? 0)
            let kb = (Self.colorModes.firstIndex { $0.0.argument == b.colors } ?? 0,
                      symbolOrder.firstIndex(of: b.symbols) ?? 0, toolOrder.firstIndex(of: b.tool) ?? 0)
            return ka < kb
        }
        let rows = ordered.map { variant -> [String] in
            let values = scores[variant] ?? []
            let psnr = values.map(\.psnr).reduce(0, +) / Double(max(1, values.count))
            let ssim = values.map(\.ssim).reduce(0, +) / Double(max(1, values.count))
            return [variant.colors, variant.symbols, variant.tool, String(format: "%.2f", psnr), String(format: "%.4f", ssim), "\(values.count)"]
        }
        var notes = [
            "\(assets.count) assets from \(context.assetsDirectory), box \(box), raster 8×16 px per cell; " +
                "reference = source area-averaged to each tool's drawn grid; SSIM on luma, 8×8 windows, step 4",
            "bound-quad: the source area-averaged to 2×2 free colours per cell, drawn as 4×8-pixel blocks — " +
                "an upper bound for any renderer using quadrant glyphs, which get only 2 colours per cell",
            "photofeed+fs = Floyd–Steinberg dithering; chafa = chafa -f symbols --symbols S -c full|240|16|none -s 40x20 " +
                "(default = no --symbols); ascii none = glyphs only, default colours light gray on black",
        ]
        if !hasChafa { notes.append("chafa not found: its rows are missing (make bench installs it)") }
        return BenchReport(title: "BlockArt quality vs chafa (mean over assets)",
                           columns: ["colors", "symbols", "tool", "PSNR dB", "SSIM", "n"], rows: rows, notes: notes)
    }

    /// The source box-averaged to 2×2 sub-pixels per cell, each drawn in its own colour as a 4×8
    /// block of the 8×16 cell raster: better than any quadrant glyph can do with two colours.
    private func idealQuad(_ source: Bitmap) -> Bitmap {
        let layout = BlockArtRenderer(options: BlockArtOptions(symbols: .quad)).layout(forImage: source.size, in: box)
        let pixels = source.resized(to: layout.pixelSize)
        let raster = CellRasterizer()
        let (blockWidth, blockHeight) = (raster.cellWidth / 2, raster.cellHeight / 2)
        var drawn = Bitmap(width: pixels.width * blockWidth, height: pixels.height * blockHeight)
        for y in 0..<drawn.height {
            for x in 0..<drawn.width {
                drawn[x, y] = pixels[x / blockWidth, y / blockHeight]
            }
        }
        return drawn
    }

    /// The source box-averaged to one colour per half cell, drawn as `▀`: the half-block optimum.
    private func idealHalf(_ source: Bitmap) -> CellGrid {
        let layout = BlockArtRenderer(options: BlockArtOptions(symbols: .half)).layout(forImage: source.size, in: box)
        let pixels = source.resized(to: layout.pixelSize)
        var grid = CellGrid(columns: layout.grid.columns, rows: layout.grid.rows)
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let top = pixels[column, row * 2], bottom = pixels[column, row * 2 + 1]
                grid[column, row] = Cell(glyph: "▀", foreground: .rgb(top.r, top.g, top.b), background: .rgb(bottom.r, bottom.g, bottom.b))
            }
        }
        return grid
    }
}
