import ProofsheetCore

/// How many differing pixels a comparison may have and still pass.
///
/// With no limit given, any differing pixel fails. With `maxPixels` and/or `maxRatio`, it passes
/// when every given limit holds. Images of different sizes never pass.
public struct Tolerance: Sendable, Hashable, Codable {
    /// At most this many mismatched pixels.
    public var maxPixels: Int?
    /// At most this fraction (0…1) of the compared pixels mismatched.
    public var maxRatio: Double?

    public init(maxPixels: Int? = nil, maxRatio: Double? = nil) {
        self.maxPixels = maxPixels
        self.maxRatio = maxRatio
    }

    /// Zero differing pixels.
    public static let exact = Tolerance()

    /// The limits in words, the one spelling of every report and message: `at most 1,000 pixels`,
    /// `at most 0.5% of the pixels`, both joined by `and`; `none` when there is no limit.
    public func inWords(none: String) -> String {
        var limits: [String] = []
        if let maxPixels {
            limits.append("at most \(decimalText(Double(maxPixels), places: 0, grouped: true) ?? "\(maxPixels)") pixel\(maxPixels == 1 ? "" : "s")")
        }
        if let maxRatio { limits.append("at most \(fmt(maxRatio * 100))% of the pixels") }
        return limits.isEmpty ? none : limits.joined(separator: " and ")
    }

    /// Whether `outcome` is within the tolerance.
    public func passes(_ outcome: DiffOutcome) -> Bool {
        guard let r = outcome.result else { return false }
        if maxPixels == nil && maxRatio == nil { return r.mismatched == 0 }
        if let maxPixels, r.mismatched > maxPixels { return false }
        if let maxRatio, r.ratio > maxRatio { return false }
        return true
    }
}

/// The summary of one comparison, as `proofsheet diff --json` prints it.
public struct DiffReport: Sendable, Hashable, Codable {
    public var passed: Bool
    /// Mismatched pixels (nil when the sizes differ).
    public var mismatched: Int?
    /// Pixels compared, ignored ones excluded.
    public var total: Int?
    /// mismatched / total, a fraction.
    public var ratio: Double?
    public var ignored: Int?
    public var width: Int?
    public var height: Int?
    /// Why it did not pass, in words (nil when it passed).
    public var reason: String?
    public var expectedSize: ImageSize?
    public var actualSize: ImageSize?
    public var tolerance: Tolerance

    /// A summary read back (a report's): the outcome, the other fields nil until set.
    public init(passed: Bool, tolerance: Tolerance) {
        self.passed = passed
        self.tolerance = tolerance
    }

    public init(outcome: DiffOutcome, tolerance: Tolerance) {
        self.tolerance = tolerance
        passed = tolerance.passes(outcome)
        switch outcome {
        case .compared(let r):
            mismatched = r.mismatched; total = r.total; ratio = r.ratio; ignored = r.ignored
            width = r.width; height = r.height
            if !passed {
                let limits = tolerance.inWords(none: "")
                reason = "\(r.mismatched) of \(r.total) pixels differ" + (limits.isEmpty ? "" : "; allowed: " + limits)
            }
        case .sizeMismatch(let e, let a):
            reason = "sizes differ: expected \(e), actual \(a)"
            expectedSize = e; actualSize = a
        }
    }
}

extension ImageSize: Codable {
    enum CodingKeys: String, CodingKey { case width, height }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(width: try c.decode(Int.self, forKey: .width), height: try c.decode(Int.self, forKey: .height))
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
    }
}
