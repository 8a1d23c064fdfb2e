import Foundation

/// The one renderer all snapshot strategies share, so fonts load once per process.
///
/// `Renderer` is thread-safe (its font and image caches are locked), so tests that run in
/// parallel share it.
public enum SharedRenderer {
    private static let made: Result<Renderer, RendererUnavailable> = {
        do { return .success(try Renderer()) } catch { return .failure(RendererUnavailable(description: "\(error)")) }
    }()

    /// The shared renderer, made on first use; the error says why it could not be made.
    public static func get() throws -> Renderer {
        try made.get()
    }

    /// Why the renderer could not be made (fonts or built-in assets not found).
    struct RendererUnavailable: Error, CustomStringConvertible {
        var description: String
    }
}
