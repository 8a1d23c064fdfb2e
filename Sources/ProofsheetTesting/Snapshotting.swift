import Foundation

/// A way to snapshot a `Value` as a `Format` and to compare, store and load that format.
///
/// Strategies are small values of closures, so new ones are made from old ones: ``pullback(_:)``
/// turns a strategy for scenes into one for views by saying how a view becomes a scene.
///
/// ```swift
/// struct Booking { var place: String }
/// let booking: Snapshotting<Booking, RGBAImage> = Snapshotting<Scene, RGBAImage>.image.pullback { booking in
///     Scene(canvas: Size(width: 200, height: 120)) { Text(booking.place).padding() }
/// }
/// assertSnapshot(of: Booking(place: "Yosemite"), as: booking)
/// ```
public struct Snapshotting<Value, Format>: Sendable {
    /// The reference file's extension, without the dot (`png`, `svg`, `txt`).
    public var pathExtension: String
    /// How to store, load and compare the format.
    public var diffing: Diffing<Format>
    /// Takes the snapshot (renders); an error fails the assertion with its description.
    public var snapshot: @Sendable (Value) throws -> Format

    /// A strategy from its parts.
    public init(pathExtension: String, diffing: Diffing<Format>, snapshot: @escaping @Sendable (Value) throws -> Format) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// The same strategy for another value type, converted to `Value` by `transform` first.
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value) -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { value in
            try snapshot(transform(value))
        }
    }
}
