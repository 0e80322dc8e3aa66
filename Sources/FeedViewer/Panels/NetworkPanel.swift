public import TerminalGraphics
import TerminalScreen
public import Vocabulary
/// The network panel (`n`): the embedded server's shaping and the keys that change it, and
/// the caches' use against their limits (`--memory-cache`, `--disk-cache`).
///
/// ```
/// ╭ network · embedded 127.0.0.1:41893 ───────────╮
/// │ latency        120 ms         - +  ∓50 ms      │
/// │ bandwidth      400 KB/s       [ ]  halve/double│
/// │ failure rate   0%             f F  ∓10%        │
/// │ …                                              │
/// │ preset         fast          1 fast 2 3g 3 edge 4 flaky│
/// │ memory cache   3.1 MiB of 128 MiB · 12 images  │
/// │ disk cache     48 MiB of 200 MiB               │
/// ╰──────────────────────────────── n closes ──────╯
/// ```
public enum NetworkPanel {
    /// Rows the panel needs: a border, one line per knob, the presets, two for the caches, and a border.
    public static let preferredHeight = ShapingKnobs.Knob.allCases.count + 5

    /// The panel as a `size` block. `knobs` nil: the feed is not the embedded server, nothing to
    /// shape; `caches` nil: not measured yet.
    public static func render(
        _ knobs: ShapingKnobs?,
        caches: CacheSizes? = nil,
        source: String,
        size: CellSize,
        glyphs: GlyphSet = .unicode
    ) -> CellBlock {
        var lines: [StyledText] = []
        if let knobs {
            for (knob, down, up) in ShapingKnobs.keys {
                var line = StyledText(EventLogPanel.pad(label(knob), to: 15, left: false))
                line.append(EventLogPanel.pad(value(knob, of: knobs), to: 14, left: false), style: CellStyle(attributes: .bold))
                line.append("\(down) \(up)  ", style: CellStyle(foreground: .yellow))
                line.append(hint(knob), style: CellStyle(attributes: .dim))
                lines.append(line)
            }
            lines.append(presetLine(for: knobs))
        } else {
            lines.append(StyledText("not the embedded server: nothing to shape", style: CellStyle(attributes: .dim)))
        }
        lines += cacheLines(caches, glyphs: glyphs)
        return PanelBox.render(
            title: "network" + glyphs.separator + source, lines: lines, footer: "n closes", size: size, glyphs: glyphs)
    }

    /// `preset  3g  1 fast 2 3g 3 edge 4 flaky`, the preset in force in bold.
    static func presetLine(for knobs: ShapingKnobs) -> StyledText {
        let current = NetworkPreset(matching: knobs)
        var line = StyledText(EventLogPanel.pad("preset", to: 15, left: false))
        line.append(EventLogPanel.pad(NetworkPreset.label(for: knobs), to: 14, left: false), style: CellStyle(attributes: .bold))
        for (index, preset) in NetworkPreset.allCases.enumerated() {
            line.append((index == 0 ? "" : " ") + "\(preset.key) ", style: CellStyle(foreground: .yellow))
            line.append(preset.name, style: preset == current ? CellStyle(attributes: .bold) : CellStyle(attributes: .dim))
        }
        return line
    }

    /// `memory cache   3.1 MiB of 128 MiB · 12 images` and `disk cache   48 MiB of 200 MiB`.
    static func cacheLines(_ caches: CacheSizes?, glyphs: GlyphSet) -> [StyledText] {
        func line(_ label: String, _ value: String?, _ note: String?) -> StyledText {
            var line = StyledText(EventLogPanel.pad(label, to: 15, left: false))
            if let value { line.append(value, style: CellStyle(attributes: .bold)) }
            if let note { line.append((value == nil ? "" : glyphs.separator) + note, style: CellStyle(attributes: .dim)) }
            return line
        }
        func use(_ bytes: Int, of limit: Int?) -> String {
            ByteCountFormat.use(Int64(bytes), of: limit.map(Int64.init))
        }
        guard let caches else {
            return [line("memory cache", nil, "measuring" + glyphs.ellipsis), line("disk cache", nil, "measuring" + glyphs.ellipsis)]
        }
        let images = caches.memoryImages == 1 ? "1 image" : "\(caches.memoryImages) images"
        let disk =
            caches.diskBytes.map { line("disk cache", use($0, of: caches.diskLimit), nil) }
            ?? line("disk cache", nil, "off (--no-disk-cache)")
        return [line("memory cache", use(caches.memoryBytes, of: caches.memoryLimit), images), disk]
    }

    static func label(_ knob: ShapingKnobs.Knob) -> String {
        switch knob {
        case .latency: "latency"
        case .bandwidth: "bandwidth"
        case .failureRate: "failure rate"
        case .stallRate: "stall rate"
        case .truncateRate: "truncate rate"
        }
    }

    /// The knob's value as the panel shows it: `120 ms`, `400 KB/s`, `unlimited`, `10%`.
    public static func value(_ knob: ShapingKnobs.Knob, of knobs: ShapingKnobs) -> String {
        switch knob {
        case .latency: "\(Int(knobs.latency / .milliseconds(1))) ms"
        case .bandwidth: knobs.bandwidth.map { ByteCountFormat.string(Int64($0)) + "/s" } ?? "unlimited"
        case .failureRate: percent(knobs.failureRate)
        case .stallRate: percent(knobs.stallRate)
        case .truncateRate: percent(knobs.truncateRate)
        }
    }

    static func hint(_ knob: ShapingKnobs.Knob) -> String {
        switch knob {
        case .latency: "-/+ 50 ms"
        case .bandwidth: "halve/double"
        case .failureRate: "-/+ 10%"
        case .stallRate, .truncateRate: "-/+ 5%"
        }
    }

    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }
}
