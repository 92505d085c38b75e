import CGtk
import GtkKit

/// Where the analysis line floats over the pages: the stage overlay asks
/// (GtkOverlay "get-child-position") and the line answers: its pill gets a
/// rectangle as wide as its words need, no wider than the stage less its margins,
/// and one line tall (in a narrow window its words give way at their
/// start, the count stays); Stop gets the room kept for it at the pill's
/// end. The overlay does not measure them, so it never makes the window
/// bigger, and the pages under it keep their size whether it shows or not.
extension AnalysisProgress {
    enum Place {
        /// At the top of the stage, at its start: over the start of the
        /// review page's progress bar, clear of the deck position at its
        /// end ("4 of 6 · 179.9 kB marked for deletion") in all but a
        /// narrow window, and over the top edge of the card when the page
        /// is short and has dropped that row; never over the header bar.
        case top
        /// At the foot of the stage, over the overview's status line: its
        /// filters and Apply Deletions… are at its top.
        case foot
    }

    /// Pixels between the line and the stage's edges: the header bar's
    /// bottom edge stays in sight, and in a narrow window the line keeps
    /// clear of the window's sides.
    static let edgeMargin: Int32 = 6
    static let sideMargin: Int32 = 12
    /// The widest the line grows (pixels), so its words read as one short
    /// line in a maximized window, not a bar across the screen.
    static let maximumWidth: Int32 = 640

    /// Puts the line over `stage`, a GtkOverlay around the pages: the pill,
    /// then Stop over it (the overlay places its children in that order).
    func attach(to stage: Widget) {
        gtk_overlay_add_overlay(stage.cast(), root.widget)
        gtk_overlay_add_overlay(stage.cast(), stopRoot.widget)
        let box = Unmanaged.passRetained(self).toOpaque()
        g_signal_connect_data(stage.rawObject, "get-child-position", unsafeBitCast(Self.position, to: GCallback.self), box,
                              { data, _ in if let data { Unmanaged<AnyObject>.fromOpaque(data).release() } }, GConnectFlags(rawValue: 0))
    }

    /// Moves the line to `place` (the page shown changed).
    func place(_ place: Place) {
        guard place != self.placement else { return }
        placement = place
        if let stage = gtk_widget_get_parent(root.widget) { gtk_widget_queue_allocate(stage) }
    }

    private typealias PositionFunction = @convention(c) (OpaquePointer?, UnsafeMutablePointer<GtkWidget>?,
                                                          UnsafeMutablePointer<GdkRectangle>?, gpointer?) -> gboolean

    private static let position: PositionFunction = { stage, child, rectangle, data in
        guard let stage, let child, let rectangle, let data else { return 0 }
        let line = Unmanaged<AnalysisProgress>.fromOpaque(data).takeUnretainedValue()
        let childAddress = Int(bitPattern: child)
        let width = gtk_widget_get_width(UnsafeMutablePointer(stage)), height = gtk_widget_get_height(UnsafeMutablePointer(stage))
        let placed: GdkRectangle? = MainActor.assumeIsolated {
            if Int(bitPattern: line.root.widget) == childAddress { return line.rectangle(width: width, height: height) }
            if Int(bitPattern: line.stopRoot.widget) == childAddress { return line.stopRectangle() }
            return nil
        }
        guard let placed else { return 0 }
        rectangle.pointee = placed
        return 1
    }

    /// Stop's rectangle: the room the pill keeps for it, where the pill was
    /// just placed in this same layout pass.
    private func stopRectangle() -> GdkRectangle {
        var bounds = graphene_rect_t()
        guard let stage = gtk_widget_get_parent(stopRoot.widget),
              gtk_widget_compute_bounds(stopRoom.widget, stage, &bounds) != 0 else { return GdkRectangle(x: 0, y: 0, width: 0, height: 0) }
        return GdkRectangle(x: Int32(bounds.origin.x.rounded()), y: Int32(bounds.origin.y.rounded()),
                            width: Int32(bounds.size.width.rounded()), height: Int32(bounds.size.height.rounded()))
    }

    /// The line's rectangle in a stage of `width`×`height`.
    private func rectangle(width: Int32, height: Int32) -> GdkRectangle {
        var least: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(root.widget, GTK_ORIENTATION_HORIZONTAL, -1, &least, &natural, nil, nil)
        let lineWidth = max(least, min(natural, Self.maximumWidth, width - 2 * Self.sideMargin))
        var tallest: Int32 = 0
        gtk_widget_measure(root.widget, GTK_ORIENTATION_VERTICAL, lineWidth, &least, &tallest, nil, nil)
        let lineHeight = min(max(least, tallest), height)
        switch placement {
        case .top:
            let rightToLeft = gtk_widget_get_direction(root.widget) == GTK_TEXT_DIR_RTL
            let x = rightToLeft ? width - lineWidth - Self.sideMargin : Self.sideMargin
            return GdkRectangle(x: max(0, x), y: Self.edgeMargin, width: lineWidth, height: lineHeight)
        case .foot:
            return GdkRectangle(x: (width - lineWidth) / 2, y: max(0, height - lineHeight - Self.edgeMargin),
                                width: lineWidth, height: lineHeight)
        }
    }
}
