import CGtk
import FlickCore
import GtkKit

/// Preferences (Ctrl+,): an AdwPreferencesWindow (`Resources/ui/preferences.ui`)
/// whose controls are bound to GSettings, so a change applies at once and
/// is remembered.
@MainActor
enum PreferencesWindow {
    /// The switches, by GSettings key (also their ids in the file).
    static let switches = ["start-muted", "loop-clips", "include-photos", "include-subfolders", "group-similar", "confirm-apply",
                           "undo-toasts", "xmp-sidecars"]

    static func present(over parent: Widget) {
        let settings = Settings.shared
        let ui = Builder(resource: InterfaceBundle.path("ui/preferences.ui"))
        let window = ui.widget("preferences")
        gtk_window_set_transient_for(window.cast(), parent.cast())
        for key in switches {
            let toggle = describe(key, in: ui)
            settings.bind(key, to: toggle, property: "active")
        }
        bindScale("swipe-distance", in: ui) { "\(Int(($0 * 100).rounded())) %" }
        bindScale("fling-speed", in: ui) { String(format: "%.1f widths/s", $0) }
        bindScale("xmp-like-rating", in: ui) { "\(Int($0.rounded())) ★" }
        bindScale("short-clip-seconds", in: ui) { tr("%@ s", String(format: "%.1f", $0)) }
        if settings.gsettings == nil {
            adw_preferences_group_set_description(ui.widget("swiping").cast(),
                                                  tr("Preferences are unavailable: the settings schema is not installed."))
            for group in ["playback", "folders", "similar", "deleting", "photo-managers", "suggestions"] { gtk_widget_set_sensitive(ui.widget(group), 0) }
        }
        // Focus starts on the first control (not the one-page switcher),
        // and no internal names or type names are read on the way in.
        // (once the window is active: GTK would start on the page switcher).
        let first = ui.widget("swipe-distance")
        Dialogs.onceActive(window) { gtk_widget_grab_focus(first) }
        Accessibility.tidy(window, closeLabel: tr("Close"))
        Accessibility.unnameStackPages(window)
        // The window (a toplevel) keeps itself until it is closed.
        gtk_window_present(window.cast())
    }

    /// The control `key`, named and described by its row for screen readers.
    private static func describe(_ key: String, in ui: Builder) -> Widget {
        let control = ui.widget(key)
        let row = ui.widget("\(key)-row")
        // The subtitle is part of the name, not a description: GTK 4.8 sends
        // a description set before the first focus again as a change on
        // that focus, and Orca reads it twice.
        let title = adw_preferences_row_get_title(row.cast()).map { String(cString: $0) } ?? ""
        let subtitle = adw_action_row_get_subtitle(row.cast()).map { String(cString: $0) } ?? ""
        Accessibility.setLabel(control, subtitle.isEmpty ? title : tr("%@: %@", title, subtitle))
        // Tab goes from control to control, each read with its row's words;
        // the rows themselves would be read as "Title, not selected" and
        // ignore Space (a scale's row activates nothing).
        gtk_widget_set_focusable(row, 0)
        return control
    }

    /// Binds the scale `key` to its setting; its label shows the value as
    /// `format` writes it.
    private static func bindScale(_ key: String, in ui: Builder, format: @escaping (Double) -> String) {
        _ = describe(key, in: ui)
        let adjustment = ui.object("\(key)-adjustment")
        let value = ui.widget("\(key)-value")
        let update = { gtk_label_set_text(value.cast(), format(gtk_adjustment_get_value(adjustment.cast()))) }
        connect(adjustment, .void("value-changed")) { update() }
        Settings.shared.bind(key, to: adjustment, property: "value")
        update()
    }
}
