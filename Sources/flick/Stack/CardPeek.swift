import CGtk
import FlickCore
import GtkKit

/// What shows of a card beneath the top one at rest: the strip below the
/// top card (and behind its rounded bottom corners), drawn by an area of
/// the stage that covers only that strip, while the card's own
/// picture is left out (opacity 0: GTK then makes no node of it) and so
/// is its CSS shadow: the strip draws that shadow too.
///
/// Why: GTK 4.8's cairo renderer draws every node that meets the area a
/// video frame repaints, and a card beneath lies under the whole top card.
/// Even with its hidden part not drawn, each frame of the top clip made a
/// card-sized copy of the card beneath's drawing and blended it in: a
/// third of the main thread's work while a clip played. A box shadow is
/// no better: GTK draws it through a card-sized mask of the card's
/// outline, two per card beneath, on every video frame.
@MainActor
final class CardPeek {
    /// Where the card lies, in the strip's coordinates: its corner, its
    /// size before scaling, and its scale.
    struct Placement: Equatable {
        var x, y, width, height, scale: Double
    }

    /// The shadow of a card beneath, as style.css's `.beneath` box shadow
    /// (`0 1px 0 alpha(black, 0.18), 0 3px 0 alpha(black, 0.10)`): offsets
    /// down in card pixels and opacities, drawn in this order (CSS lists
    /// the top-most first).
    static let shadows: [(offsetY: Double, alpha: Double)] = [(3, 0.10), (1, 0.18)]
    /// How far below the card its shadow reaches, in card pixels.
    static let shadowReach = shadows.map(\.offsetY).max() ?? 0

    let area = SnapshotArea.make()
    /// The peek's own reference: the stack unparents the area when it takes
    /// the card off, and a picture let go after that (the player stopping)
    /// still redraws it; the area lives as long as the card.
    private let areaRef: ObjectRef<Widget>
    private let picture: () -> ImageSurface?
    private var placement: Placement?

    /// `picture`: the card's picture now.
    init(picture: @escaping () -> ImageSurface?) {
        self.picture = picture
        areaRef = ObjectRef(taking: area)
        gtk_widget_set_can_target(area, 0)
        gtk_widget_set_can_focus(area, 0)
        Accessibility.setHidden(area, true)
        SnapshotArea.draw(on: area) { [weak self] snapshot, width, height in
            self?.snapshot(snapshot, width: width, height: height)
        }
    }

    /// With cairo, all in one cairo drawing; under GL the shadow so (it
    /// changes only with the placement) and the picture as a texture
    /// clipped to the card's rounded outline by the GPU.
    private func snapshot(_ snapshot: OpaquePointer, width: Double, height: Double) {
        guard let placement else { return }
        var bounds = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        let cairo = SnapshotArea.usesCairoRenderer(area)
        if let cr = gtk_snapshot_append_cairo(snapshot, &bounds) {
            if cairo { draw(cr) } else { drawShadow(cr, placement) }
            cairo_destroy(cr)
        }
        guard !cairo else { return }
        var card = graphene_rect_t(origin: graphene_point_t(x: Float(placement.x), y: Float(placement.y)),
                                   size: graphene_size_t(width: Float(placement.width * placement.scale),
                                                         height: Float(placement.height * placement.scale)))
        var outline = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&outline, &card, Float(CardCanvas.radius * placement.scale))
        gtk_snapshot_push_rounded_clip(snapshot, &outline)
        CardCanvas.appendPicture(snapshot, picture(), bounds: card)
        gtk_snapshot_pop(snapshot)
    }

    var isShown: Bool { placement != nil }

    /// Shows the strip `frame` (stage pixels) of a card placed at
    /// `placement`, or nothing. Called in the stage's layout pass.
    func place(frame: (x: Int, y: Int, width: Int, height: Int)?, placement: Placement?) {
        let shown = frame == nil ? nil : placement
        if shown != self.placement {
            self.placement = shown
            gtk_widget_queue_draw(area)
        }
        let rect = frame ?? (x: 0, y: 0, width: 0, height: 0)
        var origin = graphene_point_t(x: Float(rect.x), y: Float(rect.y))
        gtk_widget_allocate(area, Int32(rect.width), Int32(rect.height), -1, gsk_transform_translate(nil, &origin))
    }

    func redraw() {
        if placement != nil { gtk_widget_queue_draw(area) }
    }

    private func draw(_ cr: OpaquePointer) {
        guard let placement else { return }
        drawShadow(cr, placement)
        cairo_translate(cr, placement.x, placement.y)
        cairo_scale(cr, placement.scale, placement.scale)
        // The card's rounded outline (the card's button clips its picture alike).
        CairoPath.roundedRectangle(cr, x: 0, y: 0, width: placement.width, height: placement.height, radius: CardCanvas.radius)
        cairo_clip(cr)
        CardCanvas.paintPicture(cr, picture(), width: placement.width, height: placement.height, filter: CAIRO_FILTER_GOOD)
    }

    /// The shadow, outside the card's outline only (as CSS draws it).
    private func drawShadow(_ cr: OpaquePointer, _ placement: Placement) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, placement.x, placement.y)
        cairo_scale(cr, placement.scale, placement.scale)
        let outline = { (y: Double) in
            CairoPath.roundedRectangle(cr, x: 0, y: y, width: placement.width, height: placement.height, radius: CardCanvas.radius)
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_rectangle(cr, -1, -1, placement.width + 2, placement.height + Self.shadowReach + 2)
        outline(0)
        cairo_clip(cr)
        for shadow in Self.shadows {
            cairo_set_source_rgba(cr, 0, 0, 0, shadow.alpha)
            outline(shadow.offsetY)
            cairo_fill(cr)
        }
    }
}
