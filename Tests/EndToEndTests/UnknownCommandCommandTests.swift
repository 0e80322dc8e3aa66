import Foundation
import TestSupport
import Testing

/// The built binary given a mistyped subcommand, `help` for a command that does not exist, and
/// a mistyped flag: each is a usage error (exit 64) whose one line says what was meant.
@Suite(.timeLimit(.minutes(2)), .tags(.realTime)) struct UnknownCommandCommandTests {
    @Test func aMistypedCommandIsSaidWithTheOneItResembles() async throws {
        // When `shwo x.jpg` is run (no file named shwo here)
        let output = try await BuiltBinary.run(["shwo", "/nonexistent-pf/x.jpg"])
        // Then it exits 64 with one line suggesting show
        #expect(output.status == 64)
        #expect(output.stderr == "photofeed: unknown command 'shwo'; did you mean 'show'?\n")
        #expect(output.stdout.isEmpty)
    }

    @Test func helpForACommandThatDoesNotExistIsAnError() async throws {
        // When help is asked for a command that does not exist
        let output = try await BuiltBinary.run(["help", "nonsense"])
        // Then it is an error naming it, exit 64, not the root's help with 0
        #expect(output.status == 64)
        #expect(output.stderr == "photofeed: unknown command 'nonsense'; photofeed --help lists the commands\n")
        #expect(output.stdout.isEmpty)
        // And help for a real one still prints its help
        let show = try await BuiltBinary.run(["help", "show"])
        #expect(show.status == 0)
        #expect(show.stdout.contains("USAGE: photofeed show"), "\(show.stdout)")
    }

    @Test func aMistypedFlagIsSaidWithTheOneItResembles() async throws {
        // When a long flag is mistyped
        let output = try await BuiltBinary.run(["--sotr", "name"])
        // Then the parser names the flag meant, exit 64
        #expect(output.status == 64)
        #expect(output.stderr.contains("Unknown option '--sotr'. Did you mean '--sort'?"), "\(output.stderr)")
    }
}
