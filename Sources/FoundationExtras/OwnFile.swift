/// One name photofeed writes in a folder of its own (its cache folder), declared once with what
/// it is for, which commands write it and what removes it: ``OwnFiles`` lists them all, and
/// `cache info`, `cache clear`, `cache prune`, the manual's FILES and the own-file rule are read
/// from that list, so a file cannot be written without being known to them.
///
/// ```swift
/// OwnFiles.pictures.name      // ".pictures"
/// OwnFiles.contains("CACHEDIR.TAG")   // true
/// ```
public struct OwnFile: Sendable, Hashable {
    /// How names are matched.
    public enum Naming: Sendable, Hashable {
        /// Exactly this name.
        case exactly(String)
        /// 64 lowercase hexadecimal digits (a SHA-256): the disk cache's entries.
        case digest
        /// This prefix and a UUID in capitals (a temporary file renamed into place).
        case temporary(prefix: String)
    }

    /// A file or a folder.
    public enum Kind: Sendable, Hashable {
        case file, folder
    }

    /// What removes it.
    public enum Cleaning: Sendable, Hashable {
        /// Kept while the folder is photofeed's (the tag, a lock): removed only with the folder.
        case kept
        /// Entries under a size limit, least recently used first; `cache prune` trims them by
        /// age and size, `cache clear` removes them.
        case entries(limit: Int)
        /// A folder of files under a size limit, least recently used first; `cache prune` trims
        /// it by age and size, `cache clear` empties and removes it.
        case bounded(limit: Int)
        /// Written anew by each run (truncated), removed when the run leaves it empty.
        case perRun
        /// A few kilobytes, made again when missing; left by `prune` and `clear` (a running
        /// viewer's terminal may be using it).
        case regenerated
        /// A temporary file of an interrupted write: removed by the next sweep, `prune` and `clear`.
        case temporary
    }

    /// How its names look.
    public let naming: Naming
    /// A file or a folder.
    public let kind: Kind
    /// What it is for, for `cache info` and the manual.
    public let purpose: String
    /// The commands that write it.
    public let writers: String
    /// What removes it.
    public let cleaning: Cleaning

    public init(_ naming: Naming, kind: Kind, purpose: String, writers: String, cleaning: Cleaning) {
        self.naming = naming
        self.kind = kind
        self.purpose = purpose
        self.writers = writers
        self.cleaning = cleaning
    }

    /// The exact name (`.pictures`); the pattern's description for a family of names.
    public var name: String {
        switch naming {
        case .exactly(let name): name
        case .digest: "<64 hex digits>"
        case .temporary(let prefix): prefix + "<UUID>"
        }
    }

    /// Whether `name` is one of this declaration's.
    public func matches(_ name: String) -> Bool {
        switch naming {
        case .exactly(let own):
            return name == own
        case .digest:
            return name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        case .temporary(let prefix):
            guard name.hasPrefix(prefix) else { return false }
            let uuid = name.utf8.dropFirst(prefix.utf8.count)
            return uuid.count == 36 && uuid.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || $0 == 0x2D }
        }
    }

    /// What removes it, in words (`cache info`, the manual).
    public var cleaningText: String {
        switch cleaning {
        case .kept: "kept while the folder is photofeed's"
        case .entries(let limit): "least recently used go past \(limit >> 20) MiB (the viewer's --disk-cache); cache prune trims, cache clear removes"
        case .bounded(let limit): "least recently used go past \(limit >> 20) MiB; cache prune trims, cache clear removes"
        case .perRun: "rewritten by each run, removed when left empty"
        case .regenerated: "a few KB, made when missing; kept by cache clear (a running viewer may use it)"
        case .temporary: "an interrupted write's; removed by the next sweep, cache prune and cache clear"
        }
    }
}
