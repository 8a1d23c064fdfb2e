// The gradient user-card stack of the examples (`Assets/Scenes/gradient-stack.json`), written
// as SwiftUI view code: the same screen, pixel for pixel and frame for frame (the tests hold
// one against the other), and what the benchmark times against the scene file.
import SwiftUI

public struct StackUser: Identifiable, Equatable {
    public var id: Int
    let firstName: String
    let lastName: String
    let start: Color
    let end: Color
}

public struct GradientStackScreen: View {
    public init() {}

    @State var users: [StackUser] = [
        StackUser(id: 0, firstName: "Mark", lastName: "Bennett", start: .red, end: .green),
        StackUser(id: 1, firstName: "John", lastName: "Lewis", start: .green, end: .orange),
        StackUser(id: 2, firstName: "Joan", lastName: "Mince", start: .blue, end: .green),
        StackUser(id: 3, firstName: "Liz", lastName: "Garret", start: .orange, end: .purple),
        StackUser(id: 4, firstName: "Lola", lastName: "Pince", start: .yellow, end: .gray),
        StackUser(id: 5, firstName: "Jim", lastName: "Beam", start: .pink, end: .yellow),
        StackUser(id: 6, firstName: "Tom", lastName: "Waits", start: .purple, end: .blue),
        StackUser(id: 7, firstName: "Mike", lastName: "Rooney", start: .black, end: .gray),
        StackUser(id: 8, firstName: "Jane", lastName: "Doe", start: .red, end: .green)
    ]

    /// The cards shown: the last four users.
    var shown: [StackUser] { Array(users.suffix(4)) }

    func depth(_ user: StackUser) -> CGFloat { CGFloat(users.count - 1 - user.id) * 8 }

    public var body: some View {
        GeometryReader { geometry in
            ZStack {
                ForEach(shown) { user in
                    UserCard(user: user) { removed in
                        users.removeAll { $0.id == removed.id }
                    }
                    .animation(.spring(), value: users.count)
                    .frame(width: geometry.size.width - depth(user), height: 400)
                    .offset(x: 0, y: depth(user))
                    .id("card-\(user.id)")
                }
            }
            .id("stack")
        }
        .padding()
    }
}

struct UserCard: View {
    let user: StackUser
    let onRemove: (StackUser) -> Void
    @State private var translation: CGSize = .zero

    var body: some View {
        GeometryReader { geometry in
            VStack(alignment: .leading, spacing: 20) {
                Rectangle()
                    .fill(LinearGradient(gradient: Gradient(colors: [user.start, user.end]), startPoint: .topLeading, endPoint: .bottomTrailing))
                    .cornerRadius(10)
                    .frame(width: geometry.size.width - 40, height: geometry.size.height * 0.65)
                Text("\(user.firstName) \(user.lastName)")
                    .font(.title)
                    .fontWeight(.bold)
            }
            .padding(20)
            .background(Color.white)
            .cornerRadius(8)
            .shadow(radius: 5)
            .offset(x: translation.width)
            .rotationEffect(.degrees(translation.width / geometry.size.width * 20), anchor: .bottom)
            .gesture(
                DragGesture()
                    .onChanged { value in translation = value.translation }
                    .onEnded { value in
                        if abs(value.translation.width) / geometry.size.width > 0.5 {
                            onRemove(user)
                        } else {
                            translation = .zero
                        }
                    })
        }
    }
}
