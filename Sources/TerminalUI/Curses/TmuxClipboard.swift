import Foundation

/// Inside tmux: the text into a tmux buffer and on to the outer terminal's clipboard
/// (`tmux load-buffer -w -`, tmux ≥ 3.2), waited for at most a second.
enum TmuxClipboard {
    /// Whether tmux took the text.
    static func load(_ text: String) -> Bool {
        guard let program = ExternalOpener.find("tmux") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["load-buffer", "-w", "-"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            return false
        }
        return process.terminationStatus == 0
    }
}
