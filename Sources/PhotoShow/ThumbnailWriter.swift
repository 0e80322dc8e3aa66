public import ImageLoading

/// Where a run's missed thumbnails go once everything is printed (``ShowSettings/writeThumbnailsLater``):
/// a function, named so that settings compare equal when they hand thumbnails to the same place.
///
/// ```swift
/// settings.writeThumbnailsLater = ThumbnailWriter(name: "background") { jobs in spawnWriter(jobs) }
/// ```
public struct ThumbnailWriter: Sendable, Equatable {
    /// What it is, for comparing settings.
    public var name: String
    /// Takes the jobs; it must not wait for them to be done.
    public var write: @Sendable ([ThumbnailJob]) -> Void

    /// A writer called `name` that hands jobs to `write`.
    public init(name: String, write: @escaping @Sendable ([ThumbnailJob]) -> Void) {
        self.name = name
        self.write = write
    }

    public static func == (lhs: ThumbnailWriter, rhs: ThumbnailWriter) -> Bool { lhs.name == rhs.name }
}
