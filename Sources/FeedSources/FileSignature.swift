import Foundation

/// Magic bytes: is a file a JPEG or PNG, judged by its first bytes only.
enum FileSignature {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func isImage(headOf file: URL) -> Bool {
        guard let head = head(of: file, count: png.count) else { return false }
        return head.starts(with: jpeg) || head.starts(with: png)
    }

    /// Up to `count` bytes from the start of a regular file; nil for directories and unreadable files.
    static func head(of file: URL, count: Int) -> [UInt8]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let handle = try? FileHandle(forReadingFrom: file)
        else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: count) else { return nil }
        return Array(data)
    }
}
