import Vocabulary

/// An animated PNG (APNG) played a frame at a time. Debian's libpng has no APNG support, so the
/// chunks are read here (with bounds) and each frame becomes a small PNG of its own — the
/// file's header chunks with the frame's size, its `fdAT` data as `IDAT` — that libpng decodes
/// through the shim like any PNG; the frame is then composited on the canvas as its `fcTL`
/// says (blend source or over; dispose none, background or previous).
///
/// Bounds: the canvas at most 2²⁴ pixels, at most 10,000 frames, each frame inside the canvas;
/// memory is the canvas and a saved canvas.
struct APNGAnimation {
    /// One frame's control chunk and where its data is.
    struct Frame {
        var region: PixelRect
        var duration: Duration
        var dispose: UInt8
        var blend: UInt8
        /// Byte ranges of its data (IDAT payloads, or fdAT payloads after their sequence number).
        var data: [Range<Int>]
    }

    static let maxFrames = 10_000
    static let maxCanvasPixels = 1 << 24

    let bytes: [UInt8]
    let canvasSize: PixelSize
    let frames: [Frame]
    /// Plays the file asks for (0: forever).
    let plays: Int
    /// Chunks every frame's PNG repeats (PLTE, tRNS, gAMA, …), whole with length and CRC.
    private let sharedChunks: [Range<Int>]
    /// The IHDR payload (13 bytes).
    private let header: [UInt8]

    private var canvas: Bitmap
    private var saved: Bitmap?
    private var next = 0
    private var previousDispose: (region: PixelRect, dispose: UInt8)?

    /// Frames in `bytes` when it is a PNG with an `acTL` before its image data; nil otherwise.
    static func frameCount(of bytes: [UInt8]) -> Int? {
        var offset = 8
        while let chunk = chunk(in: bytes, at: offset) {
            switch chunk.type {
            case "acTL":
                guard chunk.payload.count >= 8 else { return nil }
                let frames = Int(word(bytes, chunk.payload.lowerBound))
                return frames > 1 ? min(frames, maxFrames) : nil
            case "IDAT", "IEND": return nil
            default: offset = chunk.end
            }
        }
        return nil
    }

    /// Reads the chunks of an APNG; throws for anything that breaks the format or the bounds.
    init(_ bytes: [UInt8]) throws(ImageCodecError) {
        guard bytes.count > 8, bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw .decoder("APNG: not a PNG")
        }
        var header: [UInt8]?
        var shared: [Range<Int>] = []
        var frames: [Frame] = []
        var plays = 1
        var current: Frame?
        var seenData = false
        var offset = 8
        while let chunk = Self.chunk(in: bytes, at: offset) {
            offset = chunk.end
            let payload = chunk.payload
            // Frames are rewritten with new CRCs: check the old ones here, as libpng would.
            guard CRC32.checksum(bytes[(payload.lowerBound - 4)..<payload.upperBound]) == Self.word(bytes, payload.upperBound)
            else { throw .decoder("APNG: a \(chunk.type) chunk fails its CRC") }
            switch chunk.type {
            case "IHDR":
                // The first chunk, once: libpng reads that one, so the canvas is its size.
                guard payload.count == 13, header == nil, chunk.whole.lowerBound == 8 else {
                    throw .decoder("APNG: a bad or second IHDR")
                }
                header = Array(bytes[payload])
            case "acTL":
                guard payload.count >= 8 else { throw .decoder("APNG: a bad acTL") }
                plays = Int(Self.word(bytes, payload.lowerBound + 4))
            case "fcTL":
                guard payload.count >= 26, let header else { throw .decoder("APNG: a bad fcTL") }
                if let current { frames.append(current) }
                guard frames.count < Self.maxFrames else { break }
                let width = Int(Self.word(bytes, payload.lowerBound + 4))
                let height = Int(Self.word(bytes, payload.lowerBound + 8))
                let x = Int(Self.word(bytes, payload.lowerBound + 12))
                let y = Int(Self.word(bytes, payload.lowerBound + 16))
                let canvasWidth = Int(Self.word(header, 0)), canvasHeight = Int(Self.word(header, 4))
                guard width > 0, height > 0, x + width <= canvasWidth, y + height <= canvasHeight else {
                    throw .decoder("APNG: a frame outside the canvas")
                }
                let numerator = Int(bytes[payload.lowerBound + 20]) << 8 | Int(bytes[payload.lowerBound + 21])
                var denominator = Int(bytes[payload.lowerBound + 22]) << 8 | Int(bytes[payload.lowerBound + 23])
                if denominator == 0 { denominator = 100 }
                let milliseconds = numerator * 1000 / denominator
                current = Frame(
                    region: PixelRect(x: x, y: y, width: width, height: height),
                    duration: .milliseconds(milliseconds <= 10 ? 100 : milliseconds),
                    dispose: bytes[payload.lowerBound + 24], blend: bytes[payload.lowerBound + 25], data: [])
            case "IDAT":
                seenData = true
                // The default image is a frame only when an fcTL came before it.
                current?.data.append(payload)
            case "fdAT":
                seenData = true
                guard payload.count > 4 else { throw .decoder("APNG: an empty fdAT") }
                current?.data.append((payload.lowerBound + 4)..<payload.upperBound)
            case "IEND":
                offset = bytes.count
            default:
                if !seenData, chunk.type != "IHDR" { shared.append(chunk.whole) }
            }
        }
        if let current, frames.count < Self.maxFrames { frames.append(current) }
        frames.removeAll { $0.data.isEmpty }
        guard let header, !frames.isEmpty else { throw .decoder("APNG: no frame") }
        let size = PixelSize(width: Int(Self.word(header, 0)), height: Int(Self.word(header, 4)))
        guard size.width > 0, size.height > 0, size.pixelCount <= Self.maxCanvasPixels else {
            throw .limitExceeded("APNG: the canvas is too large to animate")
        }
        self.bytes = bytes
        self.header = header
        self.sharedChunks = shared
        self.frames = frames
        self.plays = plays
        self.canvasSize = size
        self.canvas = Bitmap(width: size.width, height: size.height, fill: RGBA(0, 0, 0, 0))
    }

    /// The next frame composited on the canvas (whole canvas size), its index and duration.
    mutating func nextFrame() throws(ImageCodecError) -> (canvas: Bitmap, index: Int, duration: Duration) {
        if next >= frames.count {
            next = 0
            canvas = Bitmap(width: canvasSize.width, height: canvasSize.height, fill: RGBA(0, 0, 0, 0))
            previousDispose = nil
        }
        let frame = frames[next]
        if let previous = previousDispose {
            switch previous.dispose {
            case 1: clear(previous.region)
            case 2: if let saved { canvas = saved }
            default: break
            }
        }
        // Dispose "previous" on the first frame means "background".
        let dispose = next == 0 && frame.dispose == 2 ? 1 : frame.dispose
        saved = dispose == 2 ? canvas : nil
        let pixels: Bitmap
        do {
            pixels = try ImageDecoder.decode(framePNG(frame), options: DecodingOptions(appliesOrientation: false)).bitmap
        } catch let error as ImageCodecError {
            throw error
        } catch {
            throw .decoder("APNG frame \(next): \(error)")
        }
        guard pixels.size == frame.region.size else { throw .decoder("APNG: a frame of the wrong size") }
        draw(pixels, at: frame.region, over: frame.blend == 1)
        previousDispose = (frame.region, dispose)
        let index = next
        next += 1
        return (canvas, index, frame.duration)
    }

    /// The frame as a PNG of its own: signature, IHDR with its size, the shared chunks, its data as IDAT, IEND.
    private func framePNG(_ frame: Frame) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr = header
        Self.put(UInt32(frame.region.width), into: &ihdr, at: 0)
        Self.put(UInt32(frame.region.height), into: &ihdr, at: 4)
        Self.append("IHDR", ihdr[...], to: &png)
        for range in sharedChunks { png += bytes[range] }
        for range in frame.data { Self.append("IDAT", bytes[range], to: &png) }
        Self.append("IEND", [][...], to: &png)
        return png
    }

    private mutating func clear(_ region: PixelRect) {
        for y in region.y..<(region.y + region.height) {
            for x in region.x..<(region.x + region.width) { canvas[x, y] = RGBA(0, 0, 0, 0) }
        }
    }

    private mutating func draw(_ pixels: Bitmap, at region: PixelRect, over: Bool) {
        for y in 0..<region.height {
            for x in 0..<region.width {
                let source = pixels[x, y]
                let target = (region.x + x, region.y + y)
                guard over, source.a < 255 else {
                    canvas[target.0, target.1] = source
                    continue
                }
                guard source.a > 0 else { continue }
                let below = canvas[target.0, target.1]
                let sa = Int(source.a), da = Int(below.a) * (255 - sa) / 255
                let alpha = sa + da
                func mix(_ s: UInt8, _ d: UInt8) -> UInt8 { UInt8((Int(s) * sa + Int(d) * da) / max(1, alpha)) }
                canvas[target.0, target.1] = RGBA(
                    mix(source.r, below.r), mix(source.g, below.g), mix(source.b, below.b), UInt8(alpha))
            }
        }
    }

    // MARK: Chunks

    private struct Chunk {
        var type: String
        var payload: Range<Int>
        var whole: Range<Int>
        var end: Int { whole.upperBound }
    }

    /// The chunk at `offset`, when its length, type and CRC fit in the bytes.
    private static func chunk(in bytes: [UInt8], at offset: Int) -> Chunk? {
        guard offset >= 8, offset + 12 <= bytes.count else { return nil }
        let length = Int(word(bytes, offset))
        guard length <= bytes.count - offset - 12 else { return nil }
        let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
        return Chunk(type: type, payload: (offset + 8)..<(offset + 8 + length), whole: offset..<(offset + 12 + length))
    }

    private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    private static func put(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for shift in 0..<4 { bytes[offset + shift] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(shift))) }
    }

    private static func append(_ type: String, _ payload: ArraySlice<UInt8>, to png: inout [UInt8]) {
        var length = [UInt8](repeating: 0, count: 4)
        put(UInt32(payload.count), into: &length, at: 0)
        let body = Array(type.utf8) + payload
        var crc = [UInt8](repeating: 0, count: 4)
        put(CRC32.checksum(body), into: &crc, at: 0)
        png += length + body + crc
    }
}
