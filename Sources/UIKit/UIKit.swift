// `import UIKit` on Linux, for SwiftUI screens: haptics (`UIImpactFeedbackGenerator`,
// `UINotificationFeedbackGenerator`) and `UIScreen.main.bounds`, from ProofsheetUI.
@_exported import ProofsheetUI
