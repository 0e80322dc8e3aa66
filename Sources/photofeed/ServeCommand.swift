import ArgumentParser

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "(in progress)")

    func run() async throws {
        throw ValidationError("photofeed serve is not built yet")
    }
}
