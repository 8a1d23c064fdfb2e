import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetLayout

/// The alert, presented by a bool in the state: its layout by numbers.
@Suite("Alert")
struct AlertTests {
    func layout(presented: Bool, buttons: String) throws -> ResolvedView {
        let json = """
            {"canvas": "iPhone 14", "state": {"show": \(presented)},
             "root": {"type": "Color", "color": "white", "modifiers": [{"alert": {"isPresented": "show", "title": "Delete?", "message": "It cannot be undone.",
               "buttons": \(buttons)}}]}}
            """
        let scene = try SceneDecoder().template(bytes: Array(json.utf8), file: "a.json").scene()
        return try Renderer().layout(scene).tree
    }

    @Test func twoButtonsSideBySideCancelLeading() throws {
        let tree = try layout(
            presented: true,
            buttons: #"[{"title": "Delete", "role": "destructive", "id": "delete"}, {"title": "Cancel", "role": "cancel", "id": "cancel"}]"#)
        let box = try #require(tree.find("alert"))
        #expect(box.frame.width == 270)
        // Centred on the screen's safe area.
        #expect(abs(box.frame.minX + 135 - 195) < 1e-9)
        let cancel = try #require(tree.find("cancel")), delete = try #require(tree.find("delete"))
        #expect(cancel.frame.height == 44 && delete.frame.height == 44)
        #expect(cancel.frame.minX < delete.frame.minX)
        // The hairline between them is one pixel: 1/3 pt at scale 3.
        #expect(abs(cancel.frame.width - (270 - 1.0 / 3) / 2) < 1e-9)
        #expect(abs(cancel.frame.height - 44) < 1e-9 && abs(cancel.frame.maxY - box.frame.maxY) < 1e-9)
        // Cancel in semibold on the leading side, the destructive button in system red; the
        // box's corner radius 13.
        let cancelText = try #require(text(in: cancel)), deleteText = try #require(text(in: delete))
        #expect(cancelText.font.weight == 600 && deleteText.font.weight == 400)
        #expect(deleteText.paint == .color(.systemRed) && cancelText.paint == .color(.systemBlue))
        #expect(box.effects.clip == .roundedRectangle(radius: 13, continuous: true))
        #expect(abs(cancel.frame.maxY - box.frame.maxY) < 1e-9)
    }

    @Test func threeButtonsStackAndAbsentWhenNotPresented() throws {
        let tree = try layout(
            presented: true, buttons: #"[{"title": "A", "id": "a"}, {"title": "B", "id": "b"}, {"title": "C", "role": "cancel", "id": "c"}]"#)
        let a = try #require(tree.find("a")), b = try #require(tree.find("b"))
        #expect(a.frame.width == 270 && abs(b.frame.minY - a.frame.maxY - 1.0 / 3) < 1e-9)
        #expect(try layout(presented: false, buttons: "[]").find("alert") == nil)
    }

    /// The first text drawn inside `v`.
    func text(in v: ResolvedView) -> ResolvedView.TextContent? {
        if case .text(let t) = v.content { return t }
        for c in v.children { if let t = text(in: c) { return t } }
        return nil
    }
}
