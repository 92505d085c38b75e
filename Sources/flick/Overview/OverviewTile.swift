import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// One tile of the overview: the clip's poster (or its muted preview while
/// it plays in place), its name, duration and decision badge (an icon and
/// a word, never colour alone), and a "Current" chip on the card on top of
/// the stack. The grid recycles tiles: `show` redraws one for another clip.
@MainActor
final class OverviewTile {
    /// Poster size in pixels (4:3 box; the picture keeps its own shape).
    nonisolated static let posterWidth = 176
    nonisolated static let posterHeight = 132

    let root: Widget
    private let picture: Widget
    private let name: Widget
    private let duration: Widget
    private let badge: Widget
    private let badgeIcon: Widget
    private let badgeLabel: Widget
    private let current: Widget
    /// The deck position and clip drawn now (nil while unbound).
    private(set) var position: Int?
    private(set) var clipID: Int64?
    private var hasPoster = false

    init() {
        picture = gtk_picture_new()
        gtk_picture_set_can_shrink(picture.opaque, 1)
        gtk_picture_set_content_fit(picture.opaque, GTK_CONTENT_FIT_CONTAIN)
        gtk_widget_set_size_request(picture, Int32(Self.posterWidth), Int32(Self.posterHeight))
        gtk_widget_add_css_class(picture, "tile-poster")

        badgeIcon = gtk_image_new()
        badgeLabel = gtk_label_new("")
        badge = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)
        gtk_widget_add_css_class(badge, "tile-badge")
        gtk_box_append(badge.cast(), badgeIcon)
        gtk_box_append(badge.cast(), badgeLabel)
        gtk_widget_set_halign(badge, GTK_ALIGN_START)
        gtk_widget_set_valign(badge, GTK_ALIGN_END)

        current = gtk_label_new(tr("Current"))
        gtk_widget_add_css_class(current, "tile-current")
        gtk_widget_set_halign(current, GTK_ALIGN_END)
        gtk_widget_set_valign(current, GTK_ALIGN_START)

        let overlay: Widget = gtk_overlay_new()
        gtk_overlay_set_child(overlay.opaque, picture)
        gtk_overlay_add_overlay(overlay.opaque, badge)
        gtk_overlay_add_overlay(overlay.opaque, current)

        name = gtk_label_new("")
        gtk_label_set_ellipsize(name.opaque, PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(name.opaque, 18)
        gtk_widget_add_css_class(name, "tile-name")
        duration = gtk_label_new("")
        gtk_widget_add_css_class(duration, "dim-label")
        gtk_widget_add_css_class(duration, "caption")

        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        gtk_widget_add_css_class(root, "overview-tile")
        gtk_box_append(root.cast(), overlay)
        gtk_box_append(root.cast(), name)
        gtk_box_append(root.cast(), duration)
        // The list item around the tile carries its name for screen readers.
        for part in [picture, badge, current, name, duration] { Accessibility.setHidden(part, true) }
    }

    /// Draws the clip at `position` from the model.
    func show(position: Int, model: ReviewModel) {
        let clip = model.clips[position]
        self.position = position
        clipID = clip.id
        let facts = model.facts(at: position)
        let decision = model.decision(at: position)
        gtk_label_set_text(name.opaque, clip.name)
        gtk_label_set_text(duration.opaque, Self.durationText(clip, facts: facts))
        gtk_image_set_from_icon_name(badgeIcon.opaque, Self.iconName(decision))
        gtk_label_set_text(badgeLabel.opaque, Self.word(decision))
        for style in ["like", "delete", "skip", "undecided"] { gtk_widget_remove_css_class(badge, style) }
        gtk_widget_add_css_class(badge, decision?.rawValue ?? "undecided")
        let isCurrent = position == model.cursor
        gtk_widget_set_visible(current, isCurrent ? 1 : 0)
        if isCurrent { gtk_widget_add_css_class(root, "current") } else { gtk_widget_remove_css_class(root, "current") }
        if let item = gtk_widget_get_parent(root) {
            Accessibility.setLabel(item, Self.accessibleName(clip, facts: facts, decision: decision))
        }
    }

    /// Forgets the clip (the grid took the tile back).
    func clear() {
        position = nil
        clipID = nil
    }

    var needsPoster: Bool { !hasPoster }

    /// Shows a still (the poster) or a preview frame.
    func setPicture(_ texture: OpaquePointer?, isPoster: Bool = true) {
        gtk_picture_set_paintable(picture.opaque, texture)
        if isPoster { hasPoster = texture != nil }
    }

    /// The list item widget around the tile (focusable; its name is read).
    var item: Widget? { gtk_widget_get_parent(root) }

    /// "beach_rally_01.mp4, 0:04, liked".
    static func accessibleName(_ clip: ReviewClip, facts: ClipFacts, decision: Decision?) -> String {
        let details = durationText(clip, facts: facts)
        return ([clip.name] + (details.isEmpty ? [] : [details]) + [word(decision)]).joined(separator: ", ")
    }

    static func durationText(_ clip: ReviewClip, facts: ClipFacts) -> String {
        if clip.kind == .photo { return tr("photo") }
        return facts.duration.map(ClipInfo.formatDuration) ?? ""
    }

    /// The badge's word: "liked", "marked for deletion", "skipped", "undecided".
    static func word(_ decision: Decision?) -> String {
        decision.map(Words.decision) ?? tr("undecided")
    }

    static func iconName(_ decision: Decision?) -> String {
        switch decision {
        case .like: "emblem-favorite-symbolic"
        case .delete: "user-trash-symbolic"
        case .skip: "go-up-symbolic"
        case nil: "dialog-question-symbolic"
        }
    }
}
