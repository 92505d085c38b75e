import CGtk
import FlickCore
import GtkKit

/// The overview beside the stack: the header bar's Overview toggle (bound
/// to win.overview, whose state it shows) and G open it. Enter or a
/// double-click on a tile return to the stack on that clip; G, Escape and
/// the toggle return to the clip that was on top, as if the overview had
/// only been a look. Either way the top card takes the focus, so Space
/// pauses and the next keys decide.
extension MainWindow {
    func followOverview() {
        // After the event that chose the tile: GTK's grid gives the tile the
        // focus as a double-click's second press ends, which would take it
        // from the card (and, the tile hidden, leave it on the header bar).
        overview.onOpen = { [unowned self] position in
            Task { @MainActor [weak self] in self?.closeOverview(at: position) }
        }
        overview.onChange = { [unowned self] in updateEnabled() }
        overview.beforeFilter = { [unowned self] in
            if folder?.changedElsewhere == true { reload() }
        }
    }

    func toggleOverview() {
        if model.showsOverview { closeOverview() } else { openOverview() }
    }

    private func openOverview() {
        guard model.count > 0, !model.showsOverview else { return }
        // Decisions another process made (the command line) are read first:
        // the overview's counts, filter and tiles match the store.
        if folder?.changedElsewhere == true { reload() }
        model.setOverview(shown: true)
        show(.overview)
        // Said on the focused tile once it has focus: the screen reader reads
        // the tile, then where the user is.
        overview.willShow { [unowned self] in
            announcer?.say(OverviewPage.openingWords(total: model.count, noun: overview.deckNoun, filter: model.filter,
                                                         count: overview.visible.count))
        }
        updateEnabled()  // win.overview's state: the header bar's toggle follows
    }

    /// Back to the stack, with the clip at `position` on top (nil: the
    /// clip that was on top when the overview opened).
    func closeOverview(at position: Int? = nil) {
        guard model.showsOverview else { return }
        overview.didHide()
        model.setOverview(shown: false)
        if model.count > 0 { show(.deck) }
        updateEnabled()  // win.overview's state: the header bar's toggle follows
        if let position, position < model.count { model.show(at: position) }
        page.focusDefault()
    }
}
