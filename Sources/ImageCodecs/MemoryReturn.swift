#if canImport(Glibc)
import Glibc
#endif

/// How freed memory goes back to the system (glibc's allocator): a process that decodes large
/// photos calls ``configure()`` once, first thing (`photofeed`, `feedbench`).
///
/// glibc serves large blocks (128 KiB and more) with `mmap` and returns them on `free`, but the
/// first time such a block is freed it raises that threshold to the block's size (up to 32 MiB):
/// from then on the decode buffers of every large photo (a progressive JPEG's coefficients, a
/// full-size decode before it is averaged down) come from the heap, and the heap keeps them: a
/// viewer that decoded a few large photos would hold their buffers for good. So the threshold is
/// fixed at 128 KiB (which also turns the raising off). Fewer arenas (`MALLOC_ARENA_MAX`) would
/// not help: the memory is in the heaps' free lists, not in extra arenas. `feedbench --scenario
/// scroll` reports the viewer's peak RSS while it scrolls down and up.
public enum MemoryReturn {
    /// Fixes glibc's mmap threshold at 128 KiB (`M_MMAP_THRESHOLD` is -3 in `malloc.h`, which
    /// the Glibc module does not import: `mallopt` is looked up, and called as the C function it is).
    public static func configure() {
        #if canImport(Glibc)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-3, 128 * 1024)
        #endif
    }
}
