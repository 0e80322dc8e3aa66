import FoundationEssentials
import FoundationExtras
import ImageCodecs
import SystemPackage

/// A folder's shots (``FeedPhoto/Shot``): the names of one stem come one after another in
/// natural order (`IMG_1.CR2`, `IMG_1.CR2.xmp`, `IMG_1.JPG`; `IMG_1 copy.jpg` and `IMG_10.CR2`
/// sort outside them), so a page takes, with each name, the names right after it that start with
/// the same stem and a dot (at most ``shotNameBound`` in all, looked at with
/// ``DirectoryListing/peek()``: no name is read twice, and a page still costs its own files).
/// Among the files so taken, one RAW and one JPEG or HEIF of exactly the same stem become one
/// photo shown from the JPEG or HEIF; any other mix (two RAWs, two JPEGs, a PNG) stays as
/// separate photos, in natural order, as does every file with ``FolderOptions/separatesPairs``.
///
/// Names that differ only by leading zeros (`IMG_01.CR2` beside `IMG_1.JPG`) are no shot; a
/// file the folder watcher adds later is a photo of its own until the folder is read again.
///
/// ```swift
/// // The listing holds a.CR2, a.JPG, b.jpg:
/// feed.takeShotNames()   // ["a.CR2", "a.JPG"]
/// ```
extension DirectoryFeed {
    /// The most names taken together as one stem's (the stem's files and their sidecars).
    static let shotNameBound = 8

    /// The listing's next name, with the names right after it that start with its stem and a
    /// dot (none with ``FolderOptions/separatesPairs``); nil when every name has been taken.
    /// The listing is changed in place (never copied).
    func takeShotNames() -> [FilePath]? {
        guard let first = listing?.next() else { return nil }
        var names = [first]
        guard !options.separatesPairs, let prefix = Self.stemPrefix(first) else { return names }
        while names.count < Self.shotNameBound, let next = listing?.peek(), next.bytes.starts(with: prefix),
            let taken = listing?.next()
        {
            names.append(taken)
        }
        return names
    }

    /// `names` (one after another in natural order) in runs that share a stem, as
    /// ``takeShotNames()`` takes them from a listing.
    func shotRuns(_ names: [FilePath]) -> [[FilePath]] {
        var runs: [[FilePath]] = []
        var index = 0
        while index < names.count {
            var run = [names[index]]
            if !options.separatesPairs, let prefix = Self.stemPrefix(names[index]) {
                while run.count < Self.shotNameBound, index + run.count < names.count,
                    names[index + run.count].bytes.starts(with: prefix)
                {
                    run.append(names[index + run.count])
                }
            }
            runs.append(run)
            index += run.count
        }
        return runs
    }

    /// The photos of a run of names: each file checked once, a RAW and a JPEG or HEIF of one
    /// stem joined as one shot (at the place of the first of them), the rest as they are.
    func photos(ofRun names: [FilePath]) -> [FeedPhoto] {
        let checked = names.compactMap { name in Self.checkedFile(named: name, in: directory).map { (name, $0) } }
        guard checked.count > 1, !options.separatesPairs else { return checked.map(\.1.photo) }
        var photos: [FeedPhoto] = []
        var joined = Set<Int>()
        for (index, (name, file)) in checked.enumerated() where !joined.contains(index) {
            let stem = Self.stem(name)
            let same = checked.indices.filter { Self.stem(checked[$0].0) == stem }
            let raws = same.filter { checked[$0].1.format == .raw }
            let developed = same.filter { [.jpeg, .heif].contains(checked[$0].1.format) }
            guard same.count == 2, raws.count == 1, developed.count == 1 else {
                photos.append(file.photo)
                continue
            }
            photos.append(Self.shot(shown: checked[developed[0]].1, raw: checked[raws[0]]))
            joined.formUnion(same)
        }
        return photos
    }

    /// The name's bytes up to and including the last dot of its last component ("2024/IMG_1."
    /// for "2024/IMG_1.CR2"); nil when the last component has no dot but a leading one.
    static func stemPrefix(_ name: FilePath) -> [UInt8]? {
        let bytes = name.bytes
        let slash = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        guard let dot = bytes[slash...].lastIndex(of: UInt8(ascii: ".")), dot > slash else { return nil }
        return Array(bytes[...dot])
    }

    /// The name without its extension (the whole name when it has none).
    static func stem(_ name: FilePath) -> [UInt8] {
        guard var prefix = stemPrefix(name) else { return name.bytes }
        prefix.removeLast()
        return prefix
    }
}
