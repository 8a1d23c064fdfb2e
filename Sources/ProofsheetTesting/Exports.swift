/// Snapshot tests need the DSL and the image types too; one `import ProofsheetTesting` brings them.
@_exported import Proofsheet
