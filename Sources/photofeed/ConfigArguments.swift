import FoundationEssentials
import FoundationExtras

/// The command line with the config file's settings put in: for the viewer (`photofeed`,
/// `photofeed view`) and `snapshot`, the file's `--name=value`s go before the command line's
/// own arguments, so a flag given on the command line wins (ArgumentParser keeps an option's
/// last value). `cache` and `prefetch` take the file's `cache-dir` (the folder they look at
/// is the one the viewer writes); `serve`, `show`, `version` and `help` take none.
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
        PathText.appending("config", to: UserFolders(environment: environment).photofeedConfig)
    }

    /// `path` with the home directory written `~`, for messages.
    static func display(_ path: String, environment: [String: String]) -> String {
        guard let home = environment["HOME"], !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// The subcommands that take the config's `cache-dir` alone.
    static let cacheDirCommands: Set<String> = ["cache", "prefetch"]
    /// `cache`'s subcommands a person runs (`write-thumbnails` is `show`'s background writer's).
    static let cacheSubcommands: Set<String> = ["info", "clear", "prune", "files"]

    /// Where `cache` and `prefetch` take the config's `cache-dir` in `arguments`, or nil when
    /// the command takes none (another command, help).
    static func cacheDirInsertionIndex(in arguments: [String]) -> Int? {
        guard let first = arguments.first, cacheDirCommands.contains(first) else { return nil }
        guard arguments.allSatisfy({ $0 != "-h" && $0 != "--help" }) else { return nil }
        if first == "prefetch" { return 1 }
        guard arguments.count > 1 else { return 1 }
        if cacheSubcommands.contains(arguments[1]) { return 2 }
        return arguments[1].hasPrefix("-") ? 1 : nil
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
        if let explicit { return (PathText.expandingHome(explicit, environment: environment), true) }
        return (defaultPath(environment: environment), false)
    }

    /// `arguments` with the config file's settings inserted (unchanged when the command takes
    /// none or there is no file); throws for a file that cannot be read or a bad line.
    static func apply(
        to arguments: [String], environment: [String: String],
        catalog: @autoclosure () -> ConfigOptionCatalog = .viewer
    ) throws(ConfigFileError) -> [String] {
        var arguments = arguments
        let cacheDirOnly = cacheDirInsertionIndex(in: arguments)
        // `photofeed cache` alone is `cache info`: the setting goes to the subcommand.
        if cacheDirOnly != nil, arguments == ["cache"] { arguments.append("info") }
        guard let index = cacheDirOnly.map({ arguments.count > 1 && cacheSubcommands.contains(arguments[1]) ? 2 : $0 })
            ?? insertionIndex(in: arguments)
        else { return arguments }
        let rest = Array(arguments[index...])
        guard let (path, explicit) = requestedFile(in: rest, environment: environment) else { return arguments }
        let shown = display(path, environment: environment)
        let data: [UInt8]
        do {
            // Refused unless a regular file, opened without blocking (a FIFO never holds the start).
            data = try ConfigFile.contents(of: path)
        } catch {
            if error == .missing && !explicit { return arguments }
            throw ConfigFileError(path: shown, line: nil, message: error.message)
        }
        let file = try ConfigFile.parse(bytes: [UInt8](data), path: shown)
        guard !file.entries.isEmpty else { return arguments }
        if cacheDirOnly != nil {
            // The viewer's other settings are not these commands'; the folder is checked when used.
            guard let cacheDir = file.entries.last(where: { $0.name == "cache-dir" }) else { return arguments }
            let settings = ConfigFile(path: file.path, entries: [cacheDir])
            return Array(arguments[..<index]) + settings.arguments + rest
        }
        let settings = ConfigFile(path: file.path, entries: try catalog().check(file.entries, in: shown))
        return Array(arguments[..<index]) + settings.arguments + rest
    }
}
