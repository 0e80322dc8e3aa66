import Glibc

/// How many processors this process may run on, asked of the kernel in one system call.
///
/// `ProcessInfo.activeProcessorCount` reads the cgroup's CPU quota files as well, a visible part
/// of a short `photofeed show` (`feedbench --scenario blockart-speed` times one); a command that
/// only sizes its worker count by it asks here instead.
public enum Processors {
    /// The processors in this process's affinity mask (`sched_getaffinity`, a GNU extension
    /// Swift's Glibc module does not import: looked up and called as the C function it is), at
    /// least 1; the processors online when the mask cannot be read.
    public static var available: Int {
        typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer?) -> Int32
        let online = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_getaffinity") else { return online }
        // glibc's cpu_set_t: 1,024 bits.
        var mask = [UInt64](repeating: 0, count: 16)
        let status = mask.withUnsafeMutableBytes { unsafeBitCast(symbol, to: GetAffinity.self)(0, $0.count, $0.baseAddress) }
        guard status == 0 else { return online }
        return max(1, mask.reduce(0) { $0 + $1.nonzeroBitCount })
    }
}
