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
        gtk_widget_add_controller(root.widget, escape)

        // Before the grid's own Tab handling, which moves to the next tile.
        let tab: OpaquePointer = gtk_event_controller_key_new()
        gtk_event_controller_set_propagation_phase(tab, GTK_PHASE_CAPTURE)
        connect(tab, .keyPressed) { [unowned self] keyval, _, state in
            guard state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0,
                  keyval == UInt32(GDK_KEY_Tab) || keyval == UInt32(GDK_KEY_ISO_Left_Tab) else { return false }
            let backward = keyval == UInt32(GDK_KEY_ISO_Left_Tab) || state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            return leaveGrid(backward: backward)
        }
        gtk_widget_add_controller(grid.widget, tab)

        // Plain arrows keep a selection built on purpose (they move the
        // focus only, as Ctrl+arrows do); otherwise GTK's own handling,
        // which selects the tile moved to.
        let arrows: OpaquePointer = gtk_event_controller_key_new()
        gtk_event_controller_set_propagation_phase(arrows, GTK_PHASE_CAPTURE)
        connect(arrows, .keyPressed) { [unowned self] keyval, _, state in
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            let plainMove = modifiers == 0 && Self.movementKeys.contains(Int32(keyval))
            selectingOnPurpose = !plainMove
            // Until this key's changes are done.
            Task { @MainActor [weak self] in self?.selectingOnPurpose = true }
            // Space on the tile GTK selected by itself (the focused one, all
            // alone): the user means to select it, and GTK would unselect it.
            if modifiers == 0, keyval == UInt32(GDK_KEY_space) || keyval == UInt32(GDK_KEY_KP_Space), !selectionBuiltOnPurpose,
               let from = focusedIndex, selectedIndices == [from] {
                selectionBuiltOnPurpose = true
                announce(Self.selectionWords(1, noun: visibleNoun))
                return true
            }
            guard plainMove, selectionBuiltOnPurpose, let from = focusedIndex,
                  let to = target(of: keyval, from: from) else { return false }
            focus(index: to, select: false)
            return true
        }
        gtk_widget_add_controller(grid.widget, arrows)
        installStackKeys()
    }

    private static let movementKeys: Set<Int32> = [GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_Up, GDK_KEY_Down, GDK_KEY_Home, GDK_KEY_End,
                                                   GDK_KEY_Page_Up, GDK_KEY_Page_Down, GDK_KEY_KP_Left, GDK_KEY_KP_Right,
                                                   GDK_KEY_KP_Up, GDK_KEY_KP_Down]

    /// The grid index of the focused tile.
    private var focusedIndex: Int? {
        guard let window = gtk_widget_get_root(grid.widget), let focus = gtk_root_get_focus(window),
              let position = bound.first(where: { $0.value.item == focus })?.key else { return nil }
        return visible.firstIndex(of: position)
    }

    /// Where a movement key takes the focus from grid index `index`.
    private func target(of keyval: UInt32, from index: Int) -> Int? {
        let last = visible.count - 1, row = columns
        let page = row * Self.rowsPerPage
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: return max(0, index - 1)
        case GDK_KEY_Right, GDK_KEY_KP_Right: return min(last, index + 1)
        case GDK_KEY_Up, GDK_KEY_KP_Up: return index >= row ? index - row : index
        case GDK_KEY_Down, GDK_KEY_KP_Down: return index + row <= last ? index + row : index
        case GDK_KEY_Home: return 0
        case GDK_KEY_End: return last
        case GDK_KEY_Page_Up: return max(0, index - page)
        case GDK_KEY_Page_Down: return min(last, index + page)
        default: return nil
        }
    }

    /// Rows a Page Up or Down moves.
    private static let rowsPerPage = 3

    /// Tiles per row: the bound tiles laid out at the focused tile's height.
    private var columns: Int {
        guard let window = gtk_widget_get_root(grid.widget), let focus = gtk_root_get_focus(window) else { return 1 }
        var here = graphene_rect_t()
        guard gtk_widget_compute_bounds(focus, grid.widget, &here) != 0 else { return 1 }
        let sameRow = bound.values.compactMap(\.item).filter { item in
            var bounds = graphene_rect_t()
            return gtk_widget_compute_bounds(item, grid.widget, &bounds) != 0 && abs(bounds.origin.y - here.origin.y) < 1
        }
        return max(1, sameRow.count)
    }

    /// Moves the focus out of the grid, skipping its tiles: the window's
    /// next (or previous) focusable widget takes it, wrapping round as Tab
    /// does.
    private func leaveGrid(backward: Bool) -> Bool {
        guard let window = gtk_widget_get_root(grid.widget) else { return false }
        gtk_widget_set_can_focus(grid.widget, 0)
        _ = gtk_widget_child_focus(window.widget, backward ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD)
        gtk_widget_set_can_focus(grid.widget, 1)
        return true
    }
}
