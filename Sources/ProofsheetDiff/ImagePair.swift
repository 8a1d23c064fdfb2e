import Dispatch

/// Two images decoded side by side: the decodes run on two threads, since decoding is most of
/// the time a comparison of two files takes.
public enum ImagePair {
    /// Decodes the files at `expected` and `actual` in parallel.
    public static func load(expected: String, actual: String) throws(ImageError) -> (RGBAImage, RGBAImage) {
        let paths = [expected, actual]
        nonisolated(unsafe) var results: [Result<RGBAImage, ImageError>?] = [nil, nil]
        results.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: 2) { i in
                do throws(ImageError) { slots[i] = .success(try RGBAImage(contentsOfFile: paths[i])) } catch {
                    slots[i] = .failure(error)
                }
            }
        }
        return (try results[0]!.get(), try results[1]!.get())
    }
}
