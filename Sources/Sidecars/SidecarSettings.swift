public import SystemPackage

/// Where sidecars go and how a new one is named.
///
/// ```swift
/// SidecarSettings()                                                    // beside the photo, NAME.EXT.xmp
/// SidecarSettings(naming: .nameOnly, folder: FilePath("/home/me/sidecars"))   // --sidecar-dir
/// ```
public struct SidecarSettings: Hashable, Sendable {
    /// How a new sidecar is named (an existing one keeps its name).
    public var naming: SidecarNaming
    /// A folder that holds the sidecars instead of the photo's own (read-only media); nil: beside
    /// each photo. Photos of the same name from different folders share one sidecar there.
    public var folder: FilePath?
    /// Whether a photo with no sidecar is read for the XMP embedded in it (a sidecar always
    /// wins over it; a decision is never written into the photo).
    public var readsEmbedded: Bool

    public init(naming: SidecarNaming = .nameWithExtension, folder: FilePath? = nil, readsEmbedded: Bool = true) {
        self.naming = naming
        self.folder = folder
        self.readsEmbedded = readsEmbedded
    }

    /// The folder holding `photo`'s sidecar.
    public func sidecarFolder(for photo: FilePath) -> FilePath {
        folder ?? photo.removingLastComponent()
    }
}
