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

// From the layout engine and the Cairo backend, only what the pipeline's results are made of;
// their engines stay internal.
@_exported import struct ProofsheetLayout.LayoutResult
@_exported import struct ProofsheetLayout.LayoutNode
@_exported import struct ProofsheetLayout.ResolvedView
@_exported import struct ProofsheetLayout.Proposal
@_exported import enum ProofsheetCairo.OutputFormat
@_exported import enum ProofsheetSVG.SVGTextMode
