import ProofsheetCore
import ProofsheetScene

/// Chrome around a laid-out scene: the status bar and home indicator over the screen, and the
/// device frame around it, laid out from ordinary views by the same engine.
///
/// With chrome the tree's root is a `screen` view holding the scene's root view (its identity
/// and frames unchanged) and the chrome (identities under `#chrome`). With the device frame the
/// root is a `deviceFrame` view holding the bezel (`#frame`) and the screen, which is moved in
/// by the bezel (an offset, so the scene's own frames and touch points stay in screen points)
/// and clipped to the screen's rounded corners; the notch or island (`#cutout`) is drawn over
/// the screen, and the scene's background is painted inside it.
extension LayoutEngine {
    /// `tree` (the scene's root view, laid out) with the scene's chrome; `tree` when it has none.
    func addingChrome(to tree: ResolvedView, _ scene: Scene, _ ctx: LayoutContext) throws -> ResolvedView {
        guard scene.chrome.isVisible, let device = scene.device else { return tree }
        let screen = Rect(origin: .zero, size: scene.canvas)
        var parts: [ResolvedView] = []
        if scene.chrome.deviceFrame, let background = scene.background {
            parts.append(
                ResolvedView(
                    identity: ViewID(path: "#background"), name: "background", frame: screen,
                    content: .shape(.init(kind: .rectangle, paint: .color(background)))))
        }
        parts.append(tree)
        if scene.chrome.show {
            let overlay = DeviceChrome.overlay(
                for: device, content: scene.chrome.content(in: tree.preferredColorScheme ?? scene.colorScheme),
                homeIndicator: homeIndicator(over: parts, scene, device))
            // Right to left, the status bar is mirrored as iOS mirrors it: the time on the right.
            parts.append(try lay(overlay, "#chrome", in: screen, ctx, direction: scene.layoutDirection))
        }
        if scene.chrome.deviceFrame, let cutout = DeviceChrome.Frame.cutout(for: device) {
            parts.append(try lay(cutout, "#cutout", in: screen, ctx))
        }
        var screenView = ResolvedView(identity: ViewID(path: "#screen"), name: "screen", frame: screen, children: parts)
        guard scene.chrome.deviceFrame else { return screenView }
        let insets = DeviceChrome.Frame.insets(for: device)
        screenView.effects.offset = Point(x: insets.leading, y: insets.top)
        screenView.effects.clip = .roundedRectangle(radius: device.cornerRadius, continuous: true)
        let whole = Rect(origin: .zero, size: scene.drawingSize)
        let body = try lay(DeviceChrome.Frame.body(for: device), "#frame", in: whole, ctx)
        return ResolvedView(identity: ViewID(path: "#device"), name: "deviceFrame", frame: whole, children: [body, screenView])
    }

    /// The home indicator's colours over the screen's views `parts` (nil: the device has a
    /// Home button): from the mean colour drawn under it, the scene's background (or white)
    /// below everything.
    private func homeIndicator(over parts: [ResolvedView], _ scene: Scene, _ device: Device) -> Chrome.Content? {
        guard !device.hasHomeButton else { return nil }
        let screen = ResolvedView(identity: ViewID(path: "#screen"), name: "screen", frame: Rect(origin: .zero, size: scene.canvas), children: parts)
        let list = DisplayList(painting: screen, size: scene.canvas, background: scene.background, scale: scene.scale)
            .painted(for: scene, in: screen.preferredColorScheme ?? scene.colorScheme)
        let mean = list.meanColor(at: DeviceChrome.HomeIndicator.samplePoints(on: device)) { assets.meanColor(ofImage: $0, in: $1) }
        return DeviceChrome.HomeIndicator.content(over: mean)
    }

    /// `node` laid out in `rect` in `direction`, proposed its size, with identities under `path`.
    private func lay(_ node: Node, _ path: String, in rect: Rect, _ ctx: LayoutContext, direction: LayoutDirection = .leftToRight) throws
        -> ResolvedView
    {
        var env = LayoutEnvironment()
        env.layoutDirection = direction
        let element = try build(node, ViewID(path: path), env, location: nil)
        let p = Proposal(rect.size)
        try element.place(element.aligned(element.size(p), in: rect, .center), p, ctx)
        return element.resolve()
    }
}

extension DisplayList {
    /// The drawing of a scene's laid-out tree: the drawing's size (the device frame included),
    /// and the scene's background on the whole canvas — or, with the device frame, nothing
    /// behind it, so the pixels outside the device stay transparent.
    /// Its colours and materials are in the scene's colour scheme.
    public init(painting tree: ResolvedView, of scene: Scene) {
        self.init(
            painting: tree, size: scene.drawingSize, background: scene.chrome.deviceFrame ? nil : scene.background, scale: scene.scale)
        self = painted(for: scene, in: tree.preferredColorScheme ?? scene.colorScheme)
    }

    /// The list as `scene` is painted, in `scheme`: its colours and materials in the scheme (at
    /// increased contrast with Increase Contrast), and with Reduce Transparency its materials solid.
    public func painted(for scene: Scene, in scheme: ColorScheme) -> DisplayList {
        let contrast = scene.accessibility.contrast
        let list = resolved(in: scheme, contrast: contrast)
        return scene.accessibility.reduceTransparency ? list.withOpaqueMaterials(contrast: contrast) : list
    }
}
