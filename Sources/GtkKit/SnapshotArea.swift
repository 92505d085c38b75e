import CGtk

/// A widget that draws itself through a Swift closure given GTK's snapshot
/// (render nodes), not a cairo context: what a `GtkDrawingArea` does, plus
/// textures and colour nodes that the GL renderer draws on the GPU. It has
/// no children and no size of its own; its parent sizes it.
///
/// `SnapshotArea.make()` returns a floating reference, like a GTK
/// constructor; `SnapshotArea.draw(on:)` gives it its closure, which lives
/// as long as the widget (as `DrawFunction.set` does for a drawing area).
@MainActor
public enum SnapshotArea {
    /// Called with the widget's snapshot, width and height, in its own
    /// coordinates.
    public typealias Handler = @MainActor (OpaquePointer, Double, Double) -> Void

    /// A new area that draws nothing until `draw(on:)`.
    public static func make() -> Widget {
        guard let object = g_object_new_with_properties(type, 0, nil, nil) else {
            preconditionFailure("GObject returns an instance of a registered type or aborts")
        }
        return UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
    }

    /// Makes `area` (from `make()`) draw with `handler`, replacing any before.
    public static func draw(on area: Widget, _ handler: @escaping Handler) {
        let box = Unmanaged.passRetained(HandlerBox<Handler>(handler)).toOpaque()
        g_object_set_qdata_full(UnsafeMutableRawPointer(area).assumingMemoryBound(to: GObject.self), quark, box) { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
    }

    /// Whether `widget`'s window is drawn by GTK's cairo renderer (software);
    /// false under GL or Vulkan, and for a widget not yet in a realized window.
    public static func usesCairoRenderer(_ widget: Widget) -> Bool {
        renderer(of: widget).map { g_type_check_instance_is_a($0, gsk_cairo_renderer_get_type()) != 0 } ?? false
    }

    /// The type name of the renderer drawing `widget`'s window (e.g.
    /// "GskGLRenderer"), nil before it is realized.
    public static func rendererName(_ widget: Widget) -> String? {
        renderer(of: widget).map { String(cString: g_type_name_from_instance($0)) }
    }

    private static func renderer(of widget: Widget) -> UnsafeMutablePointer<GTypeInstance>? {
        guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else { return nil }
        return UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self)
    }

    nonisolated private static let quark = g_quark_from_static_string("flick-snapshot-area")

    /// The GType, registered once (a subclass of GtkWidget that overrides
    /// only `snapshot`, an image for accessibility like a drawing area).
    nonisolated private static let type: GType = g_type_register_static_simple(
        gtk_widget_get_type(), "FlickSnapshotArea",
        guint(MemoryLayout<GtkWidgetClass>.size), { klass, _ in
            guard let klass else { return }
            let widgetClass = klass.assumingMemoryBound(to: GtkWidgetClass.self)
            widgetClass.pointee.snapshot = { widget, snapshot in
                guard let widget, let snapshot,
                      let data = g_object_get_qdata(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), SnapshotArea.quark),
                      let handler = HandlerBox<Handler>.from(data) else { return }
                let width = Double(gtk_widget_get_width(widget)), height = Double(gtk_widget_get_height(widget))
                nonisolated(unsafe) let widgetSnapshot = snapshot // GTK snapshots on the main thread
                MainActor.assumeIsolated { handler(widgetSnapshot, width, height) }
            }
            gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_IMG)
        },
        guint(MemoryLayout<GtkWidget>.size), nil, GTypeFlags(rawValue: 0))
}
