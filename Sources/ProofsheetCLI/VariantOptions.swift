import Proofsheet

/// The values the command line gives each axis of a variant: `--color-scheme`,
/// `--dynamic-type`, `--layout-direction`, and `--variant NAME=VALUE` for any axis, in the order of ``Variant/Axis``.
/// Each value is a variant with that one axis set. Repeats are dropped.
func variantValues(_ args: inout Arguments) throws -> [(Variant.Axis, [Variant])] {
    var given: [Variant.Axis: [Variant]] = [:]
    func add(_ axis: Variant.Axis, _ text: String, option: String) throws {
        guard let v = Variant.none.setting(axis, to: text) else {
            let what =
                [
                    Variant.Axis.dynamicType: "a Dynamic Type size: ", .layoutDirection: "a layout direction: ", .orientation: "",
                    .locale: "a locale: "
                ][axis] ?? ""
            throw ProofsheetError.usage("\(option) '\(clipped(text))' is not \(what)\(axis.spellings)")
        }
        if !given[axis, default: []].contains(v) { given[axis, default: []].append(v) }
    }
    for text in try args.values("--color-scheme") { try add(.colorScheme, text, option: "--color-scheme") }
    for text in try args.values("--dynamic-type") { try add(.dynamicType, text, option: "--dynamic-type") }
    for text in try args.values("--layout-direction") { try add(.layoutDirection, text, option: "--layout-direction") }
    for text in try args.values("--orientation") { try add(.orientation, text, option: "--orientation") }
    for text in try args.values("--locale") { try add(.locale, text, option: "--locale") }
    for text in try args.values("--variant") {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let axis = Variant.Axis(rawValue: String(parts[0])) else {
            throw ProofsheetError.usage(
                "--variant '\(clipped(text))' is not NAME=VALUE with NAME one of \(Variant.Axis.allCases.map(\.rawValue).joined(separator: ", "))",
                hint: "--variant colorScheme=dark, --variant dynamicType=accessibility3")
        }
        try add(axis, String(parts[1]), option: "--variant \(axis.rawValue)=")
    }
    return Variant.Axis.allCases.compactMap { axis in given[axis].map { (axis, $0) } }
}

/// `--color-scheme`, `--dynamic-type`, `--layout-direction` and `--variant` for a command that draws in one
/// environment: each axis given at most once; nil settings leave each scene's own.
func variantOption(_ args: inout Arguments) throws -> Variant {
    let values = try variantValues(&args)
    for (axis, options) in values where options.count > 1 {
        throw ProofsheetError.usage(
            "\(axis.rawValue) is given \(options.count) values; this command draws each scene in one",
            hint: "`proofsheet check` and `proofsheet gallery` take several (every combination); here give one")
    }
    return try Variant.matrix(values)[0]
}
