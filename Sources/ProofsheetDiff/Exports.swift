/// The diff works on decoded images; users of the diff get the image types with it.
@_exported import ProofsheetImage
