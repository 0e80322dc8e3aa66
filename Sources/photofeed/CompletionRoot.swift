import ArgumentParser
import TerminalGraphics
import Vocabulary

/// The command tree the shell completion scripts are generated from: ``Photofeed`` with the
/// viewer's flags at the root, so `photofeed --so<Tab>` completes `--sort` as `photofeed view
/// --so<Tab>` does.
///
/// ``Photofeed`` itself declares no options (were the viewer's flags declared at the root,
/// ArgumentParser would also take them after another subcommand's name), and ArgumentParser's
/// completion scripts offer only a command's own flags, not its default subcommand's. This
/// type is never parsed: ``PhotofeedMain`` answers `--generate-completion-script SHELL` with
/// its script.
///
/// ```
/// $ photofeed --generate-completion-script bash > /usr/share/bash-completion/completions/photofeed
/// ```
struct CompletionRoot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: Photofeed.configuration.commandName,
        abstract: Photofeed.configuration.abstract,
        version: Photofeed.configuration.version,
        subcommands: Photofeed.configuration.subcommands.map {
            ObjectIdentifier($0) == ObjectIdentifier(CacheCommand.self) ? Cache.self : $0
        }
    )

    @OptionGroup var options: ViewerOptions
    @OptionGroup var configFile: ConfigFileOptions

    /// The script for `shell` (`bash`, `zsh` or `fish`), or nil for a shell ArgumentParser does not know.
    static func script(forShell name: String) -> String? {
        guard let shell = CompletionShell(rawValue: name) else { return nil }
        return completionScript(for: shell)
    }

    /// `photofeed cache` as its completions see it: ``CacheCommand``'s subcommands, and the options
    /// of its default one, `info`, at its own level, so `photofeed cache --cache-dir <Tab>`
    /// completes folders as `photofeed cache info --cache-dir <Tab>` does.
    struct Cache: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: CacheCommand.configuration.commandName,
            abstract: CacheCommand.configuration.abstract,
            subcommands: CacheCommand.configuration.subcommands
        )

        @OptionGroup var location: CacheLocationOptions
    }
}

/// The completions of the options' values, each from what the option's parse accepts.
///
/// ```swift
/// @Option(completion: .values(of: PhotoSort.self), transform: Self.named("--sort", "name, modified, taken, size or random"))
/// var sort: PhotoSort?
/// ```
extension CompletionKind {
    /// Every raw value of `Value`: the words an option read with `Value(rawValue:)` takes.
    static func values<Value: CaseIterable & RawRepresentable<String>>(of _: Value.Type) -> CompletionKind {
        .list(Value.allCases.map(\.rawValue))
    }

    /// `--colors`: `auto` (as ``ShowSettings/parseColors(_:)`` reads it) and each depth's argument word.
    static var colors: CompletionKind {
        .list(["auto"] + ColorDepth.allCases.map(\.argument))
    }

    /// `--graphics`: every word ``GraphicsSelection/Request/init(parsing:)`` takes.
    static var graphics: CompletionKind {
        .list(GraphicsSelection.Request.words)
    }
}
