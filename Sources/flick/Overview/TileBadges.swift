import CGtk
import Foundation
import GtkKit

/// The chips drawn over a tile's poster: the decision badge (a symbolic
/// icon and a word on the decision's colour, bottom left) and "Current"
/// (top right, on the accent colour). Drawn with cairo and Pango inside the
/// tile's picture rather than as five more widgets per tile: GTK 4.8's grid
/// makes new tile widgets for every row that scrolls in, and each widget
/// costs its own style computation, layout and accessible object.
///
/// Sizes and colours follow style.css's `.tile-badge` / `.tile-current`.
@MainActor
enum TileBadges {
    /// A chip's margin from the poster's edge, padding and corner radius (px).
    static let margin = 4.0
    static let padding = (x: 6.0, y: 1.0)
    static let radius = 6.0
    /// Icon size and the gap to the word (px).
    static let iconSize = 16
    static let spacing = 4.0

    /// The badge's look for a decision: icon, word and fill.
    struct Badge: Equatable {
        var icon: String
        var word: String
        var fill: (Double, Double, Double, Double)

        static func == (a: Badge, b: Badge) -> Bool { a.icon == b.icon && a.word == b.word }
    }

    /// A stack's chip (top left): a symbolic icon and the count ("5") or
    /// "Live"; a suggestion's chip (above the badge): "Suggested: short".
    struct Marks: Equatable {
        var stack: (icon: String, word: String)?
        var suggestion: String?

        static func == (a: Marks, b: Marks) -> Bool {
            a.stack?.icon == b.stack?.icon && a.stack?.word == b.stack?.word && a.suggestion == b.suggestion
        }
    }

    /// Draws `badge` in the bottom-left corner, the suggestion above it,
    /// the stack's chip in the top-left corner and, if `current`, the
    /// "Current" chip in the top-right corner of a `width`×`height` box.
    /// Each chip is drawn once (per look and scale) into a surface; a tile
    /// then only copies it. Returns where the stack's chip is (points), for
    /// a click on it.
    @discardableResult
    static func draw(_ cr: OpaquePointer, on widget: Widget, width: Double, height: Double, badge: Badge?, current: Bool,
                     marks: Marks = Marks()) -> (x: Double, y: Double, width: Double, height: Double)? {
        let scale = Int(max(1, gtk_widget_get_scale_factor(widget)))
        var bottom = height - margin
        if let badge, let chip = chip(.badge(badge), widget: widget, scale: scale) {
            bottom -= Double(chip.height / scale)
            paint(cr, chip, x: margin, y: bottom, scale: scale)
            bottom -= margin
        }
        if let suggestion = marks.suggestion, let chip = chip(.suggestion(suggestion), widget: widget, scale: scale) {
            paint(cr, chip, x: margin, y: bottom - Double(chip.height / scale), scale: scale)
        }
        if current, let chip = chip(.current, widget: widget, scale: scale) {
            paint(cr, chip, x: width - margin - Double(chip.width / scale), y: margin, scale: scale)
        }
        guard let stack = marks.stack, let chip = chip(.stack(icon: stack.icon, word: stack.word), widget: widget, scale: scale) else {
            return nil
        }
        paint(cr, chip, x: margin, y: margin, scale: scale)
        return (margin, margin, Double(chip.width / scale), Double(chip.height / scale))
    }

    /// The icon a tile without a picture shows in its middle (what the
    /// clip is, or that it can't be shown), dimmed on the box's background.
    static func drawSymbol(_ cr: OpaquePointer, on widget: Widget, name: String, width: Double, height: Double) {
        let scale = Int(max(1, gtk_widget_get_scale_factor(widget)))
        guard let image = iconSurface(name, widget: widget, size: symbolSize) else { return }
        cairo_save(cr)
        cairo_translate(cr, ((width - Double(symbolSize)) / 2).rounded(), ((height - Double(symbolSize)) / 2).rounded())
        cairo_scale(cr, 1 / Double(scale), 1 / Double(scale))
        // In the text's colour (dark on a light style, light on a dark one).
        var colour = GdkRGBA(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &colour)
        cairo_set_source_rgba(cr, Double(colour.red), Double(colour.green), Double(colour.blue), symbolAlpha)
        cairo_mask_surface(cr, image.surface, 0, 0)
        cairo_restore(cr)
    }

    /// Points of the symbol on a tile without a picture: large enough to
    /// read at a glance on a 160-point tile.
    static let symbolSize = 40
    /// Dimmed: it stands in for a picture, it is not one.
    static let symbolAlpha = 0.55

    private static func paint(_ cr: OpaquePointer, _ chip: ImageSurface, x: Double, y: Double, scale: Int) {
        cairo_save(cr)
        cairo_translate(cr, x.rounded(), y.rounded())
        cairo_scale(cr, 1 / Double(scale), 1 / Double(scale))
        cairo_set_source_surface(cr, chip.surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    private enum Chip {
        case badge(Badge)
        case current
        case stack(icon: String, word: String)
        case suggestion(String)
    }

    /// A suggestion's fill: amber, read as "worth a look", never as a
    /// decision's colour (with dark words on it).
    static let suggestionFill = (0xf6 / 255.0, 0xd3 / 255.0, 0x2d / 255.0, 1.0)
    /// A stack's fill: the undecided badge's dark veil, so the count reads on any picture.
    static let stackFill = (0.0, 0.0, 0.0, 0.7)

    /// Chips drawn so far, by look and scale (a handful).
    private static var chips: [String: ImageSurface] = [:]

    private static func chip(_ chip: Chip, widget: Widget, scale: Int) -> ImageSurface? {
        let (background, foreground) = accent(widget)
        let key: String = switch chip {
        case .badge(let badge): "badge \(badge.icon) \(badge.word) \(scale)"
        case .current: "current \(background) \(foreground) \(scale)"
        case .stack(let icon, let word): "stack \(icon) \(word) \(scale)"
        case .suggestion(let word): "suggestion \(word) \(scale)"
        }
        if let made = chips[key] { return made }
        let text: String, bold: Bool, icon: String?
        switch chip {
        case .badge(let badge): (text, bold, icon) = (badge.word, false, badge.icon)
        case .current: (text, bold, icon) = (tr("Current"), true, nil)
        case .stack(let stackIcon, let word): (text, bold, icon) = (word, true, stackIcon)
        case .suggestion(let word): (text, bold, icon) = (word, false, nil)
        }
        guard let layout = textLayout(widget, text, bold: bold) else { return nil }
        let size = pixelSize(layout), iconWidth = icon == nil ? 0 : Double(iconSize) + spacing
        let width = iconWidth + size.width + 2 * padding.x
        let height = max(icon == nil ? 0 : Double(iconSize), size.height) + 2 * padding.y
        let pixels = (width: Int((width * Double(scale)).rounded(.up)), height: Int((height * Double(scale)).rounded(.up)))
        guard let bytes = calloc(pixels.width * 4 * pixels.height, 1),
              let surface = ImageSurface(adopting: bytes, width: pixels.width, height: pixels.height, stride: pixels.width * 4, opaque: false),
              let cr = cairo_create(surface.surface) else { return nil }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(scale), Double(scale))
        switch chip {
        case .badge(let badge): fillChip(cr, x: 0, y: 0, width: width, height: height, rgba: badge.fill)
        case .current: fillChip(cr, x: 0, y: 0, width: width, height: height, rgba: background)
        case .stack: fillChip(cr, x: 0, y: 0, width: width, height: height, rgba: stackFill)
        case .suggestion: fillChip(cr, x: 0, y: 0, width: width, height: height, rgba: suggestionFill)
        }
        if let icon, let image = iconSurface(icon, widget: widget) {
            cairo_save(cr)
            cairo_translate(cr, padding.x, ((height - Double(iconSize)) / 2).rounded())
            cairo_scale(cr, 1 / Double(scale), 1 / Double(scale))
            cairo_set_source_surface(cr, image.surface, 0, 0)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        if case .current = chip {
            cairo_set_source_rgba(cr, foreground.0, foreground.1, foreground.2, foreground.3)
        } else if case .suggestion = chip {
            cairo_set_source_rgb(cr, 0.14, 0.12, 0.05)
        } else {
            cairo_set_source_rgb(cr, 1, 1, 1)
        }
        cairo_move_to(cr, padding.x + iconWidth, ((height - size.height) / 2).rounded())
        pango_cairo_show_layout(cr, layout.pointer)
        cairo_surface_flush(surface.surface)
        chips[key] = surface
        return surface
    }

    private static func fillChip(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double,
                                 rgba: (Double, Double, Double, Double)) {
        CairoPath.roundedRectangle(cr, x: x, y: y, width: width, height: height, radius: min(radius, height / 2))
        cairo_set_source_rgba(cr, rgba.0, rgba.1, rgba.2, rgba.3)
        cairo_fill(cr)
    }

    /// The widget's font at "smaller" (Pango's small scale), bold if asked.
    private static func textLayout(_ widget: Widget, _ text: String, bold: Bool) -> ObjectRef<OpaquePointer>? {
        guard let layout = ObjectRef<OpaquePointer>(taking: gtk_widget_create_pango_layout(widget, text)) else { return nil }
        let attributes = AttributeListRef(taking: pango_attr_list_new() as OpaquePointer)
        pango_attr_list_insert(attributes.pointer, pango_attr_scale_new(PANGO_SCALE_SMALL))
        if bold { pango_attr_list_insert(attributes.pointer, pango_attr_weight_new(PANGO_WEIGHT_BOLD)) }
        pango_layout_set_attributes(layout.pointer, attributes.pointer)  // the layout keeps its own reference
        return layout
    }

    private static func pixelSize(_ layout: ObjectRef<OpaquePointer>) -> (width: Double, height: Double) {
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout.pointer, &width, &height)
        return (Double(width), Double(height))
    }

    /// The theme's accent colours (libadwaita's named colours).
    private static func accent(_ widget: Widget) -> ((Double, Double, Double, Double), (Double, Double, Double, Double)) {
        let context = gtk_widget_get_style_context(widget)
        var background = GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 1), foreground = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
        _ = gtk_style_context_lookup_color(context, "accent_bg_color", &background)
        _ = gtk_style_context_lookup_color(context, "accent_fg_color", &foreground)
        return ((Double(background.red), Double(background.green), Double(background.blue), Double(background.alpha)),
                (Double(foreground.red), Double(foreground.green), Double(foreground.blue), Double(foreground.alpha)))
    }

    /// Symbolic icons drawn white, once per name and scale.
    private static var icons: [String: ImageSurface] = [:]

    private static func iconSurface(_ name: String, widget: Widget, size iconSize: Int = iconSize) -> ImageSurface? {
        let scale = Int(max(1, gtk_widget_get_scale_factor(widget)))
        let key = "\(name)@\(scale)/\(iconSize)"
        if let icon = icons[key] { return icon }
        guard let display = gtk_widget_get_display(widget), let theme = gtk_icon_theme_get_for_display(display),
              let icon = ObjectRef(taking: gtk_icon_theme_lookup_icon(theme, name, nil, Int32(iconSize), Int32(scale), GTK_TEXT_DIR_NONE,
                                                                      GtkIconLookupFlags(rawValue: 0))) else { return nil }
        let paintable = icon.pointer
        let snapshot = gtk_snapshot_new()
        var colors = [GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1), GdkRGBA(red: 0.88, green: 0.11, blue: 0.14, alpha: 1),
                      GdkRGBA(red: 0.96, green: 0.76, blue: 0.07, alpha: 1), GdkRGBA(red: 0.18, green: 0.76, blue: 0.49, alpha: 1)]
        gtk_symbolic_paintable_snapshot_symbolic(paintable, snapshot, Double(iconSize), Double(iconSize), &colors, 4)
        guard let drawn = RenderNodeRef(taking: gtk_snapshot_free_to_node(snapshot)) else { return nil }
        let node = drawn.pointer
        let pixels = iconSize * scale, stride = pixels * 4
        guard let bytes = calloc(stride * pixels, 1),
              let surface = ImageSurface(adopting: bytes, width: pixels, height: pixels, stride: stride, opaque: false),
              let cr = cairo_create(surface.surface) else { return nil }
        cairo_scale(cr, Double(scale), Double(scale))
        gsk_render_node_draw(node, cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface.surface)
        icons[key] = surface
        return surface
    }
}
