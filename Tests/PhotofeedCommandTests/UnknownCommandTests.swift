import Testing

@testable import photofeed

/// A first word that is no subcommand: a near miss gets the command it resembles, `help` with a
/// name that is no command is an error, and a path or anything else is left to the parser.
@Suite("Unknown commands and help for them")
struct UnknownCommandTests {
    private let nothingExists: (String) -> Bool = { _ in false }

    @Test("a word within two edits of a subcommand is said with it", arguments: [
        (["shwo", "x.jpg"], "unknown command 'shwo'; did you mean 'show'?"),
        (["serv", "--port", "0"], "unknown command 'serv'; did you mean 'serve'?"),
        (["snapshto"], "unknown command 'snapshto'; did you mean 'snapshot'?"),
        (["chace", "info"], "unknown command 'chace'; did you mean 'cache'?"),
    ])
    func nearMisses(arguments: [String], message: String) {
        // Given a mistyped subcommand, When it is checked, Then the sentence names both words
        #expect(UnknownCommand.message(for: arguments, exists: nothingExists) == message)
    }

    @Test func helpForNoSuchCommandIsAnErrorNamingIt() {
        // Given help with a name that is no subcommand, close to one or not
        // Then each is an error naming the word, with the command it resembles when there is one
        #expect(
            UnknownCommand.message(for: ["help", "nonsense"], exists: nothingExists)
                == "unknown command 'nonsense'; photofeed --help lists the commands")
        #expect(
            UnknownCommand.message(for: ["help", "shwo"], exists: nothingExists)
                == "unknown command 'shwo'; did you mean 'photofeed help show'?")
        // And help for a real subcommand (nested too) is the parser's
        #expect(UnknownCommand.message(for: ["help", "show"], exists: nothingExists) == nil)
        #expect(UnknownCommand.message(for: ["help", "cache", "info"], exists: nothingExists) == nil)
    }

    @Test func subcommandsPathsFlagsAndFarWordsAreLeftToTheParser() {
        // Given real subcommands, flags, a word far from every name, and a path that exists
        for arguments in [["show", "x.jpg"], ["serve"], ["--sotr", "name"], [], ["photos"], ["view"]] {
            #expect(UnknownCommand.message(for: arguments, exists: nothingExists) == nil, "\(arguments)")
        }
        // Then none is refused here; a file named like a near miss is left alone too
        #expect(UnknownCommand.message(for: ["shwo"], exists: { $0 == "shwo" }) == nil)
    }
}
