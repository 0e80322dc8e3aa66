import CZlib
import Foundation
import ImageCodecs
import Synchronization
import Testing
import TerminalGraphics
import TerminalKit
import Vocabulary

/// How kitty pixels travel: zlib-compressed in the escapes, as a temporary file the terminal
/// reads, and through tmux passthrough.
@Suite("Graphics transport")
struct GraphicsTransportTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func photoLike(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height, fill: RGBA(0, 0, 0))
        for y in 0..<height {
            for x in 0..<width {
                bitmap[x, y] = RGBA(UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x + y) % 7 * 30))
            }
        }
        return bitmap
    }

    /// The zlib stream inflated (the terminal's side of `o=z`).
    private func inflate(_ data: Data, expected: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: expected)
        var length = uLong(expected)
        let status = output.withUnsafeMutableBufferPointer { destination in
            Array(data).withUnsafeBufferPointer { source in
                uncompress(destination.baseAddress, &length, source.baseAddress, uLong(source.count))
            }
        }
        return status == Z_OK && Int(length) == expected ? output : nil
    }

    @Test func byDefaultThePixelsGoAsAPNGThatDecodesToThemExactly() throws {
        // Given a 320×240 photo-like image
        let image = TerminalImage(bitmap: photoLike(width: 320, height: 240), cells: CellSize(columns: 32, rows: 12), graphics: .kittyPlaceholders)

        // When it is transmitted the default way
        let escapes: [String] = text(GraphicsTransport().transmitKitty(image, forPlaceholders: true))
            .components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }

        // Then the first escape says f=100 (a PNG carries its own size), and the joined payload is
        // an RGB PNG of exactly the pixels
        let first = try #require(escapes.first)
        #expect(first.hasPrefix("\u{1B}_Ga=T,U=1,q=2,f=100,i=\(image.id),c=32,r=12,m="))
        let payload: String = escapes.map { String($0.split(separator: ";", maxSplits: 1)[1]) }.joined()
        let png = Array(try #require(Data(base64Encoded: payload)))
        #expect(ImageFormat.sniff(png) == .png)
        #expect(try ImageDecoder.decode(png).bitmap.bytes == image.bitmap.bytes)
        // And it is smaller than the same pixels deflated (o=z), which are smaller than raw
        let deflated = KittyGraphics.transmit(image, forPlaceholders: true, payload: .deflated)
        let raw = KittyGraphics.transmit(image, forPlaceholders: true, payload: .raw)
        #expect(payload.utf8.count < deflated.count && deflated.count < raw.count)
    }

    @Test func deflatedPixelsSayOZAndInflateToTheRGBBytes() throws {
        let image = TerminalImage(bitmap: photoLike(width: 320, height: 240), cells: CellSize(columns: 32, rows: 12), graphics: .kittyPlaceholders)
        let escapes: [String] = text(KittyGraphics.transmit(image, forPlaceholders: true, payload: .deflated))
            .components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        let first = try #require(escapes.first)
        #expect(first.hasPrefix("\u{1B}_Ga=T,U=1,q=2,f=24,s=320,v=240,i=\(image.id),c=32,r=12,o=z,m=1;"))
        let payload: String = escapes.map { String($0.split(separator: ";", maxSplits: 1)[1]) }.joined()
        let compressed = try #require(Data(base64Encoded: payload))
        let pixels = try #require(inflate(compressed, expected: 320 * 240 * 3))
        #expect(pixels == KittyGraphics.pixelBytes(image.bitmap).bytes)
    }

    @Test func aFileTransmissionIsAFewHundredBytesOnTheTty() throws {
        // Given a sink that records what it was asked to write
        let sink = RecordingSink()
        let transport = GraphicsTransport(medium: .files(sink))
        let image = TerminalImage(bitmap: photoLike(width: 400, height: 400), cells: CellSize(columns: 40, rows: 20), graphics: .kittyPlaceholders)

        // When the image is transmitted
        let bytes = transport.transmitKitty(image, forPlaceholders: true)

        // Then one escape under 1 KB names the file (t=t, base64 path), and the file holds the pixels
        #expect(bytes.count < 1024)
        let escape = text(bytes)
        #expect(escape.hasPrefix("\u{1B}_Ga=T,U=1,q=2,f=24,s=400,v=400,i=\(image.id),c=40,r=20,t=t;"))
        let path = try #require(escape.split(separator: ";").last.map { String($0.dropLast(2)) })
        #expect(String(decoding: try #require(Data(base64Encoded: path)), as: UTF8.self) == "/fake/tty-graphics-protocol-\(image.id)")
        #expect(sink.written.withLock { $0 } == [400 * 400 * 3])

        // And when the sink cannot write, the pixels go inline, as a PNG
        let failing = GraphicsTransport(medium: .files(RecordingSink(fails: true)))
        #expect(text(failing.transmitKitty(image, forPlaceholders: true)).contains(",f=100,"))
    }

    @Test func temporaryFilesArePrivateAndLeftoversAreRemoved() throws {
        // Given a private directory
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tgp-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = TemporaryImageFiles(directory: directory.path)

        // When pixels are written under a hostile name
        let path = try #require(files.write([1, 2, 3], name: "../../etc/x"))

        // Then the file is in the directory, names the protocol, holds the bytes, and is 0600
        #expect(path.hasPrefix(directory.path + "/photofeed-tty-graphics-protocol-"))
        #expect(!path.dropFirst(directory.path.count).contains(".."))
        #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)

        // And removeLeftovers removes what the terminal did not take, and nothing else
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("other").path, contents: Data())
        files.removeLeftovers()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["other"])
    }

    @Test func passthroughDoublesEveryEscapeAndWrapsEachSequence() {
        // Given two escapes (a transmission chunk and a delete)
        let bytes = Array("\u{1B}_Ga=t;AAAA\u{1B}\\\u{1B}_Ga=d,d=I,i=7\u{1B}\\".utf8)

        // Then each is wrapped on its own, its ESCs doubled
        #expect(
            text(TmuxPassthrough.wrap(bytes))
                == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t;AAAA\u{1B}\u{1B}\\\u{1B}\\"
                + "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=7\u{1B}\u{1B}\\\u{1B}\\")
        #expect(TmuxPassthrough.wrap([]).isEmpty)
    }
}

/// Records writes instead of touching the file system.
private final class RecordingSink: ImageFileSink {
    let written = Mutex<[Int]>([])
    let fails: Bool

    init(fails: Bool = false) { self.fails = fails }

    func write(_ bytes: [UInt8], name: String) -> String? {
        guard !fails else { return nil }
        written.withLock { $0.append(bytes.count) }
        return "/fake/tty-graphics-protocol-\(name)"
    }

    func removeLeftovers() {}
}
