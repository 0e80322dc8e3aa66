import PhotoShow

/// The start-up fast path for `photofeed show`: reads the plain, valid argument lists by hand.
///
/// `show` runs once per image, like chafa, and ArgumentParser's reflection costs a process more
/// than decoding and rendering the picture (each first dynamic cast scans the binary's protocol
/// conformance records; `feedbench --scenario blockart-speed` times `show` processes). Anything the scanner
/// does not fully understand (help, an unknown or repeated flag, a bad value, `--`, no image)
/// returns nil, and ``ShowCommand`` parses it as usual, so errors and help read the same.
/// A test checks the scanner against ArgumentParser on the same argument lists.
enum ShowArgumentScanner {
    /// The settings for `arguments` (after `show`), or nil to let ArgumentParser decide.
    static func scan(_ arguments: [String]) -> ShowSettings? {
        var settings = ShowSettings(images: [])
        // An array, not a Set: a Set<String> is a generic type the runtime instantiates at its
        // first use, checking Hashable by a scan of the conformance records (a visible part of
        // a short `show`: `feedbench --scenario blockart-speed` times one).
        var seen: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != Show.standardInputName else {
                settings.images.append(argument)
                continue
            }
            let option = LongOption(argument)
            let name = option.name
            var value = option.value
            guard !seen.contains(name) else { return nil }
            seen.append(name)
            switch name {
            case "--fit", "--fill":
                guard value == nil, !seen.contains(name == "--fit" ? "--fill" : "--fit") else { return nil }
                settings.fill = name == "--fill"
                continue
            case "--title", "--no-thumbnail-cache", "--probe", "--clear":
                guard value == nil else { return nil }
                switch name {
                case "--title": settings.title = true
                case "--probe": settings.probe = true
                case "--clear": settings.clear = true
                default: settings.thumbnailCache = false
                }
                continue
            case "--width", "--height", "--symbols", "--colors", "--dither", "--max-bytes", "--grid", "--graphics",
                "--animate", "--loops", "--duration", "--place", "--cell-aspect", "--raw":
                break
            default:
                return nil
            }
            if value == nil {
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                value = arguments[index]
                index += 1
            }
            guard let value, apply(name, value, to: &settings) else { return nil }
        }
        guard (try? settings.validate()) != nil else { return nil }
        return settings
    }

    private static func apply(_ name: String, _ value: String, to settings: inout ShowSettings) -> Bool {
        switch name {
        case "--width":
            guard let number = Int(value) else { return false }
            settings.width = number
        case "--height":
            guard let number = Int(value) else { return false }
            settings.height = number
        case "--symbols":
            guard let symbols = try? ShowSettings.parseSymbols(value) else { return false }
            settings.symbols = symbols
        case "--colors":
            guard let colors = try? ShowSettings.parseColors(value) else { return false }
            settings.colors = colors
        case "--dither":
            guard let dither = try? ShowSettings.parseDither(value) else { return false }
            settings.dither = dither
        case "--max-bytes":
            guard let number = Int(value) else { return false }
            settings.maxBytes = number
        case "--grid":
            guard let grid = try? ShowGridSize.parse(value) else { return false }
            settings.grid = grid
        case "--graphics":
            guard let graphics = try? ShowSettings.parseGraphics(value) else { return false }
            settings.graphics = graphics
        case "--animate":
            guard let animate = try? ShowSettings.parseAnimate(value) else { return false }
            settings.animate = animate
        case "--loops":
            guard let number = Int(value) else { return false }
            settings.loops = number
        case "--duration":
            guard let seconds = Double(value) else { return false }
            settings.duration = seconds
        case "--place":
            guard let place = try? ShowPlacement.parse(value) else { return false }
            settings.place = place
        case "--cell-aspect":
            guard let aspect = try? ShowSettings.parseCellAspect(value) else { return false }
            settings.cellAspect = aspect
        case "--raw":
            guard let raw = try? ShowSettings.parseRaw(value) else { return false }
            settings.raw = raw
        default:
            return false
        }
        return true
    }
}
