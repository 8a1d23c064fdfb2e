internal import CPixels

/// The calls of one of the C decoders (`cpng_reader_*`, `cjpeg_reader_*`): both have the same
/// shape — create over bytes, read the header, read RGBA, describe the error, destroy.
struct CReader: Sendable {
    let format: ImageFormat
    /// The C codes for success and for "not this format".
    let ok: Int32
    let notThisFormat: Int32
    let create: @Sendable (UnsafePointer<UInt8>, Int) -> OpaquePointer?
    let header: @Sendable (OpaquePointer, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>) -> Int32
    let read: @Sendable (OpaquePointer, UnsafeMutablePointer<UInt8>?, Int) -> Int32
    let message: @Sendable (OpaquePointer) -> UnsafePointer<CChar>?
    let destroy: @Sendable (OpaquePointer) -> Void

    static let png = CReader(
        format: .png, ok: Int32(CPNG_OK), notThisFormat: Int32(CPNG_NOT_PNG),
        create: { cpng_reader_create($0, $1) }, header: { cpng_reader_read_header($0, $1, $2) },
        read: { cpng_reader_read_rgba($0, $1, $2) }, message: { cpng_reader_message($0) },
        destroy: { cpng_reader_destroy($0) })

    static let jpeg = CReader(
        format: .jpeg, ok: Int32(CJPEG_OK), notThisFormat: Int32(CJPEG_NOT_JPEG),
        create: { cjpeg_reader_create($0, $1) }, header: { cjpeg_reader_read_header($0, $1, $2) },
        read: { cjpeg_reader_read_rgba($0, $1, $2) }, message: { cjpeg_reader_message($0) },
        destroy: { cjpeg_reader_destroy($0) })

    /// Decodes a whole file's bytes: the size is checked against `maxPixelCount` before any
    /// pixel memory is allocated.
    func decode(_ bytes: [UInt8], source: String, maxPixelCount: Int) throws(ImageError) -> RGBAImage {
        let result: Result<RGBAImage, ImageError> = bytes.withUnsafeBufferPointer { decode($0, source: source, maxPixelCount: maxPixelCount) }
        return try result.get()
    }

    private func decode(_ buffer: UnsafeBufferPointer<UInt8>, source: String, maxPixelCount: Int) -> Result<RGBAImage, ImageError> {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .failure(ImageError(.empty, source: source)) }
        guard let reader = create(base, buffer.count) else {
            return .failure(ImageError(.corrupt(format), source: source, detail: "out of memory"))
        }
        defer { destroy(reader) }
        func failure(_ code: Int32) -> ImageError {
            let text = message(reader).map { String(cString: $0) } ?? ""
            return ImageError(code == notThisFormat ? .unrecognizedFormat : .corrupt(format), source: source, detail: text)
        }
        var width: UInt32 = 0, height: UInt32 = 0
        let headerCode = header(reader, &width, &height)
        guard headerCode == ok else { return .failure(failure(headerCode)) }
        let pixelCount = UInt64(width) * UInt64(height)
        guard pixelCount <= UInt64(max(maxPixelCount, 0)) else {
            return .failure(ImageError(.tooLarge(width: Int(width), height: Int(height), limit: maxPixelCount), source: source))
        }
        let byteCount = Int(pixelCount) * 4
        var readCode = ok
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { out, initialized in
            readCode = read(reader, out.baseAddress, byteCount)
            initialized = readCode == ok ? byteCount : 0
        }
        guard readCode == ok else { return .failure(failure(readCode)) }
        return .success(RGBAImage(uncheckedWidth: Int(width), height: Int(height), pixels: pixels))
    }
}
