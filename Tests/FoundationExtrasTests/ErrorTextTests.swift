import Foundation
import FoundationExtras
import Testing

/// Errors in words: what a user reads is a sentence, never a Swift type's dump.
@Suite struct ErrorTextTests {
    private enum Refusal: Error {
        case remoteConnectionClosed
        case handshakeFailed(code: Int)
    }

    @Test func aCaseNameWithNoDescriptionIsSaidInWords() {
        // Given errors that print as their type and case (AsyncHTTPClient's, NIO's, one of ours)
        // When they are described
        // Then the case's name is said in words, its type and payload left out
        #expect(ErrorText.describe(Refusal.remoteConnectionClosed) == "remote connection closed")
        #expect(ErrorText.describe(Refusal.handshakeFailed(code: 7)) == "handshake failed")
        #expect(ErrorText.words("HTTPClientError.remoteConnectionClosed") == "remote connection closed")
        #expect(ErrorText.words("NIOSSLError.handshakeFailed(BoringSSLError.sslError([]))") == "handshake failed")
        // And a description that is already words stays as it is
        #expect(ErrorText.words("cannot open a.jpg: permission denied") == "cannot open a.jpg: permission denied")
        #expect(ErrorText.words("Timeout") == "Timeout")
        #expect(ErrorText.words("a.b") == "a.b")
    }

    @Test func fileErrorsAreTheSystemsWords() {
        // Given the errors Foundation raises for a read-only volume and a name already taken
        // When they are described
        // Then they are strerror's words, never "CocoaError(code: 642)"
        #expect(ErrorText.describe(CocoaError(.fileWriteVolumeReadOnly)) == "read-only file system")
        #expect(ErrorText.describe(CocoaError(.fileWriteFileExists)) == "file exists")
        #expect(!ErrorText.describe(CocoaError(.fileWriteUnknown)).contains("CocoaError"))
    }
}
