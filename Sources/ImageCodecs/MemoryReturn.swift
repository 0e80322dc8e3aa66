#if canImport(Glibc)
import Glibc
#endif

/// How freed memory goes back to the system (glibc's allocator): a process that decodes large
/// photos calls ``configure()`` once, first thing (`photofeed`, `feedbench`).
///
/// glibc serves large blocks (128 KiB and more) with `mmap` and returns them on `free`, but the
/// first time such a block is freed it raises that threshold to the block's size (up to 32 MiB):
/// from then on the decode buffers of every large photo (a progressive JPEG's coefficients, a
/// full-size decode before it is averaged down) come from the heap, and the heap keeps them. So
/// a viewer that decoded a few large photos held their buffers for good: on `Assets/photos`,
/// 42 MB after the first screen and 110 MB after scrolling down and up 288 rows. With the
/// threshold fixed at 128 KiB (which also turns the raising off), the same run holds 37 MB, then
/// 38 MB. (`MALLOC_ARENA_MAX=2` alone changed nothing: the memory was in the heaps' free lists,
/// not in extra arenas.)
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
