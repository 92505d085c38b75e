import CGtk
import FlickCore
import Foundation
import GtkKit

/// The soft shadow under the top card at rest, as CSS's
/// `box-shadow: 0 4px 12px alpha(black, 0.3)` draws it, in eight pieces
/// around the card: four corners and four sides.
///
/// Why not CSS: GTK 4.8 draws a blurred box shadow by blurring strips of it
/// again on every render, and a box shadow's node covers the whole card,
/// so every video frame (which repaints the card) paid for it. The pieces
/// lie outside the card but for its corner squares (where the shadow shows
/// past the rounded corners), so a video frame repaints only the four
/// corners, from one surface made once per card size.
///
/// While cards move the shadow is not drawn (as the CSS had it: the whole
/// stage is redrawn on every frame then).
@MainActor
final class CardShadow {
    /// CSS blur radius: a Gaussian of half this standard deviation, drawn
    /// out to this distance.
    static let blur = 12
    static let offsetY = 4
    static let alpha = 0.3
    static let radius = Int(CardCanvas.radius)
    /// A corner slice of the shadow: the blur outside, the rounded corner,
    /// the blur's reach inside.
    static let corner = radius + 2 * blur

    /// A piece: which part of the card's surroundings it covers.
    private enum Part: CaseIterable {
        case topLeft, top, topRight, left, right, bottomLeft, bottom, bottomRight
    }

    private struct Piece {
        let part: Part
        let area: Typed<Kinds.DrawingArea>
    }

    private var pieces: [Piece] = []
    /// The top card's rectangle on the stage (whole pixels), or nil: no shadow.
    private var card: (x: Int, y: Int, width: Int, height: Int)?
    private var surface: ImageSurface?
    private var surfaceSize: (width: Int, height: Int)?

    /// Whether the shadow is drawn (at rest) or left out (while cards move).
    var shown = true {
        didSet { if shown != oldValue { redraw() } }
    }

    init(stage: Widget) {
        for part in Part.allCases {
            let area: Widget = gtk_drawing_area_new()
            gtk_widget_set_can_target(area, 0)
            gtk_widget_set_can_focus(area, 0)
            Accessibility.setHidden(area, true)
            gtk_widget_set_parent(area, stage)
            let piece = Piece(part: part, area: Typed(area))
            DrawFunction.set(on: area) { [weak self] cr, _, _ in
                self?.draw(piece, cr)
            }
            pieces.append(piece)
        }
    }

    /// Puts the pieces just beneath `top` (the top card's widget) in the
    /// stage's drawing order: over the cards beneath, as the top card's own
    /// shadow would be.
    func restack(below top: Widget?, in stage: Widget) {
        for piece in pieces {
            if let top {
                gtk_widget_insert_before(piece.area.widget, stage, top)
            } else {
                gtk_widget_insert_after(piece.area.widget, stage, nil)
            }
        }
    }

    /// Places the pieces around the top card at rest, a rectangle in the
    /// stage's coordinates; nil hides the shadow. Called in the stage's
    /// layout pass.
    func place(card rect: (x: Int, y: Int, width: Int, height: Int)?) {
        let fits = rect.map { $0.width > 2 * (Self.radius + Self.blur) && $0.height > 2 * (Self.radius + Self.blur) } ?? false
        let placed = fits ? rect : nil
        if placed?.x != card?.x || placed?.y != card?.y || placed?.width != card?.width || placed?.height != card?.height {
            card = placed
            redraw()
        }
        for piece in pieces {
            let frame = placed.map { Self.frame(of: piece.part, around: $0) } ?? (x: 0, y: 0, width: 0, height: 0)
            var origin = graphene_point_t(x: Float(frame.x), y: Float(frame.y))
            gtk_widget_allocate(piece.area.widget, Int32(frame.width), Int32(frame.height), -1, gsk_transform_translate(nil, &origin))
        }
    }

    private func redraw() {
        for piece in pieces { gtk_widget_queue_draw(piece.area.widget) }
    }

    /// Where a piece goes on the stage, around the card `c`.
    private static func frame(of part: Part, around c: (x: Int, y: Int, width: Int, height: Int)) -> (x: Int, y: Int, width: Int, height: Int) {
        let r = radius, e = blur, dy = offsetY
        let top = c.y + dy - e, bottom = c.y + c.height + dy + e
        let left = c.x - e
        switch part {
        case .topLeft: return (left, top, e + r, c.y + r - top)
        case .top: return (c.x + r, top, c.width - 2 * r, max(0, c.y - top))
        case .topRight: return (c.x + c.width - r, top, e + r, c.y + r - top)
        case .left: return (left, c.y + r, e, c.height - 2 * r)
        case .right: return (c.x + c.width, c.y + r, e, c.height - 2 * r)
        case .bottomLeft: return (left, c.y + c.height - r, e + r, bottom - (c.y + c.height - r))
        case .bottom: return (c.x + r, c.y + c.height, c.width - 2 * r, bottom - (c.y + c.height))
        case .bottomRight: return (c.x + c.width - r, c.y + c.height - r, e + r, bottom - (c.y + c.height - r))
        }
    }

    private func draw(_ piece: Piece, _ cr: OpaquePointer) {
        guard shown, let card, let surface = shadow(width: card.width, height: card.height) else { return }
        // The shadow surface's corner on the stage, in the piece's coordinates.
        let frame = Self.frame(of: piece.part, around: card)
        let x = card.x - Self.blur - frame.x, y = card.y + Self.offsetY - Self.blur - frame.y
        cairo_set_source_surface(cr, surface.surface, Double(x), Double(y))
        cairo_paint(cr)
    }

    /// The shadow of a card of this size (made once per size).
    private func shadow(width: Int, height: Int) -> ImageSurface? {
        if let surface, let size = surfaceSize, size == (width, height) { return surface }
        surface = Self.makeShadow(width: width, height: height)
        surfaceSize = (width, height)
        return surface
    }

    // MARK: Making the shadow

    /// The blurred alpha of a rounded rectangle just large enough to hold
    /// four corner slices and a straight middle: `side` × `side`, values
    /// 0…1, row by row.
    static let sample: (side: Int, alpha: [Float]) = {
        let side = 2 * corner + 1
        let e = blur
        // The rounded rectangle, antialiased, with `e` of room all round.
        var coverage = [Float](repeating: 0, count: side * side)
        if let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(side), Int32(side)) {
            if let cr = cairo_create(mask) {
                CairoPath.roundedRectangle(cr, x: Double(e), y: Double(e), width: Double(side - 2 * e), height: Double(side - 2 * e),
                                           radius: Double(radius))
                cairo_fill(cr)
                cairo_destroy(cr)
            }
            cairo_surface_flush(mask)
            if let data = cairo_image_surface_get_data(mask) {
                let stride = Int(cairo_image_surface_get_stride(mask))
                for row in 0..<side {
                    for column in 0..<side { coverage[row * side + column] = Float(data[row * stride + column]) / 255 }
                }
            }
            cairo_surface_destroy(mask)
        }
        // A Gaussian blur of standard deviation blur / 2, rows then columns.
        let sigma = Float(blur) / 2
        let reach = Int((3 * sigma).rounded(.up))
        var kernel = (-reach...reach).map { exp(-Float($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        func pass(_ input: [Float], horizontal: Bool) -> [Float] {
            var output = [Float](repeating: 0, count: input.count)
            for row in 0..<side {
                for column in 0..<side {
                    var sum: Float = 0
                    for (index, weight) in kernel.enumerated() {
                        let offset = index - reach
                        let (x, y) = horizontal ? (column + offset, row) : (column, row + offset)
                        if x >= 0, x < side, y >= 0, y < side { sum += weight * input[y * side + x] }
                    }
                    output[row * side + column] = sum
                }
            }
            return output
        }
        return (side, pass(pass(coverage, horizontal: true), horizontal: false))
    }()

    /// The shadow of a `width` × `height` card: (width + 2 × blur) ×
    /// (height + 2 × blur) premultiplied black, its corner slices taken from
    /// `sample` and its sides from the sample's straight middle. Only the
    /// ring the pieces draw is filled (the card covers the rest).
    static func makeShadow(width: Int, height: Int) -> ImageSurface? {
        let (side, alpha) = sample
        let k = corner
        let surfaceWidth = width + 2 * blur, surfaceHeight = height + 2 * blur
        guard surfaceWidth > 2 * k, surfaceHeight > 2 * k,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(surfaceWidth), Int32(surfaceHeight)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let made = ImageSurface(adoptingSurface: surface, opaque: false)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        // The sample pixel standing for (x, y) of the shadow.
        func sampleIndex(_ x: Int, _ y: Int) -> Int {
            let sx = x < k ? x : (x >= surfaceWidth - k ? side - (surfaceWidth - x) : k)
            let sy = y < k ? y : (y >= surfaceHeight - k ? side - (surfaceHeight - y) : k)
            return sy * side + sx
        }
        let depth = k + 1
        for y in 0..<surfaceHeight {
            let row = UnsafeMutableRawPointer(data.advanced(by: y * stride)).bindMemory(to: UInt32.self, capacity: surfaceWidth)
            let nearEdge = y < depth || y >= surfaceHeight - depth
            for x in 0..<surfaceWidth where nearEdge || x < depth || x >= surfaceWidth - depth {
                let value = UInt32((alpha[sampleIndex(x, y)] * Float(Self.alpha) * 255).rounded())
                row[x] = min(value, 255) << 24
            }
        }
        cairo_surface_mark_dirty(surface)
        return made
    }
}
