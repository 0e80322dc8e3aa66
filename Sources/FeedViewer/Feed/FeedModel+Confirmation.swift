/// Keys that delete ask first: the question names what would go, `y` does it, any other key
/// keeps everything.
extension FeedModel {
    /// What is waiting for a yes.
    public enum Confirmation: Hashable, Sendable {
        /// Clear the memory and the disk cache (`C`).
        case clearAllCaches(CacheSizes)
        /// Move these photos' files to the Trash (`D`).
        case trash([TrashRequest])
    }

    /// The caches were measured after `C`: ask.
    mutating func askToClearCaches(_ sizes: CacheSizes) {
        actions.ask(.clearAllCaches(sizes))
        let memory = "\(sizes.memoryImages) images (\(ByteCountFormat.string(Int64(sizes.memoryBytes)))) in memory"
        let disk = sizes.diskBytes.map { " and \(ByteCountFormat.string(Int64($0))) on disk" } ?? ""
        message = "Clear \(memory)\(disk)? y clears, any other key keeps them"
    }
}
