import Foundation
import Testing

@testable import ProofsheetUI

/// A change of state where no frame sees it (after an `await` in a `Task`, whose `Task.sleep`
/// waits real time): not drawn, and said once on standard error.
@Suite struct UntimedWriteTests {
    @MainActor @Test func aChangeOutsideEveryHandlerIsToldNotDrawn() {
        let state = State(wrappedValue: 1)
        let key = "0/1|Probe.count-\(UUID().uuidString)"
        state.install(key: key, environment: EnvironmentValues())
        #expect(!UntimedWrites.told.contains(key))
        state.wrappedValue = 2
        #expect(UntimedWrites.told.contains(key))
        #expect(state.wrappedValue == 1, "a change no frame sees is not kept")
    }
}
