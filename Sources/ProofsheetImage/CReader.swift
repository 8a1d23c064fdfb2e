internal import CPixels

/// The calls of one of the C decoders (`cpng_reader_*`, `cjpeg_reader_*`): both have the same
/// shape — create over bytes, set the pixel limit, read the header, report the working memory,
/// read RGBA, describe the error, destroy.
struct CReader: Sendable {
    let format: ImageFormat
    /// The C codes for success, for "not this format" and for "more pixels than the limit".
    let ok: Int32
    let notThisFormat: Int32
    let tooLarge: Int32
    let create: @Sendable (UnsafePointer<UInt8>, Int) -> OpaquePointer?
    var setLimit: @Sendable (OpaquePointer, UInt64) -> Void
    let header: @Sendable (OpaquePointer, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>) -> Int32
    let workingBytes: @Sendable (OpaquePointer) -> UInt64
    let read: @Sendable (OpaquePointer, UnsafeMutablePointer<UInt8>?, Int) -> Int32
    let message: @Sendable (OpaquePointer) -> UnsafePointer<CChar>?
    let destroy: @Sendable (OpaquePointer) -> Void
    /// The bytes a faster way of reading needs besides the working memory (0: none), and the
    /// switch that turns it off when the budget cannot spare them.
    var fastBytes: (@Sendable (OpaquePointer) -> UInt64)? = nil
    var setFast: (@Sendable (OpaquePointer, Bool) -> Void)? = nil

    static let png = CReader(
        format: .png, ok: Int32(CPNG_OK), notThisFormat: Int32(CPNG_NOT_PNG), tooLarge: Int32(CPNG_TOO_LARGE),
        create: { cpng_reader_create($0, $1) },
        setLimit: { cpng_reader_set_limits($0, $1, UInt64(ImageLimits.pngChunkBytes)) },
        header: { cpng_reader_read_header($0, $1, $2) }, workingBytes: { cpng_reader_working_bytes($0) },
        read: { cpng_reader_read_rgba($0, $1, $2) }, message: { cpng_reader_message($0) },
        destroy: { cpng_reader_destroy($0) }, fastBytes: { cpng_reader_fast_bytes($0) }, setFast: { cpng_reader_set_fast($0, $1 ? 1 : 0) })

    /// PNG read by libpng alone, row by row (no fast path): what the fast path is compared with.
    static let pngThroughLibpng: CReader = {
        var reader = png
        let setLimit = png.setLimit
        reader.setLimit = {
            setLimit($0, $1)
            cpng_reader_set_fast($0, 0)
        }
        reader.fastBytes = nil
        return reader
    }()

    static let jpeg = CReader(
        format: .jpeg, ok: Int32(CJPEG_OK), notThisFormat: Int32(CJPEG_NOT_JPEG), tooLarge: Int32(CJPEG_TOO_LARGE),
        create: { cjpeg_reader_create($0, $1) }, setLimit: { cjpeg_reader_set_limits($0, $1) },
        header: { cjpeg_reader_read_header($0, $1, $2) }, workingBytes: { cjpeg_reader_working_bytes($0) },
        read: { cjpeg_reader_read_rgba($0, $1, $2) }, message: { cjpeg_reader_message($0) },
        destroy: { cjpeg_reader_destroy($0) })

    /// Decodes a whole file's bytes into an ``RGBAImage`` holding its reservation in `budget`.
    func decode(_ bytes: [UInt8], source: String, maxPixelCount: Int, budget: ImageBudget) throws(ImageError) -> RGBAImage {
        try decode(bytes, source: source, maxPixelCount: maxPixelCount, budget: budget) { width, height, reservation, fill in
            var filled = false
            let count = width * height * 4
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
                filled = fill(out.baseAddress)
                initialized = filled ? count : 0
            }
            return filled ? RGBAImage(uncheckedWidth: width, height: height, pixels: pixels, reservation: reservation) : nil
        }
    }

    /// Decodes a whole file's bytes into a ``PixelBuffer`` holding its reservation in `budget`.
    func decodeBuffer(_ bytes: [UInt8], source: String, maxPixelCount: Int, budget: ImageBudget) throws(ImageError) -> PixelBuffer {
        try decode(bytes, source: source, maxPixelCount: maxPixelCount, budget: budget) { width, height, reservation, fill in
            let buffer = PixelBuffer(width: width, height: height, reservation: reservation)
            return fill(buffer.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)) ? buffer : nil
        }
    }

    /// Decodes in three steps, so that a hostile header costs nothing: the size is checked against
    /// `maxPixelCount` (by the C decoder, before its library allocates anything that depends on
    /// it), the output and the decoder's working memory are reserved in `budget`, and only then
    /// does `output` allocate `width * height * 4` bytes and `fill` them (false on failure).
    private func decode<Output>(
        _ bytes: [UInt8], source: String, maxPixelCount: Int, budget: ImageBudget,
        output: (
            _ width: Int, _ height: Int, _ reservation: ImageBudget.Reservation,
            _ fill: (UnsafeMutablePointer<UInt8>?) -> Bool
        ) -> Output?
    ) throws(ImageError) -> Output {
        let result: Result<Output, ImageError> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return .failure(ImageError(.empty, source: source)) }
            guard let reader = create(base, buffer.count) else {
                return .failure(ImageError(.corrupt(format), source: source, detail: "out of memory"))
            }
            defer { destroy(reader) }
            func failure(_ code: Int32) -> ImageError {
                let text = message(reader).map { String(cString: $0) } ?? ""
                return ImageError(code == notThisFormat ? .unrecognizedFormat : .corrupt(format), source: source, detail: text)
            }
            let maxPixelCount = max(maxPixelCount, 0)
            setLimit(reader, UInt64(maxPixelCount))
            var width: UInt32 = 0, height: UInt32 = 0
            let headerCode = header(reader, &width, &height)
            let pixelCount = UInt64(width) * UInt64(height)
            if headerCode == tooLarge || (headerCode == ok && pixelCount > UInt64(maxPixelCount)) {
                return .failure(ImageError(.tooLarge(width: Int(width), height: Int(height), limit: maxPixelCount), source: source))
            }
            guard headerCode == ok else { return .failure(failure(headerCode)) }

            let byteCount = Int(pixelCount) * 4
            let working = Int(clamping: workingBytes(reader))
            let needed = byteCount.addingReportingOverflow(working).overflow ? Int.max : byteCount + working
            let reservation: ImageBudget.Reservation
            switch Result(catching: { () throws(ImageError) in
                try budget.reserve(needed, width: Int(width), height: Int(height), source: source)
            }) {
            case .success(let reserved): reservation = reserved
            case .failure(let error): return .failure(error)
            }
            // The fast way of reading, when the budget can spare its bytes too (else the
            // decoder reads the slower way, to the same pixels).
            var fast: ImageBudget.Reservation?
            if let fastBytes, case let extra = Int(clamping: fastBytes(reader)), extra > 0 {
                fast = try? budget.reserve(extra, width: Int(width), height: Int(height), source: source)
                if fast == nil { setFast?(reader, false) }
            }
            var readCode = ok
            let decoded = output(Int(width), Int(height), reservation) { out in
                readCode = read(reader, out, byteCount)
                return readCode == ok
            }
            fast?.shrink(to: 0)
            guard readCode == ok, let decoded else { return .failure(failure(readCode)) }
            reservation.shrink(to: byteCount)
            return .success(decoded)
        }
        return try result.get()
    }
}

/// Decoded straight RGBA bytes (`width * height * 4`, rows of `width * 4`) in memory this object
/// owns and frees, for code that hands the pixels to a C library (and may convert them in place)
/// rather than copy them. Holds the bytes' reservation in an ``ImageBudget`` while it lives.
package final class PixelBuffer: @unchecked Sendable {
    package let width: Int
    package let height: Int
    /// The bytes; valid while this object lives.
    package let bytes: UnsafeMutableRawBufferPointer
    private let reservation: ImageBudget.Reservation

    init(width: Int, height: Int, reservation: ImageBudget.Reservation) {
        self.width = width
        self.height = height
        self.reservation = reservation
        // Huge pages from 2 MiB up: a decoded photo is first touched as it is written.
        guard let memory = ps_pixels_alloc(max(width * height * 4, 1)) else { fatalError("out of memory for decoded pixels") }
        bytes = UnsafeMutableRawBufferPointer(start: memory, count: max(width * height * 4, 1))
    }

    deinit { ps_free(bytes.baseAddress) }
}
