// The shared helpers (paths, fixed metrics, processes, pixels) for every file of this target.
@_exported import ProofsheetTestSupport
