import CGtk
import FlickCore
import GtkKit

/// Compare (C, or win.compare from a stack card's button): the top card's
/// stack, two members side by side (`CompareView`); what it decides goes
/// through the review model (`ReviewModel.keep`), so the deck, the overview,
/// undo and the store follow as for any decision.
extension MainWindow {
    /// The top card is one of a stack of at least two, on the cards' page.
    var canCompare: Bool {
        guard model.screen == .cards, let top = model.top, let members = stackMembers(of: top.id) else { return false }
        return members.count >= 2
    }

    /// The members of the stack the clip `clipID` is in (nil: alone).
    func stackMembers(of clipID: Int64) -> [Int64]? {
        model.insights.group(of: clipID)?.members
    }

    func openCompare() {
        guard canCompare, let top = model.top, let members = stackMembers(of: top.id),
              let view = CompareView(model: model, members: members, first: top.id, over: window.widget) else { return }
        view.onClose = { [weak self] said in
            guard let self else { return }
            // Compare said each keep itself: the main window, whose
            // announcer held them back while the dialog had the focus,
            // says only the last one that ended Compare.
            announcer?.forgetPending()
            page.focusDefault()
            if let said { announcer?.sayAfterDialogs(said) }
        }
        view.present()
    }
}
