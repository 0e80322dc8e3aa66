import ArgumentParser

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
        subcommands: Photofeed.configuration.subcommands
    )

    @OptionGroup var options: ViewerOptions
    @OptionGroup var configFile: ConfigFileOptions

    /// The script for `shell` (`bash`, `zsh` or `fish`), or nil for a shell ArgumentParser does not know.
    static func script(forShell name: String) -> String? {
        guard let shell = CompletionShell(rawValue: name) else { return nil }
        return completionScript(for: shell)
    }
}
