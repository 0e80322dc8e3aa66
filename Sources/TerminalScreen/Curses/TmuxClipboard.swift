import FoundationExtras

/// Inside tmux: the text into a tmux buffer and on to the outer terminal's clipboard
/// (`tmux load-buffer -w -`, tmux ≥ 3.2), waited for at most a second.
enum TmuxClipboard {
    /// Whether tmux took the text.
    static func load(_ bytes: [UInt8]) -> Bool {
        guard let program = ChildProcess.find("tmux") else { return false }
        let result = try? ChildProcess.run(program, ["load-buffer", "-w", "-"], input: bytes, timeout: .seconds(1))
        return result?.succeeded ?? false
    }
}
