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

    public init(naming: SidecarNaming = .nameWithExtension, folder: FilePath? = nil) {
        self.naming = naming
        self.folder = folder
    }

    /// The folder holding `photo`'s sidecar.
    public func sidecarFolder(for photo: FilePath) -> FilePath {
        folder ?? photo.removingLastComponent()
    }
}
