import FoundationEssentials
import FoundationExtras
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The process's arguments as the system gave them: bytes. `CommandLine.arguments` decodes
/// each as UTF-8, a byte that is not UTF-8 becoming U+FFFD, so `show 'e\xff.jpg'` would name
/// `e\u{FFFD}.jpg`, another file. Read from `argv` here, an argument that is UTF-8 stays the
/// text it is; one that is not (a file name as it is on disk) becomes the `file://` URL of its
/// bytes, percent-encoded (``URL/init(fileAt:)``), which `show` opens byte for byte.
///
/// ```swift
/// RawArguments.arguments()   // ["show", "file:///home/me/e%FF.jpg"] for `photofeed show e$'\xff'.jpg`
/// ```
enum RawArguments {
    /// The arguments after the program's name.
    static func arguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            // The bytes as they are (a FilePath would fold `//`, as in `http://`).
            let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
            return text(bytes: Array(bytes))
        }
    }

    /// One argument's `bytes` as text: itself when it is UTF-8, else its `file://` URL.
    static func text(bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return URL(fileAt: FilePath(bytes: bytes))?.absoluteString ?? String(decoding: bytes, as: UTF8.self)
    }
}
