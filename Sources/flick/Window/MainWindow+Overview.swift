import CGtk
import FlickCore
import GtkKit

/// The overview beside the stack: the header bar's Overview toggle (bound
/// to win.overview, whose state it shows) and G open it; G, Escape, Enter or a double-click on a tile return to the
/// stack, on the chosen clip.
extension MainWindow {
    func followOverview() {
        overview.onOpen = { [unowned self] position in closeOverview(at: position) }
        overview.onChange = { [unowned self] in updateEnabled() }
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
        updateEnabled()  // win.overview's state: the header bar's toggle follows
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
        updateEnabled()  // win.overview's state: the header bar's toggle follows
        if let target, target < model.count {
            model.show(at: target)
        } else if let top = page.stack.topCard {
            gtk_widget_grab_focus(top.button)
        }
    }
}
