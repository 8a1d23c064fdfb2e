internal import CPixels

/// How the process's memory allocator treats large blocks.
public enum ProcessMemory {
    /// Large freed blocks stay in the process's heap instead of going back to the system: frames
    /// and images of one size are allocated again and again, and memory fresh from the system
    /// costs a page fault and a page of zeros for every 4 KiB (about a tenth of `frames`'s time at
    /// 2x). Blocks up to 32 MiB (glibc's largest threshold; a 3x frame is 12 MiB), up to 1 GiB
    /// kept; as many heaps as processors, so that what is kept does not grow with the number of
    /// threads a long run starts. Meant for a command-line process, called once at its start.
    public static func keepLargeBlocks() { ps_keep_large_blocks() }
}
