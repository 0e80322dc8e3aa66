import ArgumentParser

struct PrefetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "prefetch", abstract: "(in progress)")

    func run() async throws {
        throw ValidationError("photofeed prefetch is not built yet")
    }
}
