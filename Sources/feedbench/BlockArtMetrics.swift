import Foundation
import ImageCodecs

/// Image similarity for the BlockArt quality scenario: PSNR over RGB, SSIM over luma.
enum BlockArtMetrics {
    /// Peak signal-to-noise ratio in dB over the R, G and B channels (99 when identical).
    static func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
        precondition(a.size == b.size, "PSNR needs equal sizes")
        var sum = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                let dr = Double(p.r) - Double(q.r), dg = Double(p.g) - Double(q.g), db = Double(p.b) - Double(q.b)
                sum += dr * dr + dg * dg + db * db
            }
        }
        let mse = sum / Double(a.width * a.height * 3)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    /// Mean SSIM of Rec. 601 luma over 8×8 windows every 4 pixels (K1 0.01, K2 0.03).
    static func ssim(_ a: Bitmap, _ b: Bitmap) -> Double {
        precondition(a.size == b.size, "SSIM needs equal sizes")
        let la = luma(a), lb = luma(b)
        let width = a.width, height = a.height
        let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
        let window = 8, step = 4
        var total = 0.0
        var count = 0
        var y = 0
        while y + window <= height {
            var x = 0
            while x + window <= width {
                var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0
                for j in y..<(y + window) {
                    for i in x..<(x + window) {
                        let p = la[j * width + i], q = lb[j * width + i]
                        sa += p; sb += q; saa += p * p; sbb += q * q; sab += p * q
                    }
                }
                let n = Double(window * window)
                let ma = sa / n, mb = sb / n
                let va = saa / n - ma * ma, vb = sbb / n - mb * mb, cov = sab / n - ma * mb
                total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                count += 1
                x += step
            }
            y += step
        }
        return count == 0 ? 1 : total / Double(count)
    }

    private static func luma(_ bitmap: Bitmap) -> [Double] {
        var values = [Double](repeating: 0, count: bitmap.width * bitmap.height)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let p = bitmap[x, y]
                values[y * bitmap.width + x] = 0.299 * Double(p.r) + 0.587 * Double(p.g) + 0.114 * Double(p.b)
            }
        }
        return values
    }
}
