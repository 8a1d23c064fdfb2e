import ProofsheetCore
import ProofsheetImage
import ProofsheetScene

/// An instant of a timeline that a check compares with a golden (see the timeline module's
/// `KeyInstant`): its time in whole milliseconds, why it is key, and what happened since the
/// previous key instant.
public struct TimelineInstant: Hashable, Sendable {
    public var milliseconds: Int
    public var reasons: [String]
    public var events: [String]

    public init(milliseconds: Int, reasons: [String], events: [String]) {
        self.milliseconds = milliseconds; self.reasons = reasons; self.events = events
    }

    /// The instant's name as a state: `<timeline>@<t>ms`, e.g. `swipe-right@350ms` (its golden
    /// folder in golden format 1; see ``GoldenNames/instantFolder(timeline:milliseconds:)``).
    public static func folder(timeline: String, milliseconds: Int) -> String {
        GoldenNames.instantFolder(timeline: timeline, milliseconds: milliseconds)
    }

    /// The timeline and milliseconds of a name made by ``folder(timeline:milliseconds:)``.
    public static func parse(folder: String) -> (timeline: String, milliseconds: Int)? { GoldenNames.instant(ofFolder: folder) }
}

/// What a check needs to check timelines besides stills: a timeline run once on an image's
/// device, scale and chrome (`framing`), recorded. The facade's `Renderer` is one.
public protocol TimelineRendering: Sendable {
    /// The timeline `name` of `program` run once and recorded, to its key instants.
    func record(_ program: any SceneProgram, timeline name: String, framing: TimelineFraming) throws -> any TimelineRecording
}

/// A timeline run once: its key instants, and its images at any instants, from the same run.
public protocol TimelineRecording: Sendable {
    /// The key instants, in order.
    var keyInstants: [TimelineInstant] { get }
    /// Calls `body` with the image at each of `milliseconds` (ascending), in order, with its
    /// index: one image at a time.
    func images(at milliseconds: [Int], _ body: (Int, RGBAImage) throws -> Void) throws
}

extension TimelineRecording {
    /// The images at `milliseconds` (ascending), one per instant, in order.
    public func images(at milliseconds: [Int]) throws -> [RGBAImage] {
        var out: [RGBAImage] = []
        try images(at: milliseconds) { _, image in out.append(image) }
        return out
    }
}

/// Which timelines a check covers.
public enum TimelineSelection: Sendable, Hashable {
    /// None: stills only.
    case none
    /// Every timeline of every scene (`--timelines`).
    case all
    /// These, by name (`--timeline NAME`, repeatable).
    case named([String])

    func includes(_ name: String) -> Bool {
        switch self {
        case .none: false
        case .all: true
        case .named(let names): names.contains(name)
        }
    }
}

extension CheckReport {
    /// One line per timeline checked (scene, timeline, variant), from the entries: its
    /// instants and the first that diverges from its golden.
    public func timelineSummaries() -> [TimelineSummary] {
        var groups: [String: [CheckEntry]] = [:]
        for e in entries { if let t = e.timeline, e.at != nil { groups["\(e.scene)/\(t)/\(e.variant)", default: []].append(e) } }
        return groups.keys.sorted().map { key in
            let list = groups[key]!.sorted { $0.at! < $1.at! }
            let first = list.first { $0.status.isFailure && !($0.status == .recorded && record == "all") }
            return TimelineSummary(
                scene: list[0].scene, timeline: list[0].timeline!, variant: list[0].variant, instants: list.map { $0.at! },
                firstDiverging: first?.at, status: first?.status ?? (list.contains { $0.status == .tolerated } ? .tolerated : list[0].status))
        }
    }

    /// The entries of the timeline a summary names, in time order.
    public func entries(of t: TimelineSummary) -> [CheckEntry] {
        entries.filter { $0.timeline == t.timeline && $0.scene == t.scene && $0.variant == t.variant && $0.at != nil }.sorted { $0.at! < $1.at! }
    }

    /// The entry of a timeline's first diverging instant.
    public func firstDiverging(_ t: TimelineSummary) -> CheckEntry? {
        guard let at = t.firstDiverging else { return nil }
        return entries(of: t).first { $0.at == at }
    }
}

/// A timeline checked on one variant: its key instants (milliseconds, in order) and the first
/// of them whose image diverges from its golden (nil when none does).
public struct TimelineSummary: Sendable, Encodable, Hashable {
    public var scene: String
    public var timeline: String
    public var variant: String
    public var instants: [Int]
    public var firstDiverging: Int?
    /// The first diverging instant's status (failed, missing, recorded, error), or the
    /// timeline's when none diverges (passed, tolerated, recorded under record mode `all`).
    public var status: CheckEntry.Status

    /// The most instants a timeline may have (as many as the timeline module's key instants).
    public static let mostInstants = 1_000

    /// `scene/timeline/variant`.
    public var id: String { "\(scene)/\(timeline)/\(variant)" }

    /// Whether the timeline needs a look: an instant diverges, or it did not simply pass.
    public var needsAttention: Bool { firstDiverging != nil || status != .passed }

    /// An instant in words: `401 ms (after release; events: release, card removed)`.
    public static func describe(_ entry: CheckEntry) -> String {
        var parts: [String] = []
        if let r = entry.reasons, !r.isEmpty { parts.append(r.joined(separator: ", ")) }
        if let e = entry.events, !e.isEmpty { parts.append("events: " + e.joined(separator: ", ")) }
        return "\(entry.at.map(String.init) ?? "?") ms" + (parts.isEmpty ? "" : " (\(parts.joined(separator: "; ")))")
    }

    public init(scene: String, timeline: String, variant: String, instants: [Int], firstDiverging: Int?, status: CheckEntry.Status) {
        self.scene = scene; self.timeline = timeline; self.variant = variant; self.instants = instants
        self.firstDiverging = firstDiverging; self.status = status
    }
}
