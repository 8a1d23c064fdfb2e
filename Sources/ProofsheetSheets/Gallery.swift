import ProofsheetCore
import ProofsheetScene

/// One image of a device gallery: a state of a scene on one device, and its drawing.
public struct GalleryImage: Sendable {
    /// The scene's name (its file name without extension).
    public var scene: String
    /// The still shown (nil: the scene's default state).
    public var still: String?
    /// The device's name.
    public var device: String
    public var picture: DisplayList

    public init(scene: String, still: String?, device: String, picture: DisplayList) {
        self.scene = scene; self.still = still; self.device = device; self.picture = picture
    }

    /// `rest` or `default`: the still's name as the overview shows it.
    public var stillName: String { still ?? "default" }
}

/// The overview of a device gallery: every image as a thumbnail captioned with its scene, still
/// and device, a section per scene, under a title.
///
/// Like ``ContactSheet`` it is an ordinary view: each thumbnail is a `Node.picture` of the
/// image's display list, drawn at the overview's own scale (never rendered full size and
/// shrunk), vector in SVG and PDF.
public struct GalleryOverview: Sendable {
    public var title: String
    /// The images in order; consecutive images of one scene make its section.
    public var images: [GalleryImage]
    /// Thumbnails per row inside a section.
    public var columns: Int
    /// A thumbnail's size as a fraction of its screen's size in points.
    public var thumbnailScale: Double
    public var style: ContactSheet.Style

    public init(title: String, images: [GalleryImage], columns: Int, thumbnailScale: Double, style: ContactSheet.Style = ContactSheet.Style()) {
        self.title = title; self.images = images; self.columns = max(1, columns); self.thumbnailScale = thumbnailScale; self.style = style
    }

    /// The images grouped by scene, in the order they come.
    var sections: [(scene: String, images: [GalleryImage])] {
        var out: [(scene: String, images: [GalleryImage])] = []
        for image in images {
            if let last = out.last, last.scene == image.scene {
                out[out.count - 1].images.append(image)
            } else {
                out.append((image.scene, [image]))
            }
        }
        return out
    }

    /// The overview as a view.
    public func node() -> Node {
        let heading = ContactSheet.text(title, size: style.labelSize * 1.5, weight: 600, color: style.labelColor)
        let blocks = sections.map { section -> Node in
            let rows = stride(from: 0, to: section.images.count, by: columns).map {
                Array(section.images[$0..<min($0 + columns, section.images.count)])
            }
            let grid: Node = .stack(
                axis: .vertical, alignment: 0, spacing: style.spacing,
                children: rows.map { row in .stack(axis: .horizontal, alignment: 0, spacing: style.spacing, children: row.map(cell)) })
            let name = ContactSheet.text(section.scene, size: style.labelSize * 1.25, weight: 600, color: style.labelColor)
            return .modified(
                .stack(axis: .vertical, alignment: 0, spacing: style.spacing / 2, children: [name, grid]), .id("scene-\(section.scene)"))
        }
        var root: Node = .stack(axis: .vertical, alignment: 0, spacing: style.spacing * 1.5, children: [heading] + blocks)
        root = .modified(root, .padding(EdgeInsets(all: style.margin)))
        return .modified(root, .id("gallery"))
    }

    /// A thumbnail with its caption: the scene, the still (in bold) and the device, a line each;
    /// a caption wider than its thumbnail widens the cell rather than being cut.
    func cell(_ image: GalleryImage) -> Node {
        let w = image.picture.size.width * thumbnailScale, h = image.picture.size.height * thumbnailScale
        var thumb: Node = .modified(.picture(image.picture), .frame(width: w, height: h, alignment: .center))
        thumb = .modified(thumb, .overlay(.strokedShape(.rectangle, paint: .color(style.border), lineWidth: 1, inside: true), alignment: .center))
        let line = { (text: String, size: Double, weight: Int, color: Color) -> Node in
            .modified(ContactSheet.text(text, size: size, weight: weight, color: color), .environment(.lineLimit(1)))
        }
        let small = style.labelSize * 0.9
        let caption: Node = .stack(
            axis: .vertical, alignment: 0, spacing: 1,
            children: [
                line(image.scene, small, 400, style.secondaryColor), line(image.stillName, style.labelSize, 600, style.labelColor),
                line(image.device, small, 400, style.secondaryColor)
            ])
        return .modified(
            .stack(axis: .vertical, alignment: 0, spacing: 4, children: [thumb, caption]),
            .id("image-\(image.scene)-\(image.stillName)-\(image.device)"))
    }
}
