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
            folders.catchUp()
        }
    }

    func toggleOverview() {
        if model.showsOverview { closeOverview() } else { openOverview() }
    }

    /// The render pass shows the overview once the model says it covers
    /// the stack (`showScreen`, then `arrive` gives a tile the focus).
    private func openOverview() {
        guard model.allows(.overview) else { return }
        // Decisions another process made (the command line) are read first:
        // the overview's counts, filter and tiles match the store.
        folders.catchUp()
        model.setOverview(shown: true)
    }

    /// Back to the stack, with the clip at `position` on top (nil: the
    /// clip that was on top when the overview opened).
    func closeOverview(at position: Int? = nil) {
        model.closeOverview(showing: position)
    }
}
