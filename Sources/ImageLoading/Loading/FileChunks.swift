import FoundationEssentials
import FoundationExtras
import Glibc

/// A file's bytes as chunks; closes the file at the end or on error.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    let handle: ReadableFile
    let chunkSize: Int
    /// For a non-blocking pipe: how long to wait for bytes before failing (nil: a file, read as usual).
    var pollTimeout: Duration? = nil

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: ReadableFile
        let chunkSize: Int
        let pollTimeout: Duration?
        var isDone = false

        mutating func next() async throws -> [UInt8]? {
            guard !isDone else { return nil }
            do {
                try Task.checkCancellation()
                if let pollTimeout {
                    // A non-blocking pipe: one read(2) of what is there (ReadableFile's read keeps
                    // reading to the count and fails on EAGAIN once the pipe is drained).
                    if let chunk = try await Self.readPipe(handle.descriptor, upTo: chunkSize, within: pollTimeout) {
                        return chunk
                    }
                } else {
                    let chunk = try handle.read(upToCount: chunkSize)
                    if !chunk.isEmpty { return chunk }
                }
                isDone = true
                handle.close()
                return nil
            } catch let error as ImageLoadError {
                isDone = true
                handle.close()
                throw error
            } catch let error as CancellationError {
                isDone = true
                handle.close()
                throw error
            } catch {
                isDone = true
                handle.close()
                throw ImageLoadError.transport("read failed: \(ErrorText.describe(error))")
            }
        }

        /// The pipe's next bytes (at most `count`), nil at its end; waits for them as
        /// ``waitForBytes(_:within:)`` does, again when a read finds the pipe empty.
        static func readPipe(_ descriptor: Int32, upTo count: Int, within timeout: Duration) async throws -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: count)
            while true {
                try await waitForBytes(descriptor, within: timeout)
                let read = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count) }
                if read > 0 { return Array(buffer[0..<read]) }
                if read == 0 { return nil }
                guard errno == EAGAIN || errno == EINTR else {
                    throw ImageLoadError.transport("read failed: \(String(cString: strerror(errno)))")
                }
            }
        }

        /// Waits, without blocking a thread, until the pipe has bytes or its writer closed it;
        /// fails when neither happens within `timeout`.
        static func waitForBytes(_ descriptor: Int32, within timeout: Duration) async throws {
            let clock = ContinuousClock()
            let deadline = clock.now + timeout
            while true {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&entry, 1, 0)
                if ready > 0 { return }  // bytes, or the writer hung up (the read returns 0: the end)
                if ready < 0, errno != EINTR { throw ImageLoadError.transport("poll failed: \(String(cString: strerror(errno)))") }
                guard clock.now < deadline else {
                    throw ImageLoadError.timedOut("the pipe sent nothing within \(timeout)")
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(handle: handle, chunkSize: chunkSize, pollTimeout: pollTimeout) }
}
