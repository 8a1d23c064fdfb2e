import Synchronization

/// Counts the objects holding C memory — Cairo image and vector surfaces, Pango layouts, font
/// systems and their text contexts (a Pango font map and context each, lent to one thread at a
/// time and freed with their font system), and the layouts a text context keeps to draw again
/// (counted in the context's scope, freed with it at the latest) — that were made while a
/// counter was in scope and are not released yet, so that a test can check that every one is
/// destroyed, on error paths too.
///
/// Counting is per scope, not per process, so that tests running in parallel do not disturb each
/// other: `LiveObjects.$current.withValue(counter) { … }`. Outside a scope it costs one task-local
/// read per object made.
package final class LiveObjects: Sendable {
    package enum Kind: String, CaseIterable, Sendable {
        case imageSurface, vectorSurface, pangoLayout, fontSystem, textContext, keptLayout
    }

    /// The counter objects made now are recorded in (none outside tests).
    @TaskLocal package static var current: LiveObjects?

    private let imageSurfaces = Atomic<Int>(0)
    private let vectorSurfaces = Atomic<Int>(0)
    private let pangoLayouts = Atomic<Int>(0)
    private let fontSystems = Atomic<Int>(0)
    private let textContexts = Atomic<Int>(0)
    private let keptLayouts = Atomic<Int>(0)

    package init() {}

    /// Adds `delta` to the count of `kind`; returns the new count.
    @discardableResult
    private func add(_ kind: Kind, _ delta: Int) -> Int {
        switch kind {
        case .imageSurface: return imageSurfaces.add(delta, ordering: .relaxed).newValue
        case .vectorSurface: return vectorSurfaces.add(delta, ordering: .relaxed).newValue
        case .pangoLayout: return pangoLayouts.add(delta, ordering: .relaxed).newValue
        case .fontSystem: return fontSystems.add(delta, ordering: .relaxed).newValue
        case .textContext: return textContexts.add(delta, ordering: .relaxed).newValue
        case .keptLayout: return keptLayouts.add(delta, ordering: .relaxed).newValue
        }
    }

    /// How many objects of `kind` made in this scope are alive.
    package func count(_ kind: Kind) -> Int { add(kind, 0) }

    /// Every kind's count.
    package var counts: [Kind: Int] { Dictionary(uniqueKeysWithValues: Kind.allCases.map { ($0, count($0)) }) }

    /// Records a new object in the current scope; the result is what to release it from.
    static func made(_ kind: Kind) -> LiveObjects? {
        guard let scope = current else { return nil }
        scope.add(kind, 1)
        return scope
    }

    /// Records an object that this scope counts, made in whatever scope.
    func added(_ kind: Kind) { add(kind, 1) }

    /// Records that an object made in this scope was destroyed.
    func released(_ kind: Kind) { add(kind, -1) }
}
