import Foundation

/// A file's bytes as chunks; closes the file at the end or on error.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    let handle: FileHandle
    let chunkSize: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle
        let chunkSize: Int
        var isDone = false

        mutating func next() async throws -> [UInt8]? {
            guard !isDone else { return nil }
            do {
                try Task.checkCancellation()
                if let data = try handle.read(upToCount: chunkSize), !data.isEmpty {
                    return [UInt8](data)
                }
                isDone = true
                try? handle.close()
                return nil
            } catch let error as CancellationError {
                isDone = true
                try? handle.close()
                throw error
            } catch {
                isDone = true
                try? handle.close()
                throw ImageLoadError.transport("read failed: \(error.localizedDescription)")
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(handle: handle, chunkSize: chunkSize) }
}
