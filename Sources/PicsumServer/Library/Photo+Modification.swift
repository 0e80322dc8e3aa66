import FoundationEssentials

extension Photo {
    /// When its file was last modified, to the second (nil when the file cannot be read).
    ///
    /// An image's `Last-Modified`: a property of the photo, so every instance serving the same
    /// files says the same date, whenever it started.
    var fileModificationDate: Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
}
