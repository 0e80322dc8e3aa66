import Foundation
import LoadSemantics
import Synchronization
import TestSupport
import Testing

/// `photofeed prefetch` run as a child process against the embedded server, twice.
@Suite(.serialized, .timeLimit(.minutes(3)), .tags(.realTime)) struct PrefetchCommandTests {
    private func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-prefetch-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private struct Summary: Decodable {
        var count: Int
        var ok: Int
        var failed: Int
        var sources: [String: Int]
        var images: [Image]

        struct Image: Decodable {
            var id: String
            var status: String
            var source: String?
            var bytes: Int
            var ms: Int
            var error: String?
        }
    }

    @Test func secondRunIsServedFromDisk() async throws {
        // Given an empty cache directory
        let cache = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let traces = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: traces) }
        let arguments = ["prefetch", "--count", "8", "--size", "160x120", "--cache-dir", cache.path]
        // When prefetch runs twice, each writing a trace
        let first = try await BuiltBinary.run(arguments + ["--trace", traces.appendingPathComponent("1.json").path])
        let second = try await BuiltBinary.run(arguments + ["--trace", traces.appendingPathComponent("2.json").path])
        // Then the first run downloads every image and the second reads every one from disk
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(second.status == 0, "stderr: \(second.stderr)")
        let firstLines = first.stdout.split(separator: "\n")
        let secondLines = second.stdout.split(separator: "\n")
        #expect(firstLines.count == 9)
        #expect(firstLines.prefix(8).allSatisfy { $0.contains(" ok ") && $0.contains("network") })
        #expect(secondLines.prefix(8).allSatisfy { $0.contains(" ok ") && $0.contains("disk") })
        #expect(firstLines.last?.hasPrefix("prefetched 8 images: 8 ok, 0 failed · network 8") == true)
        #expect(secondLines.last?.hasPrefix("prefetched 8 images: 8 ok, 0 failed · disk 8") == true)
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { !$0.hasPrefix(".") && $0 != "CACHEDIR.TAG" }
        #expect(entries.count == 8)
        // And the traces are complete and clean: eight loads, downloads the first time, disk hits the second
        let trace1 = try ChromeTraceCheck(contentsOf: traces.appendingPathComponent("1.json"))
        let trace2 = try ChromeTraceCheck(contentsOf: traces.appendingPathComponent("2.json"))
        for trace in [trace1, trace2] {
            #expect(trace.problems.isEmpty, "\(trace.problems)")
            #expect(trace.isTerminated)
            #expect(trace.events(named: "load").count == 8)
            #expect(trace.events(named: "done").count == 8)
            #expect(trace.events(named: "end").first?.arguments["violations"] == "0")
        }
        #expect(trace1.events(named: "downloading").count == 16)
        #expect(trace2.events(named: "disk hit").count == 8)
        #expect(trace2.events(named: "downloading").isEmpty)
    }

    @Test func theViewerReadsWhatPrefetchWarmed() async throws {
        // Given an empty cache directory, warmed by a prefetch with the viewer's defaults
        let cache = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let prefetch = try await BuiltBinary.run(["prefetch", "--count", "8", "--cache-dir", cache.path])
        #expect(prefetch.status == 0, "stderr: \(prefetch.stderr)")
        #expect(prefetch.stdout.split(separator: "\n").last?.hasPrefix("prefetched 8 images: 8 ok, 0 failed · network 8") == true)
        // When the viewer (headless) starts on the embedded feed with the same cache and the same
        // box (prefetch's default --thumb; the viewer's default, auto, depends on the screen), on a new port
        let snapshot = try await BuiltBinary.run([
            "snapshot", "--width", "100", "--height", "40", "--colors", "none", "--latency", "0", "--bandwidth", "0",
            "--thumb", "32x16", "--cache-dir", cache.path, "--trace", cache.appendingPathComponent("snapshot.json").path,
        ])
        // Then every visible row was read from disk: the keys (namespace, path and pixel size) match
        #expect(snapshot.status == 0, "stderr: \(snapshot.stderr)")
        #expect(snapshot.stdout.contains("#0 · "))
        #expect(snapshot.stdout.contains("#1 · "))
        let states = snapshot.stdout.split(separator: "\n").filter { $0.contains("disk") || $0.contains("network") }
        #expect(states.count >= 2, "\(snapshot.stdout)")
        #expect(!snapshot.stdout.contains("network"), "\(snapshot.stdout)")
        // And the snapshot's trace shows disk hits, every visible row rendered, no violation
        let trace = try ChromeTraceCheck(contentsOf: cache.appendingPathComponent("snapshot.json"))
        #expect(trace.problems.isEmpty, "\(trace.problems)")
        #expect(trace.events(named: "disk hit").count >= 2)
        #expect(trace.events(named: "rendering").count >= 4)
        #expect(trace.events(named: "end").first?.arguments["violations"] == "0")
    }

    @Test func jsonSummaryIsMachineReadable() async throws {
        let cache = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let output = try await BuiltBinary.run(["prefetch", "--count", "3", "--cache-dir", cache.path, "--json"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let summary = try JSONDecoder().decode(Summary.self, from: Data(output.stdout.utf8))
        #expect(summary.count == 3)
        #expect(summary.ok == 3)
        #expect(summary.sources["network"] == 3)
        #expect(summary.images.map(\.status) == ["ok", "ok", "ok"])
        #expect(summary.images.allSatisfy { $0.bytes > 0 })
    }

    @Test func aServerThatStallsCostsTheIdleTimeoutNotAMinuteAndTheTimeIsReported() async throws {
        // Given a server whose every image response stalls
        let serve = try RunningProcess(try BuiltBinary.photofeed, ["serve", "--port", "0", "--stall-rate", "1"])
        let line = try #require(try await serve.firstLine(within: .seconds(30)), "no first line: \(serve.standardError)")
        let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        let cache = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }

        // When two images are prefetched with a 0.3 s idle timeout
        let clock = ContinuousClock()
        let started = clock.now
        let output = try await BuiltBinary.run([
            "prefetch", "--feed", url, "--count", "2", "--size", "64x64", "--idle-timeout", "0.3", "--json", "--cache-dir", cache.path,
        ])
        let elapsed = clock.now - started

        // Then both fail as timed out, each saying how long it took (its retries included), well
        // within a minute
        #expect(output.status != 0)
        let summary = try JSONDecoder().decode(Summary.self, from: Data(output.stdout.utf8))
        #expect(summary.failed == 2)
        for image in summary.images {
            #expect(image.error?.contains("idle timeout") == true, "\(image)")
            #expect(image.ms >= 300, "\(image)")
        }
        #expect(elapsed < .seconds(30))
        // And a bad timeout is refused
        let refused = try await BuiltBinary.run(["prefetch", "--idle-timeout", "0", "--cache-dir", cache.path])
        #expect(refused.stderr.contains("--idle-timeout must be"))
    }

    @Test func hostileIdsFromAFeedNeverReachTheTerminalRaw() async throws {
        // Given a picsum-style feed whose ids carry a title change, a terminal reset and a screen clear
        let list = #"[{"id":"x\u001b]2;owned\u0007y","author":"a"},{"id":"\u001bcreset","author":"b"},"#
            + #"{"id":"\u001b[2Jclear\u009b","author":"c"}]"#
        let server = try LoopbackHTTPServer { $0.hasPrefix("/v2/list") ? .ok(Array(list.utf8), type: "application/json") : .notFound }
        let cache = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }

        // When prefetch loads them (every image answers 404)
        let output = try await BuiltBinary.run([
            "prefetch", "--feed", "http://127.0.0.1:\(server.port)", "--count", "3", "--size", "16x16", "--cache-dir", cache.path,
        ])

        // Then each id is printed without its escape sequences, on stdout and stderr alike
        #expect(output.status != 0)
        #expect(output.stdout.contains("#xy "), "\(output.stdout)")
        #expect(output.stdout.contains("#reset "))
        #expect(output.stdout.contains("#clear "))
        for text in [output.stdout, output.stderr] {
            #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0.value != 0x0A) || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func badArgumentsAreClearErrors() async throws {
        let badSize = try await BuiltBinary.run(["prefetch", "--size", "huge"])
        #expect(badSize.status != 0)
        #expect(badSize.stderr.contains("--size"))
        let badThumb = try await BuiltBinary.run(["prefetch", "--thumb", "1x1"])
        #expect(badThumb.status != 0)
        #expect(badThumb.stderr.contains("--thumb"))
        let badSymbols = try await BuiltBinary.run(["prefetch", "--symbols", "emoji"])
        #expect(badSymbols.status != 0)
        #expect(badSymbols.stderr.contains("--symbols"))
        let badFeed = try await BuiltBinary.run(["prefetch", "--feed", "not a url"])
        #expect(badFeed.status != 0)
        #expect(badFeed.stderr.contains("--feed"))
    }

    @Test func anUnreachableFeedFailsCleanly() async throws {
        let cache = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let output = try await BuiltBinary.run(["prefetch", "--feed", "http://127.0.0.1:9/", "--count", "2", "--cache-dir", cache.path])
        #expect(output.status != 0)
        #expect(output.stderr.contains("photofeed prefetch:"))
    }

    @Test func twoProcessesSharingACacheDirectoryLeaveItIntact() async throws {
        // Given one cache directory
        let cache = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["prefetch", "--count", "12", "--size", "200x150", "--cache-dir", cache.path]
        // When two prefetch processes fill it at the same time
        let group = DispatchGroup()
        let outputs = Mutex<[BuiltBinary.Output]>([])
        for _ in 0..<2 {
            group.enter()
            DispatchQueue.global().async {
                if let output = try? BuiltBinary.runBlocking(arguments) { outputs.withLock { $0.append(output) } }
                group.leave()
            }
        }
        group.wait()
        // Then both succeed, and a third run reads every image intact from disk
        let both = outputs.withLock { $0 }
        #expect(both.count == 2)
        #expect(both.allSatisfy { $0.status == 0 })
        let third = try await BuiltBinary.run(arguments)
        #expect(third.status == 0, "stderr: \(third.stderr)")
        #expect(third.stdout.split(separator: "\n").last?.hasPrefix("prefetched 12 images: 12 ok, 0 failed · disk 12") == true)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix(".tmp") }
        #expect(leftovers.isEmpty)
    }
}
