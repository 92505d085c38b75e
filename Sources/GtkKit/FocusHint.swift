import CGtk

/// A widget's hint (its tooltip), read once by a screen reader on the
/// widget's first focus as on every later one.
///
/// GTK 4.8 makes a tooltip the widget's accessible description, and sends
/// a widget's pending name and description as change events the first time
/// the widget is exposed, which for a button is its first focus: Orca 43
/// reads the description with the focus and again for the event
/// ("Previous hint.", "Previous hint"). So the description stays empty
/// until the widget has been read once:
///
///   first focus ──▶ GTK's flush carries "" (Orca skips it)
///               ──▶ next main-loop turn: pulse (description := hint, := "")
///                   Orca reads the event's text once, after the focus; a
///                   query in between only ever sees ""
///   focus leaves ──▶ next turn, with the focus elsewhere: description := hint
///                   (not the focus: Orca says nothing), so later focuses and
///                   Where Am I read it with the widget, once.
///
/// Nothing here waits for a time: a loaded machine that reads the focus
/// late still hears the hint once (a timer raced Orca's own reading).
@MainActor
public enum FocusHint {
    private static let stateKey = "flick-focus-hint-state"

    /// Sets `widget`'s tooltip to `hint` (nil: none).
    public static func set(_ widget: Widget, _ hint: String?) {
        gtk_widget_set_tooltip_text(widget, hint)
        let state = g_object_get_data(object(widget), stateKey)
        if state == settled { return }  // read before: the description follows the tooltip
        Accessibility.setDescription(widget, "")
        guard state == nil else { return }
        g_object_set_data(object(widget), stateKey, unread)
        let weak = WeakObjectRef(widget: widget)
        connect(widget, .notify("has-focus")) { _ in
            weak.with { widget in
                guard g_object_get_data(object(widget), stateKey) != settled else { return }
                let focused = gtk_widget_has_focus(widget) != 0
                if focused { g_object_set_data(object(widget), stateKey, read) }
                Task { @MainActor in
                    weak.with { widget in focused ? pulse(widget) : settle(widget) }
                }
            }
        }
    }

    /// Says the hint once on the focused widget, leaving the description empty.
    private static func pulse(_ widget: Widget) {
        guard gtk_widget_has_focus(widget) != 0, let hint = tooltip(widget) else { return }
        Accessibility.setDescription(widget, hint)
        Accessibility.setDescription(widget, "")
    }

    /// Gives the description the hint for good, once the focus is elsewhere
    /// in the same window (a window left for another keeps the screen
    /// reader on this widget: it waits for the next focus move).
    private static func settle(_ widget: Widget) {
        guard gtk_widget_has_focus(widget) == 0, g_object_get_data(object(widget), stateKey) == read,
              let window = gtk_widget_get_root(widget), gtk_window_is_active(UnsafeMutablePointer<GtkWindow>(window)) != 0 else { return }
        g_object_set_data(object(widget), stateKey, settled)
        Accessibility.setDescription(widget, tooltip(widget) ?? "")
    }

    private static func tooltip(_ widget: Widget) -> String? {
        gtk_widget_get_tooltip_text(widget).map { String(cString: $0) }
    }

    private static func object(_ widget: Widget) -> UnsafeMutablePointer<GObject> {
        UnsafeMutablePointer(OpaquePointer(widget))
    }

    /// The hint was never read: the description stays empty.
    private static let unread = UnsafeMutableRawPointer(bitPattern: 1)
    /// Read with a pulse; the description is set once the focus leaves.
    private static let read = UnsafeMutableRawPointer(bitPattern: 2)
    /// The description is the hint (GTK keeps it in step with the tooltip).
    private static let settled = UnsafeMutableRawPointer(bitPattern: 3)
}
