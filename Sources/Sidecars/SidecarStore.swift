public import SystemPackage

/// The sidecars on disk, through exempi: ``SidecarStoring``'s live implementation.
///
/// Reading finds the photo's sidecar by ``SidecarNaming``'s rules in its folder (or the
/// settings' sidecar folder) and reads the decision from its standard properties
/// (``XMPDecisionMapping``); a photo with no sidecar is read for XMP of its own (a JPEG or DNG
/// from Lightroom, ``EmbeddedXMP``), unless the settings say not to. Writing reads the sidecar again, changes only the decision's
/// properties, and replaces it atomically after checking it did not change meanwhile
/// (``SidecarFolder``); a photo without one gains a new sidecar named by the settings. The photo
/// itself is never opened for writing. A write returns once the new sidecar is whole on disk
/// and in place; the folder's fsync that makes its name durable follows on a queue of its own
/// (``FolderSynchroniser``), shared by a burst of decisions in one folder.
///
/// The file work is short and synchronous (a sidecar is a few kilobytes); the actor keeps one
/// photo's writes in order.
///
/// ```swift
/// let store = SidecarStore(settings: SidecarSettings(folder: FilePath("/home/me/sidecars")))
/// try await store.write(Decision(flag: .rejected), for: FilePath("/media/card/DSC_0042.NEF"))
/// ```
public actor SidecarStore: SidecarStoring {
    public let settings: SidecarSettings
    /// Fsyncs the folders written into, off the write's path (one flush for a burst).
    nonisolated let synchroniser = FolderSynchroniser()

    public init(settings: SidecarSettings = SidecarSettings()) {
        self.settings = settings
    }

    public func read(photo: FilePath) throws(SidecarError) -> Decision? {
        guard let name = photo.lastComponent?.string else { return nil }
        let folder = try SidecarFolder(opening: settings.sidecarFolder(for: photo))
        guard let sidecar = SidecarNaming.existing(for: name, among: try folder.sidecarNames()),
            let read = try folder.read(sidecar)
        else { return settings.readsEmbedded ? try EmbeddedXMP.decision(in: photo) : nil }
        return try Self.packet(read.bytes, sidecar: folder.path.appending(sidecar)).decision
    }

    /// The sidecar that holds (or would hold) `photo`'s decision, whether it exists yet or not.
    public func sidecar(for photo: FilePath) throws(SidecarError) -> FilePath? {
        guard let name = photo.lastComponent?.string else { return nil }
        let folderPath = settings.sidecarFolder(for: photo)
        let folder = try SidecarFolder(opening: folderPath)
        return folderPath.appending(SidecarNaming.existing(for: name, among: try folder.sidecarNames()) ?? settings.naming.newName(for: name))
    }

    public func write(_ decision: Decision, for photo: FilePath) throws(SidecarError) {
        guard let name = photo.lastComponent?.string else {
            throw SidecarError(.folder, "\(photo.string) names no file, so it can have no sidecar.")
        }
        let folder = try SidecarFolder(opening: settings.sidecarFolder(for: photo))
        let sidecar = SidecarNaming.existing(for: name, among: try folder.sidecarNames()) ?? settings.naming.newName(for: name)
        let existing = try folder.read(sidecar)
        let path = folder.path.appending(sidecar)
        let packet = if let existing { try Self.packet(existing.bytes, sidecar: path) } else { try Self.emptyPacket(sidecar: path) }
        let bytes: [UInt8]
        do throws(XMPFailure) {
            try packet.record(decision)
            bytes = try packet.serialized()
        } catch {
            throw SidecarError(.unwritable, "Cannot write \(path.string): \(error.description).")
        }
        try folder.replace(sidecar, with: bytes, expecting: existing?.identity, synchroniser: synchroniser)
    }

    private static func packet(_ bytes: [UInt8], sidecar: FilePath) throws(SidecarError) -> XMPPacket {
        do {
            return try XMPPacket(parsing: bytes)
        } catch {
            throw SidecarError(.notXMP, "\(sidecar.string) is not a sidecar that can be read (\(XMPFailure.reasonOnly(error))); it is left as it is.")
        }
    }

    private static func emptyPacket(sidecar: FilePath) throws(SidecarError) -> XMPPacket {
        do {
            return try XMPPacket()
        } catch {
            throw SidecarError(.unwritable, "Cannot write \(sidecar.string): \(error.description).")
        }
    }
}

extension XMPFailure {
    /// Only the toolkit's reason: "the XML is not well formed".
    static func reasonOnly(_ failure: XMPFailure) -> String { Exempi.reason(failure.code) }
}
