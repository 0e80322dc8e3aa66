import ArgumentParser

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "(in progress)")

    func run() async throws {
        throw ValidationError("photofeed show is not built yet")
    }
}
