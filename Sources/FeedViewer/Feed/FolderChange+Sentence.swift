import FeedSources
import FoundationExtras

extension FolderChange {
    /// What the note says about a change to the watching itself (nil for a photo's change).
    ///
    /// ```swift
    /// FolderChange.folderBack("/photos/trip").watchingSentence   // "the folder trip is back: listed again"
    /// ```
    var watchingSentence: String? {
        switch self {
        case .folderBack(let path):
            "the folder \(PathText.lastComponent(path)) is back: listed again"
        case .notFollowing(let shortfall):
            "\(shortfall); changes in the others are not seen"
        case .overflow:
            "the folder changed faster than it could be followed: some changes were missed (restart to list it again)"
        default:
            nil
        }
    }
}
