import FoundationEssentials
import Glibc

/// A program run with `posix_spawn`: its standard input from bytes or `/dev/null`, its
/// output captured or sent to `/dev/null`, its standard error always to `/dev/null`; what the
/// package used `Foundation.Process` for, without Foundation.
///
/// ```swift
/// let result = try ChildProcess.run("/usr/bin/env", ["tmux", "display-message", "-p", "#{pane_id}"],
///                                   capturesOutput: true)
/// if result.succeeded { print(String(decoding: result.output, as: UTF8.self)) }
/// ```
public enum ChildProcess {
    /// How a program that was waited for ended.
    public struct Result: Sendable, Equatable {
        /// Its exit status, or 128 + the signal that ended it.
        public var status: Int32
        /// Its standard output (empty unless captured).
        public var output: [UInt8]
        /// False when it was killed at the deadline.
        public var finishedInTime: Bool

        /// Whether it exited with status 0 in time.
        public var succeeded: Bool { status == 0 && finishedInTime }
    }

    /// Runs `executable` (a path) with `arguments` and waits for it. `input` goes to its standard
    /// input, then the pipe is closed (nil: `/dev/null`); `capturesOutput` keeps its standard
    /// output (read to its end before waiting), else it goes to `/dev/null`. With a `timeout`,
    /// a program still running that long after its output ended is sent `SIGTERM`, reaped, and
    /// reported as not finished in time. `environment` nil keeps this process's.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: [UInt8]? = nil,
        capturesOutput: Bool = false, timeout: Duration? = nil
    ) throws(SystemError) -> Result {
        try run(
            executable, byteArguments: arguments.map { Array($0.utf8) }, environment: environment, input: input,
            capturesOutput: capturesOutput, timeout: timeout)
    }

    /// ``run(_:_:environment:input:capturesOutput:timeout:)`` with each argument given as its
    /// bytes (a path that is not UTF-8 reaches the program exactly as it is on disk).
    public static func run(
        _ executable: String, byteArguments arguments: [[UInt8]], environment: [String: String]? = nil,
        input: [UInt8]? = nil, capturesOutput: Bool = false, timeout: Duration? = nil
    ) throws(SystemError) -> Result {
        var inputPipe: (read: Int32, write: Int32)?
        if input != nil { inputPipe = try makePipe() }
        var outputPipe: (read: Int32, write: Int32)?
        let pid: pid_t
        do {
            if capturesOutput { outputPipe = try makePipe() }
            pid = try spawn(
                executable, arguments, environment: environment, standardInput: inputPipe?.read,
                standardOutput: outputPipe?.write)
        } catch {
            for end in [inputPipe?.read, inputPipe?.write, outputPipe?.read, outputPipe?.write] { if let end { close(end) } }
            throw error
        }
        if let inputPipe {
            close(inputPipe.read)
            writeAll(input ?? [], to: inputPipe.write)
            close(inputPipe.write)
        }
        var output: [UInt8] = []
        if let outputPipe {
            close(outputPipe.write)
            output = readAll(outputPipe.read)
            close(outputPipe.read)
        }
        return wait(for: pid, output: output, timeout: timeout)
    }

    /// Starts `executable` with `arguments` and does not wait: its standard streams go to
    /// `/dev/null`, and a thread of its own reaps it when it ends (no zombie is left).
    public static func start(_ executable: String, _ arguments: [String]) throws(SystemError) {
        try start(executable, byteArguments: arguments.map { Array($0.utf8) })
    }

    /// ``start(_:_:)`` with each argument given as its bytes (a path that is not UTF-8 reaches
    /// the program exactly as it is on disk).
    public static func start(_ executable: String, byteArguments arguments: [[UInt8]]) throws(SystemError) {
        try start(executable, byteArguments: arguments, passing: nil)
    }

    /// ``start(_:byteArguments:)`` giving the program `descriptor` as its descriptor 3 (a lock
    /// it holds from then on, say: the caller may close its own copy).
    public static func start(_ executable: String, byteArguments arguments: [[UInt8]], passing descriptor: Int32?) throws(SystemError) {
        let pid = try spawn(
            executable, arguments, environment: nil, standardInput: nil, standardOutput: nil, passing: descriptor)
        let started = DetachedThread.start {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
        if !started {
            var status: Int32 = 0
            _ = waitpid(pid, &status, WNOHANG)
        }
    }

    // MARK: - posix_spawn

    private static func spawn(
        _ executable: String, _ arguments: [[UInt8]], environment: [String: String]?, standardInput: Int32?,
        standardOutput: Int32?, passing passed: Int32? = nil
    ) throws(SystemError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        if let standardOutput {
            posix_spawn_file_actions_adddup2(&actions, standardOutput, STDOUT_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        // dup2 clears close-on-exec on the copy: the program keeps it as descriptor 3.
        if let passed { posix_spawn_file_actions_adddup2(&actions, passed, 3) }

        // The child starts with no blocked signals and every signal at its default action (this
        // process ignores SIGPIPE, and an ignored signal would stay ignored across exec).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGWINCH, SIGTSTP, SIGTTIN, SIGTTOU, SIGCONT, SIGUSR1, SIGUSR2] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([Array(executable.utf8)] + arguments).map { argument -> UnsafeMutablePointer<CChar>? in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: argument.count + 1)
            for (index, byte) in argument.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[argument.count] = 0
            return copy
        } + [nil]
        defer { for argument in argv { argument?.deallocate() } }
        let variables = environment ?? ProcessInfo.processInfo.environment
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for entry in envp { free(entry) } }

        var pid = pid_t()
        let result = argv.withUnsafeBufferPointer { argvPointer in
            envp.withUnsafeBufferPointer { envpPointer in
                posix_spawn(&pid, executable, &actions, &attributes, argvPointer.baseAddress!, envpPointer.baseAddress!)
            }
        }
        guard result == 0 else { throw SystemError("spawn \(executable)", code: result) }
        return pid
    }

    /// A close-on-exec pipe (the child gets only the end dup'ed onto its standard stream).
    private static func makePipe() throws(SystemError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SystemError("pipe", code: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return  // the child closed its input (EPIPE: this process ignores SIGPIPE)
            }
            offset += written
        }
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return bytes }
            bytes.append(contentsOf: chunk[0..<got])
        }
    }

    private static func wait(for pid: pid_t, output: [UInt8], timeout: Duration?) -> Result {
        var status: Int32 = 0
        if let timeout {
            let clock = ContinuousClock()
            let deadline = clock.now + timeout
            while true {
                let reaped = waitpid(pid, &status, WNOHANG)
                if reaped == pid { return Result(status: exitStatus(status), output: output, finishedInTime: true) }
                if reaped < 0, errno != EINTR { return Result(status: -1, output: output, finishedInTime: true) }
                if clock.now >= deadline { break }
                usleep(10_000)
            }
            kill(pid, SIGTERM)
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            return Result(status: exitStatus(status), output: output, finishedInTime: false)
        }
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return Result(status: -1, output: output, finishedInTime: true) }
        }
        return Result(status: exitStatus(status), output: output, finishedInTime: true)
    }

    /// The exit code, or 128 + the signal (WIFEXITED / WTERMSIG, which Swift does not import).
    private static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
