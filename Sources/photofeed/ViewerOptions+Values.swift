import ArgumentParser
import FeedSources
import TerminalGraphics
import FeedViewer
import Sidecars
import SystemPackage
import FoundationExtras
import Vocabulary

/// The values of the viewer's options, parsed as ArgumentParser reads them: a bad value is
/// refused by the parse, with the message saying what the option takes.
extension ViewerOptions {
    /// `--thumb`: `auto` (sized from the screen) or a box of cells.
    enum ThumbnailBox: Equatable, Sendable {
        /// Sized from the screen.
        case auto
        /// W columns and H rows.
        case cells(CellSize)

        /// The box, nil for `auto`.
        var size: CellSize? {
            if case .cells(let size) = self { size } else { nil }
        }
    }

    /// A transform reading one of `Value`'s raw values in any case, and refusing anything else
    /// with "`option` must be `names` (got …)".
    static func named<Value: RawRepresentable<String> & Sendable>(
        _ option: String, _ names: String
    ) -> @Sendable (String) throws -> Value {
        { text in
            guard let value = Value(rawValue: text.lowercased()) else {
                throw ValidationError("\(option) must be \(names) (got \(text))")
            }
            return value
        }
    }

    @Sendable static func parseNetwork(_ text: String) throws -> NetworkPreset {
        guard let preset = NetworkPreset(name: text) else {
            let names = NetworkPreset.allCases.map(\.name).joined(separator: ", ")
            throw ValidationError("--network must be one of \(names) (got \(text))")
        }
        return preset
    }

    /// `WxH` as a box of W columns and H rows, within 4…200 × 2…100; `auto` as ``ThumbnailBox/auto``.
    @Sendable static func parseThumb(_ text: String) throws -> ThumbnailBox {
        if text.lowercased() == "auto" { return .auto }
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
            (4...200).contains(columns), (2...100).contains(rows)
        else {
            throw ValidationError("--thumb must be auto, or WxH with W 4…200 columns and H 2…100 rows, e.g. 32x16 (got \(text))")
        }
        return .cells(CellSize(columns: columns, rows: rows))
    }
}

extension ViewerOptions {
    /// Where the culling decisions' sidecars go (beside each photo, or `--sidecar-dir`), and how
    /// a new one is named (`--sidecar-naming`).
    var sidecarSettings: SidecarSettings {
        SidecarSettings(naming: sidecarNaming.naming, folder: sidecarDir.map { FilePath(PathText.expandingHome($0)) })
    }
}
