// What `import Proofsheet` gives a user, chosen on purpose.
//
// Whole modules whose public API is meant for users:
/// Values: geometry, colours, fonts, the display list, errors and limits.
@_exported import ProofsheetCore
/// Scenes: the view DSL, the scene model, the JSON scene reader, devices and symbols.
@_exported import ProofsheetScene
/// Images: decoding and encoding PNG and JPEG, RGBA bitmaps.
@_exported import ProofsheetImage
/// The pixelmatch-compatible diff.
@_exported import ProofsheetDiff
/// Golden checks: record modes, the checker, reports, approve and merge.
@_exported import ProofsheetCheck
/// Motion: curves, springs, transactions, transitions, touch scripts.
@_exported import ProofsheetMotion
/// Timelines running: motion sessions, frame sampling, the frames they give.
@_exported import ProofsheetTimeline
/// Views made of a timeline's frames: contact sheets, storyboards and their key instants, view
/// tracks and property plots, galleries. What `Renderer.storyboard(of:…)` draws is built of
/// them, and a user may build their own.
@_exported import ProofsheetSheets
/// Animated previews: one protocol, `AnimatedPreviewWriter`, over the APNG, WebP and GIF
/// encoders, begun by an `AnimatedPreviewFormat`; `Renderer.writeAnimatedPreview(of:…)` draws
/// a run through it.
@_exported import ProofsheetAnimation

// The writers of what the commands write are the facade's own: `Renderer.writeFrames(of:…)`
// (a frames folder with its manifest, `FramesFolder`), `Renderer.strip(of:…)` and
// `writeStrip(of:…)` (`RenderedStrip`, drawn through the streaming `SheetOutput` that sweeps
// use too), `Renderer.storyboard(of:…)` and `writeStoryboard(of:…)` (`RenderedStoryboard`),
// `Renderer.writeAnimatedPreview(of:…)` (`AnimatedPreview`).

// From the layout engine and the Cairo backend, only what the pipeline's results are made of;
// their engines stay internal.
@_exported import struct ProofsheetLayout.LayoutResult
@_exported import struct ProofsheetLayout.LayoutNode
@_exported import struct ProofsheetLayout.ResolvedView
@_exported import struct ProofsheetLayout.Proposal
@_exported import enum ProofsheetCairo.OutputFormat
@_exported import enum ProofsheetSVG.SVGTextMode
