/// One pixel: 8-bit red, green, blue and straight (not premultiplied) alpha.
public struct RGBA: Sendable, Hashable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let black = RGBA(0, 0, 0)
    public static let white = RGBA(255, 255, 255)
    public static let clear = RGBA(0, 0, 0, 0)

    public var description: String {
        a == 255 ? "rgb(\(r),\(g),\(b))" : "rgba(\(r),\(g),\(b),\(a))"
    }
}
