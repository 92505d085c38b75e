import CGtk
import FlickCore
import GtkKit

/// The overview beside the stack: the header bar's Overview toggle and G
/// open it; G, Escape, Enter or a double-click on a tile return to the
/// stack, on the chosen clip.
extension MainWindow {
    static func makeOverviewToggle() -> Widget {
        let toggle: Widget = gtk_toggle_button_new()
        gtk_button_set_icon_name(toggle.cast(), FlickAction.overview.iconName)
        gtk_actionable_set_action_name(toggle.opaque, FlickAction.overview.detailedName)
        gtk_widget_set_tooltip_text(toggle, FlickAction.overview.tooltip)
        Accessibility.setLabel(toggle, FlickAction.overview.label)
        Accessibility.setKeyShortcuts(toggle, FlickAction.overview.ariaShortcuts)
        return toggle
    }

    func followOverview() {
        overview.onOpen = { [unowned self] position in closeOverview(at: position) }
        overview.onChange = { [unowned self] in
            updateEnabled()
            StateHook.changed()
        }
        StateHook.overview = { [unowned self] in
            StateHook.OverviewState(shown: model.showsOverview, filter: model.filter.rawValue, tiles: overview.visible.count,
                                    selected: overview.selectedPositions, preview: overview.preview.playingPath,
                                    posters: overview.posters.made)
        }
    }

    func toggleOverview() {
        if model.showsOverview { closeOverview() } else { openOverview() }
    }

    private func openOverview() {
        guard model.count > 0, !model.showsOverview else { return }
        overview.timing?.opening()
        model.setOverview(shown: true)
        show(.overview)
        // Said on the focused tile once it has focus: the screen reader reads
        // the tile, then where the user is.
        overview.willShow { [unowned self] in
            announcer?.say(OverviewPage.openingWords(total: model.count, filter: model.filter, count: overview.visible.count))
        }
        mirrorToggle()
        StateHook.changed()
    }

    /// Back to the stack, with the clip at `position` (or the chosen tile)
    /// on top.
    func closeOverview(at position: Int? = nil) {
        guard model.showsOverview else { return }
        let target = position ?? overview.chosenPosition
        overview.didHide()
        overview.timing?.flush()
        model.setOverview(shown: false)
        if model.count > 0 { show(.deck) }
        mirrorToggle()
        if let target, target < model.count {
            model.show(at: target)
        } else if let top = page.stack.topCard {
            gtk_widget_grab_focus(top.button)
        }
        StateHook.changed()
    }

    private func mirrorToggle() {
        guard let overviewToggle else { return }
        let active: gboolean = model.showsOverview ? 1 : 0
        if gtk_toggle_button_get_active(overviewToggle.cast()) != active { gtk_toggle_button_set_active(overviewToggle.cast(), active) }
    }
}
