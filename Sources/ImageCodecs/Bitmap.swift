public import Vocabulary

/// An RGBA8 image in memory: rows top to bottom, 4 bytes a pixel, straight alpha.
///
/// `Bitmap` is a value type; copies share storage until one is mutated.
/// No unsafe pointer to its storage leaves this module.
///
/// ```swift
/// var bitmap = Bitmap(width: 2, height: 1, fill: .white)
/// bitmap[1, 0] = RGBA(255, 0, 0)
/// ```
public struct Bitmap: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from the start of one row to the start of the next (at least `width * 4`).
    public let bytesPerRow: Int
    /// The pixel bytes, `bytesPerRow * height` of them.
    public private(set) var bytes: [UInt8]

    /// A bitmap filled with one colour.
    public init(width: Int, height: Int, fill: RGBA = .black) {
        precondition(width >= 0 && height >= 0, "negative bitmap size")
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        if fill != .clear {
            for i in stride(from: 0, to: bytes.count, by: 4) {
                bytes[i] = fill.r
                bytes[i + 1] = fill.g
                bytes[i + 2] = fill.b
                bytes[i + 3] = fill.a
            }
        }
        self.bytes = bytes
    }

    /// Wraps existing RGBA8 bytes; throws when the byte count does not match the geometry.
    public init(width: Int, height: Int, bytesPerRow: Int? = nil, rgba bytes: [UInt8]) throws {
        let stride = bytesPerRow ?? width * 4
        guard width >= 0, height >= 0, stride >= width * 4 else {
            throw ImageCodecError.invalidArgument("bitmap geometry \(width)×\(height), stride \(stride)")
        }
        guard bytes.count >= stride * height else {
            throw ImageCodecError.invalidArgument(
                "bitmap of \(width)×\(height) needs \(stride * height) bytes, got \(bytes.count)")
        }
        self.width = width
        self.height = height
        self.bytesPerRow = stride
        self.bytes = bytes
    }

    /// Width and height.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Memory held by the pixels, for cache cost accounting.
    public var byteCount: Int { bytes.count }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x),\(y)) outside \(size)")
            let i = y * bytesPerRow + x * 4
            return RGBA(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x),\(y)) outside \(size)")
            let i = y * bytesPerRow + x * 4
            bytes[i] = newValue.r
            bytes[i + 1] = newValue.g
            bytes[i + 2] = newValue.b
            bytes[i + 3] = newValue.a
        }
    }

    /// Calls `body` with read access to the raw bytes. The buffer must not escape `body`.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer(body)
    }

    /// Calls `body` with write access to the raw bytes. The buffer must not escape `body`.
    public mutating func withMutableBytes<R>(_ body: (inout UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeMutableBufferPointer(body)
    }
}

extension Bitmap {
    /// Wraps bytes the module has just produced with the right geometry (tightly packed rows).
    /// A precondition, not an assert: the module is built optimised even in debug builds
    /// (Package.swift), where an assert would no longer be checked by the tests.
    init(uncheckedWidth width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "bitmap bytes do not match \(width)×\(height)")
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        self.bytes = bytes
    }
}
