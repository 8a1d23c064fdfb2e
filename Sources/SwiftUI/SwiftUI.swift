// `import SwiftUI` on Linux: a team's own view files compile unchanged against ProofsheetUI,
// which draws them through Proofsheet. (On Apple platforms, Apple's SwiftUI is used instead.)
@_exported import ProofsheetUI
