@_spi(Testing) import ImageCodecs

/// Images the tests make themselves.
enum TestImages {
    /// Four flat quadrants: top-left red, top-right green, bottom-left blue, bottom-right white.
    static let quadrantColours = (topLeft: RGBA(230, 20, 20), topRight: RGBA(20, 200, 20),
                                  bottomLeft: RGBA(20, 20, 230), bottomRight: RGBA(250, 250, 250))

    /// A `width`×`height` bitmap of the four quadrant colours.
    static func quadrants(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        let c = quadrantColours
        for y in 0..<height {
            for x in 0..<width {
                let left = x < width / 2, top = y < height / 2
                bitmap[x, y] = top ? (left ? c.topLeft : c.topRight) : (left ? c.bottomLeft : c.bottomRight)
            }
        }
        return bitmap
    }

    /// The colours at the centres of the four quadrants of `bitmap`.
    static func quadrantSamples(_ bitmap: Bitmap) -> [RGBA] {
        let w = bitmap.width, h = bitmap.height
        return [bitmap[w / 4, h / 4], bitmap[3 * w / 4, h / 4], bitmap[w / 4, 3 * h / 4], bitmap[3 * w / 4, 3 * h / 4]]
    }

    /// A smooth colourful gradient with some alpha-free detail, for codecs.
    static func gradient(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                bitmap[x, y] = RGBA(
                    UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)),
                    UInt8((x + y) * 255 / max(1, width + height - 2)))
            }
        }
        return bitmap
    }

    /// Whether every channel differs by at most `tolerance`.
    static func close(_ a: RGBA, _ b: RGBA, tolerance: Int) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
            && abs(Int(a.b) - Int(b.b)) <= tolerance && abs(Int(a.a) - Int(b.a)) <= tolerance
    }

    /// The largest per-channel difference between two bitmaps of one size.
    static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        precondition(a.size == b.size)
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)),
                            abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
            }
        }
        return worst
    }
}
