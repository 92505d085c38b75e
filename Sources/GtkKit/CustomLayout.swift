import CGtk

/// Children placed by Swift code: gives `widget` a GtkCustomLayout whose
/// measure and allocate callbacks call the closures given here.
///
///     CustomLayout.install(on: stage, minimum: 120) { width, height in
///         for card in cards { card.allocate(…) }     // gtk_widget_allocate with a transform
///     }
///
/// The widget reports `minimum` in both directions and as its natural
/// size, whatever its children measure, so transformed children never
/// grow the window (no scrolled window needed around it). `allocate` runs
/// in GTK's layout phase with the widget's new size, so children follow a
/// resize in the same frame; call `gtk_widget_queue_allocate` to run it
/// again when something moves. The closure lives as long as the widget
/// (kept as its object data, released when the widget is finalized).
@MainActor
public enum CustomLayout {
    public typealias Allocate = @MainActor (_ width: Int32, _ height: Int32) -> Void

    private nonisolated static let key = "flick-custom-layout"

    private final class Box {
        let minimum: Int32
        let allocate: Allocate
        init(minimum: Int32, allocate: @escaping Allocate) {
            self.minimum = minimum
            self.allocate = allocate
        }
    }

    public static func install(on widget: Widget, minimum: Int32, allocate: @escaping Allocate) {
        let box = Unmanaged.passRetained(Box(minimum: minimum, allocate: allocate)).toOpaque()
        g_object_set_data_full(widget.rawObject.assumingMemoryBound(to: GObject.self), key, box) { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        let measure: GtkCustomMeasureFunc = { widget, _, _, minimum, natural, _, _ in
            let size = CustomLayout.box(of: widget)?.minimum ?? 0
            minimum?.pointee = size
            natural?.pointee = size
        }
        let allocate: GtkCustomAllocateFunc = { widget, width, height, _ in
            guard let box = CustomLayout.box(of: widget) else { return }
            MainActor.assumeIsolated { box.allocate(width, height) }
        }
        let layout = gtk_custom_layout_new(nil, measure, allocate)
        gtk_widget_set_layout_manager(widget, layout)
    }

    private nonisolated static func box(of widget: UnsafeMutablePointer<GtkWidget>?) -> Box? {
        guard let widget, let data = g_object_get_data(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), key) else { return nil }
        return Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
    }
}
