import FoundationEssentials
import FoundationExtras

/// The tmux pane photofeed runs in, when it runs in one: whether graphics escapes may pass
/// through to the terminal outside (`allow-passthrough`), what tmux knows of that terminal,
/// and how to put the pane's setting back.
///
/// Asked of tmux itself (`tmux show`/`display`/`set` on `$TMUX_PANE`), before the screen takes
/// over. tmux ≥ 3.3 drops passthrough escapes unless the pane allows them; photofeed turns it on
/// for its own pane and restores it on quit.
///
/// ```swift
/// if var pane = TmuxPane.current(environment: env) {
///     pane.allowPassthrough()            // `tmux set -p allow-passthrough on`
///     defer { pane.restore() }
/// }
/// ```
public struct TmuxPane: Hashable, Sendable {
    /// The pane (`$TMUX_PANE`, e.g. `%3`).
    public var id: String
    /// `allow-passthrough` as it applied to the pane (`on`, `off`, `all`, its own or inherited),
    /// nil when tmux is older than 3.3 (which always let passthrough out).
    public var passthroughSetting: String?
    /// Whether the pane had a value of its own (restored as it was) or inherited one (unset again).
    public var passthroughSetOnPane = false
    /// Whether passthrough escapes reach the outer terminal now.
    public var passthroughAllowed: Bool
    /// The features tmux uses for the outer terminal (`client_termfeatures`): without `RGB`,
    /// tmux turns 24-bit colours into 256 ones.
    public var outerFeatures: Set<String>
    /// The outer terminal's name (`client_termname`, e.g. `xterm-kitty`).
    public var outerTerminal: String?
    private var changedSetting = false

    /// A pane described by what tmux said.
    public init(id: String, passthroughSetting: String?, outerFeatures: Set<String>, outerTerminal: String?) {
        self.id = id
        self.passthroughSetting = passthroughSetting
        passthroughAllowed = passthroughSetting.map { $0 != "off" } ?? true
        self.outerFeatures = outerFeatures
        self.outerTerminal = outerTerminal
    }

    /// Whether tmux passes 24-bit colour on to the outer terminal.
    public var passesTrueColor: Bool { outerFeatures.contains("RGB") }

    /// The pane photofeed runs in, or nil outside tmux (or when tmux does not answer).
    public static func current(environment: [String: String]) -> TmuxPane? {
        guard environment["TMUX"] != nil, let pane = environment["TMUX_PANE"], !pane.isEmpty else { return nil }
        guard let facts = Self.tmux(["display-message", "-p", "-t", pane, "#{client_termname}\t#{client_termfeatures}"])
        else { return nil }
        let fields = facts.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let setting = Self.tmux(["show-options", "-p", "-v", "-A", "-t", pane, "allow-passthrough"])
        var found = TmuxPane(
            id: pane, passthroughSetting: setting.flatMap { $0.isEmpty ? nil : $0 },
            outerFeatures: Set((fields.count > 1 ? fields[1] : "").split(separator: ",").map(String.init)),
            outerTerminal: fields.first.flatMap { $0.isEmpty ? nil : $0 })
        let own = Self.tmux(["show-options", "-p", "-v", "-t", pane, "allow-passthrough"]) ?? ""
        found.passthroughSetOnPane = !own.isEmpty
        return found
    }

    /// Turns passthrough on for this pane when it is off (tmux ≥ 3.3).
    public mutating func allowPassthrough() {
        guard !passthroughAllowed, Self.tmux(["set-option", "-p", "-t", id, "allow-passthrough", "on"]) != nil else { return }
        passthroughAllowed = true
        changedSetting = true
    }

    /// Puts the pane's `allow-passthrough` back as it was: its own value, or unset (inherited).
    public func restore() {
        guard changedSetting, let setting = passthroughSetting else { return }
        if passthroughSetOnPane {
            _ = Self.tmux(["set-option", "-p", "-t", id, "allow-passthrough", setting])
        } else {
            _ = Self.tmux(["set-option", "-p", "-u", "-t", id, "allow-passthrough"])
        }
    }

    /// Runs `tmux arguments…`; its output without the final newline, or nil when it failed.
    private static func tmux(_ arguments: [String]) -> String? {
        guard let result = try? ChildProcess.run("/usr/bin/env", ["tmux"] + arguments, capturesOutput: true),
            result.succeeded
        else { return nil }
        var text = String(decoding: result.output.prefix(4096), as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
