import CGtk
import FlickCore
import GtkKit

/// The overview by keyboard, beyond what GTK's grid does: Escape returns
/// to the stack on the clip that was on top (as G does; Enter is the jump
/// to the focused tile); Tab and Shift+Tab leave the grid for the
/// widget after or before it (GTK 4.8's grid makes every tile a Tab stop,
/// so 10,000 clips were 10,000 presses). Arrows, Page Up/Down, Home/End,
/// Space and Ctrl+A stay GTK's, and a Tab back into the grid lands on the
/// tile the focus left.
extension OverviewPage {
    func installKeys() {
        let escape: OpaquePointer = gtk_event_controller_key_new()
        connect(escape, .keyPressed) { [unowned self] keyval, _, state in
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            guard keyval == UInt32(GDK_KEY_Escape), modifiers == 0 else { return false }
            return actions.activate(.overview)
        }
        gtk_widget_add_controller(root, escape)

        // Before the grid's own Tab handling, which moves to the next tile.
        let tab: OpaquePointer = gtk_event_controller_key_new()
        gtk_event_controller_set_propagation_phase(tab, GTK_PHASE_CAPTURE)
        connect(tab, .keyPressed) { [unowned self] keyval, _, state in
            guard state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0,
                  keyval == UInt32(GDK_KEY_Tab) || keyval == UInt32(GDK_KEY_ISO_Left_Tab) else { return false }
            let backward = keyval == UInt32(GDK_KEY_ISO_Left_Tab) || state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            return leaveGrid(backward: backward)
        }
        gtk_widget_add_controller(grid, tab)

    }

    /// Moves the focus out of the grid, skipping its tiles: the window's
    /// next (or previous) focusable widget takes it, wrapping round as Tab
    /// does.
    private func leaveGrid(backward: Bool) -> Bool {
        guard let window = gtk_widget_get_root(grid) else { return false }
        gtk_widget_set_can_focus(grid, 0)
        _ = gtk_widget_child_focus(window.widget, backward ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD)
        gtk_widget_set_can_focus(grid, 1)
        return true
    }
}
