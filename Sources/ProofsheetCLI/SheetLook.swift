import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetSheets

/// The options `strip` and `sweep` share, read and checked: the sheet's look, its thumbnails'
/// scale, its pixels per point, its file and format, and whether thumbnails are supersampled.
struct SheetLook {
    var style = ContactSheet.Style()
    var thumbScale = 0.5
    /// Whether `--thumb-scale` was given (else a command may choose another default).
    var thumbScaleGiven = false
    var scale = 2.0
    var output: String?
    var format = OutputFormat.png
    var supersample = false

    init(reading args: inout Arguments) throws {
        if let text = try args.value("--scale") { scale = try number(text, option: "--scale", in: Scene.Limits.scaleRange) }
        if let text = try args.value("--spacing") { style.spacing = try number(text, option: "--spacing", in: 0...200) }
        if let text = try args.value("--label-size") { style.labelSize = try number(text, option: "--label-size", in: 4...72) }
        if let text = try args.value("--background") {
            guard let c = Color.parse(text) else {
                throw ProofsheetError.usage("--background: '\(excerpt(text))' is not a colour", hint: "a name such as white, or #RRGGBB")
            }
            style.background = c
        }
        if let text = try args.value("--thumb-scale") {
            thumbScale = try number(text, option: "--thumb-scale", in: 0.01...4)
            thumbScaleGiven = true
        }
        output = try args.value("-o", "--output")
        if let output {
            guard let f = OutputFormat(path: output) else {
                throw ProofsheetError.usage("-o \(excerpt(output)): the extension must be .png, .svg or .pdf")
            }
            format = f
        }
        supersample = args.flag("--supersample")
        guard !supersample || format == .png else {
            throw ProofsheetError.usage(
                "--supersample draws thumbnails as pixels: it applies to PNG sheets",
                hint: "write -o sheet.png, or leave --supersample out (SVG and PDF sheets stay vector)")
        }
    }
}

/// What a library call notes on the way (a sheet's thumbnails shrunk to fit, a storyboard's key
/// frames left out), printed on standard error as `note: …`; nil when `quiet`.
func notes(quiet: Bool) -> ((String) -> Void)? {
    quiet ? nil : { FileHandle.standardError.write(Data("note: \($0)\n".utf8)) }
}
