import CGtk
import FlickCore
import Foundation
import GtkKit

/// The deck area: the top clip as a card that plays, with its name and place
/// in the deck.
@MainActor
final class DeckView {
    let root: Widget
    private let picture: Widget
    private let nameLabel: Widget
    private let positionLabel: Widget
    private var stream: UnsafeMutablePointer<GtkMediaStream>?

    init() {
        picture = gtk_picture_new()
        gtk_picture_set_can_shrink(picture.opaque, 1)
        gtk_picture_set_keep_aspect_ratio(picture.opaque, 1)
        gtk_widget_set_vexpand(picture, 1)
        gtk_widget_set_size_request(picture, 320, 360)

        nameLabel = gtk_label_new("")
        gtk_label_set_ellipsize(nameLabel.opaque, PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_add_css_class(nameLabel, "heading")
        gtk_widget_set_halign(nameLabel, GTK_ALIGN_START)
        gtk_widget_set_hexpand(nameLabel, 1)
        positionLabel = gtk_label_new("")
        gtk_widget_add_css_class(positionLabel, "dim-label")
        gtk_widget_add_css_class(positionLabel, "deck-position")

        let caption: Widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_widget_add_css_class(caption, "clip-caption")
        gtk_box_append(caption.cast(), nameLabel)
        gtk_box_append(caption.cast(), positionLabel)

        let card: Widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(card, "deck-card")
        gtk_widget_set_overflow(card, GTK_OVERFLOW_HIDDEN)
        gtk_box_append(card.cast(), picture)
        gtk_box_append(card.cast(), caption)

        let clamp: Widget = adw_clamp_new()
        adw_clamp_set_maximum_size(clamp.cast(), 640)
        adw_clamp_set_child(clamp.cast(), card)
        gtk_widget_set_margin_top(clamp, 24)
        gtk_widget_set_margin_bottom(clamp, 24)
        gtk_widget_set_margin_start(clamp, 24)
        gtk_widget_set_margin_end(clamp, 24)
        root = clamp
    }

    /// Shows the first clip of `clips` (relative to `folder`), playing,
    /// looped and muted.
    func show(clips: [ScannedClip], in folder: URL) {
        clear()
        guard let top = clips.first else { return }
        let path = folder.appendingPathComponent(top.relativePath).path
        gtk_label_set_text(nameLabel.opaque, top.relativePath)
        gtk_label_set_text(positionLabel.opaque, "1 of \(clips.count)")
        switch top.kind {
        case .photo:
            gtk_picture_set_filename(picture.opaque, path)
        case .video:
            guard let stream = gtk_media_file_new_for_filename(path) else { return }
            self.stream = stream
            gtk_media_stream_set_loop(stream, 1)
            gtk_media_stream_set_muted(stream, 1)
            gtk_picture_set_paintable(picture.opaque, stream.opaque)
            gtk_media_stream_play(stream)
        }
        Accessibility.setLabel(picture, "Clip 1 of \(clips.count): \(top.relativePath)")
    }

    /// Stops playback and empties the card.
    func clear() {
        gtk_picture_set_paintable(picture.opaque, nil)
        if let stream {
            gtk_media_stream_pause(stream)
            g_object_unref(stream.rawObject)
            self.stream = nil
        }
    }
}
