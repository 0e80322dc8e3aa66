import Foundation
import ImageCodecs
import TestSupport
import Testing

/// `photofeed serve` run as a child process, fetched with curl (a real client process), stopped with SIGTERM.
@Suite(.timeLimit(.minutes(2)), .tags(.realTime)) struct ServeCommandTests {
    /// Runs curl to completion; returns its exit status and stdout.
    private func curl(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "-s"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func startServe(_ extra: [String] = []) async throws -> (RunningProcess, String) {
        let serve = try RunningProcess(try BuiltBinary.photofeed, ["serve", "--port", "0", "--count", "50"] + extra)
        let line = try #require(try await serve.firstLine(within: .seconds(30)), "no first line; stderr: \(serve.standardError)")
        #expect(line.hasPrefix("photofeed serve: listening on http://127.0.0.1:"))
        #expect(line.hasSuffix("(25 photos, 50 ids)"))
        let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        return (serve, url)
    }

    @Test func servesCurlAndStopsCleanlyOnSIGTERM() async throws {
        // Given photofeed serve on a free port
        let (serve, url) = try await startServe()

        // When curl fetches the list and an image
        let list = try curl(["-f", "\(url)/v2/list?limit=3"])
        #expect(list.status == 0)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
        #expect(entries.count == 3)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: file) }
        let image = try curl(["-f", "-o", file.path, "-w", "%{http_code}", "\(url)/id/2/64/48"])
        #expect(image.status == 0 && image.output == "200")
        let bitmap = try ImageDecoder.decode([UInt8](Data(contentsOf: file))).bitmap
        #expect(bitmap.width == 64 && bitmap.height == 48)
        let range = try curl(["-f", "-r", "0-9", "-w", "%{http_code}", "-o", "/dev/null", "\(url)/id/2/64/48"])
        #expect(range.output == "206")

        // Then SIGTERM stops it with status 0, and stderr has one line per request.
        serve.send(SIGTERM)
        let status = try await serve.exitStatus(within: .seconds(30))
        #expect(status == 0, "stderr: \(serve.standardError)")
        let log = serve.standardError
        #expect(log.contains("GET /v2/list?limit=3 -> 200"))
        #expect(log.contains("GET /id/2/64/48 -> 200"))
        #expect(log.contains("GET /id/2/64/48 range=bytes=0-9 -> 206, 10 bytes"))
        #expect(log.contains("stopped"))
    }

    @Test func maxAgeSetsTheImagesCacheControl() async throws {
        // Given photofeed serve --max-age 0
        let (serve, url) = try await startServe(["--max-age", "0"])
        // When curl reads an image's headers / Then it is stale at once, and not immutable
        let headers = try curl(["-f", "-D", "-", "-o", "/dev/null", "\(url)/id/2/64/48"])
        #expect(headers.status == 0)
        #expect(headers.output.lowercased().contains("cache-control: public, max-age=0\r\n"), "\(headers.output)")
        serve.send(SIGTERM)
        #expect(try await serve.exitStatus(within: .seconds(30)) == 0)
    }

    @Test func aClientGoingAwayIsLoggedAndSIGINTStopsIt() async throws {
        // Given a server that sends 2000 bytes a second
        let (serve, url) = try await startServe(["--bandwidth", "2000"])
        // When curl gives up after half a second of a many-second body
        let result = try curl(["--max-time", "0.5", "-o", "/dev/null", "\(url)/id/2/400/400"])
        #expect(result.status == 28)  // curl: operation timed out
        // Then the server logs the client going away, and SIGINT stops it with status 0.
        let logged = try await serve.waitForStandardError(containing: "client went away", within: .seconds(30))
        #expect(logged, "stderr: \(serve.standardError)")
        serve.send(SIGINT)
        #expect(try await serve.exitStatus(within: .seconds(30)) == 0)
    }

    @Test(arguments: [
        (["--failure-rate", "2"], "--failure-rate must be between 0 and 1"),
        (["--stall-rate=-0.5"], "--stall-rate must be between 0 and 1"),
        (["--latency=-5"], "--latency must not be negative"),
        (["--max-age=-1"], "--max-age must not be negative"),
        (["--photos", "/nonexistent/photos"], "no such directory"),
        (["--port", "70000"], "--port must be 0…65535"),
        (["--bogus"], "Unknown option '--bogus'"),
        (["--render-cache", "12XB"], "--render-cache '12XB': unknown unit 'xb'"),
        (["--source-cache", "lots"], "--source-cache 'lots' is not a size"),
        (["--renders", "0"], "--renders must be 1…256"),
        (["--max-connections", "0"], "--max-connections must be 1…100000"),
    ])
    func badFlagsFailWithAClearMessage(arguments: [String], message: String) async throws {
        let output = try await BuiltBinary.run(["serve"] + arguments)
        #expect(output.status != 0)
        #expect(output.stderr.contains(message), "stderr: \(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func helpStatesTheMemoryBudgetsAndTheirDefaults() async throws {
        // Given serve's help
        let output = try await BuiltBinary.run(["serve", "--help"])

        // Then it names each budget with its default
        #expect(output.status == 0)
        let help = output.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("--render-cache <size>"), "\(help)")
        #expect(help.contains("(default: 64 MiB)"), "\(help)")
        #expect(help.contains("(default: 256 MiB)"), "\(help)")
        #expect(help.contains("--renders"), "\(help)")
        #expect(help.contains("--max-connections"), "\(help)")
    }

    @Test func aPortInUseIsSaidWithWhatToDoNotTheSocketCall() async throws {
        // Given a server listening on a port
        let (first, url) = try await startServe()
        let port = try #require(url.split(separator: ":").last.map(String.init))

        // When a second one is started on the same port
        let second = try await BuiltBinary.run(["serve", "--port", port, "--count", "50"])

        // Then it fails with one line naming the port and what to try, no bind() or errno
        #expect(second.status == 1)
        #expect(second.stderr == "photofeed: port \(port) is in use; try --port 0 (a free port) or another port\n")
        #expect(!second.stderr.contains("bind(") && !second.stderr.contains("errno"))
        #expect(second.stdout.isEmpty)
        first.send(SIGTERM)
        #expect(try await first.exitStatus(within: .seconds(30)) == 0)
    }

    @Test func helpSaysWhatTheFirstLineOfOutputIs() async throws {
        // Given serve's help and a running server's first line
        let help = try await BuiltBinary.run(["serve", "--help"])
        let (serve, url) = try await startServe()
        let flat = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")

        // Then the help describes the line the server prints (a sentence whose http word is the URL),
        // not "the URL" alone
        #expect(flat.contains("its first line on stdout is \"photofeed serve: listening on URL (N photos, M ids)\""), "\(flat)")
        #expect(!flat.contains("Prints the URL it listens on as the first line"))
        #expect(url.hasPrefix("http://127.0.0.1:"))
        serve.send(SIGTERM)
        #expect(try await serve.exitStatus(within: .seconds(30)) == 0)
    }

    @Test func budgetsAreTakenAndTheServerAnswers() async throws {
        // Given serve with small budgets and one render at a time
        let (serve, url) = try await startServe(["--render-cache", "1MiB", "--source-cache", "8MB", "--renders", "1"])

        // When an image is fetched, Then it is served
        let image = try curl(["-o", "/dev/null", "-w", "%{http_code}", url + "/id/3/200/100"])
        #expect(image.status == 0 && image.output == "200")
        serve.send(SIGTERM)
        #expect(try await serve.exitStatus(within: .seconds(30)) == 0)
    }
}
