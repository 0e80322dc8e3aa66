import ImageCodecs

/// Small synthetic bitmaps for golden tests, built pixel by pixel.
enum TestBitmaps {
    /// A bitmap whose pixel at (x, y) is `color(x, y)`.
    static func make(width: Int, height: Int, _ color: (Int, Int) -> RGBA) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { bitmap[x, y] = color(x, y) }
        }
        return bitmap
    }

    /// White where `isWhite`, black elsewhere.
    static func mask(width: Int, height: Int, _ isWhite: (Int, Int) -> Bool) -> Bitmap {
        make(width: width, height: height) { isWhite($0, $1) ? .white : .black }
    }

    /// Varied colours (a deterministic pattern), for round trips.
    static func pattern(width: Int, height: Int) -> Bitmap {
        make(width: width, height: height) { x, y in
            RGBA(UInt8((x * 37 + y * 11) % 256), UInt8((x * y * 5 + 40) % 256), UInt8((y * 29 + 200 - x * 3) & 255))
        }
    }
}
