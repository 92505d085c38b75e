import CGtk
import FlickCore
import Foundation
import GtkKit

/// The filter bar: one toggle per decision with its count (All, Undecided,
/// Liked, Marked for deletion, Skipped) and Suggested (the clips Flick
/// suggests might go, each tile with its reason), how many clips show and are
/// selected, and Apply Deletions (the bulk flow: "Marked for deletion",
/// then Apply).
extension OverviewPage {
    /// The filters: one toggle per decision (`FilterFlow` puts them in
    /// linked rows, with Apply Deletions… after them).
    func makeFilterButtons() -> [Widget] {
        for filter in DecisionFilter.allCases {
            // A button that looks like a linked toggle (its :checked state)
            // and reads as a radio button, "selected" when on: a GTK 4.8
            // GtkToggleButton reads as a push button, and as a radio it would
            // say its state twice (its PRESSED and the CHECKED events).
            let button: Widget = flick_radio_button_new()
            Accessibility.setChecked(button, false)
            FocusHint.set(button, Self.tooltip(filter))
            filterButtons.append((filter, Typed(button)))
            // Pressing the filter that is on filters again (what it lists may
            // have changed since).
            connect(button, .void("clicked")) { [unowned self] in
                guard !suppressFilterSignal else { return }
                for (other, otherButton) in filterButtons { Self.show(otherButton.widget, on: other == filter) }
                choose(filter)
            }
        }
        updateCounts()
        return filterButtons.map(\.button.widget)
    }

    /// Apply Deletions… (the bulk flow: "Marked for deletion", then Apply).
    func makeApplyButton() -> Widget {
        let apply = ReviewPage.makeButton(.applyDeletions)
        gtk_widget_remove_css_class(apply, "pill")
        gtk_widget_add_css_class(apply, "destructive-action")
        gtk_widget_set_valign(apply, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(apply, GTK_ALIGN_END)
        return apply
    }

    /// Shows only the clips `filter` passes, remembered by the model.
    func choose(_ filter: DecisionFilter) {
        preview.stop()
        beforeFilter?()
        model.setFilter(filter)
        rebuild()
        if let index = nearestIndex(to: model.cursor) {
            // A filter button pressed keeps the focus (and speaks the result);
            // otherwise the focus goes to the first clip shown.
            if focusIsOnFilterButton { focusKeepingButton(index: index) } else { focus(index: index, select: true) }
        }
        let count = layout.clipCount
        announce(Self.filterWords(filter, count: count, noun: shownNoun))
        onChange()
    }

    private var focusIsOnFilterButton: Bool {
        guard let window = gtk_widget_get_root(root.widget), let focus = gtk_root_get_focus(window) else { return false }
        return filterButtons.contains { $0.button.widget == focus }
    }

    /// Selects the tile and scrolls to it, leaving focus on the filter
    /// button the user pressed (which then speaks the result).
    /// A Tab into the grid then lands on that tile (see `rememberForTab`).
    private func focusKeepingButton(index: Int) {
        gtk_selection_model_select_item(selection.pointer, guint(index), 1)
        _ = gtk_widget_activate_action_variant(grid.widget, "list.scroll-to-item", g_variant_new_uint32(guint32(index)))
        tabTarget = visible[index]
        rememberForTab()
    }

    /// Makes `tabTarget` the tile a Tab into the grid lands on, once the
    /// grid has bound it. GTK 4.8 lands on the item it last saw focused,
    /// which a new filter has removed; it learns a new one only when
    /// scrolling with a tile as its focus child, so the tile is made that
    /// for the moment of one scroll.
    func rememberForTab() {
        guard let target = tabTarget, let item = bound[target]?.item, let index = nearestIndex(to: target),
              visible[index] == target else { return }
        tabTarget = nil
        guard gtk_widget_get_focus_child(grid.widget) == nil else { return }  // the focus is in the grid already
        gtk_widget_set_focus_child(grid.widget, item)
        _ = gtk_widget_activate_action_variant(grid.widget, "list.scroll-to-item", g_variant_new_uint32(guint32(index)))
        gtk_widget_set_focus_child(grid.widget, nil)
    }

    /// The buttons' counts and which one is on.
    func updateCounts() {
        suppressFilterSignal = true
        defer { suppressFilterSignal = false }
        for (filter, button) in filterButtons {
            gtk_button_set_label(button.cast(), tr("%@ (%ld)", Self.title(filter), count(matching: filter)))
            Self.show(button.widget, on: filter == model.filter)
        }
        updateSummary()
    }

    /// How many clips `filter` passes ("Suggested" counted once per deck
    /// and analysis: it is O(deck), the others are O(1)).
    private func count(matching filter: DecisionFilter) -> Int {
        guard filter == .suggested else { return model.count(matching: filter) }
        if let suggestedCount { return suggestedCount }
        let counted = model.count(matching: .suggested)
        suggestedCount = counted
        return counted
    }

    /// A filter button on or off: its look and what a screen reader says.
    private static func show(_ button: Widget, on: Bool) {
        let isOn = gtk_widget_get_state_flags(button).rawValue & GTK_STATE_FLAG_CHECKED.rawValue != 0
        guard isOn != on else { return }
        if on { gtk_widget_set_state_flags(button, GTK_STATE_FLAG_CHECKED, 0) } else { gtk_widget_unset_state_flags(button, GTK_STATE_FLAG_CHECKED) }
        Accessibility.setChecked(button, on)
    }

    func updateSummary() {
        let shown = layout.clipCount, selected = selectedPositions.count
        // An empty filter says so ("No clips marked for deletion."), not "0 clips".
        var text = shown == 0 && model.filter != .all ? Self.noneWords(model.filter, noun: deckNoun) : Words.count(shown, visibleNoun)
        if selected > 0 { text += " · " + trn("%ld selected", "%ld selected", selected, selected) }
        gtk_label_set_text(summary.opaque, text)
    }

    static func title(_ filter: DecisionFilter) -> String {
        switch filter {
        case .all: tr("All")
        case .undecided: tr("Undecided")
        case .liked: tr("Liked")
        case .deleted: tr("Marked for deletion")
        case .skipped: tr("Skipped")
        case .suggested: tr("Suggested")
        }
    }

    static func tooltip(_ filter: DecisionFilter) -> String {
        switch filter {
        case .all: tr("Show every clip")
        case .suggested: tr("Show only the clips Flick suggests might go, each with its reason")
        default: tr("Show only these clips: %@", title(filter))
        }
    }

    /// What a screen reader hears as the overview opens, before the focused
    /// tile: "Overview, 24 clips, showing All." or "Overview, 24 clips,
    /// showing Liked: 3."
    static func openingWords(total: Int, noun: Words.Noun, filter: DecisionFilter, count: Int) -> String {
        let clips = tr("Overview, %@", Words.count(total, noun))
        let showing = filter == .all ? tr("showing All.") : tr("showing %@: %ld.", title(filter), count)
        return clips + ", " + showing
    }

    /// The folder changed under the overview (files moved to the Trash by
    /// Apply, or changed on disk): the status line says what the filter
    /// shows now, never a count from before.
    func sayFilterAgain() {
        guard model.filter != .all else { return }
        announce(Self.filterWords(model.filter, count: layout.clipCount, noun: shownNoun))
    }

    /// "Showing 3 clips marked for deletion."; "No photos marked for
    /// deletion." — clips, photos or items as the tiles shown are.
    static func filterWords(_ filter: DecisionFilter, count: Int, noun: Words.Noun) -> String {
        if count == 0 { return noneWords(filter, noun: noun) }
        return switch (filter, noun) {
        case (.all, .clip): trn("Showing all %ld clip.", "Showing all %ld clips.", count, count)
        case (.all, .photo): trn("Showing all %ld photo.", "Showing all %ld photos.", count, count)
        case (.all, .item): trn("Showing all %ld item.", "Showing all %ld items.", count, count)
        case (.undecided, .clip): trn("Showing %ld undecided clip.", "Showing %ld undecided clips.", count, count)
        case (.undecided, .photo): trn("Showing %ld undecided photo.", "Showing %ld undecided photos.", count, count)
        case (.undecided, .item): trn("Showing %ld undecided item.", "Showing %ld undecided items.", count, count)
        case (.liked, .clip): trn("Showing %ld liked clip.", "Showing %ld liked clips.", count, count)
        case (.liked, .photo): trn("Showing %ld liked photo.", "Showing %ld liked photos.", count, count)
        case (.liked, .item): trn("Showing %ld liked item.", "Showing %ld liked items.", count, count)
        case (.deleted, .clip): trn("Showing %ld clip marked for deletion.", "Showing %ld clips marked for deletion.", count, count)
        case (.deleted, .photo): trn("Showing %ld photo marked for deletion.", "Showing %ld photos marked for deletion.", count, count)
        case (.deleted, .item): trn("Showing %ld item marked for deletion.", "Showing %ld items marked for deletion.", count, count)
        case (.skipped, .clip): trn("Showing %ld skipped clip.", "Showing %ld skipped clips.", count, count)
        case (.skipped, .photo): trn("Showing %ld skipped photo.", "Showing %ld skipped photos.", count, count)
        case (.skipped, .item): trn("Showing %ld skipped item.", "Showing %ld skipped items.", count, count)
        case (.suggested, .clip): trn("Showing %ld suggested clip.", "Showing %ld suggested clips.", count, count)
        case (.suggested, .photo): trn("Showing %ld suggested photo.", "Showing %ld suggested photos.", count, count)
        case (.suggested, .item): trn("Showing %ld suggested item.", "Showing %ld suggested items.", count, count)
        }
    }

    /// What an empty filter says: "No clips marked for deletion."
    static func noneWords(_ filter: DecisionFilter, noun: Words.Noun) -> String {
        switch (filter, noun) {
        case (.all, .clip): tr("No clips.")
        case (.all, .photo): tr("No photos.")
        case (.all, .item): tr("No items.")
        case (.undecided, .clip): tr("No undecided clips.")
        case (.undecided, .photo): tr("No undecided photos.")
        case (.undecided, .item): tr("No undecided items.")
        case (.liked, .clip): tr("No liked clips.")
        case (.liked, .photo): tr("No liked photos.")
        case (.liked, .item): tr("No liked items.")
        case (.deleted, .clip): tr("No clips marked for deletion.")
        case (.deleted, .photo): tr("No photos marked for deletion.")
        case (.deleted, .item): tr("No items marked for deletion.")
        case (.skipped, .clip): tr("No skipped clips.")
        case (.skipped, .photo): tr("No skipped photos.")
        case (.skipped, .item): tr("No skipped items.")
        case (.suggested, .clip): tr("No suggested clips.")
        case (.suggested, .photo): tr("No suggested photos.")
        case (.suggested, .item): tr("No suggested items.")
        }
    }

    /// "2 photos selected"; "No clips selected."
    static func selectionWords(_ count: Int, noun: Words.Noun) -> String {
        guard count > 0 else {
            return switch noun {
            case .clip: tr("No clips selected.")
            case .photo: tr("No photos selected.")
            case .item: tr("No items selected.")
            }
        }
        return tr("%@ selected", Words.count(count, noun))
    }
}
