// Views for the state tests: each exercises one of SwiftUI's state rules.
import SwiftUI
import UIKit

@testable import SampleToggleButton

/// A counter that can be hidden and shown again: its `@State` is kept while it is there and
/// dropped when it leaves.
struct CounterScreen: View {
    @State var shown = true
    var body: some View {
        VStack(spacing: 40) {
            Text(shown ? "Hide" : "Show").padding().onTapGesture { shown.toggle() }.id("toggle")
            if shown {
                Counter(label: "A")
            }
            Counter(label: "B")
        }
    }
}

struct Counter: View {
    let label: String
    @State private var count = 0
    var body: some View {
        Text("\(label) \(count)")
            .padding()
            .onTapGesture {
                count += 1
                UINotificationFeedbackGenerator().notificationOccurred(.success)
            }
            .id("counter-\(label)")
    }
}

/// A toggle owned by its parent: the child writes the parent's `@State` through `@Binding`.
struct BoundToggleScreen: View {
    @State private var isOn = false
    var body: some View {
        VStack {
            ToggleButton(isOn: $isOn).id("toggle")
            Text(isOn ? "On" : "Off")
        }
    }
}

/// Reads the environment it is shown in.
struct SchemeReader: View {
    @Environment(\.colorScheme) private var scheme
    @Environment(\.dynamicTypeSize) private var size
    var body: some View {
        Text("\(scheme == .dark ? "dark" : "light") \(size.rawValue) \(Int(UIScreen.main.bounds.width))")
    }
}

/// A view whose body is itself: it never ends.
struct Forever: View {
    var body: some View { VStack { Forever() } }
}

/// A list whose ids repeat.
struct SameIDs: View {
    var body: some View {
        ForEach(["a", "b", "a"], id: \.self) { Text($0) }
    }
}

/// A press that shows itself while the finger is down (`@GestureState`), and a long press that
/// counts.
struct PressScreen: View {
    @GestureState private var pressing = false
    @State private var presses = 0
    var body: some View {
        Circle()
            .fill(pressing ? Color.red : Color.blue)
            .frame(width: 100, height: 100)
            .gesture(
                LongPressGesture(minimumDuration: 0.3)
                    .updating($pressing) { value, state, _ in state = value }
                    .onEnded { _ in withAnimation(.easeOut(duration: 0.2)) { presses += 1 } }
            )
            .overlay(Text("\(presses)").foregroundColor(.white))
            .id("press")
    }
}

/// A card thrown off with an animation, then removed when the animation is over
/// (`DispatchQueue.main.asyncAfter` on the timeline's clock, as the seeds' throw does).
struct Thrower: View {
    @State private var offset: CGFloat = 0
    @State private var removed = false
    var body: some View {
        ZStack {
            if !removed {
                RoundedRectangle(cornerRadius: 12).fill(Color.blue)
                    .frame(width: 200, height: 280)
                    .offset(x: offset)
                    .onTapGesture {
                        withAnimation(.easeInOut(duration: 0.3)) { offset = 500 }
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { removed = true }
                    }
                    .id("card")
            }
        }
    }
}

/// Hold, then drag (a long press sequenced before a drag, as the travel deck's cards are moved),
/// with the press and the drag in one `@GestureState`.
struct HoldAndDrag: View {
    enum DragState {
        case inactive, pressing
        case dragging(translation: CGSize)
        var translation: CGSize {
            if case .dragging(let t) = self { return t }
            return .zero
        }
    }
    @GestureState private var dragState = DragState.inactive
    @State private var thrown = 0
    var body: some View {
        VStack {
            Text("\(thrown)")
            RoundedRectangle(cornerRadius: 10).fill(Color.blue)
                .frame(width: 150, height: 200)
                .offset(dragState.translation)
                .gesture(
                    LongPressGesture(minimumDuration: 0.01)
                        .sequenced(before: DragGesture())
                        .updating($dragState) { value, state, _ in
                            switch value {
                            case .first(true): state = .pressing
                            case .second(true, let drag): state = .dragging(translation: drag?.translation ?? .zero)
                            default: break
                            }
                        }
                        .onEnded { value in
                            guard case .second(true, let drag?) = value else { return }
                            if drag.translation.width > 100 { thrown += 1 }
                        }
                )
                .id("card")
        }
    }
}

/// Rows that slide in one after another when the screen appears (`.onAppear` sets the state;
/// each row's `.animation(_:value:)` has a delay of its own), as the review overlay's do.
struct SlideInRows: View {
    @State private var showRows = false
    var body: some View {
        VStack(spacing: 12) {
            ForEach(0..<5) { i in
                Text("Row \(i)")
                    .font(.title)
                    .frame(width: 300, height: 44)
                    .background(Color.orange)
                    .offset(x: showRows ? 0 : 500)
                    .animation(.easeOut(duration: 0.3).delay(Double(i) * 0.05), value: showRows)
            }
        }
        .onAppear { showRows.toggle() }
    }
}

/// Counts the times a view appears: at the start, and each time it comes back.
struct AppearCounter: View {
    @State private var shown = true
    @State private var visits = 0
    var body: some View {
        VStack(spacing: 40) {
            Text("Visits \(visits)").padding().onTapGesture { shown.toggle() }.id("toggle")
            if shown {
                Text("Here").onAppear { visits += 1 }
            }
        }
    }
}

/// A deletion confirmed in an alert (`.alert(_:isPresented:actions:message:)`).
struct DeleteConfirm: View {
    @State private var items = ["One", "Two"]
    @State private var asking = false
    var body: some View {
        VStack(spacing: 20) {
            ForEach(items, id: \.self) { Text($0) }
            Text("Delete").padding().onTapGesture { asking = true }.id("delete")
        }
        .alert("Delete One?", isPresented: $asking) {
            Button("Delete", role: .destructive) { items.removeFirst() }
            Button("Cancel", role: .cancel) {}
        } message: {
            Text("It cannot be undone.")
        }
    }
}

/// The older spelling, with `Alert`.
struct OldAlert: View {
    @State private var asking = true
    @State private var answer = "none"
    var body: some View {
        Text(answer)
            .alert(isPresented: $asking) {
                Alert(
                    title: Text("Sure?"), message: Text("Really."), primaryButton: .destructive(Text("Yes")) { answer = "yes" },
                    secondaryButton: .cancel())
            }
    }
}

/// A view model: `@Published` values, a method that changes them, a value of its own.
final class CounterModel: ObservableObject {
    @Published var count = 0
    @Published var history: [Int] = []
    init(start: Int = 0) { count = start }
    func increment() {
        count += 1
        history.append(count)
    }
}

/// Owns the model (`@StateObject`) and passes it down (`@ObservedObject`).
struct ModelScreen: View {
    @StateObject private var model = CounterModel(start: 10)
    var body: some View {
        VStack(spacing: 30) {
            Text("Count \(model.count)")
            ModelHistory(model: model)
            Text("Add").padding().onTapGesture { withAnimation { model.increment() } }.id("add")
        }
    }
}

struct ModelHistory: View {
    @ObservedObject var model: CounterModel
    var body: some View { Text("History \(model.history.map(String.init).joined(separator: ","))") }
}

/// Told when a view leaves (`onDisappear`) and when a value changes (`onChange(of:)`).
struct LifecycleScreen: View {
    @State private var shown = true
    @State private var left = 0
    @State private var changes: [String] = []
    @State private var count = 0
    var body: some View {
        VStack(spacing: 40) {
            Text("Left \(left) Changes \(changes.joined(separator: ","))")
            Text("Toggle").padding().onTapGesture { shown.toggle() }.id("toggle")
            Text("Add").padding().onTapGesture { count += 1 }.id("add")
            if shown {
                Text("Here").onDisappear { left += 1 }
            }
        }
        .onChange(of: count) { old, new in changes.append("\(old)>\(new)") }
    }
}

/// The same reader, outside and inside `.environment(\.colorScheme, .dark)`.
struct DarkInside: View {
    var body: some View {
        VStack {
            SchemeReader()
            SchemeReader().environment(\.colorScheme, .dark).environment(\.dynamicTypeSize, .xLarge)
        }
    }
}

/// Hostile screens: each must be an error in a moment, not minutes or gigabytes.
struct HugeForEach: View {
    var body: some View { VStack { ForEach(0..<50_000_000) { i in Text("\(i)") } } }
}

struct ManyViews: View {
    var body: some View {
        VStack {
            ForEach(0..<150_000) { _ in
                HStack {
                    Color.red; Color.blue
                }
            }
        }
    }
}

struct LongText: View {
    var body: some View { Text(String(repeating: "a", count: 100_001)) }
}

struct MuchText: View {
    var body: some View { VStack { ForEach(0..<20) { _ in Text(String(repeating: "b", count: 99_000)) } } }
}

/// Identities made when the view is: `UUID()` in a `@State`'s declaration, taken once when the
/// view first appears — at the start, and for a view that comes later.
struct MadeIdentities: View {
    @State private var ids = [UUID(), UUID()]
    @State private var showLater = false
    @State private var taps = 0
    var body: some View {
        VStack {
            ForEach(ids, id: \.self) { id in Text(String(id.uuidString.prefix(8))) }
            if showLater { LaterIdentity() }
            Text("taps \(taps)").id("tap").onTapGesture { taps += 1 }
            Text("later").id("later").onTapGesture { showLater = true }
        }
    }
}

struct LaterIdentity: View {
    @State private var id = UUID()
    var body: some View { Text("later " + String(id.uuidString.prefix(8))) }
}

/// A model an ancestor puts in the environment: two views read it by type, one changes it.
final class Basket: ObservableObject {
    @Published var items = 0
}

struct BasketScreen: View {
    @StateObject private var basket = Basket()
    var body: some View {
        VStack {
            BasketCount()
            AddToBasket()
        }
        .environmentObject(basket)
    }
}

struct BasketCount: View {
    @EnvironmentObject var basket: Basket
    var body: some View { Text("items \(basket.items)") }
}

struct AddToBasket: View {
    @EnvironmentObject var basket: Basket
    var body: some View { Text("Add").id("add").onTapGesture { basket.items += 1 } }
}

/// `withAnimation` with a completion (iOS 17): a curve's, a spring's and no animation's, each
/// setting a flag of its own when its animation is over.
struct CompletionFlags: View {
    @State private var moved = false
    @State private var curveDone = false
    @State private var sprung = false
    @State private var springDone = false
    @State private var plain = false
    @State private var plainDone = false
    var body: some View {
        VStack {
            Color.blue.frame(width: 40, height: 40).offset(x: moved ? 100 : 0)
                .onTapGesture {
                    withAnimation(.easeInOut(duration: 0.3)) {
                        moved = true
                    } completion: {
                        curveDone = true
                    }
                }
                .id("curve")
            Color.red.frame(width: 40, height: 40).offset(x: sprung ? 100 : 0)
                .onTapGesture {
                    withAnimation(.bouncy, completionCriteria: .removed) {
                        sprung = true
                    } completion: {
                        springDone = true
                    }
                }
                .id("spring")
            Color.green.frame(width: 40, height: 40).offset(x: plain ? 100 : 0)
                .onTapGesture {
                    withAnimation(nil) {
                        plain = true
                    } completion: {
                        plainDone = true
                    }
                }
                .id("plain")
        }
    }
}
