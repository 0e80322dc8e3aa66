import ArgumentParser

/// `--config FILE` and `--no-config`, for the viewer and `snapshot` (which config file gives
/// their defaults), `cache` and `prefetch` (which give its `cache-dir`).
///
/// They are read by ``ConfigArguments`` before ArgumentParser parses (the file's settings are
/// placed before the command line's); declared here so that help, the man page and shell
/// completion know them.
///
/// ```
/// $ photofeed --config ~/photofeed-demo.conf
/// $ photofeed snapshot --no-config --colors none
/// ```
struct ConfigFileOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Read defaults from this file instead of $XDG_CONFIG_HOME/photofeed/config (~/.config/photofeed/config).",
            valueName: "file"),
        completion: .file())
    var config: String?

    @Flag(help: "Read no config file.")
    var noConfig = false
}
