// The settings screen of the examples (`Assets/Scenes/system-views.json`) as SwiftUI views: a
// NavigationStack with a large title and toolbar items over an inset-grouped List of toggles,
// labels, text fields, headers and footers.
import SwiftUI

public struct SettingsScreen: View {
    let style: ListStyleKind
    let mode: NavigationBarItem.TitleDisplayMode
    let toolbar: Visibility
    @State private var wifi: Bool
    @State private var bluetooth = false
    @State private var name = ""
    @State private var email = "lin@example.com"

    public init(
        style: ListStyleKind = .automatic, mode: NavigationBarItem.TitleDisplayMode = .automatic, toolbar: Visibility = .automatic,
        wifi: Bool = true
    ) {
        self.style = style; self.mode = mode; self.toolbar = toolbar
        _wifi = State(initialValue: wifi)
    }

    public var body: some View {
        NavigationStack {
            List {
                Section("Connections") {
                    Toggle("Wi-Fi", isOn: $wifi)
                    Toggle("Bluetooth", isOn: $bluetooth)
                    Label("Favourites", systemImage: "star.fill")
                }
                Section {
                    HStack(spacing: 12) {
                        Image("portrait-kenji").resizable().scaledToFill().frame(width: 44, height: 44).clipShape(Circle()).id("avatar")
                        VStack(alignment: .leading, spacing: 2) {
                            Text("Lin Chen").font(.headline)
                            Text("Profile, sync and sign-in").font(.footnote).foregroundColor(Color("secondaryLabel"))
                        }
                    }
                    TextField("Name", text: $name)
                    TextField("Email", text: $email)
                } header: {
                    Text("Account")
                } footer: {
                    Text("Your name and email are shown on your card.")
                }
                Section("Recent") {
                    ForEach(0..<6) { i in
                        HStack {
                            Text("Item \(i + 1)")
                            Spacer()
                            Text("\(i * 3 + 2) min").foregroundColor(.secondary)
                        }
                    }
                }
                Section {
                    VStack(alignment: .leading, spacing: 8) {
                        Text("Divider, as a stack's line")
                        Divider()
                        HStack {
                            Text("Left")
                            Divider()
                            Text("Right")
                        }
                        .frame(height: 22)
                    }
                }
            }
            .listStyle(style)
            .id("list")
            .navigationTitle("Settings")
            .navigationBarTitleDisplayMode(mode)
            .toolbar(toolbar, for: .navigationBar)
            .toolbar {
                ToolbarItem(placement: .topBarLeading) { Image(systemName: "gear").id("gear") }
                ToolbarItem(placement: .topBarTrailing) { Text("Edit").id("edit") }
            }
        }
    }
}
