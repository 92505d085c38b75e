import CGtk
import FlickCore
import GtkKit

/// Stacks in the overview: a folded stack is one tile (deciding it decides
/// every member the filter shows, one undoable batch); + or a click on its
/// count unfolds it, one tile per member, and − folds it again. What the
/// analysis learns (stacks, sizes, suggestions) redraws the tiles, keeping
/// the focus on the clip it was on.
extension OverviewPage {
    /// Unfolds (`unfold` true), folds (false) or flips (nil) the stack of
    /// the tile at grid `index`; the focus stays on its clip (folding: on
    /// the stack's tile), and the outcome is said.
    func toggleStack(at index: Int, unfold: Bool? = nil) {
        guard index < visible.count, let stack = layout.stacks[index] else { return }
        let opening = unfold ?? !stack.unfolded
        guard opening != stack.unfolded else { return }
        if opening { unfolded.insert(stack.key) } else { unfolded.remove(stack.key) }
        let position = visible[index]
        preview.stop()
        rebuild()
        if let target = nearestIndex(to: position) { focus(index: target, select: true) }
        announce(opening ? tr("Showing all %ld in the stack.", stack.members.count) : tr("Stack folded into one tile."))
        onChange()
    }

    /// The grid index of the tile of `tile`'s clip.
    func index(of tile: OverviewTile) -> Int? {
        tile.position.flatMap { layout.index(showing: $0) }
    }

    /// New stacks, sizes or suggestions: the tiles are made again when the
    /// stacks changed, or the suggestions while the Suggested filter shows
    /// (its line then says how many it shows now; the focus stays on its
    /// clip), else redrawn.
    func followInsights() {
        // Progress alone (one change per file analysed) changes no tile.
        var known = model.insights
        known.progress = .idle
        guard known != drawnInsights else { return }
        let refilter = model.filter == .suggested && known.suggestions != drawnInsights?.suggestions
        drawnInsights = known
        guard model.insights.groups != drawnGroups || refilter else { return redrawBound() }
        let focused = focusedPosition, selected = selectedPositions
        preview.stop()
        rebuild()
        if let focused, let index = nearestIndex(to: focused) { focus(index: index, select: selected.isEmpty) }
        reselect(selected)
        if refilter { sayFilterAgain() }
    }

    /// Selects the tiles showing `positions` (the selection the user had
    /// before the tiles were made again), saying nothing.
    private func reselect(_ positions: [Int]) {
        guard !positions.isEmpty, let wanted = BitsetRef(taking: gtk_bitset_new_empty()),
              let mask = BitsetRef(taking: gtk_bitset_new_range(0, guint(visible.count))) else { return }
        for position in positions {
            if let index = layout.index(showing: position) { gtk_bitset_add(wanted.pointer, guint(index)) }
        }
        selectingOnPurpose = false
        _ = gtk_selection_model_set_selection(selection.pointer, wanted.pointer, mask.pointer)
        selectingOnPurpose = true
    }

    /// The deck position of the focused tile, if the focus is on one.
    var focusedPosition: Int? {
        guard let window = gtk_widget_get_root(grid.widget), let focus = gtk_root_get_focus(window) else { return nil }
        return bound.first { $0.value.item == focus }?.key
    }

    /// + (or =) unfolds the focused tile's stack, − folds it.
    func installStackKeys() {
        let keys: OpaquePointer = gtk_event_controller_key_new()
        connect(keys, .keyPressed) { [unowned self] keyval, _, state in
            guard state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0,
                  let position = focusedPosition, let index = layout.index(showing: position) else { return false }
            switch Int32(keyval) {
            case GDK_KEY_plus, GDK_KEY_KP_Add, GDK_KEY_equal:
                guard layout.stacks[index] != nil else { return false }
                toggleStack(at: index, unfold: true)
            case GDK_KEY_minus, GDK_KEY_KP_Subtract:
                guard layout.stacks[index] != nil else { return false }
                toggleStack(at: index, unfold: false)
            default: return false
            }
            return true
        }
        gtk_widget_add_controller(grid.widget, keys)
    }
}
