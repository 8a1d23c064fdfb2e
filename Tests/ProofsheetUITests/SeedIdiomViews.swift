import Foundation
import ProofsheetUI

// The views of `SeedIdiomTests`.

/// A regular and a large bordered button, the large one with a radius of 25.
struct SizedButtons: View {
    var body: some View {
        VStack {
            Button {
            } label: {
                Text("Rate it").frame(minWidth: 0, maxWidth: .infinity)
            }
            .buttonStyle(.borderedProminent)
            .buttonBorderShape(.roundedRectangle(radius: 25))
            .controlSize(.large)
            .id("large")
            Button {
            } label: {
                Text("Rate it")
            }.buttonStyle(.borderedProminent).id("regular")
        }
    }
}

/// A header under the navigation bar, with an overlay outside its `ignoresSafeArea` or not.
struct HeaderUnderBar: View {
    let overlaid: Bool
    var body: some View {
        NavigationStack {
            if overlaid {
                content.overlay(Optional<Text>.none).toolbar(.visible)
            } else {
                content
            }
        }
    }
    var content: some View {
        VStack(spacing: 0) {
            Color.orange.frame(height: 200).id("header")
            Spacer()
        }
        .ignoresSafeArea(edges: .top)
        .navigationBarTitleDisplayMode(.inline)
    }
}

/// A text with an optional overlay.
struct OptionalOverlay: View {
    let shown: Bool
    var body: some View { Text("Base").overlay(shown ? Text("Over") : nil) }
}

/// Rows that each ask with their own alert before they go (as the swipe-to-delete seed's cards do).
struct RowsThatAsk: View {
    @State private var rows = ["One", "Two"]
    var body: some View {
        VStack(spacing: 20) {
            ForEach(rows, id: \.self) { row in AskingRow(title: row) { rows.removeAll { $0 == row } } }
        }
    }
}

struct AskingRow: View {
    let title: String
    let delete: () -> Void
    @State private var asking = false
    var body: some View {
        Text(title).padding().onTapGesture { asking = true }.id(title)
            .alert(isPresented: $asking) {
                Alert(title: Text("Delete \(title)?"), primaryButton: .destructive(Text("Delete")) { delete() }, secondaryButton: .cancel())
            }
    }
}

/// A toggle with its label hidden, and one with it shown.
struct HiddenLabels: View {
    var body: some View {
        VStack {
            Toggle("Hidden", isOn: .constant(true)).labelsHidden().id("hidden")
            Toggle("Shown", isOn: .constant(false)).id("shown")
        }
    }
}

/// A list that grows by a row at a tap, with animation.
struct GrowingList: View {
    @State private var rows = ["One", "Two"]
    var body: some View {
        VStack {
            Text("Add").padding().onTapGesture { withAnimation { rows.append("Three") } }.id("add")
            List { ForEach(rows, id: \.self) { Text($0) } }
        }
    }
}

/// A destructive and a plain button, a label in a list and one outside, a white capsule.
struct Coloured: View {
    var body: some View {
        VStack {
            Button("Delete", role: .destructive) {}
            Button("Keep") {}
            List { Label("In a list", systemImage: "bell") }.frame(height: 120)
            Label("Outside", systemImage: "bell")
            Text("Pill").padding().background(.white, in: Capsule())
        }
        .background(Color.gray)
    }
}
