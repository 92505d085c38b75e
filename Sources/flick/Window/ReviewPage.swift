import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// The review page: progress, the card stack, the top card's player bar, a
/// status line and the action bar, or the finished page once every card is
/// decided. It draws the review model and nothing else:
///
///   render pass ──change──▶ ReviewPage (progress, status, finished page, focus)
///               ├─change──▶ CardStackView (cards, poses, players)
///               └─change──▶ PlayerBar (name, position, seek bar, speed, sound)
///
/// Buttons name GActions only (see FlickAction); the window registers them.
///
/// The page sits in a RoomLayout frame, so the window can shrink to 360×294:
/// from the room it gets the page picks a PageWidth (labelled, tighter or
/// icon-only action buttons; the player's speed and caption line) and drops
/// its progress row when short.
@MainActor
final class ReviewPage {
    /// The page's widgets (review-page.ui), kept by the builder.
    private let ui: Builder
    let root: Typed<Kinds.Box>
    let stack: CardStackView
    let player: PlayerBar
    /// Where the window's toasts appear: over the cards, above the action bar.
    let toastOverlay: Typed<Kinds.ToastOverlay>
    private let model: ReviewModel
    private let pages: Typed<Kinds.Stack>
    private let cardsPage: Typed<Kinds.Box>
    private let actionBar: Typed<Kinds.Box>
    private let progressLabel: Typed<Kinds.Label>
    private let progressBar: Typed<Kinds.ProgressBar>
    private let progressRow: Typed<Kinds.Box>
    private let statusLabel: Typed<Kinds.Label>
    /// What the status line says when no card is held.
    private var restingStatus = ""
    /// What letting go of the held card would do, while one is held.
    private var dragHint: String?
    private let finishedPage: Typed<Kinds.StatusPage>
    /// The finished page's safe button, which takes focus (not Apply).
    private let reviewAgainButton: Typed<Kinds.Button>
    /// The end page's Go to Undecided, shown (and focused) while clips are undecided.
    private let undecidedButton: Typed<Kinds.Button>
    /// The end page's Back to the Whole Deck, shown (and focused) after the suggested clips.
    private let wholeDeckButton: Typed<Kinds.Button>
    private var shownPage: String?
    private(set) var isFullscreen = false
    /// The page inside the frame that lets the window shrink (RoomLayout).
    private let content: Typed<Kinds.Box>
    /// The action bar's buttons, each with its labelled and its icon-only child.
    private var barButtons: [(action: FlickAction, button: Typed<Kinds.Button>, labelled: Typed<Kinds.AnyWidget>, icon: Typed<Kinds.Image>)] = []
    /// The children a bar button is not showing, kept while out of the tree.
    private var barChildren: [ObjectRef<Widget>] = []
    /// How the page uses the window's width and height now.
    private(set) var width = PageWidth.wide
    private(set) var isShort = false
    /// The least width each layout was seen to need (a guess until then),
    /// and the least height the page needs with its progress row.
    private var neededWidths: [PageWidth: Int32] = [.medium: 600]
    private var tallHeight: Int32 = 440
    private var relayoutPending = false
    /// Reads the first card again for a screen reader that ran before Flick.
    private var embedding: AccessibilityEmbedding?
    /// How far past a layout's need the window must grow before the page
    /// takes the roomier layout again, so a width near the edge never flickers.
    static let hysteresis: Int32 = 24
    /// The window's smallest size (the GNOME HIG's 360×294) less the header bar.
    static let floor: (width: Int32, height: Int32) = (360, 247)

    init(model: ReviewModel, actions: ActionActivator) {
        self.model = model
        stack = CardStackView(model: model, actions: actions)
        player = PlayerBar(model: model, stack: stack)
        ui = Builder(resource: InterfaceBundle.path("ui/review-page.ui"))
        progressLabel = ui.widget("progress-label")
        progressBar = ui.widget("progress-bar")
        progressRow = ui.widget("progress-row")
        statusLabel = ui.widget("status")
        actionBar = ui.widget("action-bar")
        cardsPage = ui.widget("cards")
        pages = ui.widget("pages")
        toastOverlay = ui.widget("toasts")
        content = ui.widget("page")
        finishedPage = ui.widget("finished")
        // The stage and the player go between the progress row and the status line.
        var previous = progressRow.widget
        for part in [stack.root, player.captionLine.widget, player.root.widget] {
            gtk_box_insert_child_after(cardsPage.cast(), part, previous)
            previous = part
        }
        (reviewAgainButton, undecidedButton, wholeDeckButton) = Self.fillFinished(ui.widget("finished-buttons"))
        for (child, label) in [(cardsPage.widget, tr("Cards")), (finishedPage.widget, tr("All Clips Reviewed"))] {
            if let stackPage = gtk_stack_get_page(pages.cast(), child) { Accessibility.setLabel(stackPage, label) }
        }
        // The frame reports the room it gets to `fit` once the page exists.
        let relay = RoomRelay()
        root = Typed(RoomLayout.wrap(content.widget, floor: Self.floor) { room in relay.fit(room) })
        fillActionBar()
        relay.fit = { [unowned self] room in self.fit(room) }
        stack.onDragHint = { [unowned self] hint in showDragHint(hint) }
        embedding = AccessibilityEmbedding { [weak self] in self?.focusAgainOnceEmbedded() }
    }

    /// A screen reader that ran before Flick started drops every event sent
    /// before the registry embedded the app, the first card's focus among
    /// them: once embedded, the focus leaves the top card and comes back,
    /// so the card is read. Only while that card has the focus in the
    /// active window (a later focus was heard anyway).
    private func focusAgainOnceEmbedded() {
        embedding = nil
        guard let window = gtk_widget_get_root(root.widget), let card = stack.topCard?.button.widget, gtk_root_get_focus(window) == card,
              gtk_window_is_active(UnsafeMutablePointer<GtkWindow>(window)) != 0 else { return }
        Log.debug("review page: the first card's focus again, for a screen reader", category: "a11y")
        gtk_root_set_focus(window, nil)
        gtk_widget_grab_focus(card.widget)
    }

    /// A button for `action`: icon and label, its tooltip and key shortcuts
    /// from the action, activating only the action.
    static func makeButton(_ action: FlickAction) -> Widget {
        let button: Widget = gtk_button_new()
        if let icon = action.iconName {
            let content: Widget = adw_button_content_new()
            adw_button_content_set_icon_name(content.cast(), icon)
            adw_button_content_set_label(content.cast(), action.label)
            gtk_button_set_child(button.cast(), content)
        } else {
            gtk_button_set_label(button.cast(), action.label)
        }
        gtk_actionable_set_action_name(button.opaque, action.detailedName)
        // Read once on the first focus too (GTK 4.8 would send it twice).
        FocusHint.set(button, action.tooltip)
        gtk_widget_add_css_class(button, "action-\(action.rawValue)")
        gtk_widget_add_css_class(button, "pill")
        // The visible label is the accessible name; GTK 4.8 would append an
        // explicit accessible label to it ("Like Like").
        Accessibility.setKeyShortcuts(button, action.ariaShortcuts)
        return button
    }

    /// The action bar: a button per action, labelled while there is room,
    /// an icon (named for screen readers) when narrow.
    private func fillActionBar() {
        for action in FlickAction.bar {
            let button = Self.makeButton(action)
            gtk_box_append(actionBar.cast(), button)
            // Next is there only when the top card is decided (→ likes an undecided one).
            if action == .next { g_object_bind_property(button.rawObject, "sensitive", button.rawObject, "visible", G_BINDING_SYNC_CREATE) }
            guard let labelled = gtk_button_get_child(button.cast()), let name = action.iconName else { continue }
            let icon: Widget = gtk_image_new_from_icon_name(name)
            // Kept while the button shows the other one.
            barChildren += [ObjectRef(retaining: labelled), ObjectRef(taking: icon)]
            Accessibility.setHidden(icon, true)  // the button carries the name
            barButtons.append((action, Typed(button), Typed(labelled), Typed(icon)))
        }
    }

    /// The finished page's buttons, safest last; gives Review Again, Go
    /// to Undecided and Back to the Whole Deck, which take the focus there.
    private static func fillFinished(_ buttons: Typed<Kinds.Box>)
        -> (reviewAgain: Typed<Kinds.Button>, undecided: Typed<Kinds.Button>, wholeDeck: Typed<Kinds.Button>) {
        var reviewAgain: Typed<Kinds.Button>?, undecided: Typed<Kinds.Button>?, wholeDeck: Typed<Kinds.Button>?
        for action in [FlickAction.reviewWholeDeck, .showUndecided, .applyDeletions, .exportLikes, .reviewSkipped, .reviewAgain, .undo] {
            let button = makeButton(action)
            if action == .applyDeletions { gtk_widget_add_css_class(button, "destructive-action") }
            if action == .showUndecided { gtk_widget_add_css_class(button, "suggested-action") }
            // Offered only while there are skipped (undecided) clips to go through.
            if action == .reviewSkipped || action == .showUndecided || action == .reviewWholeDeck {
                g_object_bind_property(button.rawObject, "sensitive", button.rawObject, "visible", G_BINDING_SYNC_CREATE)
            }
            if action == .reviewAgain { reviewAgain = Typed(button) }
            if action == .showUndecided { undecided = Typed(button) }
            if action == .reviewWholeDeck { wholeDeck = Typed(button) }
            gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
            gtk_box_append(buttons.cast(), button)
        }
        guard let reviewAgain, let undecided, let wholeDeck else {
            preconditionFailure("the end page has Review Again, Go to Undecided and Back to the Whole Deck")
        }
        return (reviewAgain, undecided, wholeDeck)
    }

    // MARK: Drawing the model

    /// The page's part of the render pass: the status line says what just
    /// happened (`said`, worded once by the window); progress, the finished
    /// page and focus follow the deck.
    func render(_ change: ReviewChange, said: String?) {
        if let said { setStatus(said) }
        if change.touchesDeck { refresh() } else if change.insights { showProgress() }
    }

    /// "3 of 10", and the space marked for deletion once it is known
    /// ("3 of 10 · 1.8 GB marked for deletion").
    private func showProgress() {
        let total = model.count
        let progress = tr("%ld of %ld", model.stackScreen != .cards ? total : min(model.cursor + 1, total), total)
        gtk_label_set_text(progressLabel.opaque, ([progress] + [Words.markedSpace(model.markedBytes)].compactMap { $0 }).joined(separator: " · "))
    }

    private func refresh() {
        let total = model.count
        let cursor = model.cursor
        let atEnd = model.stackScreen != .cards
        showProgress()
        gtk_progress_bar_set_fraction(progressBar.opaque, total == 0 ? 0 : Double(cursor) / Double(total))
        if atEnd {
            // The end says "All Clips Reviewed" only when it is true; else
            // it names the first undecided clip and offers to show it.
            let undecided = model.undecidedCount
            let noun = Words.noun(kinds: model.clips.lazy.map(\.kind))
            adw_status_page_set_title(finishedPage.cast(), model.isReviewingSuggestions ? Words.suggestionsEndTitle
                                      : Words.endTitle(undecided: undecided, noun: noun))
            if let first = model.firstUndecided {
                adw_status_page_set_icon_name(finishedPage.cast(), "dialog-question-symbolic")
                adw_status_page_set_description(finishedPage.cast(), Words.endSummary(model.stats, undecided: undecided, first: model.clips[first].name,
                                                                                                noun: noun))
            } else {
                adw_status_page_set_icon_name(finishedPage.cast(), "object-select-symbolic")
                adw_status_page_set_description(finishedPage.cast(), Words.summary(model.stats, noun: noun))
            }
            show(page: "finished")
        } else {
            show(page: "cards")
        }
        focusDefault()
    }

    /// Puts focus where a user expects it: the top card, or Review Again on
    /// the finished page (a safe button, never Apply); never from under the
    /// overview, whose tiles keep it. Also used when focus comes back from a
    /// dialog, so a screen reader has a widget to be on.
    func focusDefault() {
        switch model.screen {
        case .end(let allDecided):
            gtk_widget_grab_focus((model.isReviewingSuggestions ? wholeDeckButton : allDecided ? reviewAgainButton : undecidedButton).widget)
        case .cards: if let top = stack.topCard { gtk_widget_grab_focus(top.button.widget) }
        default: break
        }
    }

    private func show(page: String) {
        gtk_stack_set_visible_child_name(pages.cast(), page)
        gtk_widget_set_visible(actionBar.widget, page == "cards" ? 1 : 0)
        // Screen readers see only the page on screen (both have an Undo);
        // focus moving to Review Again was silent while the cards' page kept
        // its name.
        let endTitle = model.isReviewingSuggestions ? Words.suggestionsEndTitle
            : Words.endTitle(undecided: model.undecidedCount, noun: Words.noun(kinds: model.clips.lazy.map(\.kind)))
        Accessibility.showStackPage(pages.widget, pages: [(cardsPage.widget, ""), (finishedPage.widget, endTitle)],
                                    shown: page == "finished" ? finishedPage.widget : cardsPage.widget)
        shownPage = page
    }

    /// Fullscreen keeps the stage, the player and the action bar, and
    /// drops the progress row for room.
    func setFullscreen(_ fullscreen: Bool) {
        isFullscreen = fullscreen
        gtk_widget_set_visible(progressRow.widget, fullscreen || isShort ? 0 : 1)
        player.setFullscreen(fullscreen)
    }

    // MARK: Fitting the window

    /// The room the window gives the page (in GTK's layout pass): a layout
    /// squeezed below its need gives way to the next narrower (or, when too
    /// short, the page drops its progress row); a roomier one comes back
    /// once the window is wider than it needs by `hysteresis`. The change
    /// itself waits for the next main-loop turn, outside the layout pass.
    private func fit(_ room: RoomLayout.Room) {
        neededWidths[width] = room.neededWidth
        if !isShort { tallHeight = room.neededHeight }
        var nextWidth = width
        if room.width < room.neededWidth, let narrower = PageWidth(rawValue: width.rawValue - 1) {
            nextWidth = narrower
        } else if let wider = PageWidth(rawValue: width.rawValue + 1), let need = neededWidths[wider],
                  room.width >= need + Self.hysteresis {
            nextWidth = wider
        }
        var nextShort = isShort
        if !isShort, room.height < room.neededHeight {
            nextShort = true
        } else if isShort, room.height >= tallHeight + Self.hysteresis {
            nextShort = false
        }
        guard nextWidth != width || nextShort != isShort, !relayoutPending else { return }
        relayoutPending = true
        Task { @MainActor [weak self] in self?.relayout(width: nextWidth, short: nextShort) }
    }

    /// Lays the page out for `width` and `short`: the action bar's labels
    /// or icons, the player's secondary parts, the margins (style.css).
    private func relayout(width newWidth: PageWidth, short: Bool) {
        relayoutPending = false
        Log.debug("review page: \(newWidth)\(short ? ", short" : "")", category: "window")
        width = newWidth
        isShort = short
        for (name, on) in [("narrow", width == .narrow), ("medium", width == .medium), ("short", short)] {
            if on { gtk_widget_add_css_class(content.widget, name) } else { gtk_widget_remove_css_class(content.widget, name) }
        }
        for part in barButtons { showLabel(part, width != .narrow) }
        gtk_box_set_spacing(actionBar.cast(), width == .wide ? 18 : 8)
        gtk_widget_set_visible(progressRow.widget, isFullscreen || short ? 0 : 1)
        player.setNarrow(width == .narrow)
    }

    /// A labelled action button, or its icon alone named by the action's
    /// label (as a visible label names it otherwise: both would read twice).
    private func showLabel(_ part: (action: FlickAction, button: Typed<Kinds.Button>, labelled: Typed<Kinds.AnyWidget>, icon: Typed<Kinds.Image>), _ labelled: Bool) {
        let child = labelled ? part.labelled.widget : part.icon.widget
        guard gtk_button_get_child(part.button.cast()) != child else { return }
        gtk_button_set_child(part.button.cast(), child)
        if labelled {
            gtk_accessible_reset_property(part.button.cast(), GTK_ACCESSIBLE_PROPERTY_LABEL)
        } else {
            Accessibility.setLabel(part.button, part.action.label)
        }
    }

    private func setStatus(_ text: String) {
        restingStatus = text
        gtk_label_set_text(statusLabel.opaque, dragHint ?? text)
    }

    /// During a drag the status line says what letting go now would do;
    /// after it, what it said before (or what the decision changed it to).
    /// Screen readers hear nothing of it: the line never has focus.
    func showDragHint(_ resolution: Resolution?) {
        dragHint = resolution.map(Self.hint)
        gtk_label_set_text(statusLabel.opaque, dragHint ?? restingStatus)
    }

    private static func hint(_ resolution: Resolution) -> String {
        switch resolution {
        case .commit(.right): tr("Release to like")
        case .commit(.left): tr("Release to mark for deletion")
        case .commit(.up): tr("Release to skip")
        case .commit(.down): tr("Release to go back")
        case .snapBack: tr("Release to put the card back")
        }
    }

    /// What the status line says now.
    var status: String {
        gtk_label_get_text(statusLabel.opaque).map { String(cString: $0) } ?? ""
    }
}

/// How the review page uses the window's width: labelled pill buttons,
/// tighter labelled buttons, or icon buttons with a leaner player bar.
enum PageWidth: Int {
    case narrow, medium, wide
}
