import Dispatch
import Foundation

/// Two images decoded side by side: the decodes run on two threads, since decoding is most of
/// the time a comparison of two files takes.
public enum ImagePair {
    /// The most pixels the two headers may claim together for the decodes to run at once
    /// (128 MB of RGBA); larger pairs are decoded one after the other, so that two huge or
    /// forged images never hold their memory at the same time.
    static let parallelPixels = 32_000_000

    /// Decodes the files at `expected` and `actual`, in parallel unless they are large.
    public static func load(expected: String, actual: String) throws(ImageError) -> (RGBAImage, RGBAImage) {
        let paths = [expected, actual]
        nonisolated(unsafe) var results: [Result<RGBAImage, ImageError>?] = [nil, nil]
        let claimed = paths.reduce(0) { sum, path in
            var st = stat()
            // Only regular files' headers are read: opening a FIFO would block.
            guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return sum }
            return sum + min(ImageHeader.pixels(path: path) ?? 0, Int(Int32.max))
        }
        results.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            @Sendable func decode(_ i: Int) {
                do throws(ImageError) { slots[i] = .success(try RGBAImage(contentsOfFile: paths[i])) } catch {
                    slots[i] = .failure(error)
                }
            }
            if claimed > parallelPixels {
                decode(0)
                if case .success = slots[0] { decode(1) }
            } else {
                DispatchQueue.concurrentPerform(iterations: 2) { decode($0) }
            }
        }
        // The second is left undecoded only when the first failed: its error is thrown first.
        let first = try results[0]!.get()
        return (first, try results[1]!.get())
    }
}
