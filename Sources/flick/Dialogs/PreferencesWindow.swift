import CGtk
import FlickCore
import GtkKit

/// Preferences (Ctrl+,): an AdwPreferencesWindow whose rows are bound to
/// GSettings, so a change applies at once and is remembered.
@MainActor
enum PreferencesWindow {
    static func present(over parent: Widget) {
        let settings = Settings.shared
        let window: Widget = adw_preferences_window_new()
        gtk_window_set_transient_for(window.cast(), parent.cast())
        gtk_window_set_modal(window.cast(), 1)
        gtk_window_set_title(window.cast(), tr("Preferences"))
        adw_preferences_window_set_search_enabled(window.cast(), 0)

        let page: Widget = adw_preferences_page_new()
        adw_preferences_page_set_title(page.cast(), tr("General"))
        adw_preferences_page_set_icon_name(page.cast(), "preferences-system-symbolic")

        let swiping = group(tr("Swiping"), description: settings.gsettings == nil
            ? tr("Preferences are unavailable: the settings schema is not installed.")
            : tr("Smaller values decide with less movement."))
        add(scaleRow(tr("Swipe distance"), subtitle: tr("How far to drag a card before it decides"),
                     key: "swipe-distance", range: 0.15...0.60, step: 0.05, mark: 0.35) { "\(Int(($0 * 100).rounded())) %" },
            to: swiping)
        add(scaleRow(tr("Fling speed"), subtitle: tr("How fast a short flick must be to decide"),
                     key: "fling-speed", range: 300...2500, step: 100, mark: 800) { "\(Int($0)) px/s" },
            to: swiping)

        let playback = group(tr("Playback"))
        add(switchRow(tr("Start muted"), subtitle: tr("Clips play without sound until you press M"), key: "start-muted"), to: playback)
        add(switchRow(tr("Loop clips"), subtitle: tr("The top clip starts again when it ends"), key: "loop-clips"), to: playback)

        let folders = group(tr("Folders"), description: tr("Applies to the next folder you open."))
        add(switchRow(tr("Include photos"), subtitle: tr("Photos in the folder are cards too"), key: "include-photos"), to: folders)
        add(switchRow(tr("Include subfolders"), subtitle: tr("Review the clips in subfolders as well"), key: "include-subfolders"), to: folders)

        let safety = group(tr("Deleting"))
        add(switchRow(tr("Confirm before applying"), subtitle: tr("Ask before moving clips to the Trash"), key: "confirm-apply"), to: safety)
        add(switchRow(tr("Undo toasts"), subtitle: tr("Offer Undo after each delete"), key: "undo-toasts"), to: safety)

        let sidecars = group(tr("Photo Managers"), description: tr("darktable, digiKam and other apps read ratings from XMP sidecars."))
        add(switchRow(tr("Keep XMP sidecars in step"),
                      subtitle: tr("Rate each clip in NAME.EXT.xmp as you decide: rejected when marked for deletion"), key: "xmp-sidecars"),
            to: sidecars)
        add(scaleRow(tr("Rating for liked clips"), subtitle: tr("The stars a liked clip gets in its sidecar"),
                     key: "xmp-like-rating", range: 1...5, step: 1, mark: 1) { "\(Int($0.rounded())) ★" },
            to: sidecars)

        for group in [swiping, playback, folders, safety, sidecars] {
            adw_preferences_page_add(page.cast(), group.cast())
        }
        adw_preferences_window_add(window.cast(), page.cast())
        if settings.gsettings == nil {
            for group in [playback, folders, safety, sidecars] { gtk_widget_set_sensitive(group, 0) }
        }
        gtk_window_present(window.cast())
    }

    private static func group(_ title: String, description: String? = nil) -> Widget {
        let group: Widget = adw_preferences_group_new()
        adw_preferences_group_set_title(group.cast(), title)
        if let description { adw_preferences_group_set_description(group.cast(), description) }
        return group
    }

    private static func add(_ row: Widget, to group: Widget) {
        adw_preferences_group_add(group.cast(), row)
    }

    private static func switchRow(_ title: String, subtitle: String, key: String) -> Widget {
        let row: Widget = adw_action_row_new()
        adw_preferences_row_set_title(row.cast(), title)
        adw_action_row_set_subtitle(row.cast(), subtitle)
        let toggle: Widget = gtk_switch_new()
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        Accessibility.setLabel(toggle, title)
        Accessibility.setDescription(toggle, subtitle)
        adw_action_row_add_suffix(row.cast(), toggle)
        adw_action_row_set_activatable_widget(row.cast(), toggle)
        Settings.shared.bind(key, to: toggle, property: "active")
        return row
    }

    private static func scaleRow(_ title: String, subtitle: String, key: String, range: ClosedRange<Double>, step: Double,
                                 mark: Double, format: @escaping (Double) -> String) -> Widget {
        let row: Widget = adw_action_row_new()
        adw_preferences_row_set_title(row.cast(), title)
        adw_action_row_set_subtitle(row.cast(), subtitle)
        guard let adjustment = gtk_adjustment_new(mark, range.lowerBound, range.upperBound, step, step, 0) else { return row }
        let scale: Widget = gtk_scale_new(GTK_ORIENTATION_HORIZONTAL, adjustment)
        gtk_widget_set_size_request(scale, 220, -1)
        gtk_widget_set_valign(scale, GTK_ALIGN_CENTER)
        gtk_scale_set_digits(scale.cast(), step < 1 ? 2 : 0)
        gtk_scale_add_mark(scale.cast(), mark, GTK_POS_BOTTOM, nil)
        let value: Widget = gtk_label_new(nil)
        gtk_widget_add_css_class(value, "numeric")
        gtk_label_set_width_chars(value.cast(), 8)
        gtk_label_set_xalign(value.cast(), 1)
        let update = { gtk_label_set_text(value.cast(), format(gtk_adjustment_get_value(adjustment))) }
        connect(adjustment.opaque, .void("value-changed")) { update() }
        Accessibility.setLabel(scale, title)
        Accessibility.setDescription(scale, subtitle)
        adw_action_row_add_suffix(row.cast(), value)
        adw_action_row_add_suffix(row.cast(), scale)
        Settings.shared.bind(key, to: adjustment.opaque, property: "value")
        update()
        return row
    }
}
