import Foundation

/// A program the tests start as a real client (ab, curl, python3, nginx, wrk), found on `PATH`.
/// It is waited for on a thread of its own: never on the cooperative pool the server's
/// responder uses, nor on Dispatch's pool (a core's worth of threads), which the renders use.
struct ExternalTool: Sendable {
    /// How a run ended.
    struct Outcome: Sendable {
        var status: Int32
        var output: String
        var error: String
        /// False when it was killed at the deadline.
        var finishedInTime: Bool
    }

    let path: String

    /// The first executable `name` on `PATH` (plus /usr/sbin, where Debian puts nginx), or nil.
    static func find(_ name: String) -> ExternalTool? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin:/sbin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return ExternalTool(path: candidate) }
        }
        return nil
    }

    /// Runs it with `arguments` and waits for it (killed after `timeout`), its output captured.
    func run(_ arguments: [String], input: String? = nil, timeout: Duration = .seconds(60)) async throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        let inputPipe = Pipe()
        // Standard error goes to a file, so one thread drains standard output alone.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString).err")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else { throw POSIXError(.EACCES) }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        try errorHandle.close()
        if let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
        let seconds = Double(timeout.components.seconds)
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: killer)
                let outputBytes = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                killer.cancel()
                let errorBytes = (try? Data(contentsOf: errorFile)) ?? Data()
                try? FileManager.default.removeItem(at: errorFile)
                continuation.resume(
                    returning: Outcome(
                        status: process.terminationStatus, output: String(decoding: outputBytes, as: UTF8.self),
                        error: String(decoding: errorBytes, as: UTF8.self),
                        finishedInTime: process.terminationReason == .exit))
            }
        }
    }
}

extension ExternalTool {
    /// Starts it with `arguments`, its output discarded; the caller stops it (`terminate`, then
    /// `waitUntilExit`).
    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A loopback TCP port free right now (bound, read, released: the caller binds it soon).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
