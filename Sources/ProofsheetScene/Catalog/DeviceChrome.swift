import ProofsheetCore

/// The status bar, home indicator and device frame as ordinary views, so they are laid out,
/// painted and drawn like any scene.
///
/// Metrics follow published measurements of iOS screenshots where there are some and are
/// estimates elsewhere (the README's fidelity notes say which). The glyphs for signal, Wi-Fi
/// and battery are Proofsheet's own drawings from rectangles, circles and clips.
public enum DeviceChrome {
    // MARK: - Colours

    /// The semantic colours of the chrome: the status bar's content ("label") and the
    /// secondary strokes of the battery, for the content's colour scheme.
    public enum Colors {
        /// Glyphs and the time: black on light screens, white on dark ones.
        public static func label(_ content: Chrome.Content) -> Color { content == .dark ? .primary : .white }
        /// The battery's outline and cap: the label colour at 35% and 40% opacity (iOS 16+).
        public static func batteryOutline(_ content: Chrome.Content) -> Color { label(content).opacity(0.35) }
        public static func batteryCap(_ content: Chrome.Content) -> Color { label(content).opacity(0.4) }
        /// The device's bezel, its metal rim, and the camera cut-out.
        public static let bezel = Color(hex: 0x0B0B0C)
        public static let rim = Color(hex: 0x5C5C60)
        public static let cutout = Color.black
    }

    // MARK: - Status bar metrics

    /// Where the status bar's content goes on a device.
    public struct StatusBar: Hashable, Sendable {
        /// How the content is arranged.
        public enum Arrangement: Hashable, Sendable {
            /// The time centred in the left "ear" beside the notch or island, the glyphs in the
            /// right one; each ear is `ear` points wide.
            case split(ear: Double)
            /// Home-button phones: signal and Wi-Fi at the leading edge, the time centred, the
            /// battery at the trailing edge, each `inset` points from the edge.
            case centred(inset: Double)
            /// iPads: the time and date at the leading edge, Wi-Fi and the battery at the
            /// trailing edge, each `inset` points from the edge.
            case edges(inset: Double)
        }
        public var arrangement: Arrangement
        /// The height of the status bar region (the top safe-area inset).
        public var height: Double
        /// The vertical centre of the time and the glyphs, from the top of the screen.
        public var centreY: Double
        /// The time's text ("9:41", or "9:41 AM" on home-button phones).
        public var time: String
        public var timeFont: FontSpec
        /// The glyphs' size relative to the 17 pt-time status bar.
        public var glyphScale: Double
        /// Space between the signal, Wi-Fi and battery glyphs.
        public var glyphSpacing: Double
    }

    /// The status bar metrics of `device`.
    ///
    /// Notch and island phones: SF Pro Semibold 17 pt time (Inter stands in), centred in the
    /// ear left of the cut-out; the signal, Wi-Fi and battery glyphs centred in the right ear.
    /// The content is centred on the Dynamic Island's centre line, or on the middle of the
    /// notch phones' 44–50 pt bar. Home-button phones: a 20 pt bar, 12 pt semibold time in the
    /// middle.
    public static func statusBar(for device: Device) -> StatusBar {
        let w = device.size.width
        switch device.cutout {
        case .island(let width, let height, let top):
            return StatusBar(
                arrangement: .split(ear: (w - width) / 2), height: device.safeArea.top, centreY: top + height / 2, time: "9:41",
                timeFont: FontSpec(size: 17, weight: 600, lineHeight: 22), glyphScale: 1, glyphSpacing: 6)
        case .notch(let width, _):
            return StatusBar(
                arrangement: .split(ear: (w - width) / 2), height: device.safeArea.top, centreY: (device.safeArea.top - 1) / 2, time: "9:41",
                timeFont: FontSpec(size: 17, weight: 600, lineHeight: 22), glyphScale: 1, glyphSpacing: 6)
        case .none where device.idiom == .pad:
            // NB: estimates from iPadOS screenshots: 13 pt semibold time with the date.
            return StatusBar(
                arrangement: .edges(inset: 20), height: device.safeArea.top, centreY: device.safeArea.top / 2, time: "9:41 Mon Jun 10",
                timeFont: FontSpec(size: 13, weight: 600, lineHeight: 17), glyphScale: 0.9, glyphSpacing: 5)
        case .none:
            let h = max(device.safeArea.top, 20)
            return StatusBar(
                arrangement: .centred(inset: 6), height: h, centreY: h / 2, time: device.hasHomeButton ? "9:41 AM" : "9:41",
                timeFont: FontSpec(size: 12, weight: 600, lineHeight: 16), glyphScale: 0.9, glyphSpacing: 4)
        }
    }

    /// The home indicator: a capsule 134 × 5 pt on phones (315 pt on iPads, an estimate), 8 pt
    /// above the screen's bottom edge, centred. Like iOS's, it adapts to what is under it: black
    /// over light content, white over dark.
    public enum HomeIndicator {
        public static let width = 134.0
        public static let padWidth = 315.0
        public static let height = 5.0
        public static let bottom = 8.0

        /// Its width on `device`.
        public static func width(on device: Device) -> Double { device.idiom == .pad ? padWidth : width }

        /// Where it lies on `device`'s screen.
        public static func frame(on device: Device) -> Rect {
            let w = width(on: device)
            return Rect(x: (device.size.width - w) / 2, y: device.size.height - bottom - height, width: w, height: height)
        }

        /// The points under it whose colours choose its own: five along its middle line.
        public static func samplePoints(on device: Device) -> [Point] {
            let f = frame(on: device)
            return (0..<5).map { k in Point(x: f.minX + f.width * (0.1 + 0.2 * Double(k)), y: f.minY + f.height / 2) }
        }

        /// The content colour scheme for a backdrop of `color`: dark (a black indicator) where
        /// black has more contrast on it than white.
        public static func content(over color: Color) -> Chrome.Content {
            color.prefersDarkForeground ? .dark : .light
        }
    }

    // MARK: - Views

    /// The chrome drawn over a scene's screen: the status bar at the top and, on devices
    /// without a home button, the home indicator at the bottom; a view the size of the screen
    /// that takes no touches. The home indicator is drawn for `homeIndicator` content (the
    /// status bar's when nil).
    public static func overlay(for device: Device, content: Chrome.Content, homeIndicator: Chrome.Content? = nil) -> Node {
        let bar = statusBar(for: device)
        let label = Colors.label(homeIndicator ?? content)
        // A phone on its side hides the status bar, as iOS does.
        let showsBar = !(device.idiom == .phone && device.orientation == .landscape)
        return ZStack(alignment: .top) {
            if showsBar {
                statusBarView(bar, width: device.size.width, content: content)
                    .id("statusBar")
            }
            if !device.hasHomeButton {
                Capsule().fill(label)
                    .frame(width: HomeIndicator.width(on: device), height: HomeIndicator.height)
                    .id("homeIndicator")
                    .padding(EdgeInsets(top: 0, leading: 0, bottom: HomeIndicator.bottom, trailing: 0))
                    .frame(width: device.size.width, height: device.size.height, alignment: .bottom)
            }
        }
        .frame(width: device.size.width, height: device.size.height, alignment: .top)
        .allowsHitTesting(false)
        .node
    }

    /// The status bar: `bar.centreY * 2` tall, so its content's centre is at `centreY`.
    static func statusBarView(_ bar: StatusBar, width: Double, content: Chrome.Content) -> ModifiedView {
        let label = Colors.label(content)
        let band = bar.centreY * 2
        let time = Text(bar.time).font(bar.timeFont).foregroundColor(label).lineLimit(1).id("time")
        let glyphs = HStack(spacing: bar.glyphSpacing) {
            signal(content).id("signal")
            wifi(content).id("wifi")
            battery(content).id("battery")
        }
        .scaleEffectIfNeeded(bar.glyphScale)
        switch bar.arrangement {
        case .split(let ear):
            return HStack(spacing: 0) {
                time.frame(width: ear, height: band)
                Spacer(minLength: 0)
                glyphs.frame(width: ear, height: band)
            }
            .frame(width: width, height: band)
        case .edges(let inset):
            return HStack(spacing: 0) {
                time
                Spacer(minLength: 0)
                HStack(spacing: bar.glyphSpacing) {
                    wifi(content).id("wifi")
                    battery(content).id("battery")
                }
                .scaleEffectIfNeeded(bar.glyphScale)
            }
            .padding(EdgeInsets(top: 0, leading: inset, bottom: 0, trailing: inset))
            .frame(width: width, height: band)
        case .centred(let inset):
            return ZStack {
                HStack(spacing: 0) {
                    HStack(spacing: bar.glyphSpacing) {
                        signal(content).id("signal")
                        wifi(content).id("wifi")
                    }
                    .scaleEffectIfNeeded(bar.glyphScale)
                    Spacer(minLength: 0)
                    battery(content).id("battery").scaleEffectIfNeeded(bar.glyphScale)
                }
                .padding(EdgeInsets(top: 0, leading: inset, bottom: 0, trailing: inset))
                time
            }
            .frame(width: width, height: band)
        }
    }

    // MARK: - Glyphs

    /// Cellular signal, four bars of rising height: 17 × 11 pt, bars 3 pt wide.
    static func signal(_ content: Chrome.Content) -> ModifiedView {
        let label = Colors.label(content)
        let heights = [4.0, 6.33, 8.67, 11]
        return HStack(alignment: .bottom, spacing: 1.67) {
            ForEach(0..<4) { k in
                RoundedRectangle(cornerRadius: 1, style: .circular).fill(label).frame(width: 3, height: heights[k])
            }
        }
        .frame(width: 17, height: 11, alignment: .bottom)
        // A drawing: the bar's order mirrors right to left, the glyphs do not.
        .layoutDirection(.leftToRight)
    }

    /// Wi-Fi: a quarter-circle fan of a dot and two bands, 15.4 × 11 pt. Each band is a ring
    /// (a stroked circle) clipped to its upper-right quarter, then turned 45° left about the
    /// circle's centre, so the fan opens upwards from the glyph's bottom centre. The ring is
    /// placed by `position` (its centre on the quarter's bottom-left corner): it is larger than
    /// its quarter on purpose, and so not an overflow.
    static func wifi(_ content: Chrome.Content) -> ModifiedView {
        let label = Colors.label(content)
        let outer = 11.0
        let width = (2 * outer * 0.7071).rounded(toPlaces: 2)
        // (outer radius, band thickness): the innermost is a filled sector.
        let bands: [(Double, Double?)] = [(outer, 2.4), (outer - 3.9, 2.4), (outer - 7.8, nil)]
        return ZStack(alignment: .bottomLeading) {
            ForEach(0..<bands.count) { k in
                let (r, thickness) = bands[k]
                let disc: Node =
                    thickness.map { Circle().strokeBorder(label, lineWidth: $0).node } ?? Circle().fill(label).node
                ModifiedView(disc).frame(width: 2 * r, height: 2 * r).position(x: 0, y: r)
                    .frame(width: r, height: r)
                    .clipped()
                    .rotationEffect(degrees: -45, anchor: .bottomLeading)
                    .offset(x: width / 2)
            }
        }
        .frame(width: width, height: outer, alignment: .bottomLeading)
        .layoutDirection(.leftToRight)
    }

    /// Battery, full: a 25 × 12 pt rounded body outlined at 35% opacity, the charge inset by
    /// 2 pt, and a 1.3 × 4 pt cap at 40% opacity; 27.3 pt wide in all.
    static func battery(_ content: Chrome.Content) -> ModifiedView {
        let label = Colors.label(content)
        return HStack(spacing: 1) {
            ZStack {
                RoundedRectangle(cornerRadius: 4, style: .continuous).strokeBorder(Colors.batteryOutline(content), lineWidth: 1)
                RoundedRectangle(cornerRadius: 2.5, style: .continuous).fill(label)
                    .padding(2)
            }
            .frame(width: 25, height: 12)
            RoundedRectangle(cornerRadius: 0.65, style: .circular).fill(Colors.batteryCap(content)).frame(width: 1.3, height: 4)
        }
        .frame(width: 27.3, height: 12)
        .layoutDirection(.leftToRight)
    }

    // MARK: - Device frame

    /// The device around the screen.
    public enum Frame {
        /// The bezel's width around the screen, rim included, in points, on phones without a
        /// Home button.
        public static let bezel = 14.0
        /// The metal rim's width at the bezel's outer edge.
        public static let rim = 2.5
        /// A notch's lower corners.
        public static let notchRadius = 20.0

        /// Home-button phones (iPhone SE, 8): the 67.3 × 138.4 mm body around the 375 × 667 pt
        /// screen at 163 pt per inch (326 ppi at 2x) leaves 28 pt at the sides and 112 pt above
        /// (the forehead: earpiece and front camera) and below (the chin: the Home button).
        public enum HomeButtonPhone {
            public static let side = 28.0
            public static let forehead = 112.0
            public static let chin = 112.0
            /// The body's corner radius.
            public static let cornerRadius = 58.0
            /// The Home button's diameter, and its ring's width.
            public static let button = 68.0
            public static let ring = 2.0
            /// The earpiece slot, centred in the forehead, and the front camera left of it.
            public static let earpiece = Size(width: 52, height: 6)
            public static let camera = 11.0
            public static let cameraOffset = -52.0
        }

        /// The body's width beyond the screen on each side.
        public static func insets(for device: Device) -> EdgeInsets {
            guard device.hasHomeButton else { return EdgeInsets(top: bezel, leading: bezel, bottom: bezel, trailing: bezel) }
            typealias P = HomeButtonPhone
            return EdgeInsets(top: P.forehead, leading: P.side, bottom: P.chin, trailing: P.side)
        }

        /// The bezel: a rounded body the size of `device`'s screen plus its insets, with the
        /// earpiece, front camera and Home button on a home-button phone.
        public static func body(for device: Device) -> Node {
            let i = insets(for: device)
            let w = device.size.width + i.leading + i.trailing, h = device.size.height + i.top + i.bottom
            let outer = outerRadius(device)
            return ZStack {
                RoundedRectangle(cornerRadius: outer, style: .continuous).fill(Colors.rim)
                RoundedRectangle(cornerRadius: outer - rim, style: .continuous).fill(Colors.bezel).padding(rim)
                if device.hasHomeButton { homeButtonParts(width: w, height: h) }
            }
            .frame(width: w, height: h)
            .id("bezel")
            .node
        }

        /// The forehead's earpiece and camera and the chin's Home button, in a body `width` ×
        /// `height`.
        static func homeButtonParts(width: Double, height: Double) -> Node {
            typealias P = HomeButtonPhone
            return ZStack {
                Capsule().fill(Colors.cutout).frame(width: P.earpiece.width, height: P.earpiece.height).id("earpiece")
                    .position(x: width / 2, y: P.forehead / 2)
                Circle().fill(Colors.cutout).frame(width: P.camera, height: P.camera).id("frontCamera")
                    .position(x: width / 2 + P.cameraOffset, y: P.forehead / 2)
                ZStack {
                    Circle().fill(Colors.bezel)
                    Circle().strokeBorder(Colors.rim, lineWidth: P.ring)
                }
                .frame(width: P.button, height: P.button)
                .id("homeButton")
                .position(x: width / 2, y: height - P.chin / 2)
            }
            .frame(width: width, height: height)
            .node
        }

        /// The outer corner radius: the screen's grown by the bezel (a home-button phone's
        /// body has its own).
        public static func outerRadius(_ device: Device) -> Double {
            if device.hasHomeButton { return HomeButtonPhone.cornerRadius }
            return device.cornerRadius > 0 ? device.cornerRadius + bezel : 2 * bezel
        }

        /// The notch or Dynamic Island over the screen, in screen points; nil when the device
        /// has neither.
        public static func cutout(for device: Device) -> Node? {
            let w = device.size.width, h = device.size.height
            switch device.cutout {
            case .none:
                return nil
            case .notch(let width, let height):
                // A rounded rectangle reaching above the screen: only its lower corners show.
                return RoundedRectangle(cornerRadius: notchRadius, style: .continuous).fill(Colors.cutout)
                    .frame(width: width, height: height + notchRadius)
                    .offset(y: -notchRadius)
                    .id("notch")
                    .frame(width: w, height: h, alignment: .top)
                    .node
            case .island(let width, let height, let top):
                return Capsule().fill(Colors.cutout)
                    .frame(width: width, height: height)
                    .offset(y: top)
                    .id("dynamicIsland")
                    .frame(width: w, height: h, alignment: .top)
                    .node
            }
        }
    }
}

extension View {
    /// The view scaled about its centre when `s` is not 1.
    fileprivate func scaleEffectIfNeeded(_ s: Double) -> ModifiedView {
        s == 1 ? ModifiedView(node) : scaleEffect(s)
    }
}

extension Double {
    fileprivate func rounded(toPlaces n: Int) -> Double {
        var p = 1.0
        for _ in 0..<n { p *= 10 }
        return (self * p).rounded() / p
    }
}
