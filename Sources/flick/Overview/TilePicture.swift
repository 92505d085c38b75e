import CGtk
import Foundation
import GtkKit

/// A tile's picture: a drawing area that paints one cairo image surface
/// (the poster, or a preview frame) centred in its box, over the box's CSS
/// background, and the decision badge and "Current" chip over it
/// (`TileBadges`).
///
/// Why not a GtkPicture with a texture: GTK 4.8's cairo renderer converts
/// every `GdkMemoryTexture` in the scene on every render, so each frame of
/// a scroll (or of a preview playing in one tile) converted every poster on
/// screen, and a new paintable per preview frame re-laid the tile out. A
/// surface is composited as it is, clipped to what changed, and a new one
/// is a `queue_draw`. Posters are made at the box's size (`box`); an image
/// of another size (after the window was resized) is scaled once, not on
/// every draw.
@MainActor
final class TilePicture {
    /// Owned by the tile's widget tree.
    private let drawing = Typed<Kinds.DrawingArea>(gtk_drawing_area_new())
    var area: Widget { drawing.widget }
    /// The picture to draw; nil: only the box's background.
    var image: ImageSurface? {
        didSet {
            guard image !== oldValue else { return }
            scaled = nil
            gtk_widget_queue_draw(area)
        }
    }
    var badge: TileBadges.Badge? {
        didSet { if badge != oldValue { gtk_widget_queue_draw(area) } }
    }
    var isCurrent = false {
        didSet { if isCurrent != oldValue { gtk_widget_queue_draw(area) } }
    }
    /// The stack's and the suggestion's chips.
    var marks = TileBadges.Marks() {
        didSet { if marks != oldValue { gtk_widget_queue_draw(area) } }
    }
    /// A folded stack: the picture sits on two cards, like a pile of prints.
    var isPile = false {
        didSet {
            guard isPile != oldValue else { return }
            scaled = nil
            gtk_widget_queue_draw(area)
        }
    }
    /// Where the stack's chip was last drawn (points), for a click on it.
    private(set) var stackChip: (x: Double, y: Double, width: Double, height: Double)?
    /// The icon shown while there is no picture (never a blank box).
    var symbol: String? {
        didSet { if symbol != oldValue, image == nil { gtk_widget_queue_draw(area) } }
    }
    /// `image` scaled to fit the box it was last drawn in (made once).
    private var scaled: ImageSurface?

    init(width: Int, height: Int) {
        gtk_widget_set_size_request(area, Int32(width), Int32(height))
        gtk_widget_set_can_target(area, 0)
        DrawFunction.set(on: area) { [weak self] cr, width, height in
            self?.draw(cr, box: TileBox(width: Int(width), height: Int(height)))
        }
    }

    /// The box the picture gets now, in device pixels (nil before the
    /// first allocation).
    var box: TileBox? {
        let scale = Int(max(1, gtk_widget_get_scale_factor(area)))
        let width = Int(gtk_widget_get_width(area)), height = Int(gtk_widget_get_height(area))
        guard width > 0, height > 0 else { return nil }
        return TileBox(width: width * scale, height: height * scale)
    }

    private func draw(_ cr: OpaquePointer, box: TileBox) {
        cairo_save(cr)
        drawImage(cr, box: box)
        cairo_restore(cr)
        if image == nil, let symbol {
            TileBadges.drawSymbol(cr, on: area, name: symbol, width: Double(box.width), height: Double(box.height))
        }
        stackChip = TileBadges.draw(cr, on: area, width: Double(box.width), height: Double(box.height), badge: badge,
                                    current: isCurrent, marks: marks)
    }

    /// Whether a point of the area (points) is on the stack's chip.
    func isOnStackChip(x: Double, y: Double) -> Bool {
        guard let chip = stackChip else { return false }
        return x >= chip.x && x <= chip.x + chip.width && y >= chip.y && y <= chip.y + chip.height
    }

    /// How far each card of a pile is drawn up and right of the one above
    /// it (points): two cards show behind the picture.
    static let pileStep = 5.0

    /// The cards of a pile behind the picture: the picture's own rectangle
    /// moved up and right, light with a dark edge, on any background.
    private func drawPile(_ cr: OpaquePointer, picture: (x: Double, y: Double, width: Double, height: Double)) {
        for step in [2.0, 1.0] {
            let offset = step * Self.pileStep
            cairo_rectangle(cr, picture.x + offset + 0.5, picture.y - offset + 0.5, picture.width - 1, picture.height - 1)
            cairo_set_source_rgb(cr, 0.93 - 0.08 * step, 0.93 - 0.08 * step, 0.93 - 0.08 * step)
            cairo_fill_preserve(cr)
            cairo_set_source_rgba(cr, 0, 0, 0, 0.45)
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
        }
    }

    private func drawImage(_ cr: OpaquePointer, box: TileBox) {
        let scale = Int(max(1, gtk_widget_get_scale_factor(area)))
        // A pile leaves room for its cards above and to the right.
        let inset = isPile ? Int(2 * Self.pileStep) * scale : 0
        let device = TileBox(width: box.width * scale - inset, height: box.height * scale - inset)
        guard let image else {
            if isPile {
                let side = (x: 0.0, y: Double(inset / scale), width: Double(device.width / scale), height: Double(device.height / scale))
                drawPile(cr, picture: side)
            }
            return
        }
        let fitted = TileSurface.fit(width: image.width, height: image.height, in: device)
        let drawn: ImageSurface
        if (fitted.width, fitted.height) == (image.width, image.height) {
            drawn = image
        } else if let scaled, (scaled.width, scaled.height) == (fitted.width, fitted.height) {
            drawn = scaled
        } else {
            guard let made = Self.scale(image, to: fitted) else { return }
            scaled = made
            drawn = made
        }
        let x = Double((device.width - drawn.width) / 2) / Double(scale)
        let y = Double((device.height - drawn.height) / 2 + inset) / Double(scale)
        if isPile { drawPile(cr, picture: (x, y, Double(drawn.width) / Double(scale), Double(drawn.height) / Double(scale))) }
        cairo_translate(cr, x, y)
        cairo_scale(cr, 1 / Double(scale), 1 / Double(scale))
        // On whole pixels at its own size: a plain copy.
        cairo_set_source_surface(cr, drawn.surface, 0, 0)
        cairo_rectangle(cr, 0, 0, Double(drawn.width), Double(drawn.height))
        cairo_fill(cr)
    }

    /// `image` drawn once at `size` (bilinear).
    private static func scale(_ image: ImageSurface, to size: (width: Int, height: Int)) -> ImageSurface? {
        let stride = size.width * 4
        guard let bytes = malloc(stride * size.height) else { return nil }
        memset(bytes, 0, stride * size.height)
        guard let surface = ImageSurface(adopting: bytes, width: size.width, height: size.height, stride: stride, opaque: image.opaque),
              let cr = cairo_create(surface.surface) else { return nil }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(size.width) / Double(image.width), Double(size.height) / Double(image.height))
        cairo_set_source_surface(cr, image.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_surface_flush(surface.surface)
        return surface
    }
}
