import CGtk

/// A per-frame callback on a widget's frame clock (`gtk_widget_add_tick_callback`).
///
/// The handler receives the frame time in microseconds and returns whether it
/// wants further frames. The boxed handler is released by GTK's destroy notify.
@MainActor
public final class TickCallback {
    public typealias Handler = @MainActor (Int64) -> Bool

    private let widget: UnsafeMutablePointer<GtkWidget>
    private var id: guint

    public init(on widget: some GObjectPointer, _ handler: @escaping Handler) {
        self.widget = widget.widget
        let box = Unmanaged.passRetained(HandlerBox<Handler>(handler)).toOpaque()
        id = gtk_widget_add_tick_callback(self.widget, { _, clock, data in
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
        gtk_widget_remove_tick_callback(widget, id)
        id = 0
    }
}
