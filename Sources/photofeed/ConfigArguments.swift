import FoundationEssentials
import FoundationExtras

/// The command line with the config file's settings put in: for the viewer (`photofeed`,
/// `photofeed view`) and `snapshot`, the file's `--name=value`s go before the command line's
/// own arguments, so a flag given on the command line wins (ArgumentParser keeps an option's
/// last value). Other subcommands (`serve`, `show`, `prefetch`, `version`, `help`) take none.
///
/// The file is `--config FILE`, else `$XDG_CONFIG_HOME/photofeed/config`, else
/// `~/.config/photofeed/config`; none with `--no-config`. A default file that does not exist is
/// no config; a `--config` file that does not exist is an error.
///
/// ```swift
/// // ~/.config/photofeed/config holds "sort = taken"
/// let arguments = try ConfigArguments.apply(to: ["--sort", "name"], environment: environment)
/// // ["--sort=taken", "--sort", "name"]: the command line's "name" wins
/// ```
enum ConfigArguments {
    /// The subcommands whose options are ``ViewerOptions``.
    static let viewerCommands: Set<String> = ["view", "snapshot"]

    /// The default config file: `$XDG_CONFIG_HOME/photofeed/config` (when set and absolute, as
    /// the XDG spec asks), else `$HOME/.config/photofeed/config`.
    static func defaultPath(environment: [String: String]) -> String {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return PathText.appending("photofeed/config", to: base)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        return PathText.appending(".config/photofeed/config", to: home)
    }

    /// `path` with the home directory written `~`, for messages.
    static func display(_ path: String, environment: [String: String]) -> String {
        guard let home = environment["HOME"], !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// Where the config's arguments go in `arguments`, or nil when the command takes none.
    static func insertionIndex(in arguments: [String]) -> Int? {
        guard let first = arguments.first else { return 0 }
        if viewerCommands.contains(first) { return 1 }
        if first.hasPrefix("-") {
            // The root's own options: nothing of the viewer's is parsed.
            let rootOnly = ["--version", "--generate-completion-script", "--experimental-dump-help", "-h", "--help"]
            return rootOnly.contains { first == $0 || first.hasPrefix($0 + "=") } ? nil : 0
        }
        return nil  // another subcommand (serve, show, prefetch, version, help)
    }

    /// What `--config` and `--no-config` say among `arguments` (before a `--`): the file to read
    /// and whether it was named explicitly, or nil for none.
    static func requestedFile(in arguments: [String], environment: [String: String]) -> (path: String, explicit: Bool)? {
        var explicit: String?
        var none = false
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            if argument == "--no-config" {
                none = true
            } else if argument == "--config", index + 1 < arguments.count {
                explicit = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("--config=") {
                explicit = String(argument.dropFirst("--config=".count))
            }
            index += 1
        }
        if none { return nil }
        if let explicit { return (explicit, true) }
        return (defaultPath(environment: environment), false)
    }

    /// `arguments` with the config file's settings inserted (unchanged when the command takes
    /// none or there is no file); throws for a file that cannot be read or a bad line.
    static func apply(
        to arguments: [String], environment: [String: String],
        catalog: @autoclosure () -> ConfigOptionCatalog = .viewer
    ) throws(ConfigFileError) -> [String] {
        guard let index = insertionIndex(in: arguments) else { return arguments }
        let rest = Array(arguments[index...])
        guard let (path, explicit) = requestedFile(in: rest, environment: environment) else { return arguments }
        let shown = display(path, environment: environment)
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let missing = (error as? CocoaError)?.code == .fileReadNoSuchFile
            if missing && !explicit { return arguments }
            throw ConfigFileError(path: shown, line: nil, message: missing ? "no such file" : "cannot be read: \(ErrorText.describe(error))")
        }
        let file = try ConfigFile.parse(bytes: [UInt8](data), path: shown)
        guard !file.entries.isEmpty else { return arguments }
        let settings = ConfigFile(path: file.path, entries: try catalog().check(file.entries, in: shown))
        return Array(arguments[..<index]) + settings.arguments + rest
    }
}
