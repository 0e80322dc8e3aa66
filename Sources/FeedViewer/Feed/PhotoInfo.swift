import ImageCodecs
import Vocabulary

/// What the info panel knows of one photo: nothing yet, its metadata, or why it failed.
struct PhotoInfo: Sendable {
    var key: PhotoKey
    var metadata: PhotoMetadata?
    var failure: String?
}
