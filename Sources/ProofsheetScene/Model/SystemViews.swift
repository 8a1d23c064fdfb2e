import ProofsheetCore

/// The numbers iOS's system views are drawn with (light mode, iPhone, the default Dynamic Type
/// size). Each says where it comes from; "estimate" marks a number no public reference gives,
/// chosen from screenshots (the README's fidelity notes list them).
public enum SystemMetrics {
    // MARK: Lists
    /// The least height of a list row: UIKit's default row height, SwiftUI's
    /// `defaultMinListRowHeight`.
    public static let rowMinHeight = 44.0
    /// Space around a row's content. Leading and trailing 20: SwiftUI's inset-grouped forms in
    /// the iOS 14 SDK, as measured for Flutter's Cupertino list section; top and bottom 8: estimate.
    public static let rowInsets = EdgeInsets(top: 8, leading: 20, bottom: 8, trailing: 20)
    /// An inset-grouped section's distance from the screen's sides and its corner radius (the
    /// same measurement; the radius is itself marked there as estimated).
    public static let insetGroupedMargin = 20.0
    public static let insetGroupedRadius = 10.0
    /// Space above a section without a header and below every section (same measurement).
    public static let sectionTop = 20.0
    public static let sectionBottom = 10.0
    /// Space around a section header's text, from the inset-grouped header margin (same
    /// measurement, iOS 14.4): 16 above, 6 below; its leading edge lines up with the rows' text.
    public static let headerTop = 16.0
    public static let headerBottom = 6.0
    /// The header of a plain list's section: 17 pt semibold on the list's background — estimate.
    public static let plainHeaderInsets = EdgeInsets(top: 12, leading: 20, bottom: 6, trailing: 20)
    /// UIKit's `separator` (light: #3C3C43 at 29 %), `systemGroupedBackground` and
    /// `secondarySystemGroupedBackground`, `systemBackground`, `secondaryLabel` and
    /// `placeholderText`: named, so that a dark scene takes their dark values (published).
    public static let separator = Color.separator
    public static let groupedBackground = Color.systemGroupedBackground
    public static let groupedRowBackground = Color.secondarySystemGroupedBackground
    public static let plainBackground = Color.systemBackground
    public static let secondaryLabel = Color.secondaryLabel
    public static let placeholderText = Color.placeholderText

    // MARK: Navigation bar
    /// The bar's height (UIKit's standard 44 pt) and the large title's extra 52 pt (a constant
    /// apps use for UIKit's large-title bar, 96 pt in all), more where a large Dynamic Type size
    /// makes the title taller.
    public static let barHeight = 44.0
    public static let largeTitleHeight = 52.0
    /// Side margin of the bar's items and large title: UIKit's 16 pt layout margin on phones up
    /// to 390 pt wide (20 on wider ones is not followed) — estimate.
    public static let barMargin = 16.0
    /// The large title's distance from the bottom of its 52 pt — estimate.
    public static let largeTitleBottom = 8.0
    /// Space between toolbar items — estimate.
    public static let toolbarSpacing = 16.0
    /// The bar's look once content is under it (UIKit's standard appearance): a material
    /// (UIKit's `systemChromeMaterial`, here the thick material — estimate) over the content, a
    /// hairline below.
    public static let barMaterial = Material.thick

    // MARK: Alert
    /// UIAlertController's published constants: 270 pt wide, corner radius 13, 44 pt buttons.
    public static let alertWidth = 270.0
    public static let alertCornerRadius = 13.0
    public static let alertButtonHeight = 44.0
    /// The text's insets (19 above, 16 at the sides, 21 below) and the space between title and
    /// message — estimate.
    public static let alertTextInsets = EdgeInsets(top: 19, leading: 16, bottom: 21, trailing: 16)
    public static let alertTextSpacing = 2.0
    /// The screen under an alert: black at 20 % — estimate.
    public static let alertDimming = Color(red: 0, green: 0, blue: 0, alpha: 0.2)
    /// An alert button's row while a finger is down on it: `tertiarySystemFill` over the
    /// alert's material (#767680 at 12 % in light, 24 % in dark) — estimate.
    public static let alertPressedHighlight = Color.tertiarySystemFill

    // MARK: Controls
    /// UISwitch's published size, 51 × 31, and its 27 pt knob; on: system green; off: the
    /// `systemFill` track (#787880 at 20 %, published).
    public static let toggleSize = Size(width: 51, height: 31)
    public static let toggleKnob = 27.0
    public static let toggleOn = Color.systemGreen
    public static let toggleOff = Color.systemFill
    /// A rounded-border text field: 34 pt tall, 7 pt side insets, corner radius 5, a
    /// `systemGray4` hairline — estimate.
    public static let textFieldHeight = 34.0
    public static let textFieldInset = 7.0
    public static let textFieldRadius = 5.0
    /// Between a label's icon and its title — estimate.
    public static let labelSpacing = 8.0
}

/// `listStyle`: `.automatic` is drawn inset-grouped, as iOS draws a list that sets no style.
public enum ListStyle: String, Hashable, Sendable, CaseIterable {
    case automatic, plain, insetGrouped
    var isInset: Bool { self != .plain }
}

/// How a navigation bar shows its title.
public enum TitleDisplayMode: String, Hashable, Sendable, CaseIterable {
    /// Large on a navigation stack's first screen (the only one drawn here).
    case automatic, large, inline
}

/// Where a toolbar item goes in the navigation bar.
public enum ToolbarPlacement: String, Hashable, Sendable, CaseIterable {
    case topBarLeading, topBarTrailing, principal
}

/// A navigation bar: title, display mode, toolbar items, and whether it shows.
public struct NavigationBarSpec: Sendable {
    public var title: String
    public var displayMode: TitleDisplayMode
    public var items: [(placement: ToolbarPlacement, view: Node)]
    /// `.toolbar(.hidden)`.
    public var hidden: Bool
    public init(
        title: String = "", displayMode: TitleDisplayMode = .automatic, items: [(placement: ToolbarPlacement, view: Node)] = [], hidden: Bool = false
    ) {
        self.title = title; self.displayMode = displayMode; self.items = items; self.hidden = hidden
    }
}

/// iOS's system views built from plain views with ``SystemMetrics`` (the JSON reader and the
/// DSL both build them here).
public enum SystemViews {
    // MARK: - List

    /// `List`: its rows — every view of `children`, a `ForEach`'s elements each a row — in
    /// sections (a `Section`, or rows outside one gathered into one), scrolled by `offset`.
    public static func list(style: ListStyle, offset: Double = 0, children: [Node]) -> Node {
        var sections: [Node] = []
        var loose: [Node] = []
        func flush() {
            guard !loose.isEmpty else { return }
            sections.append(section(style: style, header: .empty, footer: .empty, rows: loose, first: sections.isEmpty))
            loose = []
        }
        for item in children.flatMap(items) {
            if let (header, footer, rows, wrap) = sectionParts(item) {
                flush()
                sections.append(wrap(section(style: style, header: header, footer: footer, rows: rows.flatMap(items), first: sections.isEmpty)))
            } else {
                loose.append(item)
            }
        }
        flush()
        let content: Node = .stack(axis: .vertical, alignment: 0.5, spacing: 0, children: sections)
        let scroll: Node = .scrollView(axis: .vertical, offset: offset, children: [content])
        return .modified(
            scroll, .background(fullBleed(style.isInset ? SystemMetrics.groupedBackground : SystemMetrics.plainBackground), alignment: .center))
    }

    /// A colour filling its view and the safe area around it: a list's background, which a
    /// navigation bar at rest lets show through.
    static func fullBleed(_ color: Color) -> Node { .modified(.paint(.color(color)), .ignoresSafeArea(.all)) }

    /// The colour of `node`'s full-bleed background (see ``fullBleed(_:)``), if it has one as its
    /// outermost modifier.
    static func fullBleedBackground(of node: Node) -> Color? {
        switch node {
        case .located(let inner, _), .branch(_, let inner), .keyed(_, let inner): return fullBleedBackground(of: inner)
        case .group(let g) where g.count == 1: return fullBleedBackground(of: g[0])
        case .modified(_, .background(.modified(.paint(.color(let c)), .ignoresSafeArea(.all)), _)): return c
        case .modified(let inner, let m):
            switch m {
            case .id, .environment, .animation, .transition, .gesture, .allowsHitTesting, .contentShape, .zIndex, .layoutPriority:
                return fullBleedBackground(of: inner)
            default: return nil
            }
        default: return nil
        }
    }

    /// Whether `node` is a `List` (under modifiers that leave it one).
    static func isList(_ node: Node) -> Bool {
        switch node {
        case .located(let inner, _), .branch(_, let inner), .keyed(_, let inner): return isList(inner)
        case .group(let g) where g.count == 1: return isList(g[0])
        case .modified(.scrollView, .background(.modified(.paint, .ignoresSafeArea(.all)), _)): return true
        case .modified(let inner, _): return isList(inner)
        default: return false
        }
    }

    /// Whether `node` extends into the top safe area itself (its outermost layout modifier is
    /// `ignoresSafeArea` with the top edge; modifiers that only draw, as an overlay, keep its
    /// frame): a navigation stack then lays it under its bar.
    static func ignoresTop(_ node: Node) -> Bool {
        switch node {
        case .located(let inner, _), .branch(_, let inner), .keyed(_, let inner): return ignoresTop(inner)
        case .group(let g) where g.count == 1: return ignoresTop(g[0])
        case .modified(let inner, let m):
            switch m {
            case .ignoresSafeArea(let edges): return edges.contains(.top)
            case .id, .environment, .animation, .transition, .gesture, .allowsHitTesting, .contentShape, .zIndex, .layoutPriority,
                .background, .overlay, .clipShape, .clipped, .offset, .scaleEffect, .rotationEffect, .opacity, .shadow, .blur, .hidden:
                return ignoresTop(inner)
            default: return false
            }
        default: return false
        }
    }

    /// The views a list shows as rows: a group's (a `ForEach`'s) views each, nothing for
    /// nothing; the wrappers that give them identity (key, branch, place in the file) and
    /// modifiers on a group go with each.
    static func items(_ n: Node) -> [Node] {
        switch n {
        case .empty: return []
        case .group(let g): return g.flatMap(items)
        case .keyed(let k, let inner):
            let xs = items(inner)
            return xs.count == 1 ? [.keyed(k, xs[0])] : xs.enumerated().map { .keyed("\(k)/\($0.offset)", $0.element) }
        case .branch(let b, let inner): return items(inner).map { .branch(b, $0) }
        case .located(let inner, let loc): return items(inner).map { .located($0, loc) }
        case .modified(let inner, let m) where isGroup(inner): return items(inner).map { .modified($0, m) }
        default: return [n]
        }
    }

    static func isGroup(_ n: Node) -> Bool {
        switch n {
        case .group, .empty: return true
        case .modified(let inner, _), .located(let inner, _), .branch(_, let inner), .keyed(_, let inner): return isGroup(inner)
        default: return false
        }
    }

    /// A `Section` under its identity wrappers: its parts, and how to wrap the built section again.
    static func sectionParts(_ n: Node) -> (Node, Node, [Node], (Node) -> Node)? {
        switch n {
        case .section(let h, let f, let rows): return (h, f, rows, { $0 })
        case .keyed(let k, let inner):
            return sectionParts(inner).map { p in (p.0, p.1, p.2, { .keyed(k, p.3($0)) }) }
        case .branch(let b, let inner):
            return sectionParts(inner).map { p in (p.0, p.1, p.2, { .branch(b, p.3($0)) }) }
        case .located(let inner, let loc):
            return sectionParts(inner).map { p in (p.0, p.1, p.2, { .located(p.3($0), loc) }) }
        default: return nil
        }
    }

    /// `f` applied inside a row's identity wrappers, so the row keeps its key.
    static func inside(_ n: Node, _ f: (Node) -> Node) -> Node {
        switch n {
        case .keyed(let k, let inner): return .keyed(k, inside(inner, f))
        case .branch(let b, let inner): return .branch(b, inside(inner, f))
        case .located(let inner, let loc): return .located(inside(inner, f), loc)
        default: return f(n)
        }
    }

    /// One section: the header, the rows (each inset, at least 44 pt tall, a separator under
    /// every row but the last, lined up with the rows' text), the footer.
    static func section(style: ListStyle, header: Node, footer: Node, rows: [Node], first: Bool) -> Node {
        let m = SystemMetrics.self
        let margin = style.isInset ? m.insetGroupedMargin : 0
        let built: [Node] = rows.enumerated().map { k, row in
            inside(row) { content in
                var r: Node = .modified(content, .padding(m.rowInsets))
                r = .modified(r, .flexFrame(FlexFrame(maxWidth: .infinity, minHeight: m.rowMinHeight, alignment: .leading)))
                // Every row has the separator's overlay, empty under the last: a row that stops
                // being the last (a row added after it) is the same view with its line coming in,
                // not a new view.
                let line: Node = .modified(.divider, .padding(EdgeInsets(top: 0, leading: m.rowInsets.leading, bottom: 0, trailing: 0)))
                return .modified(r, .overlay(k < rows.count - 1 ? .branch("then", line) : .branch("else", .empty), alignment: .bottom))
            }
        }
        var card: Node = .stack(axis: .vertical, alignment: 0.5, spacing: 0, children: built)
        card = .modified(card, .background(.paint(.color(style.isInset ? m.groupedRowBackground : m.plainBackground)), alignment: .center))
        if style.isInset {
            card = .modified(card, .clipShape(.roundedRectangle(radius: m.insetGroupedRadius, continuous: true)))
            card = .modified(card, .padding(EdgeInsets(top: 0, leading: margin, bottom: 0, trailing: margin)))
        }
        var parts: [Node] = []
        if isNothing(header) {
            if style.isInset { parts.append(gap(m.sectionTop)) }
        } else {
            parts.append(sectionText(header, style: style, top: true))
        }
        parts.append(card)
        if !isNothing(footer) { parts.append(sectionText(footer, style: style, top: false)) }
        if style.isInset { parts.append(gap(m.sectionBottom)) }
        return .stack(axis: .vertical, alignment: 0.5, spacing: 0, children: parts)
    }

    static func gap(_ h: Double) -> Node { .modified(.spacer(minLength: 0), .frame(width: nil, height: h, alignment: .center)) }

    static func isNothing(_ n: Node) -> Bool {
        switch n {
        case .empty: return true
        case .located(let inner, _), .branch(_, let inner): return isNothing(inner)
        default: return false
        }
    }

    /// A section's header or footer: in grouped lists, footnote text in the secondary label
    /// colour, a header's text in capitals (SwiftUI's `textCase(.uppercase)` there), lined up
    /// with the rows' text; in plain lists, a semibold header on the list's background.
    static func sectionText(_ n: Node, style: ListStyle, top: Bool) -> Node {
        let m = SystemMetrics.self
        var t = n
        if top, style.isInset, case .text(let s) = n { t = .text(s.uppercased()) }
        let insets: EdgeInsets
        if style.isInset {
            let lead = m.insetGroupedMargin + m.rowInsets.leading
            insets =
                top
                ? EdgeInsets(top: m.headerTop, leading: lead, bottom: m.headerBottom, trailing: lead)
                : EdgeInsets(top: m.headerBottom, leading: lead, bottom: 0, trailing: lead)
            t = .modified(t, .environment(.font(FontSpec.style(.footnote))))
            t = .modified(t, .environment(.foreground(.color(m.secondaryLabel))))
        } else {
            insets = top ? m.plainHeaderInsets : EdgeInsets(top: 6, leading: 20, bottom: 6, trailing: 20)
            t = .modified(t, .environment(.font(FontSpec.style(top ? .headline : .footnote))))
            if !top { t = .modified(t, .environment(.foreground(.color(m.secondaryLabel)))) }
        }
        t = .modified(t, .padding(insets))
        return .modified(t, .flexFrame(FlexFrame(maxWidth: .infinity, alignment: .leading)))
    }

    // MARK: - Navigation

    /// `NavigationStack` showing its first screen, `content`, under its navigation bar: the
    /// toolbar items in a 44 pt bar with the inline title centred, or the large title in 52 pt
    /// under it. The bar at rest has no background of its own (iOS's scroll-edge look): a list's
    /// background shows through. Content that ignores the top safe area lies under the bar;
    /// other content starts below it.
    ///
    /// A `List` scrolls under the bar, as in iOS: the bar's 44 pt and the large title are the
    /// first things it scrolls, so the title goes up with the rows, hidden where it reaches the
    /// bar (which takes the list's background while the title is on its way); once the list is
    /// scrolled past the large title (at once without one) the bar takes its standard look: the
    /// inline title centred, ``SystemMetrics/barMaterial`` over the rows under it, a hairline.
    public static func navigationStack(_ bar: NavigationBarSpec, content: Node) -> Node {
        let offset = listOffset(of: content)
        if let offset, !ignoresTop(content) { return scrollingNavigationStack(bar, list: content, offset: offset) }
        let body: Node = .modified(content, .flexFrame(FlexFrame(maxWidth: .infinity, maxHeight: .infinity)))
        let large = hasLargeTitle(bar)
        var parts: [Node] = [barRow(bar, inlineTitle: !large)]
        if large { parts.append(largeTitle(bar)) }
        // A hidden bar is the other branch of a condition: the stack keeps its shape (and the
        // identity of everything in it) whether the bar shows or not.
        let header: Node =
            bar.hidden ? .branch("else", .empty) : .branch("then", .stack(axis: .vertical, alignment: 0, spacing: 0, children: parts))
        var stack: Node
        if ignoresTop(content) {
            stack = .zstack(alignment: .top, children: [body, header])
        } else {
            stack = .stack(axis: .vertical, alignment: 0.5, spacing: 0, children: [header, body])
        }
        if let bg = fullBleedBackground(of: content) {
            stack = .modified(stack, .background(fullBleed(bg), alignment: .center))
        }
        return stack
    }

    /// Whether the bar shows its title large, under the bar's row.
    static func hasLargeTitle(_ bar: NavigationBarSpec) -> Bool { bar.displayMode != .inline && !bar.title.isEmpty }

    /// The bar's 44 pt row: its leading and trailing items, and the principal item or (with
    /// `inlineTitle`) the title centred.
    static func barRow(_ bar: NavigationBarSpec, inlineTitle: Bool) -> Node {
        let m = SystemMetrics.self
        func item(_ v: Node) -> Node { .button(v, ButtonLook()) }
        let leading = bar.items.filter { $0.placement == .topBarLeading }.map { item($0.view) }
        let trailing = bar.items.filter { $0.placement == .topBarTrailing }.map { item($0.view) }
        let principal = bar.items.first { $0.placement == .principal }?.view
        var row: Node = .stack(
            axis: .horizontal, alignment: 0.5, spacing: m.toolbarSpacing, children: leading + [.spacer(minLength: 0)] + trailing)
        row = .modified(row, .padding(EdgeInsets(top: 0, leading: m.barMargin, bottom: 0, trailing: m.barMargin)))
        var centre: Node = .empty
        if let principal {
            centre = principal
        } else if inlineTitle, !bar.title.isEmpty {
            centre = .modified(.modified(.text(bar.title), .environment(.font(FontSpec.style(.headline)))), .environment(.lineLimit(1)))
        }
        var barRow: Node = .zstack(alignment: .center, children: [row, centre])
        barRow = .modified(barRow, .frame(width: nil, height: m.barHeight, alignment: .center))
        // The bar's items and inline title keep their size at every Dynamic Type size (UIKit's
        // bars show the Large Content Viewer instead of growing); the large title grows.
        barRow = .modified(barRow, .environment(.dynamicTypeSize(.large ... .large)))
        return .modified(barRow, .id("navigationBar"))
    }

    /// The large title: 52 pt (more at large Dynamic Type sizes), the title at its bottom.
    static func largeTitle(_ bar: NavigationBarSpec) -> Node {
        let m = SystemMetrics.self
        var title: Node = .text(bar.title)
        title = .modified(title, .environment(.font(FontSpec.style(.largeTitle))))
        title = .modified(title, .environment(.fontWeight(700)))
        title = .modified(title, .environment(.lineLimit(1)))
        title = .modified(title, .padding(EdgeInsets(top: 0, leading: m.barMargin, bottom: m.largeTitleBottom, trailing: m.barMargin)))
        title = .modified(title, .flexFrame(FlexFrame(minHeight: m.largeTitleHeight, alignment: .bottomLeading)))
        title = .modified(title, .flexFrame(FlexFrame(maxWidth: .infinity, alignment: .leading)))
        return .modified(title, .id("navigationTitle"))
    }

    /// A navigation stack over a `List` scrolled by `offset` (see
    /// ``navigationStack(_:content:)``): the list fills the safe area under the bar, what the bar
    /// covers at rest (its row, the large title) first in what the list scrolls.
    static func scrollingNavigationStack(_ bar: NavigationBarSpec, list: Node, offset: Double) -> Node {
        let m = SystemMetrics.self
        let large = hasLargeTitle(bar)
        // Under the bar: the row's height, then the large title (a hidden bar covers nothing).
        var covered: [Node] = [gap(m.barHeight)]
        if large { covered.append(largeTitle(bar)) }
        let top: Node =
            bar.hidden ? .branch("else", .empty) : .branch("then", .stack(axis: .vertical, alignment: 0.5, spacing: 0, children: covered))
        let body: Node = .modified(
            prepending(top, toListContent: list) ?? list, .flexFrame(FlexFrame(maxWidth: .infinity, maxHeight: .infinity)))
        // Scrolled past the large title (any scroll without one): the rows are under the bar.
        let collapsed = large ? offset >= m.largeTitleHeight : offset > 0
        var row = barRow(bar, inlineTitle: !large || collapsed)
        if collapsed {
            let look: Node = .stack(
                axis: .vertical, alignment: 0.5, spacing: 0,
                children: [.modified(.material(m.barMaterial, in: .rectangle), .ignoresSafeArea(.top)), .divider])
            row = .modified(row, .background(look, alignment: .center))
        } else if offset > 0, let colour = fullBleedBackground(of: list) {
            // The large title on its way under the bar is hidden there, as the bar clips it.
            row = .modified(row, .background(fullBleed(colour), alignment: .center))
        }
        let header: Node = bar.hidden ? .branch("else", .empty) : .branch("then", row)
        var stack: Node = .zstack(alignment: .top, children: [body, header])
        if let bg = fullBleedBackground(of: list) {
            stack = .modified(stack, .background(fullBleed(bg), alignment: .center))
        }
        return stack
    }

    /// The offset of `node`'s list, when `node` is a `List` (through the wrappers and modifiers
    /// that leave it one and where it is).
    static func listOffset(of node: Node) -> Double? {
        guard isList(node) else { return nil }
        func find(_ n: Node) -> Double? {
            switch n {
            case .scrollView(.vertical, let offset, _): return offset
            case .located(let inner, _), .branch(_, let inner), .keyed(_, let inner): return find(inner)
            case .group(let g) where g.count == 1: return find(g[0])
            case .modified(let inner, let m) where keepsPlace(m): return find(inner)
            default: return nil
            }
        }
        return find(node)
    }

    /// `node`'s list with `top` put before its rows, in what it scrolls; nil when `node` is no
    /// list that ``listOffset(of:)`` finds.
    static func prepending(_ top: Node, toListContent node: Node) -> Node? {
        switch node {
        case .scrollView(.vertical, let offset, let children):
            let rows: Node = children.count == 1 ? children[0] : .stack(axis: .vertical, alignment: 0.5, spacing: nil, children: children)
            return .scrollView(
                axis: .vertical, offset: offset, children: [.stack(axis: .vertical, alignment: 0.5, spacing: 0, children: [top, rows])])
        case .located(let inner, let at): return prepending(top, toListContent: inner).map { .located($0, at) }
        case .branch(let b, let inner): return prepending(top, toListContent: inner).map { .branch(b, $0) }
        case .keyed(let k, let inner): return prepending(top, toListContent: inner).map { .keyed(k, $0) }
        case .group(let g) where g.count == 1: return prepending(top, toListContent: g[0]).map { .group([$0]) }
        case .modified(let inner, let m) where keepsPlace(m): return prepending(top, toListContent: inner).map { .modified($0, m) }
        default: return nil
        }
    }

    /// Modifiers that leave a view where it is, the same size: a list under them is still the
    /// navigation stack's content, edge to edge.
    static func keepsPlace(_ m: Modifier) -> Bool {
        switch m {
        case .background, .id, .environment, .animation, .transition, .gesture, .allowsHitTesting, .contentShape, .zIndex, .layoutPriority:
            return true
        default: return false
        }
    }

    // MARK: - Controls

    /// `Label`: the icon, then the title.
    public static func label(title: Node, icon: Node, inList: Bool = false) -> Node {
        // In a list's rows the icon takes the accent colour, as iOS draws it there (a colour
        // set on the icon itself still wins).
        let icon: Node = inList ? .modified(icon, .environment(.foreground(.color(.accent)))) : icon
        return .stack(axis: .horizontal, alignment: 0.5, spacing: SystemMetrics.labelSpacing, children: [icon, title])
    }

    /// `Toggle` as it looks (a switch cannot be flipped in a still): the label, then the
    /// 51 × 31 switch at the trailing edge.
    public static func toggle(label: Node, isOn: Bool, labelHidden: Bool = false) -> Node {
        let m = SystemMetrics.self
        var knob: Node = .shape(.circle, fill: .color(.white))
        knob = .modified(knob, .frame(width: m.toggleKnob, height: m.toggleKnob, alignment: .center))
        knob = .modified(knob, .shadow(Shadow(color: Color.black.opacity(0.15), radius: 2, x: 0, y: 1.5)))
        var track: Node = .shape(.capsule, fill: .color(isOn ? m.toggleOn : m.toggleOff))
        track = .modified(
            track,
            .overlay(.modified(knob, .padding(EdgeInsets(all: (m.toggleSize.height - m.toggleKnob) / 2))), alignment: isOn ? .trailing : .leading))
        track = .modified(track, .frame(width: m.toggleSize.width, height: m.toggleSize.height, alignment: .center))
        // `.labelsHidden()`: the switch alone, at its own size.
        if labelHidden { return track }
        return .stack(axis: .horizontal, alignment: 0.5, spacing: 8, children: [label, .spacer(minLength: nil), track])
    }

    /// A `TextField`'s look: its text, or the prompt in the placeholder colour when the text is
    /// empty, filling the width offered; `roundedBorder` adds the hairline rounded box.
    public static func textField(prompt: String, text: String, roundedBorder: Bool) -> Node {
        let m = SystemMetrics.self
        var t: Node = .text(text.isEmpty ? prompt : text)
        if text.isEmpty { t = .modified(t, .environment(.foreground(.color(m.placeholderText)))) }
        t = .modified(t, .environment(.lineLimit(1)))
        t = .modified(t, .flexFrame(FlexFrame(maxWidth: .infinity, alignment: .leading)))
        guard roundedBorder else { return t }
        t = .modified(t, .padding(EdgeInsets(top: 0, leading: m.textFieldInset, bottom: 0, trailing: m.textFieldInset)))
        t = .modified(t, .frame(width: nil, height: m.textFieldHeight, alignment: .center))
        let border: Node = .strokedShape(
            .roundedRectangle(radius: m.textFieldRadius, continuous: false), paint: .color(.systemGray4), lineWidth: 0.5, inside: true)
        t = .modified(t, .background(.paint(.color(.systemBackground)), alignment: .center))
        return .modified(t, .overlay(border, alignment: .center))
    }
}
