import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs a child process to its end and reads its own peak memory: spawned with `posix_spawn`
/// and reaped with `wait4`, whose `ru_maxrss` is that child's peak resident set alone (not
/// this test process's, nor any other child's), so a memory bound holds whatever else runs.
/// stdout and stderr go to files read at the end; stdin is /dev/null.
struct MeasuredChild {
    struct Outcome: Sendable {
        /// The exit status (128 + the signal when one killed it).
        var status: Int32
        /// Peak resident set size in bytes.
        var peakBytes: Int
        var stdout: String
        var stderr: String
    }

    /// Runs `executable arguments…` with `environment` added to this process's, on a Dispatch
    /// thread (the wait blocks it, not the cooperative pool).
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try runBlocking(executable, arguments, environment: environment) })
            }
        }
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    static func runBlocking(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("measured-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outPath = directory.appendingPathComponent("stdout").path
        let errPath = directory.appendingPathComponent("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if environment["XDG_CACHE_HOME"] == nil { merged["XDG_CACHE_HOME"] = BuiltBinary.scratchCacheHome.path }
        if environment["XDG_CONFIG_HOME"] == nil { merged["XDG_CONFIG_HOME"] = BuiltBinary.scratchConfigHome.path }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw SpawnError(description: "posix_spawn \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw SpawnError(description: "wait4: \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, spelled out (the C macros are not imported).
        let signal = status & 0x7F
        let exit = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return Outcome(
            status: exit, peakBytes: Int(usage.ru_maxrss) * 1024,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}
