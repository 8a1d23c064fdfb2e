// What `import ProofsheetUI` (and the `SwiftUI` module over it) gives a team's view code, chosen
// on purpose: SwiftUI's own names, and Foundation's geometry (`CGSize`, `CGPoint`, `CGFloat`).
// The engine's modules are not re-exported whole: their scene DSL has names of its own.
@_exported import Foundation
import ProofsheetCore
import ProofsheetMotion
import ProofsheetScene

public typealias Animation = ProofsheetMotion.Animation
public typealias Transaction = ProofsheetMotion.Transaction
public typealias UnitPoint = ProofsheetCore.UnitPoint
public typealias Alignment = ProofsheetCore.UnitPoint
public typealias EdgeInsets = ProofsheetCore.EdgeInsets
public typealias Edges = ProofsheetCore.Edges
public typealias Axis = ProofsheetCore.Axis
public typealias ColorScheme = ProofsheetCore.ColorScheme
public typealias ColorSchemeContrast = ProofsheetCore.ColorSchemeContrast
public typealias DynamicTypeSize = ProofsheetCore.DynamicTypeSize
public typealias LayoutDirection = ProofsheetCore.LayoutDirection
public typealias TextAlignment = ProofsheetCore.TextAlignment
public typealias ContentMode = ProofsheetScene.ContentMode
public typealias Device = ProofsheetScene.Device
