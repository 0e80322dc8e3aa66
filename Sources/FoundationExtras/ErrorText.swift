import FoundationEssentials
import Glibc

/// An error in words for a message, without Foundation's localized descriptions (they need
/// FoundationInternationalization and its ICU data).
///
/// ```swift
/// catch { print("cannot list \(path): \(ErrorText.describe(error))") }   // "no such file or directory"
/// ```
public enum ErrorText {
    /// The reason `strerror` gives for a file-system error (a `CocoaError` over a `POSIXError`, a
    /// `POSIXError`, a ``SystemError``), and the error's own description for anything else.
    public static func describe(_ error: any Error) -> String {
        switch error {
        case let error as SystemError:
            return error.reason
        case let error as POSIXError:
            return SystemError.reason(error.code.rawValue)
        case let error as CocoaError:
            if let underlying = error.underlying as? POSIXError { return SystemError.reason(underlying.code.rawValue) }
            return cocoaReason(error.code)
        default:
            return words(String(describing: error))
        }
    }

    /// An error's own description, unless it is only a case's name, the way Swift prints an enum
    /// with no description of its own (`HTTPClientError.remoteConnectionClosed`,
    /// `handshakeFailed(…)`): then the name in words ("remote connection closed"), its type and
    /// payload left out.
    public static func words(_ description: String) -> String {
        var text = Substring(description)
        if let parenthesis = text.firstIndex(of: "(") { text = text[..<parenthesis] }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let name = parts.last, let first = name.first, first.isLowercase,
            parts.dropLast().allSatisfy({ $0.first?.isUppercase == true && $0.allSatisfy(isIdentifier) }),
            name.allSatisfy(isIdentifier)
        else { return description }
        var spoken = ""
        for character in name {
            if character.isUppercase, !spoken.isEmpty { spoken += " " }
            spoken += character.lowercased()
        }
        return spoken
    }

    private static func isIdentifier(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }

    /// The few file codes FileManager and Data raise without an underlying POSIX error.
    private static func cocoaReason(_ code: CocoaError.Code) -> String {
        switch code {
        case .fileNoSuchFile, .fileReadNoSuchFile: "no such file or directory"
        case .fileReadNoPermission, .fileWriteNoPermission: "permission denied"
        case .fileWriteFileExists: "file exists"
        case .fileWriteOutOfSpace: "no space left on device"
        case .fileWriteVolumeReadOnly: "read-only file system"
        case .fileReadInvalidFileName, .fileWriteInvalidFileName: "the file name is not valid"
        case .fileReadTooLarge: "the file is too large"
        case .fileLocking: "the file is locked"
        case .fileReadUnknown, .fileWriteUnknown: "an unknown file error"
        case .fileReadCorruptFile: "the file is corrupt"
        case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding: "the text is not in the expected encoding"
        default: "error \(code.rawValue)"
        }
    }
}
