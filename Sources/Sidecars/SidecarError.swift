/// Why a sidecar could not be read or written, as a sentence for the status bar; the decision
/// is then the caller's to keep pending, never lost.
///
/// ```swift
/// catch let error { status = error.description }
/// // "Cannot write IMG_1.CR2.xmp: read-only file system."
/// ```
public struct SidecarError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure, for a caller that acts on it (a changed sidecar is worth trying
    /// again after reading it anew; a read-only folder is not).
    public struct Kind: Hashable, Sendable {
        private let code: Int
        private init(_ code: Int) { self.code = code }

        /// The photo's folder (or the sidecar folder) could not be opened.
        public static let folder = Kind(1)
        /// The sidecar could not be read.
        public static let unreadable = Kind(2)
        /// The sidecar is not XMP the toolkit can read: left as it is.
        public static let notXMP = Kind(3)
        /// The sidecar changed between reading it and replacing it: nothing was written.
        public static let changedMeanwhile = Kind(4)
        /// The sidecar could not be written (a read-only file system, a full disk, permissions).
        public static let unwritable = Kind(5)
        /// The sidecar is a link or not a regular file: not followed, not replaced.
        public static let notAFile = Kind(6)
    }

    public let kind: Kind
    /// The sentence.
    public let description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
