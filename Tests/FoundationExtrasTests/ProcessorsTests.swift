import FoundationExtras
import Glibc
import Testing

@Suite("Processors")
struct ProcessorsTests {
    @Test func theAffinityMaskCountsAtLeastOneAndAtMostTheOnlineProcessors() {
        // Given this machine's online processors
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        // When the processors this process may run on are counted
        let available = Processors.available
        // Then there is at least one and no more than are online
        #expect(available >= 1)
        #expect(available <= max(1, online))
    }
}

extension ProcessorsTests {
    @Test func aThreadPinnedToOneProcessorCountsOne() async {
        // Given a thread of its own whose affinity mask holds processor 0 only
        typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer?) -> Int32
        let counted = await withCheckedContinuation { (continuation: CheckedContinuation<Int?, Never>) in
            let started = DetachedThread.start {
                guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_setaffinity") else {
                    return continuation.resume(returning: nil)
                }
                var mask = [UInt64](repeating: 0, count: 16)
                mask[0] = 1
                let status = mask.withUnsafeBytes { unsafeBitCast(symbol, to: SetAffinity.self)(0, $0.count, $0.baseAddress) }
                // When it counts the processors it may run on
                continuation.resume(returning: status == 0 ? Processors.available : nil)
            }
            if !started { continuation.resume(returning: nil) }
        }
        // Then it counts one
        #expect(counted == 1)
    }
}
