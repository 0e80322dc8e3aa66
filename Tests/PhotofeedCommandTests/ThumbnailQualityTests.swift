import BlockArt
import Foundation
import ImageCodecs
import ImageLoading
import Testing

@testable import PhotoShow
@testable import photofeed
import Vocabulary

/// Issue 20 §6: block art through the freedesktop thumbnail cache is never worse than decoding
/// the photo: `show` takes a cached thumbnail only where it gives the same picture, and writes
/// thumbnails with the same area-average filter it renders with.
@Suite("show: the thumbnail cache never costs quality")
struct ThumbnailQualityTests {
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/photos")

    /// `path` drawn at `columns`×`rows`, rasterised, through `thumbnails` (written first, then
    /// read) or directly.
    static func drawn(
        _ path: String, columns: Int, rows: Int, options: BlockArtOptions, thumbnails: (any ThumbnailCaching)?
    ) async throws -> Bitmap {
        if thumbnails != nil {  // the first run writes the thumbnail, the second reads it
            _ = try await Show.decodeFile(
                path, columns: columns, rows: rows, options: options, maxBytes: 1 << 26, thumbnails: thumbnails)
        }
        let (bitmap, original) = try await Show.decodeFile(
            path, columns: columns, rows: rows, options: options, maxBytes: 1 << 26, thumbnails: thumbnails)
        let grid = Show.render(bitmap, originalSize: original ?? bitmap.size, columns: columns, rows: rows, options: options)
        return CellRasterizer().rasterize(grid)
    }

    /// The photo at full size (no DCT scaling, no embedded thumbnail), area-averaged to `size`:
    /// the picture both paths approximate. (A DCT-scaled reference favours the direct path,
    /// which decodes the same way.) `ReferenceResize` gives `resized(to:)`'s bytes at a fraction
    /// of its cost in a debug build.
    static func reference(_ path: String, size: PixelSize) throws -> Bitmap {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return ReferenceResize.resized(try ImageDecoder.decode(bytes, options: DecodingOptions()).bitmap, to: size)
    }

    /// The most one photo may score lower through the cache: the stored PNG rounds the
    /// thumbnail to 8 bits, and its pixel grid's boundaries fall elsewhere than the DCT-scaled
    /// decode's (measured against the full-size reference: at most 0.0007 lower; before the
    /// rule, up to 0.024 lower and 0.005 on the mean).
    static let tolerance = 0.001

    @Test(arguments: [(40, 20, SymbolSet.sextant), (80, 40, .half), (16, 8, .quad)])
    func blockArtThroughTheCacheScoresAtLeastTheDirectDecode(columns: Int, rows: Int, symbols: SymbolSet) async throws {
        // Given every photo of Assets/photos and an empty thumbnail cache
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("thumbnail-quality-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = FreedesktopThumbnailCache(directory: root.appendingPathComponent("thumbnails"))
        let options = BlockArtOptions(symbols: symbols, colors: .truecolor, dither: .none, scaling: .fit)
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.photos.path)
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
        #expect(names.count >= 20)

        // When each is drawn directly and through the cache
        var direct: [Double] = []
        var cached: [Double] = []
        for name in names {
            let path = Self.photos.appendingPathComponent(name).path
            let straight = try await Self.drawn(path, columns: columns, rows: rows, options: options, thumbnails: nil)
            let through = try await Self.drawn(path, columns: columns, rows: rows, options: options, thumbnails: cache)
            let reference = try Self.reference(path, size: straight.size)
            direct.append(RenderQuality.ssim(straight, reference))
            cached.append(RenderQuality.ssim(through, through.size == reference.size ? reference : try Self.reference(path, size: through.size)))
        }

        // Then the mean SSIM through the cache is at least the direct one, and no photo scores
        // more than the tolerance lower
        for (index, name) in names.enumerated() {
            #expect(
                cached[index] >= direct[index] - Self.tolerance,
                "\(name): \(cached[index]) through the cache, \(direct[index]) direct")
        }
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(values.count) }
        #expect(mean(cached) >= mean(direct), "mean SSIM \(mean(cached)) through the cache, \(mean(direct)) direct")
    }
}

/// SSIM of Rec. 601 luma over 8×8 windows every 4 pixels (K1 0.01, K2 0.03), as feedbench's
/// block-art quality scenario measures.
enum RenderQuality {
    static func ssim(_ a: Bitmap, _ b: Bitmap) -> Double {
        precondition(a.size == b.size, "SSIM needs equal sizes")
        let la = luma(a), lb = luma(b), width = a.width
        let c1 = 0.01 * 255 * 0.01 * 255, c2 = 0.03 * 255 * 0.03 * 255
        var total = 0.0
        var count = 0
        // Read through pointers: a debug build checks and calls for every array subscript.
        la.withUnsafeBufferPointer { pa in
        lb.withUnsafeBufferPointer { pb in
        for top in stride(from: 0, through: a.height - 8, by: 4) {
            for left in stride(from: 0, through: width - 8, by: 4) {
                var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0
                for y in top..<(top + 8) {
                    for x in left..<(left + 8) {
                        let p = pa[y * width + x], q = pb[y * width + x]
                        sa += p
                        sb += q
                        saa += p * p
                        sbb += q * q
                        sab += p * q
                    }
                }
                let ma = sa / 64, mb = sb / 64
                let va = saa / 64 - ma * ma, vb = sbb / 64 - mb * mb, covariance = sab / 64 - ma * mb
                total += ((2 * ma * mb + c1) * (2 * covariance + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                count += 1
            }
        }
        }
        }
        return count == 0 ? 1 : total / Double(count)
    }

    private static func luma(_ bitmap: Bitmap) -> [Double] {
        var values = [Double](repeating: 0, count: bitmap.width * bitmap.height)
        // Through pointers, as `bitmap[x, y]` reads them (row by row, `bytesPerRow` apart).
        bitmap.withBytes { bytes in
        values.withUnsafeMutableBufferPointer { values in
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    let i = y * bitmap.bytesPerRow + x * 4
                    let r = Double(Int(bytes[i])), g = Double(Int(bytes[i + 1])), b = Double(Int(bytes[i + 2]))
                    values[y * bitmap.width + x] = 0.299 * r + 0.587 * g + 0.114 * b
                }
            }
        }
        }
        return values
    }
}
