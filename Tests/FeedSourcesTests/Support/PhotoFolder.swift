import Foundation
import ImageCodecs

#if canImport(Glibc)
import Glibc
#endif

/// Builds photo folders for the folder-option and watcher tests: tiny PNGs and JPEGs (with an
/// EXIF date taken when asked), written at relative paths, with set modification times.
enum PhotoFolder {
    /// A PNG of `width`×`height`.
    static func png(width: Int = 2, height: Int = 2) throws -> [UInt8] {
        try PNGEncoder.encode(Bitmap(width: width, height: height, fill: RGBA(9, 9, 9)))
    }

    /// A small JPEG whose EXIF says it was taken at `taken` ("YYYY:MM:DD HH:MM:SS"), or none.
    static func jpeg(taken: String?) throws -> [UInt8] {
        let plain = try JPEGEncoder.encode(Bitmap(width: 4, height: 3, fill: RGBA(200, 100, 50)))
        guard let taken else { return plain }
        // Little-endian TIFF: IFD0 (one entry: the EXIF IFD at 26), the EXIF IFD (one entry:
        // DateTimeOriginal, 20 ASCII bytes at 44), then the text.
        var tiff: [UInt8] = [0x49, 0x49, 42, 0] + le32(8)
        tiff += le16(1) + le16(0x8769) + le16(4) + le32(1) + le32(26) + le32(0)
        tiff += le16(1) + le16(0x9003) + le16(2) + le32(20) + le32(44) + le32(0)
        tiff += Array(taken.utf8.prefix(19)) + [0]
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + plain.dropFirst(2)
    }

    /// A small JPEG whose EXIF IFD holds DateTimeOriginal `taken`, and when given
    /// SubSecTimeOriginal `subseconds` ("045") and OffsetTimeOriginal `offset` ("+02:00").
    static func jpeg(taken: String, subseconds: String?, offset: String? = nil) throws -> [UInt8] {
        let plain = try JPEGEncoder.encode(Bitmap(width: 4, height: 3, fill: RGBA(200, 100, 50)))
        // The EXIF IFD's entries, in tag order, each ASCII value (with its NUL) after the IFD.
        var values: [(tag: Int, text: [UInt8])] = [(0x9003, Array(taken.utf8.prefix(19)) + [0])]
        if let offset { values.append((0x9011, Array(offset.utf8) + [0])) }
        if let subseconds { values.append((0x9291, Array(subseconds.utf8) + [0])) }
        let exifIFD = 26
        var data = exifIFD + 2 + values.count * 12 + 4
        var tiff: [UInt8] = [0x49, 0x49, 42, 0] + le32(8)
        tiff += le16(1) + le16(0x8769) + le16(4) + le32(1) + le32(exifIFD) + le32(0)
        tiff += le16(values.count)
        var tail: [UInt8] = []
        for value in values {
            if value.text.count <= 4 {
                tiff += le16(value.tag) + le16(2) + le32(value.text.count) + value.text + [UInt8](repeating: 0, count: 4 - value.text.count)
            } else {
                tiff += le16(value.tag) + le16(2) + le32(value.text.count) + le32(data)
                tail += value.text
                data += value.text.count
            }
        }
        tiff += le32(0) + tail
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + plain.dropFirst(2)
    }

    /// Writes `bytes` at `relativePath` under `root`, making its folders.
    @discardableResult
    static func write(_ bytes: [UInt8], at relativePath: String, in root: URL) throws -> URL {
        let file = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file
    }

    /// Sets a file's modification (and access) time to `seconds` since 1970.
    static func setModified(_ file: URL, seconds: Int) {
        var times = [timeval(tv_sec: seconds, tv_usec: 0), timeval(tv_sec: seconds, tv_usec: 0)]
        _ = utimes(file.path, &times)
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    private static func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
}
