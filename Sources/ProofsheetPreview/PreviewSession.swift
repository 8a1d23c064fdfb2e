import Foundation
import Proofsheet
import ProofsheetTimeline
import ProofsheetLayout

/// What `proofsheet preview` shows, kept up to date: each scene file's stills on each device,
/// laid out when the file is read and drawn when first asked for, and its timelines, whose
/// frames are drawn when asked for, from one recorded run each; every image is kept until the
/// file changes.
///
/// A scene that cannot be read (a mistake while typing, a file deleted) keeps what it showed
/// last and carries the error, located at its file, line and column, until it reads again.
/// Everything a page asks for is named by numbers (scene, device, still or timeline, instant),
/// never by a path: nothing a request says reaches the disk.
public final class PreviewSession: @unchecked Sendable {
    /// One scene file on one device.
    struct View {
        var device: String
        var stills: [StillImage] = []
        var timelines: [TimelinePlayer] = []
    }

    /// A still, laid out when its file is read (so a mistake shows at once), drawn when first
    /// asked for (a page asks for every still at once, and they are drawn side by side).
    final class StillImage: @unchecked Sendable {
        let name: String
        let scene: Scene
        let layout: LayoutResult
        let lock = NSLock()
        var png: [UInt8]?

        init(name: String, scene: Scene, layout: LayoutResult) { self.name = name; self.scene = scene; self.layout = layout }
    }

    /// One scene file and what it shows.
    struct Entry {
        var path: String
        var error: String?
        var views: [View] = []
        /// Bumped each time the file is read, well or not.
        var version = 0
    }

    /// A timeline on one device: its run (when first asked for), length, key instants and the
    /// frames rendered so far.
    final class TimelinePlayer: @unchecked Sendable {
        let name: String
        let template: SceneTemplate
        let framing: TimelineFraming
        let lock = NSLock()
        var run: TimelineRun?
        var duration = 0
        var instants: [(ms: Int, label: String)] = []
        var frames: [Int: [UInt8]] = [:]
        var order: [Int] = []
        var cachedBytes = 0
        /// Why the timeline cannot run, when it cannot.
        var error: String?

        init(name: String, template: SceneTemplate, framing: TimelineFraming) {
            self.name = name; self.template = template; self.framing = framing
        }
    }

    /// The most frames kept per timeline, and their most bytes (the oldest go first).
    public static let mostCachedFrames = 600
    public static let mostCachedBytes = 64 << 20

    public let renderer: Renderer
    /// The devices each scene is shown on (nil: the scene's own canvas).
    public let devices: [Device?]
    public let scale: Double?
    /// The environments each scene is shown in, on each device (light and dark, text sizes …).
    public let variants: [Variant]
    private let lock = NSLock()
    private var entries: [Entry]
    private var version = 0

    public init(scenes: [String], devices: [Device?], scale: Double?, variants: [Variant] = [.none], renderer: Renderer) {
        self.renderer = renderer
        self.devices = devices.isEmpty ? [nil] : devices
        self.scale = scale
        self.variants = variants.isEmpty ? [.none] : variants
        entries = scenes.map { Entry(path: $0) }
    }

    /// The scene files shown.
    public var paths: [String] { lock.withLock { entries.map(\.path) } }

    /// The version of everything shown: it changes whenever any scene is read.
    public var currentVersion: Int { lock.withLock { version } }

    /// Reads every scene whose file is one of `changed` (all when nil), renders its stills, and
    /// finds its timelines' lengths and key instants. Returns whether anything was read.
    @discardableResult
    public func reload(_ changed: [String]? = nil) -> Bool {
        let wanted = lock.withLock { entries.indices.filter { changed == nil || changed!.contains(entries[$0].path) } }
        for i in wanted {
            let path = lock.withLock { entries[i].path }
            let result: Result<[View], ProofsheetError>
            do { result = .success(try views(of: path)) } catch let e as ProofsheetError { result = .failure(e) } catch {
                result = .failure(.internal("\(error)"))
            }
            lock.withLock {
                switch result {
                case .success(let views):
                    entries[i].views = views
                    entries[i].error = nil
                case .failure(let e):
                    // The last good render stays.
                    entries[i].error = e.description
                }
                entries[i].version += 1
                version += 1
            }
        }
        return !wanted.isEmpty
    }

    /// The stills of `path` laid out on every device, and its timelines (not yet run).
    private func views(of path: String) throws -> [View] {
        let template = try SceneDecoder().template(file: path)
        var out: [View] = []
        for device in devices {
            for variant in variants {
                let shown = template.on(device).with(variant: variant)
                var view = View(device: deviceName(device, variant: variant))
                let names = template.stills.isEmpty ? [nil] : template.stills.map(\.name) as [String?]
                let renderer = self.renderer, scale = self.scale
                view.stills = try parallelMap(names.count, jobs: ProcessInfo.processInfo.activeProcessorCount) { k in
                    var scene = try shown.scene(still: names[k])
                    if let device { scene = variant.apply(scene.on(device)) }
                    if let scale { scene.scale = scale }
                    return StillImage(name: names[k] ?? "default", scene: scene, layout: try renderer.layout(scene))
                }
                for timeline in template.timelines.map(\.name) {
                    view.timelines.append(
                        TimelinePlayer(
                            name: timeline, template: shown, framing: TimelineFraming(device: device, scale: scale, chrome: nil, variant: variant)))
                }
                out.append(view)
            }
        }
        return out
    }

    /// How a view is named on the page: `iPhone 14 @2x · dark+ax3`.
    private func deviceName(_ device: Device?, variant: Variant) -> String {
        let at = scale.map { " @\(fmt($0))x" } ?? ""
        return (device?.name ?? "canvas") + at + (variant.label.isEmpty ? "" : " · " + variant.label)
    }

    /// Runs each timeline of every scene that has not run yet: its length and key instants.
    public func prepareTimelines() {
        let players = lock.withLock { entries.flatMap { $0.views.flatMap(\.timelines) } }
        for p in players {
            do { try prepare(p) } catch { p.lock.withLock { p.error = (error as? ProofsheetError)?.description ?? "\(error)" } }
        }
    }

    /// The run of `p`, made when first needed.
    private func prepare(_ p: TimelinePlayer) throws {
        try p.lock.withLock {
            guard p.run == nil else { return }
            let run = try renderer.run(of: p.template, timeline: p.name, framing: p.framing)
            p.duration = Int((try run.settledEnd() * 1000).rounded())
            p.instants = try run.keyInstants(.goldens).map { k in
                (k.milliseconds, ([k.reasons.first ?? ""] + k.events).filter { !$0.isEmpty }.joined(separator: "; "))
            }
            p.run = run
        }
    }

    // MARK: - What a page asks for

    /// The PNG of still `k` of scene `s` on device `d`, or nil when there is none; an error
    /// when it cannot be drawn.
    public func still(scene s: Int, device d: Int, still k: Int) throws -> [UInt8]? {
        let still: StillImage? = lock.withLock {
            guard entries.indices.contains(s), entries[s].views.indices.contains(d), entries[s].views[d].stills.indices.contains(k) else {
                return nil
            }
            return entries[s].views[d].stills[k]
        }
        guard let still else { return nil }
        return try still.lock.withLock {
            if let png = still.png { return png }
            let png = try PNGCodec.encode(try renderer.image(of: still.layout, scene: still.scene), compression: .fastest)
            still.png = png
            return png
        }
    }

    /// The PNG of timeline `t` of scene `s` on device `d` at `ms` (clamped to its length), or
    /// nil when there is none; an error when the frame cannot be drawn.
    public func frame(scene s: Int, device d: Int, timeline t: Int, ms: Int) throws -> [UInt8]? {
        let player: TimelinePlayer? = lock.withLock {
            guard entries.indices.contains(s), entries[s].views.indices.contains(d), entries[s].views[d].timelines.indices.contains(t) else {
                return nil
            }
            return entries[s].views[d].timelines[t]
        }
        guard let p = player else { return nil }
        try prepare(p)
        return try p.lock.withLock {
            let at = min(max(0, ms), p.duration)
            if let png = p.frames[at] { return png }
            guard let run = p.run else { return nil }
            let frame = try run.frame(at: Double(at) / 1000)
            let image = try renderer.backend.renderRGBA(try run.displayList(frame.tree), scale: run.first?.scale ?? 1)
            let png = try PNGCodec.encode(image, compression: .fastest)
            p.frames[at] = png
            p.order.append(at)
            p.cachedBytes += png.count
            while p.order.count > Self.mostCachedFrames || p.cachedBytes > Self.mostCachedBytes {
                p.cachedBytes -= p.frames.removeValue(forKey: p.order.removeFirst())?.count ?? 0
            }
            return png
        }
    }

    /// Everything shown, for the page: scenes, their errors, devices, stills and timelines.
    public func stateJSON() -> [UInt8] {
        struct Still: Encodable { var name: String; var k: Int }
        struct Instant: Encodable { var ms: Int; var label: String }
        struct Timeline: Encodable { var name: String; var t: Int; var duration: Int?; var instants: [Instant]; var error: String? }
        struct ViewJSON: Encodable { var device: String; var d: Int; var stills: [Still]; var timelines: [Timeline] }
        struct Scene: Encodable { var s: Int; var file: String; var version: Int; var error: String?; var views: [ViewJSON] }
        struct State: Encodable { var version: Int; var scenes: [Scene] }
        let state: State = lock.withLock {
            State(
                version: version,
                scenes: entries.enumerated().map { s, e in
                    Scene(
                        s: s, file: e.path, version: e.version, error: e.error,
                        views: e.views.enumerated().map { d, v in
                            ViewJSON(
                                device: v.device, d: d,
                                stills: v.stills.enumerated().map { Still(name: $1.name, k: $0) },
                                timelines: v.timelines.enumerated().map { t, p in
                                    p.lock.withLock {
                                        Timeline(
                                            name: p.name, t: t, duration: p.run == nil ? nil : p.duration,
                                            instants: p.instants.map { Instant(ms: $0.ms, label: $0.label) }, error: p.error)
                                    }
                                })
                        })
                })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array((try? encoder.encode(state)) ?? Data("{}".utf8))
    }
}
