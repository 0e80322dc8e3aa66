import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One previewer process as a file manager or fuzzy finder runs it: spawned in a session of its
/// own (no controlling terminal, as under a host that reads its stdout), stdout a pipe read to
/// its end, timed from the spawn until it has exited and been reaped.
enum PreviewerRun {
    /// What one run took: wall milliseconds from spawn to exit, and the CPU milliseconds (user
    /// and system) the process itself used, which waiting for a busy machine's cores does not
    /// add to.
    struct Timing {
        var wall: Double
        var cpu: Double
    }

    /// The run's ``Timing``, or nil when it could not be started.
    static func time(_ arguments: [String], environment: [String: String]) -> Timing? {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc 2.26): a session of its own, so no /dev/tty.
        posix_spawnattr_setflags(&attributes, Int16(0x80))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned == 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipe[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        func milliseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
        return Timing(wall: wall, cpu: milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime))
    }

    /// The processes of `executable` whose environment holds `marker` (`NAME=value`): the
    /// scenario's own photofeed processes, background writers included, and no one else's.
    static func alive(executable: String, marker: String) -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
        let name = URL(fileURLWithPath: executable).lastPathComponent
        var count = 0
        for entry in entries where entry.allSatisfy(\.isNumber) {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/exe"),
                URL(fileURLWithPath: target.replacingOccurrences(of: " (deleted)", with: "")).lastPathComponent == name,
                let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ")
            else { continue }
            if environ.split(separator: 0).contains(where: { String(decoding: $0, as: UTF8.self) == marker }) { count += 1 }
        }
        return count
    }
}
