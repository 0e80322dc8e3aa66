import Testing

@testable import photofeed

@Suite("photofeed --help")
struct RootHelpTests {
    /// Every `--flag` word in a help text.
    static func flags(in text: String) -> Set<String> {
        var flags: Set<String> = []
        var word = ""
        for character in text + " " {
            if character.isLetter || character.isNumber || character == "-" {
                word.append(character)
            } else {
                if word.hasPrefix("--"), word.count > 2 { flags.insert(word) }
                word = ""
            }
        }
        return flags
    }

    @Test("--help-all documents every flag of the viewer, and the subcommands")
    func documentsEveryViewerFlag() {
        // Given the viewer's own help
        let viewer = Photofeed.helpMessage(for: ViewCommand.self, includeHidden: false, columns: 100)
        let viewerFlags = Self.flags(in: viewer)
        #expect(viewerFlags.count > 15)
        // When the root's help is printed
        let root = RootHelp.text(columns: 100)
        // Then it lists every viewer flag, the usage with and without `view`, and every subcommand
        #expect(viewerFlags.subtracting(Self.flags(in: root)).isEmpty)
        #expect(root.contains("USAGE: photofeed [view] [<options>]"))
        for subcommand in ["view (default)", "serve", "show", "prefetch", "snapshot", "cache"] {
            #expect(root.contains("\n  \(subcommand)"), "\(subcommand)")
        }
        #expect(root.hasPrefix("OVERVIEW: A terminal photo-feed viewer"))
    }

    @Test("says where the config file is read from, and --version")
    func namesTheConfigFile() {
        // Given a config home without a config file
        let environment = ["XDG_CONFIG_HOME": "/nonexistent-pf-config", "HOME": "/home/a"]
        // When the root's help is printed
        let root = RootHelp.text(columns: 100, environment: environment)
        // Then it ends with the file it would read, says how the file works, and keeps --version
        #expect(root.hasSuffix("detailed help.\n\nCONFIG FILE:\n  /nonexistent-pf-config/photofeed/config (not present)"))
        #expect(root.contains("$XDG_CONFIG_HOME/photofeed/config"))
        #expect(root.contains("--no-config"))
        #expect(root.components(separatedBy: "\n  --version ").count == 2)
    }

    @Test("--help fits one screen: at most 30 lines of 80 columns")
    func theShortHelpFitsOneScreen() {
        // Given a config home without a config file
        let environment = ["XDG_CONFIG_HOME": "/nonexistent-pf-config", "HOME": "/home/a"]
        // When `photofeed --help` is printed
        let help = RootHelp.short(environment: environment)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        // Then it fits, names --help-all and the manual, every subcommand, and the config file
        #expect(lines.count <= 30, "\(lines.count) lines")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        #expect(help.contains("photofeed --help-all") && help.contains("man photofeed"))
        for subcommand in ["view (default)", "serve", "show", "prefetch", "snapshot", "cache", "version"] {
            #expect(help.contains(subcommand), "\(subcommand)")
        }
        #expect(help.hasSuffix("CONFIG FILE:\n  /nonexistent-pf-config/photofeed/config (not present)"))
    }

    @Test("--help's common flags are the viewer's own")
    func theShortHelpsFlagsExist() {
        // Given the viewer's every flag (--version is the root's)
        let viewer = Self.flags(in: Photofeed.helpMessage(for: ViewCommand.self, includeHidden: false, columns: 100)).union(["--version"])
        // When --help lists its common flags
        let listed = Self.flags(in: RootHelp.short(environment: [:]))
        // Then each is one the viewer parses (a renamed or removed flag fails here)
        #expect(listed.subtracting(viewer.union(["--help-all"])).isEmpty, "\(listed.subtracting(viewer))")
        #expect(listed.count >= 10)
    }

    @Test("a section runs to the next heading")
    func sectionBounds() {
        // Given a help text with two sections
        let help = "USAGE: x\n\nOPTIONS:\n  --a   A.\n\n  --b   B.\n\nSUBCOMMANDS:\n  y\n"
        // When the OPTIONS section is cut out
        let section = RootHelp.section("OPTIONS:", in: help)
        // Then it keeps its blank lines inside and stops before SUBCOMMANDS
        #expect(section == "OPTIONS:\n  --a   A.\n\n  --b   B.")
    }
}
