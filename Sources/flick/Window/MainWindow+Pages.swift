import CGtk
import FlickCore
import GtkKit

/// The pages the window shows (review, start, empty, failed, overview),
/// switched by the render pass to follow `ReviewModel.screen`.
extension MainWindow {
    enum Page: String {
        case deck, start, empty, error, overview

        /// The page that shows `screen`.
        init(_ screen: ReviewScreen) {
            switch screen {
            case .start: self = .start
            case .reading, .empty: self = .empty
            case .failed: self = .error
            case .cards, .end: self = .deck
            case .overview: self = .overview
            }
        }

        /// The page's name for screen readers.
        var title: String {
            switch self {
            case .deck: tr("Review")
            case .start: tr("Start")
            case .empty: tr("No Clips Here")
            case .error: tr("Can’t Open Folder")
            case .overview: tr("Overview")
            }
        }
    }


    /// The page shows the model's screen, with its words; the overview is
    /// let go when it leaves. Returns the screen before when it changed
    /// (`arrive` then sets the new one up), nil when it did not.
    func showScreen(_ change: ReviewChange) -> ReviewScreen?? {
        if change.deck == .opened {
            adw_window_title_set_subtitle(title.cast(), model.folderState.path.map(RawPath.display) ?? "")
        }
        let screen = model.screen
        guard screen != shownScreen else { return nil }
        let before = shownScreen
        shownScreen = screen
        switch screen {
        case .reading(let path):
            adw_status_page_set_title(emptyPage.cast(), tr("Reading Folder…"))
            adw_status_page_set_description(emptyPage.cast(), tr("Listing the clips in “%@”.", RawPath.display(path)))
        case .empty(let path):
            adw_status_page_set_title(emptyPage.cast(), tr("No Clips Here"))
            adw_status_page_set_description(emptyPage.cast(),
                tr("“%@” has no videos or photos. Open another folder to review.", RawPath.display(path)))
        case .failed(let reason):
            adw_status_page_set_description(errorPage.cast(), reason)
        case .start, .cards, .end, .overview: break
        }
        if before == .overview {
            overview.didHide()
        }
        if before.map(Page.init) != Page(screen) { show(Page(screen)) }
        return .some(before)
    }

    /// The render pass's last part, when the screen changed: where focus
    /// goes on the page just shown, and what is said there.
    func arrive(from before: ReviewScreen?) {
        switch model.screen {
        case .start:
            tidyAccessibility()
            // Focus on the page's Open Folder, then its heading and text are said.
            startPage.focusDefault()
            announcer?.sayIntro(startPage.spokenIntro)
        case .overview:
            // Said on the focused tile once it has focus: the screen reader
            // reads the tile, then where the user is.
            overview.willShow { [unowned self] in
                announcer?.say(OverviewPage.openingWords(total: model.count, noun: overview.deckNoun, filter: model.filter,
                                                             count: overview.layout.clipCount))
            }
        case .cards where before == .overview, .end where before == .overview:
            page.focusDefault()
        default: break
        }
        updateEnabled()  // the selection a page brings (the overview's tile) gates actions
    }

    private func show(_ shown: Page) {
        gtk_stack_set_visible_child_name(pages.cast(), shown.rawValue)
        // Screen readers see only the page on screen (G into the overview
        // said nothing while the deck's page kept its name).
        // The review, start and overview pages are not named: Orca would say
        // "Review panel", "Start panel" or "Overview panel" each time focus
        // comes into them (the overview says its own summary).
        let widgets = pageWidgets
        Accessibility.showStackPage(pages.widget, pages: widgets.map { ($0.0, [.deck, .start, .overview].contains($0.1) ? "" : $0.1.title) },
                                    shown: widgets.first { $0.1 == shown }?.0 ?? page.root.widget)
    }

    var pageWidgets: [(Widget, Page)] {
        [(page.root.widget, .deck), (startPage.root.widget, .start), (emptyPage.widget, .empty), (errorPage.widget, .error), (overview.root.widget, .overview)]
    }

    /// A status page of window.ui with its Open Folder button.
    static func statusPage(_ page: Typed<Kinds.StatusPage>) -> Typed<Kinds.StatusPage> {
        // A plain label: GTK 4.8 names mnemonic buttons "_Open Folder… Open
        // Folder…" on AT-SPI, whatever the accessible label says. Ctrl+O opens.
        let button = ReviewPage.makeButton(.openFolder)
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(button, "suggested-action")
        adw_status_page_set_child(page.cast(), button)
        return page
    }
}
