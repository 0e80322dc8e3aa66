import Sidecars
import SystemPackage
import Vocabulary

/// The culling decisions of the photos on screen: what each row shows at once, and how its
/// sidecar stands — being read, as shown, a write under way or waiting, a write that failed.
///
/// A key changes the decision here and the row shows it in the same frame; the sidecar's write
/// is an effect (``FeedEffect/writeDecision(_:_:photo:)``) whose outcome comes back as a
/// message. One write per photo is under way at a time: a decision made meanwhile is written
/// when it ends. A write that fails keeps the decision as pending, said in the status bar, and
/// is tried again with the next decision or `R`; nothing is lost silently. A RAW+JPEG shot's
/// decision is one: read from the first of its files' sidecars, written to every one's.
///
/// ```swift
/// var decisions = DecisionsModel()
/// decisions.startReading(key, photo: path)            // [.read(key, path, companions: [])]
/// decisions.receiveRead(key, .success(nil))            // no sidecar: no decision yet
/// decisions.apply(.stars(3), to: key, photo: path)     // [.write(key, 3 stars, path, companions: [])]
/// ```
struct DecisionsModel: Sendable {
    /// What the sidecars need next: a read, or a write of the decision the row shows.
    enum Work: Hashable, Sendable {
        case read(PhotoKey, FilePath, companions: [FilePath])
        case write(PhotoKey, Decision, FilePath, companions: [FilePath])
    }

    /// How a photo's sidecar stands against what its row shows.
    enum SidecarState: Hashable, Sendable {
        /// Being read: the row shows the keys pressed meanwhile, applied when the read ends.
        case reading
        /// The sidecar holds what the row shows.
        case saved
        /// A write is under way or waits for one.
        case writing
        /// The last write failed (the reason, a sentence): kept, tried again by the next
        /// decision or `R`.
        case failed(String)
    }

    /// One photo's decision and its sidecar.
    struct Entry: Hashable, Sendable {
        /// The photo's file.
        var photo: FilePath
        /// The other files of its shot (a RAW beside the JPEG): their sidecars are written too.
        var companions: [FilePath] = []
        /// What the row shows.
        var decision = Decision()
        /// What the sidecar holds as far as the viewer knows (nil: not read yet, or unreadable).
        var saved: Decision?
        /// Whether the read is under way.
        var reading = false
        /// Keys pressed while the read was under way, applied to what it finds.
        var edits: [DecisionEdit] = []
        /// The decision being written (nil: none).
        var writing: Decision?
        /// Why the last write failed (nil: it did not).
        var failure: String?
        /// Why the sidecar could not be read (nil: it could).
        var readFailure: String?

        /// How the sidecar stands.
        var state: SidecarState {
            if reading { return .reading }
            if let failure { return .failed(failure) }
            if writing != nil || saved != decision { return .writing }
            return .saved
        }
    }

    /// The photos whose sidecars were read or asked for.
    private(set) var entries: [PhotoKey: Entry] = [:]

    /// The decision the row of `key` shows (nil: none known, nothing read yet).
    func decision(of key: PhotoKey) -> Decision? { entries[key]?.decision }

    /// How the sidecar of `key` stands (nil: never read).
    func state(of key: PhotoKey) -> SidecarState? { entries[key]?.state }

    /// What is not in the sidecars yet when the viewer stops (their reads and writes were
    /// under way, or failed): each photo's keys, to apply to what its sidecar holds then (a
    /// decision read or made here: the whole of it).
    var unsaved: [(photo: FilePath, companions: [FilePath], edits: [DecisionEdit])] {
        entries.values.compactMap { entry in
            if entry.reading { return entry.edits.isEmpty ? nil : (entry.photo, entry.companions, entry.edits) }
            guard entry.writing != nil || entry.failure != nil || entry.saved != entry.decision else { return nil }
            return (entry.photo, entry.companions, [.replace(entry.decision)])
        }.sorted { $0.photo.string < $1.photo.string }
    }

    /// The photos whose decisions wait for a write that failed.
    var failedKeys: [PhotoKey] { entries.filter { $0.value.failure != nil }.map(\.key) }

    // MARK: Reading

    /// A row of a local photo appeared: its sidecar is read (a shot's: the first of its files'
    /// that exists), the first time.
    mutating func startReading(_ key: PhotoKey, photo: FilePath, companions: [FilePath] = []) -> [Work] {
        guard entries[key] == nil else { return [] }
        entries[key] = Entry(photo: photo, companions: companions, reading: true)
        return [.read(key, photo, companions: companions)]
    }

    /// The read of `key` ended: the keys pressed meanwhile are applied to what it found; a
    /// write is returned when they changed it.
    mutating func receiveRead(_ key: PhotoKey, _ result: Result<Decision?, SidecarError>) -> [Work] {
        guard var entry = entries[key], entry.reading else { return [] }
        entry.reading = false
        switch result {
        case .success(let found):
            entry.saved = found ?? Decision()
        case .failure(let error):
            entry.readFailure = error.description
        }
        entry.decision = entry.edits.reduce(entry.saved ?? Decision()) { $1.applied(to: $0) }
        entry.edits = []
        entries[key] = entry
        return nextWrite(key)
    }

    // MARK: Deciding

    /// A key's `edit` on the photo of `key` (its file `photo`): shown at once; the write to
    /// start, if one is to start now (none while the read or another write is under way). A
    /// photo never read (marked, off screen) is read first, the edit applied to what it finds.
    mutating func apply(_ edit: DecisionEdit, to key: PhotoKey, photo: FilePath, companions: [FilePath] = []) -> [Work] {
        let reads = startReading(key, photo: photo, companions: companions)
        guard var entry = entries[key] else { return reads }
        entry.decision = edit.applied(to: entry.decision)
        if entry.reading { entry.edits.append(edit) }
        entry.failure = nil
        entries[key] = entry
        return reads + nextWrite(key)
    }

    /// A write ended: the sidecar holds `decision`, or `error` says why not (kept as pending).
    /// The next write when the row changed meanwhile.
    mutating func receiveWritten(_ key: PhotoKey, _ decision: Decision, error: SidecarError?) -> [Work] {
        guard var entry = entries[key] else { return [] }
        entry.writing = nil
        if let error {
            entry.failure = error.description
            entries[key] = entry
            return []
        }
        entry.saved = decision
        entries[key] = entry
        return nextWrite(key)
    }

    /// `R`, or a decision on another photo: the failed writes are tried again.
    mutating func retryFailed() -> [Work] {
        failedKeys.sorted { $0.id < $1.id }.flatMap { key in
            entries[key]?.failure = nil
            return nextWrite(key)
        }
    }

    /// The write `key` needs now: none while it is read or written, none when the sidecar holds
    /// what the row shows (as far as the viewer knows), none after a failure until retried.
    private mutating func nextWrite(_ key: PhotoKey) -> [Work] {
        guard var entry = entries[key], !entry.reading, entry.writing == nil, entry.failure == nil,
            entry.saved != entry.decision
        else { return [] }
        entry.writing = entry.decision
        entries[key] = entry
        return [.write(key, entry.decision, entry.photo, companions: entry.companions)]
    }
}
