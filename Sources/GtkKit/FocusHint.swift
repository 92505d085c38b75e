import CGtk

/// A widget's hint (its tooltip), read once by a screen reader on the
/// widget's first focus as on every later one.
///
/// GTK 4.8 makes a tooltip the widget's accessible description, and sends
/// a widget's pending name and description as change events the first time
/// the widget is exposed, which for a button is its first focus: Orca 43
/// reads the description with the focus and again for the event
/// ("Previous hint.", "Previous hint"). So the description stays empty
/// until the widget first has the focus (the flush then carries nothing,
/// and Orca skips an empty description), and is set `delay` later, once
/// Orca has read the focused widget: its change event is the one reading.
/// Later focuses read it with the widget, once.
@MainActor
public enum FocusHint {
    /// Time for the screen reader to read a newly focused widget before
    /// its hint is given (the same wait as a dialog's body).
    public static let delay: Duration = .milliseconds(600)

    private static let pendingKey = "flick-focus-hint-pending"

    /// Sets `widget`'s tooltip to `hint` (nil: none).
    public static func set(_ widget: Widget, _ hint: String?) {
        gtk_widget_set_tooltip_text(widget, hint)
        let state = g_object_get_data(object(widget), pendingKey)
        if state == doneMarker { return }  // focused before: the description is the tooltip's
        Accessibility.setDescription(widget, "")
        guard state == nil else { return }
        g_object_set_data(object(widget), pendingKey, pendingMarker)
        let weak = WeakObjectRef(widget: widget)
        connect(widget, .notify("has-focus")) { _ in
            let first = weak.with { widget -> Bool in
                guard gtk_widget_has_focus(widget) != 0,
                      g_object_get_data(object(widget), pendingKey) == pendingMarker else { return false }
                g_object_set_data(object(widget), pendingKey, doneMarker)
                return true
            }
            guard first == true else { return }
            Task { @MainActor in
                try? await Task.sleep(for: delay)
                weak.with { widget in
                    guard let text = gtk_widget_get_tooltip_text(widget) else { return }
                    Accessibility.setDescription(widget, String(cString: text))
                }
            }
        }
    }

    private static func object(_ widget: Widget) -> UnsafeMutablePointer<GObject> {
        UnsafeMutablePointer(OpaquePointer(widget))
    }

    private static let pendingMarker = UnsafeMutableRawPointer(bitPattern: 1)
    private static let doneMarker = UnsafeMutableRawPointer(bitPattern: 2)
}
