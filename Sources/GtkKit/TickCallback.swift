import CGtk

/// A per-frame callback on a widget's frame clock (`gtk_widget_add_tick_callback`).
///
/// Add one only while something moves: a running callback keeps the frame
/// clock at 60 Hz. The handler receives the frame time in microseconds and returns whether it
/// wants further frames. The boxed handler is released by GTK's destroy notify.
@MainActor
public final class TickCallback {
    public typealias Handler = @MainActor (Int64) -> Bool

    /// Weak: the widget tree owns the widget; a callback outliving it is harmless.
    private let widget: WeakObjectRef<UnsafeMutablePointer<GtkWidget>>
    private var id: guint

    public init(on widget: some GObjectPointer, _ handler: @escaping Handler) {
        self.widget = WeakObjectRef(widget: widget.widget)
        let box = Unmanaged.passRetained(HandlerBox<Handler>(handler)).toOpaque()
        id = gtk_widget_add_tick_callback(widget.widget, { _, clock, data in
            guard let handler = HandlerBox<Handler>.from(data) else { return 0 }
            let time = Int64(gdk_frame_clock_get_frame_time(clock))
            return MainActor.assumeIsolated { handler(time) } ? 1 : 0
        }, box, { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        })
    }

    /// Stops the callback if it is still running.
    public func remove() {
        guard id != 0 else { return }
        let id = self.id
        self.id = 0
        widget.with { gtk_widget_remove_tick_callback($0, id) }
    }
}
