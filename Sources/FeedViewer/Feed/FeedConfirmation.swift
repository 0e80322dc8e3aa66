/// What is waiting for a yes: keys that delete ask first, the question names what would go,
/// `y` does it, any other key keeps everything (``ActionsModel`` holds it).
public enum FeedConfirmation: Hashable, Sendable {
    /// Clear the memory and the disk cache (`C`).
    case clearAllCaches(CacheSizes)
    /// Move these photos' files to the Trash (`D`).
    case trash([TrashRequest])
}
