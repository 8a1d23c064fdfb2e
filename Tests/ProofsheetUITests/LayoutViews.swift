import SwiftUI

/// A flow of fixed-size views into rows as wide as the proposal allows, `spacing` apart (the
/// layout most apps write first).
struct FlowLayout: Layout {
    var spacing: CGFloat = 10

    /// Each subview's place from the top-leading corner, and the size they cover.
    func arrange(_ width: CGFloat?, _ subviews: Subviews) -> (places: [CGPoint], size: CGSize) {
        var places: [CGPoint] = []
        var x: CGFloat = 0, y: CGFloat = 0, row: CGFloat = 0, widest: CGFloat = 0
        for subview in subviews {
            let size = subview.sizeThatFits(.unspecified)
            if x > 0, x + size.width > (width ?? .infinity) {
                x = 0
                y += row + spacing
                row = 0
            }
            places.append(CGPoint(x: x, y: y))
            x += size.width + spacing
            row = max(row, size.height)
            widest = max(widest, x - spacing)
        }
        return (places, CGSize(width: widest, height: y + row))
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        arrange(proposal.width, subviews).size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let places = arrange(bounds.width, subviews).places
        for (subview, place) in zip(subviews, places) {
            subview.place(at: CGPoint(x: bounds.minX + place.x, y: bounds.minY + place.y), proposal: .unspecified)
        }
    }
}

/// Seven 100 × 40 rectangles flowed in 330 points.
struct FlowScreen: View {
    var erased = false
    var body: some View {
        if erased {
            AnyLayout(FlowLayout()) { rectangles }.id("flow").frame(width: 330)
        } else {
            FlowLayout { rectangles }.id("flow").frame(width: 330)
        }
    }

    var rectangles: some View {
        ForEach(0..<7) { i in Color.blue.frame(width: 100, height: 40).id("r\(i)") }
    }
}

/// A column whose subviews are placed by their centres and proposed a size of the layout's
/// choosing, its heights kept in a cache; the last subview is left for the engine to place.
struct CentredColumn: Layout {
    struct Cache { var heights: [CGFloat] }

    func makeCache(subviews: Subviews) -> Cache {
        Cache(heights: subviews.map { $0.sizeThatFits(ProposedViewSize(width: 60, height: 20)).height })
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        var y = bounds.minY
        for (subview, height) in zip(subviews.dropLast(), cache.heights) {
            subview.place(at: CGPoint(x: bounds.midX, y: y + height / 2), anchor: .center, proposal: ProposedViewSize(width: 60, height: 20))
            y += height + subview.spacing.distance(to: ViewSpacing(), along: .vertical)
        }
    }
}

struct ColumnScreen: View {
    var body: some View {
        CentredColumn {
            Color.red.id("a")
            Color.green.id("b")
            Color.gray.frame(width: 30, height: 30).id("left")
        }
        .id("column")
        .frame(width: 200, height: 100)
    }
}

/// Two rectangles in a row or a column, one `AnyLayout` chosen by the state: a tap switches it,
/// animated.
struct SwitchedLayout: View {
    @State private var row = true
    var body: some View {
        let layout = row ? AnyLayout(FlowLayout()) : AnyLayout(FlowLayout(spacing: 10).column)
        layout {
            Color.blue.frame(width: 100, height: 40).id("first")
            Color.red.frame(width: 100, height: 40).id("second")
        }
        .id("switched")
        .onTapGesture { withAnimation(.linear(duration: 0.2)) { row.toggle() } }
    }
}

extension FlowLayout {
    /// The flow in a width that takes one view a row.
    var column: some Layout { OneWide(flow: self) }
}

/// A layout that proposes its flow no more than one view's width.
struct OneWide: Layout {
    let flow: FlowLayout
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        flow.sizeThatFits(proposal: ProposedViewSize(width: 100, height: proposal.height), subviews: subviews, cache: &cache)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        flow.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

/// A layout answering what no view can be: a size that is not a number, or a subview placed at
/// no point.
struct Unsound: Layout {
    let nanSize: Bool
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        nanSize ? CGSize(width: CGFloat.nan, height: 10) : CGSize(width: 100, height: 100)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for s in subviews { s.place(at: CGPoint(x: CGFloat.infinity, y: 0), proposal: ProposedViewSize(width: -5, height: .nan)) }
    }
}

struct UnsoundScreen: View {
    let nanSize: Bool
    var body: some View {
        Unsound(nanSize: nanSize) { Color.red.frame(width: 10, height: 10) }
    }
}
