import ArgumentParser
import BlockArt
import ImageCodecs
import PhotoShow
import TerminalGraphics
import TerminalScreen
import Vocabulary

/// The flags' words parsed into `show`'s values, throwing the message ArgumentParser prints:
/// shared by `ShowCommand`, ``ShowArgumentScanner`` and the viewer's flags.
extension ShowSettings {
    static func parseAnimate(_ text: String) throws -> AnimationMode {
        guard let mode = AnimationMode(rawValue: text.lowercased()) else {
            throw ValidationError("--animate must be on, off or once (got \(text))")
        }
        return mode
    }

    static func parseSymbols(_ text: String) throws -> SymbolSet {
        guard let value = SymbolSet(rawValue: text.lowercased()) else {
            throw ValidationError("--symbols must be half, quad, sextant, block or ascii (got \(text))")
        }
        return value
    }

    static func parseColors(_ text: String) throws -> ColorChoice {
        let lowered = text.lowercased()
        if lowered == "auto" { return .auto }
        if lowered == "full" || lowered == "24bit" { return ColorChoice(mode: .truecolor) }
        guard let value = ColorDepth(argument: lowered) else {
            throw ValidationError("--colors must be auto, truecolor, 256, 16 or none (got \(text))")
        }
        return ColorChoice(mode: value)
    }

    static func parseCellAspect(_ text: String) throws -> CellAspect {
        guard let aspect = CellAspect(argument: text) else {
            throw ValidationError(
                "--cell-aspect must be a cell's width and height as W:H, e.g. 1:2 or 8:19, at most 2:1 and 1:4 (got \(text))")
        }
        return aspect
    }

    static func parseRaw(_ text: String) throws -> RawRendering {
        guard let value = RawRendering(rawValue: text.lowercased()) else {
            throw ValidationError("--raw must be preview or develop (got \(text))")
        }
        return value
    }

    static func parseGraphics(_ text: String) throws -> GraphicsSelection.Request {
        guard let value = GraphicsSelection.Request(parsing: text) else {
            throw ValidationError("--graphics must be \(GraphicsSelection.Request.names) (got \(text))")
        }
        return value
    }

    static func parsePlace(_ text: String) throws -> ShowPlacement {
        do {
            return try ShowPlacement.parse(text)
        } catch {
            throw ValidationError(error.description)
        }
    }

    static func parseDither(_ text: String) throws -> Dithering {
        guard let value = Dithering(rawValue: text.lowercased()) else {
            throw ValidationError("--dither must be none, ordered or diffusion (got \(text))")
        }
        return value
    }
}
