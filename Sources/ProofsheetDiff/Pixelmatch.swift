#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The comparison below is a port of pixelmatch 7.1.0
// (https://github.com/mapbox/pixelmatch), used under the ISC License:
//
//   ISC License
//
//   Copyright (c) 2025, Mapbox
//
//   Permission to use, copy, modify, and/or distribute this software for any
//   purpose with or without fee is hereby granted, provided that the above
//   copyright notice and this permission notice appear in all copies.
//
//   THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
//   WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
//   MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR ANY
//   SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
//   WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN ACTION
//   OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF OR IN
//   CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.

/// A Swift port of pixelmatch 7.1.0 (`index.js`, ISC licence, © Mapbox)
/// working on raw RGBA buffers, plus the ignore-map extension.
///
/// The arithmetic follows the JavaScript operation by operation (IEEE double,
/// same evaluation order, JS `ToInt32`/`ToUint8` conversions) so that counts
/// and diff images are byte-identical to the reference implementation.
enum Pixelmatch {
    /// Inputs of one comparison. Every image is `width * height` pixels, one
    /// 32-bit word per pixel holding the RGBA bytes in memory order.
    struct Job {
        var img1: UnsafePointer<UInt32>
        var img2: UnsafePointer<UInt32>
        /// Zero-filled output buffer, or `nil` when no diff image is wanted.
        var output: UnsafeMutablePointer<UInt32>?
        var width: Int
        var height: Int
        var options: DiffOptions
        /// One byte per pixel, non-zero = ignored; `nil` when nothing is.
        var ignore: UnsafePointer<UInt8>?
    }

    /// Compares the images of `job`, drawing into `job.output` if present,
    /// and returns the number of mismatched (compared) pixels.
    static func run(_ job: Job) -> Int {
        let width = job.width
        let height = job.height
        let img1 = job.img1
        let img2 = job.img2
        let options = job.options
        let ignore = job.ignore
        let rowBytes = width * 4
        var painter = Painter(
            output: job.output,
            alpha: options.alpha,
            drawsBackground: !options.diffMask,
            ignoredWord: options.ignoredColor.map(Painter.word(of:)))

        // Fast path for identical images (pixelmatch checks this first too).
        if memcmp(img1, img2, width * height * 4) == 0 {
            var y = 0
            while y < height {
                painter.paintUnchangedRow(img1, from: y * width, to: y * width + width, ignore: ignore)
                y += 1
            }
            return 0
        }

        // Maximum acceptable square distance between two colours;
        // 35215 is the maximum possible value for the YIQ difference metric.
        let maxDelta = 35215 * options.threshold * options.threshold
        let aaWord = Painter.word(of: options.aaColor)
        let diffWord = Painter.word(of: options.diffColor)
        let altWord = Painter.word(of: options.diffColorAlt ?? options.diffColor)
        let includeAA = options.includeAA
        var diff = 0

        var y = 0
        while y < height {
            let rowStart = y * width
            // Rows without any difference: every pixel has delta 0, so they
            // are only drawn (identical pixels never trigger AA checks).
            if memcmp(img1 + rowStart, img2 + rowStart, rowBytes) == 0 {
                painter.paintUnchangedRow(img1, from: rowStart, to: rowStart + width, ignore: ignore)
                y += 1
                continue
            }
            var x = 0
            var i = rowStart
            while x < width {
                let p1 = img1[i]
                let p2 = img2[i]
                if let ignore, ignore[i] != 0 {
                    painter.paintIgnored(i, p1)
                } else if p1 == p2 {
                    // Identical pixels: delta 0, never above the threshold.
                    painter.paintUnchanged(i, p1)
                } else {
                    // Squared YIQ distance, negative when the img2 pixel is darker.
                    let delta = colorDelta(p1, p2, i * 4, yOnly: false)
                    if delta.magnitude > maxDelta {
                        // A real rendering difference, or just anti-aliasing?
                        let isAA =
                            !includeAA
                            && (antialiased(img1, x, y, width, height, img1, img2)
                                || antialiased(img2, x, y, width, height, img2, img1))
                        if isAA {
                            // Not counted; not drawn into a mask.
                            painter.paintBackground(i, aaWord)
                        } else {
                            painter.paint(i, delta < 0 ? altWord : diffWord)
                            diff += 1
                        }
                    } else {
                        painter.paintUnchanged(i, p1)
                    }
                }
                x += 1
                i += 1
            }
            y += 1
        }
        return diff
    }

    /// Whether pixel (`x1`, `y1`) of `img` is likely part of anti-aliasing
    /// ("Anti-aliased Pixel and Intensity Slope Detector", V. Vysniauskas, 2009).
    /// `a32`/`b32` are the two images, for the sibling checks.
    static func antialiased(
        _ img: UnsafePointer<UInt32>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
        _ a32: UnsafePointer<UInt32>, _ b32: UnsafePointer<UInt32>
    ) -> Bool {
        let x0 = x1 > 0 ? x1 - 1 : 0
        let y0 = y1 > 0 ? y1 - 1 : 0
        let x2 = x1 + 1 < width ? x1 + 1 : width - 1
        let y2 = y1 + 1 < height ? y1 + 1 : height - 1
        let pos = y1 * width + x1
        let centre = img[pos]
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var min = 0.0
        var max = 0.0
        var minX = 0
        var minY = 0
        var maxX = 0
        var maxY = 0

        // Go through the 8 adjacent pixels (columns outer, rows inner, as in JS:
        // the order decides which of equally dark/bright siblings is kept).
        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                if x == x1 && y == y1 {
                    y += 1
                    continue
                }
                // Brightness delta between the centre pixel and this sibling
                // (the background offset k is the centre's, as in the JS).
                let delta = colorDelta(centre, img[y * width + x], pos * 4, yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    // More than 2 equal siblings: definitely not anti-aliasing.
                    if zeroes > 2 { return false }
                } else if delta < min {
                    min = delta
                    minX = x
                    minY = y
                } else if delta > max {
                    max = delta
                    maxX = x
                    maxY = y
                }
                y += 1
            }
            x += 1
        }

        // No darker or no brighter sibling: not anti-aliasing.
        if min == 0 || max == 0 { return false }

        // Anti-aliased if the darkest or the brightest sibling has 3+ equal
        // siblings in both images (i.e. sits inside a flat area).
        return (hasManySiblings(a32, minX, minY, width, height) && hasManySiblings(b32, minX, minY, width, height))
            || (hasManySiblings(a32, maxX, maxY, width, height) && hasManySiblings(b32, maxX, maxY, width, height))
    }

    /// Whether pixel (`x1`, `y1`) has 3+ adjacent pixels of exactly its colour
    /// (image borders count as one).
    static func hasManySiblings(_ img: UnsafePointer<UInt32>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = x1 > 0 ? x1 - 1 : 0
        let y0 = y1 > 0 ? y1 - 1 : 0
        let x2 = x1 + 1 < width ? x1 + 1 : width - 1
        let y2 = y1 + 1 < height ? y1 + 1 : height - 1
        let value = img[y1 * width + x1]
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0

        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                if !(x == x1 && y == y1) {
                    if value == img[y * width + x] { zeroes += 1 }
                    if zeroes > 2 { return true }
                }
                y += 1
            }
            x += 1
        }
        return false
    }

    /// Colour difference from "Measuring perceived color difference using YIQ
    /// NTSC transmission color space in mobile applications" (Kotsarenko and
    /// Ramos) between pixel words `pixel1` and `pixel2`. Semi-transparent
    /// pixels are blended over a background chosen by the byte offset `k`.
    /// Returns the signed squared distance (negative when the second pixel is
    /// darker), or only the brightness difference.
    static func colorDelta(_ pixel1: UInt32, _ pixel2: UInt32, _ k: Int, yOnly: Bool) -> Double {
        if pixel1 == pixel2 { return 0 }
        let c1 = UInt32(littleEndian: pixel1)
        let c2 = UInt32(littleEndian: pixel2)
        let r1 = Int(c1 & 0xFF)
        let g1 = Int(c1 >> 8 & 0xFF)
        let b1 = Int(c1 >> 16 & 0xFF)
        let a1 = Int(c1 >> 24)
        let r2 = Int(c2 & 0xFF)
        let g2 = Int(c2 >> 8 & 0xFF)
        let b2 = Int(c2 >> 16 & 0xFF)
        let a2 = Int(c2 >> 24)

        var dr = Double(r1 - r2)
        var dg = Double(g1 - g2)
        var db = Double(b1 - b2)
        let da = a1 - a2

        if a1 < 255 || a2 < 255 {
            // Blend with a background of 48 or 207 per channel, chosen from
            // the byte offset k exactly as the JS does (`(k / φ | 0) % 2`).
            let rb = 48 + 159 * (k % 2)
            let gb = 48 + 159 * jsInt32Remainder2(Double(k) / 1.618033988749895)
            let bb = 48 + 159 * jsInt32Remainder2(Double(k) / 2.618033988749895)
            // Integer products are exact, as they are in JS doubles.
            dr = Double(r1 * a1 - r2 * a2 - rb * da) / 255
            dg = Double(g1 * a1 - g2 * a2 - gb * da) / 255
            db = Double(b1 * a1 - b2 * a2 - bb * da) / 255
        }

        let y: Double = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        if yOnly { return y }  // brightness difference only

        let i: Double = dr * 0.59597799 - dg * 0.2741761 - db * 0.32180189
        let q: Double = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta: Double = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q

        // Encode whether the pixel lightens or darkens in the sign.
        return y > 0 ? -delta : delta
    }

    /// JavaScript `(value | 0) % 2` for a finite, non-negative `value`.
    @inline(__always)
    static func jsInt32Remainder2(_ value: Double) -> Int {
        let int32 = Int32(truncatingIfNeeded: Int64(value))
        return Int(int32 % 2)
    }

    /// JavaScript's `ToUint8`: what storing `value` into a `Uint8Array` keeps
    /// (truncation toward zero, then modulo 256; NaN and infinities give 0).
    @inline(__always)
    static func jsUint8(_ value: Double) -> UInt8 {
        if value >= 0 && value < 256 { return UInt8(value) }
        guard value.isFinite else { return 0 }
        let wrapped = value.rounded(.towardZero).truncatingRemainder(dividingBy: 256)
        return UInt8(wrapped < 0 ? wrapped + 256 : wrapped)
    }
}

extension Pixelmatch {
    /// Writes diff-output pixels; a no-op when there is no output buffer.
    struct Painter {
        let output: UnsafeMutablePointer<UInt32>?
        let alpha: Double
        /// `false` in diffMask mode: only differences are drawn.
        let drawsBackground: Bool
        /// Whether unchanged pixels are drawn at all (output present, no mask mode).
        let drawsUnchanged: Bool
        let ignoredWord: UInt32?
        /// One-entry cache: screenshots repeat colours, and the grey value
        /// depends only on the source pixel.
        var cachedPixel: UInt32 = 0
        var cachedGrey: UInt32

        init(output: UnsafeMutablePointer<UInt32>?, alpha: Double, drawsBackground: Bool, ignoredWord: UInt32?) {
            self.output = output
            self.alpha = alpha
            self.drawsBackground = drawsBackground
            self.drawsUnchanged = output != nil && drawsBackground
            self.ignoredWord = ignoredWord
            self.cachedGrey = Painter.grey(of: 0, alpha: alpha)
        }

        /// Opaque output word (as stored in memory) for an RGB colour.
        static func word(of color: RGBColor) -> UInt32 {
            let value = UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | 0xFF00_0000
            return value.littleEndian
        }

        /// pixelmatch's `drawGrayPixel`: luma blended with white by
        /// `alpha * pixelAlpha / 255`, stored with `Uint8Array` truncation.
        static func grey(of pixel: UInt32, alpha: Double) -> UInt32 {
            let rgba = UInt32(littleEndian: pixel)
            let r = Double(rgba & 0xFF)
            let g = Double(rgba >> 8 & 0xFF)
            let b = Double(rgba >> 16 & 0xFF)
            let a = Double(rgba >> 24)
            let luma: Double = r * 0.29889531 + g * 0.58662247 + b * 0.11448223
            let value: Double = 255 + (luma - 255) * alpha * a / 255
            let v = UInt32(jsUint8(value))
            return (v | v << 8 | v << 16 | 0xFF00_0000).littleEndian
        }

        /// Always draws (differences show in mask mode too).
        @inline(__always)
        func paint(_ i: Int, _ word: UInt32) {
            output?[i] = word
        }

        /// Draws unless in diffMask mode.
        @inline(__always)
        func paintBackground(_ i: Int, _ word: UInt32) {
            if drawsBackground { output?[i] = word }
        }

        /// Draws `pixel` (of the first image) as faded grey, unless in diffMask mode.
        @inline(__always)
        mutating func paintUnchanged(_ i: Int, _ pixel: UInt32) {
            guard drawsUnchanged, let output else { return }
            if pixel != cachedPixel {
                cachedPixel = pixel
                cachedGrey = Painter.grey(of: pixel, alpha: alpha)
            }
            output[i] = cachedGrey
        }

        /// Draws pixels `start ..< end` of `img` as unchanged (or ignored).
        mutating func paintUnchangedRow(_ img: UnsafePointer<UInt32>, from start: Int, to end: Int, ignore: UnsafePointer<UInt8>?) {
            guard let output else { return }
            if let ignore, ignoredWord != nil {
                var i = start
                while i < end {
                    if ignore[i] != 0 { paintIgnored(i, img[i]) } else { paintUnchanged(i, img[i]) }
                    i += 1
                }
                return
            }
            guard drawsUnchanged else { return }
            // Tight loop with the one-entry cache inlined.
            var pixel = cachedPixel
            var grey = cachedGrey
            var i = start
            while i < end {
                let p = img[i]
                if p != pixel {
                    pixel = p
                    grey = Painter.grey(of: p, alpha: alpha)
                }
                output[i] = grey
                i += 1
            }
            cachedPixel = pixel
            cachedGrey = grey
        }

        /// Draws an ignored pixel: `ignoredColor`, or like an unchanged one.
        @inline(__always)
        mutating func paintIgnored(_ i: Int, _ pixel: UInt32) {
            if let ignoredWord {
                paintBackground(i, ignoredWord)
            } else {
                paintUnchanged(i, pixel)
            }
        }
    }

    /// Calls `body` with `buffer` viewed as one 32-bit word per pixel.
    ///
    /// Rebinds the memory when it is 4-byte aligned (always the case for
    /// Swift array storage); otherwise works on an aligned copy.
    static func withWords<R>(_ buffer: UnsafeBufferPointer<UInt8>, _ body: (UnsafePointer<UInt32>) -> R) -> R {
        let base = buffer.baseAddress!
        let count = buffer.count / 4
        if Int(bitPattern: base) % MemoryLayout<UInt32>.alignment == 0 {
            return base.withMemoryRebound(to: UInt32.self, capacity: count, body)
        }
        var copy = [UInt32](repeating: 0, count: count)
        return copy.withUnsafeMutableBytes { words in
            words.copyMemory(from: UnsafeRawBufferPointer(buffer))
            return body(words.assumingMemoryBound(to: UInt32.self).baseAddress!)
        }
    }

    /// Calls `body` with `buffer` viewed as mutable 32-bit words (see ``withWords(_:_:)``).
    static func withMutableWords<R>(
        _ buffer: UnsafeMutableBufferPointer<UInt8>, _ body: (UnsafeMutablePointer<UInt32>) -> R
    ) -> R {
        let base = buffer.baseAddress!
        let count = buffer.count / 4
        if Int(bitPattern: base) % MemoryLayout<UInt32>.alignment == 0 {
            return base.withMemoryRebound(to: UInt32.self, capacity: count, body)
        }
        var copy = [UInt32](repeating: 0, count: count)
        let result = copy.withUnsafeMutableBytes { words in
            words.copyMemory(from: UnsafeRawBufferPointer(buffer))
            return body(words.assumingMemoryBound(to: UInt32.self).baseAddress!)
        }
        copy.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
        return result
    }
}
