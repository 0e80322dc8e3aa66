/// A config file line photofeed cannot use: `~/.config/photofeed/config:3: unknown option "colour"`.
///
/// ```swift
/// let error = ConfigFileError(path: "~/.config/photofeed/config", line: 3, message: "unknown option \"colour\"")
/// print("photofeed: \(error)")   // photofeed: ~/.config/photofeed/config:3: unknown option "colour"
/// ```
struct ConfigFileError: Error, Equatable, CustomStringConvertible {
    /// The file, as given or with the home directory as `~`.
    var path: String
    /// 1-based; nil for the file as a whole (it cannot be read).
    var line: Int?
    var message: String

    var description: String {
        guard let line else { return "\(path): \(message)" }
        return "\(path):\(line): \(message)"
    }
}
