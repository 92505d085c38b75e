import CGtk
import FlickCore
import Foundation
import GtkKit

/// What a card shows: an area the size of the card that draws one picture
/// (a video frame, a poster or a photo, wrapped in an image surface),
/// letterboxed in black, with the swipe colour over it. The card's button
/// clips it to its rounded corners. A new picture is only a `queue_draw`.
///
/// How it draws depends on GTK's renderer, asked at every draw:
/// - **cairo** (software): the surface is painted with cairo, wrapping the
///   frame's bytes. Not a texture: GTK 4.8's cairo renderer converts every
///   `GdkMemoryTexture` in the scene on every render. Frames arrive at the
///   size they are drawn (`FrameFit`), so painting one is a copy.
/// - **GL** (any GPU renderer): the surface's bytes become a texture (no
///   copy) that the renderer uploads as they are and scales, and the black
///   bars and the swipe colour are colour nodes: nothing is painted on the
///   CPU, and turning and rounding the card is the GPU's work.
///
/// A card beneath another leaves out the part the card above hides
/// (`covered`): GTK repaints whatever lies under a playing video on each of
/// its frames, and what is left out then costs nothing.
@MainActor
final class CardCanvas {
    /// A rectangle in the card's coordinates; `corner` is the radius of the
    /// rounded corners of the card that covers it (those stay drawn).
    struct Cover: Equatable {
        var x, y, width, height, corner: Double
    }

    /// The card's corner radius (style.css, `button.deck-card`).
    static let radius = 18.0
    /// Owned by the card's widget tree (the card's button keeps it).
    let area = SnapshotArea.make()
    /// The picture to draw; nil: the card is black.
    var image: ImageSurface? {
        didSet {
            gtk_widget_queue_draw(area)
            onImage?()
        }
    }
    /// Called after each new picture (the card's peek draws it too).
    var onImage: (() -> Void)?
    var covered: Cover? {
        didSet { if covered != oldValue { gtk_widget_queue_draw(area) } }
    }

    /// A colour over the whole card (the swipe overlay), drawn with the
    /// picture: a widget with an opacity would cost an offscreen pass of
    /// the card on every frame of a drag.
    struct Tint: Equatable {
        var colour: (red: Double, green: Double, blue: Double)
        var alpha: Double

        static func == (a: Tint, b: Tint) -> Bool {
            a.colour == b.colour && a.alpha == b.alpha
        }
    }

    var tint: Tint? {
        didSet { if tint != oldValue { gtk_widget_queue_draw(area) } }
    }

    /// While cards move the picture is sampled without filtering: the whole
    /// stage is redrawn turned and scaled every frame, and bilinear
    /// sampling of a rotated picture is pixman's slowest path.
    var moving = false {
        didSet { if moving != oldValue { gtk_widget_queue_draw(area) } }
    }

    init() {
        gtk_widget_set_hexpand(area, 1)
        gtk_widget_set_vexpand(area, 1)
        gtk_widget_set_can_target(area, 0)
        SnapshotArea.draw(on: area) { [weak self] snapshot, width, height in
            self?.snapshot(snapshot, width: width, height: height)
        }
    }

    /// Whether the renderer was logged (once a run, at debug level).
    private static var rendererLogged = false

    private func snapshot(_ snapshot: OpaquePointer, width: Double, height: Double) {
        if !Self.rendererLogged, let name = SnapshotArea.rendererName(area) {
            Self.rendererLogged = true
            Log.debug("cards are drawn by \(name)", category: "stage")
        }
        var bounds = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        guard SnapshotArea.usesCairoRenderer(area) else {
            drawNodes(snapshot, bounds: bounds)
            return
        }
        guard let cr = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
        draw(cr, width: width, height: height)
        cairo_destroy(cr)
    }

    /// The picture as a texture over black, the swipe colour over both: all
    /// drawn by the GPU.
    private func drawNodes(_ snapshot: OpaquePointer, bounds: graphene_rect_t) {
        var bounds = bounds
        Self.appendPicture(snapshot, image, bounds: bounds)
        if let tint, tint.alpha > 0 {
            var colour = GdkRGBA(red: Float(tint.colour.red), green: Float(tint.colour.green), blue: Float(tint.colour.blue), alpha: Float(tint.alpha))
            gtk_snapshot_append_color(snapshot, &colour, &bounds)
        }
    }

    /// Where the picture goes: as large as fits, centred on whole pixels.
    static func letterbox(image: (width: Double, height: Double), in box: (width: Double, height: Double))
        -> (x: Double, y: Double, width: Double, height: Double, scale: Double) {
        let scale = min(box.width / image.width, box.height / image.height)
        let width = image.width * scale, height = image.height * scale
        return (((box.width - width) / 2).rounded(), ((box.height - height) / 2).rounded(), width, height, scale)
    }

    private func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        if let covered {
            // All but the cover (whose rounded corners leave room to peek through).
            cairo_rectangle(cr, 0, 0, width, height)
            Self.addCross(cr, covered)
            cairo_clip(cr)
        }
        Self.paintPicture(cr, image, width: width, height: height, filter: moving ? CAIRO_FILTER_FAST : CAIRO_FILTER_BILINEAR)
        if let tint, tint.alpha > 0 {
            cairo_set_source_rgba(cr, tint.colour.red, tint.colour.green, tint.colour.blue, tint.alpha)
            cairo_paint(cr)
        }
    }

    /// The picture letterboxed in black in `bounds`, as render nodes: a
    /// colour and a texture the GPU draws.
    static func appendPicture(_ snapshot: OpaquePointer, _ image: ImageSurface?, bounds: graphene_rect_t) {
        var bounds = bounds
        var black = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 1)
        gtk_snapshot_append_color(snapshot, &black, &bounds)
        guard let image, let texture = image.sharedTexture else { return }
        let fit = letterbox(image: (Double(image.width), Double(image.height)), in: (Double(bounds.size.width), Double(bounds.size.height)))
        var place = graphene_rect_t(origin: graphene_point_t(x: bounds.origin.x + Float(fit.x), y: bounds.origin.y + Float(fit.y)),
                                    size: graphene_size_t(width: Float(fit.width), height: Float(fit.height)))
        gtk_snapshot_append_texture(snapshot, texture, &place)
    }

    /// The picture letterboxed in black on a `width` × `height` card.
    static func paintPicture(_ cr: OpaquePointer, _ image: ImageSurface?, width: Double, height: Double, filter: cairo_filter_t) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        let fit = image.map { letterbox(image: (Double($0.width), Double($0.height)), in: (width, height)) }
        // Black bars wherever the picture is not.
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_rectangle(cr, 0, 0, width, height)
        if let fit, image?.opaque == true { cairo_rectangle(cr, fit.x, fit.y, fit.width, fit.height) }
        cairo_fill(cr)
        // R G B A bytes are for textures only (cairo would swap red and blue).
        guard let image, let fit, !image.rgba else { return }
        cairo_translate(cr, fit.x, fit.y)
        cairo_scale(cr, fit.scale, fit.scale)
        // Recorded without a copy of the frame (ImageSurface.recordablePattern).
        guard let pattern = image.recordablePattern() else { return }
        defer { cairo_pattern_destroy(pattern) }
        // At the frame's own size this is a plain copy (cairo sees a whole-pixel offset).
        cairo_pattern_set_filter(pattern, filter)
        cairo_set_source(cr, pattern)
        cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
        cairo_fill(cr)
    }

    /// The cover without its four corner squares: a 12-sided outline.
    private static func addCross(_ cr: OpaquePointer, _ c: Cover) {
        let r = min(c.corner, c.width / 2, c.height / 2)
        let left = c.x, top = c.y, right = c.x + c.width, bottom = c.y + c.height
        let points = [(left + r, top), (right - r, top), (right - r, top + r), (right, top + r),
                      (right, bottom - r), (right - r, bottom - r), (right - r, bottom), (left + r, bottom),
                      (left + r, bottom - r), (left, bottom - r), (left, top + r), (left + r, top + r)]
        cairo_move_to(cr, points[0].0, points[0].1)
        for point in points.dropFirst() { cairo_line_to(cr, point.0, point.1) }
        cairo_close_path(cr)
    }

    /// A photo decoded once into a surface, upright, at most `PhotoFile.cardBounds`
    /// (off the main thread: no widget is touched).
    nonisolated static func photo(path: String) -> ImageSurface? {
        PhotoFile.load(path: path, fitting: PhotoFile.cardBounds)
    }
}
