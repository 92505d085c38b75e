import CGtk
import FlickCore
import GtkKit

/// A badge over a card (card.ui): an icon and a word on a direction's
/// colour (style.css's class for the direction), so nothing relies on
/// colour alone. A card has two: what letting go now would do (the swipe
/// badge) and the decision the clip has (the decision badge).
@MainActor
struct CardBadge {
    let box: Typed<Kinds.Box>
    private let icon: Typed<Kinds.Image>
    private let label: Typed<Kinds.Label>

    /// The badge called `name` in card.ui (`name-badge`, `name-icon`, `name-label`).
    init(_ ui: Builder, _ name: String) {
        box = ui.widget("\(name)-badge")
        icon = ui.widget("\(name)-icon")
        label = ui.widget("\(name)-label")
    }

    /// Shows `look` (nil: no direction's colour) in place of `old`'s colour.
    func show(_ look: (direction: SwipeDirection, icon: String, word: String)?, replacing old: SwipeDirection?) {
        if let old { gtk_widget_remove_css_class(box.widget, old.styleClass) }
        guard let look else { return }
        gtk_widget_add_css_class(box.widget, look.direction.styleClass)
        gtk_image_set_from_icon_name(icon.opaque, look.icon)
        gtk_label_set_text(label.opaque, look.word)
    }

    /// Shows `icon` and `word` on the badge's own colour (no direction's).
    func show(icon: String, word: String) {
        gtk_image_set_from_icon_name(self.icon.opaque, icon)
        gtk_label_set_text(label.opaque, word)
    }
}
