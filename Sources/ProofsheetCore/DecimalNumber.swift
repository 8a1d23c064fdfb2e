/// The one parser of numbers typed on the command line (`--scale 2`, `--set x=0.5`,
/// `--limit views=4k`, …): decimal spellings only, `[+-]digits[.digits][e[+-]digits]`, and a
/// finite result.
///
/// Swift's `Double(_:)` also reads `0x10`, `inf`, `nan` and `1e999` (infinity); none of these is
/// a number a user means, so each is refused here, in one place, for every option.
public func decimalNumber(_ text: some StringProtocol) -> Double? {
    let u = Array(text.utf8)
    var i = 0
    func digits() -> Int {
        let start = i
        while i < u.count, u[i] >= UInt8(ascii: "0"), u[i] <= UInt8(ascii: "9") { i += 1 }
        return i - start
    }
    if i < u.count, u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") { i += 1 }
    var mantissa = digits()
    if i < u.count, u[i] == UInt8(ascii: ".") {
        i += 1
        mantissa += digits()
    }
    guard mantissa > 0 else { return nil }
    if i < u.count, u[i] == UInt8(ascii: "e") || u[i] == UInt8(ascii: "E") {
        i += 1
        if i < u.count, u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") { i += 1 }
        guard digits() > 0 else { return nil }
    }
    guard i == u.count, let v = Double(String(decoding: u, as: UTF8.self)), v.isFinite else { return nil }
    return v
}
