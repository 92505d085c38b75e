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
@MainActor
final class ReviewPage {
    let root: Widget
    let stack: CardStackView
    let player: PlayerBar
    /// Where the window's toasts appear: over the cards, above the action bar.
    let toastOverlay: Widget
    private let model: ReviewModel
    private let pages: Widget
    private let cardsPage: Widget
    private let actionBar: Widget
    private let progressLabel: Widget
    private let progressBar: Widget
    private let progressRow: Widget
    private let statusLabel: Widget
    private let finishedPage: Widget
    /// The finished page's safe button, which takes focus (not Apply).
    private let reviewAgainButton: Widget
    private var shownPage: String?
    private(set) var isFullscreen = false

    init(model: ReviewModel, actions: ActionActivator) {
        self.model = model
        stack = CardStackView(model: model, actions: actions)
        player = PlayerBar(model: model, stack: stack)
        progressLabel = gtk_label_new("")
        gtk_widget_add_css_class(progressLabel, "deck-position")
        progressBar = gtk_progress_bar_new()
        gtk_widget_set_hexpand(progressBar, 1)
        gtk_widget_set_valign(progressBar, GTK_ALIGN_CENTER)
        Accessibility.setLabel(progressBar, tr("Review progress"))
        progressRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_widget_add_css_class(progressRow, "progress-row")
        gtk_box_append(progressRow.cast(), progressBar)
        gtk_box_append(progressRow.cast(), progressLabel)

        statusLabel = gtk_label_new("")
        gtk_widget_add_css_class(statusLabel, "status-line")
        gtk_label_set_wrap(statusLabel.opaque, 1)
        gtk_label_set_justify(statusLabel.opaque, GTK_JUSTIFY_CENTER)

        actionBar = Self.makeActionBar()
        let cards: Widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        gtk_box_append(cards.cast(), progressRow)
        gtk_box_append(cards.cast(), stack.root)
        gtk_box_append(cards.cast(), player.root)
        gtk_box_append(cards.cast(), statusLabel)

        (finishedPage, reviewAgainButton) = Self.makeFinishedPage()
        pages = gtk_stack_new()
        gtk_stack_set_transition_type(pages.cast(), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        for (child, name, label) in [(cards, "cards", tr("Cards")), (finishedPage, "finished", tr("All Clips Reviewed"))] {
            gtk_stack_add_named(pages.cast(), child, name)
            if let stackPage = gtk_stack_get_page(pages.cast(), child) { Accessibility.setLabel(stackPage, label) }
        }
        cardsPage = cards
        gtk_widget_set_vexpand(pages, 1)
        // Toasts rise from the bottom of the cards, above the action bar,
        // never over its buttons.
        toastOverlay = adw_toast_overlay_new()
        // Toasts rise over the bottom of the stage, never over the player bar.
        gtk_widget_add_css_class(toastOverlay, "review-toasts")
        adw_toast_overlay_set_child(toastOverlay.cast(), pages)
        let page: Widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_append(page.cast(), toastOverlay)
        gtk_box_append(page.cast(), actionBar)
        root = page
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
        gtk_widget_set_tooltip_text(button, action.tooltip)
        gtk_widget_add_css_class(button, "action-\(action.rawValue)")
        gtk_widget_add_css_class(button, "pill")
        // The visible label is the accessible name; GTK 4.8 would append an
        // explicit accessible label to it ("Like Like").
        Accessibility.setKeyShortcuts(button, action.ariaShortcuts)
        return button
    }

    private static func makeActionBar() -> Widget {
        let bar: Widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 18)
        gtk_widget_set_halign(bar, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(bar, "action-bar")
        for action in FlickAction.bar { gtk_box_append(bar.cast(), makeButton(action)) }
        return bar
    }

    private static func makeFinishedPage() -> (page: Widget, reviewAgain: Widget) {
        let page: Widget = adw_status_page_new()
        adw_status_page_set_icon_name(page.cast(), "object-select-symbolic")
        adw_status_page_set_title(page.cast(), tr("All Clips Reviewed"))
        let buttons: Widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        var reviewAgain: Widget?
        for action in [FlickAction.applyDeletions, .exportLikes, .reviewSkipped, .reviewAgain, .undo] {
            let button = makeButton(action)
            if action == .applyDeletions { gtk_widget_add_css_class(button, "destructive-action") }
            // Offered only while there are skipped clips to go through.
            if action == .reviewSkipped { g_object_bind_property(button.rawObject, "sensitive", button.rawObject, "visible", G_BINDING_SYNC_CREATE) }
            if action == .reviewAgain { reviewAgain = button }
            gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
            gtk_box_append(buttons.cast(), button)
        }
        adw_status_page_set_child(page.cast(), buttons)
        return (page, reviewAgain ?? buttons)
    }

    // MARK: Drawing the model

    /// The page's part of the render pass: the status line says what just
    /// happened (`said`, worded once by the window); progress, the finished
    /// page and focus follow the deck.
    func render(_ change: ReviewChange, said: String?) {
        if let said { setStatus(said) }
        if change.touchesDeck { refresh() }
    }

    private func refresh() {
        let total = model.count
        let cursor = model.cursor
        gtk_label_set_text(progressLabel.opaque, tr("%ld of %ld", model.isFinished ? total : min(cursor + 1, total), total))
        gtk_progress_bar_set_fraction(progressBar.opaque, total == 0 ? 0 : Double(cursor) / Double(total))
        if model.isFinished {
            adw_status_page_set_description(finishedPage.cast(), Words.summary(model.stats))
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
        guard !model.showsOverview else { return }
        if model.isFinished {
            gtk_widget_grab_focus(reviewAgainButton)
        } else if let top = stack.topCard {
            gtk_widget_grab_focus(top.button)
        }
    }

    private func show(page: String) {
        gtk_stack_set_visible_child_name(pages.cast(), page)
        gtk_widget_set_visible(actionBar, page == "cards" ? 1 : 0)
        // Screen readers see only the page on screen (both have an Undo);
        // focus moving to Review Again was silent while the cards' page kept
        // its name.
        Accessibility.showStackPage(pages, pages: [(cardsPage, tr("Cards")), (finishedPage, tr("All Clips Reviewed"))],
                                    shown: page == "finished" ? finishedPage : cardsPage)
        shownPage = page
    }

    /// Fullscreen keeps the stage, the player and the action bar, and
    /// drops the progress row for room.
    func setFullscreen(_ fullscreen: Bool) {
        isFullscreen = fullscreen
        gtk_widget_set_visible(progressRow, fullscreen ? 0 : 1)
        player.setFullscreen(fullscreen)
    }

    private func setStatus(_ text: String) {
        gtk_label_set_text(statusLabel.opaque, text)
    }

    /// What the status line says now.
    var status: String {
        gtk_label_get_text(statusLabel.opaque).map { String(cString: $0) } ?? ""
    }
}
