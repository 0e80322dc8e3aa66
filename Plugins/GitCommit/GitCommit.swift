import Foundation
import PackagePlugin

/// Gives `photofeed --version` the commit it was built from: before each build, writes
/// `BuildCommit.swift` with `git rev-parse --short HEAD` of the package (nil outside a git
/// checkout or without git: the build never fails for it). The file is rewritten only when the
/// commit changes, so an unchanged checkout rebuilds nothing.
///
/// ```swift
/// print(BuildCommit.short ?? "unknown")   // "4d09c6e"
/// ```
@main
struct GitCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuildCommit")
        let script = """
            commit=$(git -C "$1" rev-parse --short=7 HEAD 2>/dev/null) || commit=""
            case "$commit" in *[!0-9a-f]*) commit="" ;; esac
            if [ -n "$commit" ]; then value="\\"$commit\\""; else value=nil; fi
            mkdir -p "$2" || exit 0
            text="/// The commit photofeed was built from (Plugins/GitCommit), or nil outside a git checkout.
            enum BuildCommit { static let short: String? = $value }"
            file="$2/BuildCommit.swift"
            [ -f "$file" ] && [ "$(cat "$file")" = "$text" ] && exit 0
            printf '%s\\n' "$text" > "$file.tmp" && mv "$file.tmp" "$file"
            exit 0
            """
        return [
            .prebuildCommand(
                displayName: "photofeed: the git commit for --version",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directoryURL.path, output.path],
                outputFilesDirectory: output)
        ]
    }
}
