import Foundation
import ProofsheetCore

/// Numbers, amounts and dates written as the scene's locale writes them, for expressions:
/// `number($km)`, `number($price, 2)`, `percent($share)`, `currency($price, 'EUR')`,
/// `date($departs)`, `date($departs, 'time')` — SwiftUI's `Text(value, format: …)` and
/// `Text(date, style: …)`. The locale is the scene's (`$env.locale`; US English without one, and
/// for the pseudo-locale), through Foundation's formatters and the ICU data of the toolchain,
/// so the same build writes the same text on any machine. Dates are shown in UTC.
enum LocaleFormat {
    /// The functions, by the names expressions call them.
    enum Kind: String, Sendable, CaseIterable {
        case number, percent, currency, date

        /// What the second argument is, for messages.
        var argument: String {
            switch self {
            case .number: "the number of decimals, a whole number from 0 to 10"
            case .percent: "the number of decimals, a whole number from 0 to 10"
            case .currency: "an ISO 4217 code such as 'EUR', 'USD' or 'JPY'"
            case .date: "a style: " + DateStyle.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            }
        }
        /// Whether the second argument may be left out.
        var argumentOptional: Bool { self != .currency }
    }

    /// The date styles: SwiftUI's `Text.DateStyle` `.date` and `.time`, and Date.FormatStyle's
    /// common forms.
    enum DateStyle: String, Sendable, CaseIterable {
        /// December 6, 2026.
        case date
        /// 2:30 PM.
        case time
        /// Dec 6, 2026 at 2:30 PM.
        case dateTime
        /// 12/6/26.
        case numeric
        /// Dec 6, 2026.
        case abbreviated
        /// Sunday, December 6, 2026.
        case complete
    }

    /// The text of `value` formatted as `kind` (with `argument`, when given) in the locale of
    /// `env` (the `$env` object).
    static func text(_ kind: Kind, _ value: ScriptValue, _ argument: ScriptValue?, env: ScriptValue?) throws(ExpressionError) -> ScriptValue {
        let locale = Locale(identifier: localeIdentifier(env))
        switch kind {
        case .number, .percent, .currency:
            guard case .number(let n) = value else {
                throw ExpressionError("\(kind.rawValue) formats a number, got \(value.typeName)")
            }
            let f = NumberFormatter()
            f.locale = locale
            f.numberStyle = kind == .number ? .decimal : kind == .percent ? .percent : .currency
            switch (kind, argument) {
            case (.currency, .string(let code)?):
                guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                    throw ExpressionError("'\(excerpt(code))' is not a currency code; currency takes \(kind.argument)")
                }
                f.currencyCode = code
            case (.currency, _):
                throw ExpressionError("currency takes a number and \(kind.argument)")
            case (_, .number(let d)?):
                guard d == d.rounded(), d >= 0, d <= 10 else {
                    throw ExpressionError("\(kind.rawValue) takes \(kind.argument), got \(fmt(d))")
                }
                f.minimumFractionDigits = Int(d)
                f.maximumFractionDigits = Int(d)
            case (_, let other?):
                throw ExpressionError("\(kind.rawValue) takes \(kind.argument), got \(other.typeName)")
            case (_, nil):
                break
            }
            guard n.isFinite, abs(n) < 1e21, let s = f.string(from: NSNumber(value: n)) else {
                throw ExpressionError("\(kind.rawValue) cannot write \(fmt(n)): a number's magnitude is below 10²¹")
            }
            return .string(s)
        case .date:
            let style: DateStyle
            switch argument {
            case nil: style = .date
            case .string(let name)?:
                guard let s = DateStyle(rawValue: name) else {
                    throw ExpressionError("'\(excerpt(name))' is not a date style; date takes \(kind.argument)")
                }
                style = s
            case let other?: throw ExpressionError("date takes \(kind.argument), got \(other.typeName)")
            }
            let date = try self.date(value)
            let f = DateFormatter()
            f.locale = locale
            f.timeZone = TimeZone(identifier: "UTC")
            f.calendar = Calendar(identifier: .gregorian)
            switch style {
            case .date: (f.dateStyle, f.timeStyle) = (.long, .none)
            case .time: (f.dateStyle, f.timeStyle) = (.none, .short)
            case .dateTime: (f.dateStyle, f.timeStyle) = (.medium, .short)
            case .numeric: (f.dateStyle, f.timeStyle) = (.short, .none)
            case .abbreviated: (f.dateStyle, f.timeStyle) = (.medium, .none)
            case .complete: (f.dateStyle, f.timeStyle) = (.full, .none)
            }
            return .string(f.string(from: date))
        }
    }

    /// A date from an ISO 8601 text (`2026-12-06`, `2026-12-06T14:30`, `2026-12-06T14:30:00Z`,
    /// read as UTC without a zone) or a number of seconds since 1970, within the years 1–9999.
    static func date(_ value: ScriptValue) throws(ExpressionError) -> Date {
        let seconds: Double
        switch value {
        case .number(let n): seconds = n
        case .string(let s):
            guard let d = isoSeconds(s) else {
                throw ExpressionError("'\(excerpt(s))' is not an ISO 8601 date; write '2026-12-06' or '2026-12-06T14:30:00Z'")
            }
            seconds = d
        default: throw ExpressionError("date formats an ISO 8601 date or seconds since 1970, got \(value.typeName)")
        }
        // 0001-01-01 and 9999-12-31 in seconds since 1970.
        guard seconds.isFinite, seconds >= -62_135_596_800, seconds <= 253_402_300_799 else {
            throw ExpressionError("date takes a date within the years 1 to 9999")
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Seconds since 1970 of `yyyy-MM-dd`, optionally `THH:mm`, `:ss` and `Z` (or `+HH:MM`).
    static func isoSeconds(_ s: String) -> Double? {
        let c = Array(s.utf8)
        func digits(_ at: Int, _ n: Int) -> Int? {
            guard at + n <= c.count else { return nil }
            var v = 0
            for k in at..<at + n {
                guard c[k] >= 48, c[k] <= 57 else { return nil }
                v = v * 10 + Int(c[k] - 48)
            }
            return v
        }
        guard let y = digits(0, 4), c.count >= 10, c[4] == 45, let mo = digits(5, 2), c[7] == 45, let d = digits(8, 2),
            (1...12).contains(mo), y >= 1
        else { return nil }
        let monthDays = [31, (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...monthDays[mo - 1]).contains(d) else { return nil }
        var h = 0, mi = 0, sec = 0, offset = 0, i = 10
        if i < c.count {
            guard c[i] == 84, let hh = digits(i + 1, 2), c.count > i + 3, c[i + 3] == 58, let mm = digits(i + 4, 2), hh < 24, mm < 60 else {
                return nil
            }
            (h, mi) = (hh, mm)
            i += 6
            if i < c.count, c[i] == 58 {
                guard let ss = digits(i + 1, 2), ss < 60 else { return nil }
                sec = ss
                i += 3
            }
            if i < c.count {
                if c[i] == 90 {
                    i += 1
                } else if c[i] == 43 || c[i] == 45, let oh = digits(i + 1, 2), c.count > i + 3, c[i + 3] == 58, let om = digits(i + 4, 2),
                    oh < 24, om < 60
                {
                    offset = (c[i] == 43 ? 1 : -1) * (oh * 3600 + om * 60)
                    i += 6
                } else {
                    return nil
                }
            }
            guard i == c.count else { return nil }
        }
        // Days since 1970-01-01 by the civil calendar (proleptic Gregorian).
        let yy = mo <= 2 ? y - 1 : y
        let era = (yy >= 0 ? yy : yy - 399) / 400
        let yoe = yy - era * 400
        let doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Double(days * 86_400 + h * 3600 + mi * 60 + sec - offset)
    }

    /// The Foundation locale identifier of `$env.locale`: US English when there is none, and
    /// for the pseudo-locale.
    static func localeIdentifier(_ env: ScriptValue?) -> String {
        guard case .object(let o)? = env, case .string(let tag)? = o["locale"], tag != Localization.pseudo else { return "en_US" }
        return tag.replacingOccurrences(of: "-", with: "_")
    }
}
