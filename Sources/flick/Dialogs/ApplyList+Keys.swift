import CGtk
import Foundation
import GtkKit

/// The Apply list by keyboard. The focus is always on a file's check
/// (Space toggles it, a screen reader says its name and state): Up and
/// Down, Page Up and Page Down, Home and End move it from file to file,
/// scrolling as they go; Tab and Shift+Tab leave the list. GTK 4.8's list
/// view would move the focus to the row around the check, where Space does
/// nothing, and Tab through every one of 2,000 files. Enter never toggles
/// a check (GTK's check button would): it activates the dialog's default
/// response, as it does anywhere else in the dialog.
extension ApplyList {
    func installKeys() {
        let keys: OpaquePointer = gtk_event_controller_key_new()
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        connect(keys, .keyPressed) { [unowned self] keyval, _, state in
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue)
            guard modifiers == 0 else { return false }
            if Self.isEnter(keyval), focusedIndex != nil {
                gtk_widget_activate_default(view.widget)
                return true
            }
            if keyval == UInt32(GDK_KEY_Tab) || keyval == UInt32(GDK_KEY_ISO_Left_Tab) {
                return leave(backward: keyval == UInt32(GDK_KEY_ISO_Left_Tab) || state.rawValue & GDK_SHIFT_MASK.rawValue != 0)
            }
            guard state.rawValue & GDK_SHIFT_MASK.rawValue == 0, let from = focusedIndex, let to = target(of: keyval, from: from) else { return false }
            move(to: to)
            return true
        }
        gtk_widget_add_controller(view.widget, keys)
    }

    private static func isEnter(_ keyval: UInt32) -> Bool {
        [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter].contains(Int32(keyval))
    }

    /// The file whose check has the focus.
    var focusedIndex: Int? {
        guard let window = gtk_widget_get_root(view.widget), let focus = gtk_root_get_focus(window) else { return nil }
        return bound.values.first { $0.check.widget == focus }?.index
    }

    /// Where a movement key takes the focus from `index` (nil: not ours).
    private func target(of keyval: UInt32, from index: Int) -> Int? {
        let last = items.count - 1
        let page = max(1, bound.values.filter(isOnScreen).count - 1)
        switch Int32(keyval) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: return max(0, index - 1)
        case GDK_KEY_Down, GDK_KEY_KP_Down: return min(last, index + 1)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: return max(0, index - page)
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: return min(last, index + page)
        case GDK_KEY_Home, GDK_KEY_KP_Home: return 0
        case GDK_KEY_End, GDK_KEY_KP_End: return last
        default: return nil
        }
    }

    /// Scrolls `index` into view and focuses its check (now, or when bound).
    func move(to index: Int) {
        _ = gtk_widget_activate_action_variant(view.widget, "list.scroll-to-item", g_variant_new_uint32(guint32(index)))
        if let row = bound[index] {
            gtk_widget_grab_focus(row.check.widget)
        } else {
            pendingFocus = index
        }
    }

    /// Moves the focus out of the list, skipping its rows.
    private func leave(backward: Bool) -> Bool {
        guard let window = gtk_widget_get_root(view.widget) else { return false }
        gtk_widget_set_can_focus(view.widget, 0)
        _ = gtk_widget_child_focus(window.widget, backward ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD)
        gtk_widget_set_can_focus(view.widget, 1)
        return true
    }
}
