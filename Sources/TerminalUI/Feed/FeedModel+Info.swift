import FeedSources
import ImageCodecs
import ImageLoading

/// What the info panel knows of one photo: nothing yet, its metadata, or why it failed.
struct PhotoInfo: Sendable {
    var key: PhotoKey
    var metadata: PhotoMetadata?
    var failure: String?
}

/// The info panel (`I`): the focused photo's file read for its metadata, once per focus.
extension FeedModel {
    /// While the info panel is open, the focused photo's file is read (once per photo focused).
    mutating func followInfo() -> [FeedEffect] {
        guard panel == .info, let key = focusedKey, info?.key != key, let photo = photo(key) else { return [] }
        info = PhotoInfo(key: key)
        let pixels = requestedPixels(of: key) ?? pixelSize(for: key)
        return [.readInfo(key, photo.imageRequest(for: pixels, priority: .normal))]
    }

    /// The metadata read for `key` (dropped when the panel moved on to another photo).
    mutating func receiveInfo(_ result: Result<PhotoMetadata, any Error>, for key: PhotoKey) {
        guard info?.key == key else { return }
        switch result {
        case .success(let metadata): info?.metadata = metadata
        case .failure(let error): info?.failure = "\(error)"
        }
    }

    /// What the info panel shows now.
    public var infoSubject: InfoPanel.Subject? {
        guard let key = focusedKey, let photo = photo(key) else { return nil }
        let current = info?.key == key ? info : nil
        let location: String?
        switch photo.origin {
        case .file(let directory, let name): location = directory.appendingPathComponent(name).path
        case .original(let url): location = url?.isFileURL == true ? url?.path : url?.absoluteString
        case .picsum: location = photo.imageRequest(for: photo.size ?? PixelSize(width: 1, height: 1)).url?.absoluteString
        }
        let author: String? = if case .picsum = photo.origin { photo.author } else { nil }
        return InfoPanel.Subject(
            title: photo.author, author: author, location: location, metadata: current?.metadata, failure: current?.failure,
            originalSize: author == nil ? nil : photo.size)
    }
}
