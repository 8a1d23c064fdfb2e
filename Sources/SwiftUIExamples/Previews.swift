import SwiftUI

// The example screens' previews, as a team writes them: `proofsheet swiftui` finds them and draws
// them (`make demo` writes them to Output/swiftui-examples/).

struct GradientStack_Previews: PreviewProvider {
    static var previews: some View { GradientStackScreen() }
}

struct Settings_Previews: PreviewProvider {
    static var previews: some View { SettingsScreen() }
}

/// The gradient stack's timeline, as the scene file has it: the top card dragged right past half
/// the screen's width and let go, 0.1 s in.
struct ExampleTimelines: PreviewTimelines {
    static var previews: [Preview] {
        [
            Preview("GradientStack-remove") { GradientStackScreen() }
                .timeline("remove", at: 0.1) {
                    drag("card-8", by: CGSize(width: 220, height: 20), in: 0.35)
                    release()
                }
        ]
    }
}
