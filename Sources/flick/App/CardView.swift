import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// One card: a flat button (focusable, with a click action for screen
/// readers) holding the clip's picture, the swipe overlay and a caption.
///
/// The card draws what it is told: CardStackView sets its transform, overlay
/// and media state from FlickCore's pose.
@MainActor
final class CardView {
    let button: Widget
    let position: Int
    private let picture: Widget
    private let tint: Widget
    private let badge: Widget
    private let badgeIcon: Widget
    private let badgeLabel: Widget
    private let caption: Widget
    private let problem: Widget
    private var stream: UnsafeMutablePointer<GtkMediaStream>?
    private var shownDirection: SwipeDirection?
    let path: String
    let kind: ClipKind
    /// Media pipelines alive in the whole app (GtkMediaFile streams), and
    /// the most ever alive at once: the pool's limit is 3.
    private(set) static var liveStreams = 0
    private(set) static var maxLiveStreams = 0

    /// A card; a video card plays only once `goLive()` is called and shows
    /// its poster frame (`setPoster`) until then.
    init(position: Int, name: String, path: String, kind: ClipKind) {
        self.position = position
        self.path = path
        self.kind = kind
        picture = gtk_picture_new()
        gtk_picture_set_can_shrink(picture.opaque, 1)
        gtk_picture_set_keep_aspect_ratio(picture.opaque, 1)

        tint = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(tint, "card-tint")
        gtk_widget_set_can_target(tint, 0)

        badgeIcon = gtk_image_new()
        gtk_image_set_pixel_size(badgeIcon.opaque, 48)
        badgeLabel = gtk_label_new("")
        gtk_widget_add_css_class(badgeLabel, "title-2")
        badge = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_widget_add_css_class(badge, "swipe-badge")
        gtk_box_append(badge.cast(), badgeIcon)
        gtk_box_append(badge.cast(), badgeLabel)
        gtk_widget_set_halign(badge, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(badge, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(badge, 0)
        gtk_widget_set_opacity(badge, 0)
        gtk_widget_set_opacity(tint, 0)

        caption = gtk_label_new(name)
        gtk_label_set_ellipsize(caption.opaque, PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_add_css_class(caption, "card-caption")
        gtk_widget_set_valign(caption, GTK_ALIGN_END)
        gtk_widget_set_halign(caption, GTK_ALIGN_FILL)
        gtk_widget_set_can_target(caption, 0)

        problem = gtk_label_new("")
        gtk_label_set_wrap(problem.opaque, 1)
        gtk_label_set_justify(problem.opaque, GTK_JUSTIFY_CENTER)
        gtk_widget_add_css_class(problem, "card-problem")
        gtk_widget_set_valign(problem, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(problem, 0)
        gtk_widget_set_visible(problem, 0)

        let overlay: Widget = gtk_overlay_new()
        gtk_overlay_set_child(overlay.opaque, picture)
        gtk_overlay_add_overlay(overlay.opaque, problem)
        gtk_overlay_add_overlay(overlay.opaque, tint)
        gtk_overlay_add_overlay(overlay.opaque, badge)
        gtk_overlay_add_overlay(overlay.opaque, caption)

        button = gtk_button_new()
        gtk_button_set_child(button.cast(), overlay)
        gtk_widget_add_css_class(button, "deck-card")
        gtk_widget_set_overflow(button, GTK_OVERFLOW_HIDDEN)
        gtk_widget_set_focus_on_click(button, 0)
        g_object_ref_sink(button.rawObject)

        if kind == .photo { gtk_picture_set_filename(picture.opaque, path) }
    }

    /// Opens the clip's pipeline (prerolled, paused): the top card and the
    /// one beneath it are live, so the next clip plays the moment it is on top.
    func goLive() {
        guard kind == .video, stream == nil, let stream = gtk_media_file_new_for_filename(path) else { return }
        self.stream = stream
        Self.liveStreams += 1
        Self.maxLiveStreams = max(Self.maxLiveStreams, Self.liveStreams)
        gtk_media_stream_set_loop(stream, 1)
        gtk_media_stream_set_muted(stream, 1)
        gtk_picture_set_paintable(picture.opaque, stream.opaque)
    }

    var isLive: Bool { stream != nil }

    /// Shows a still frame (a card further down, not yet live).
    func setPoster(_ frame: RawFrame) {
        guard stream == nil else { return }
        let bytes = frame.bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let texture = gdk_memory_texture_new(Int32(frame.width), Int32(frame.height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED,
                                                   bytes, gsize(frame.stride)) else { return }
        gtk_picture_set_paintable(picture.opaque, texture.opaque)
        g_object_unref(texture.rawObject)
    }

    /// Shows why the clip cannot be played; the card can still be decided.
    func setProblem(_ text: String?) {
        gtk_label_set_text(problem.opaque, text ?? "")
        gtk_widget_set_visible(problem, text == nil ? 0 : 1)
        if text != nil { gtk_widget_add_css_class(button, "broken") }
    }

    /// Updates the caption, e.g. "rally_012.mp4 · 0:08 · 1920×1080".
    func setCaption(_ text: String) {
        gtk_label_set_text(caption.opaque, text)
    }

    /// Shows the swipe overlay toward `direction` at `intensity` (0…1):
    /// colour, icon and a word, so nothing relies on colour alone.
    func setOverlay(_ overlay: Overlay) {
        if overlay.direction != shownDirection {
            for direction in SwipeDirection.allCases {
                gtk_widget_remove_css_class(tint, direction.styleClass)
                gtk_widget_remove_css_class(badge, direction.styleClass)
            }
            if let direction = overlay.direction {
                gtk_widget_add_css_class(tint, direction.styleClass)
                gtk_widget_add_css_class(badge, direction.styleClass)
                gtk_image_set_from_icon_name(badgeIcon.opaque, direction.iconName)
                gtk_label_set_text(badgeLabel.opaque, direction.overlayText)
            }
            shownDirection = overlay.direction
        }
        gtk_widget_set_opacity(tint, overlay.intensity * 0.45)
        gtk_widget_set_opacity(badge, overlay.intensity)
    }

    var isVideo: Bool { kind == .video }
    var isPlaying: Bool { stream.map { gtk_media_stream_get_playing($0) != 0 } ?? false }

    func setPlaying(_ playing: Bool) {
        guard let stream else { return }
        if playing { gtk_media_stream_play(stream) } else { gtk_media_stream_pause(stream) }
    }

    func setMuted(_ muted: Bool) {
        guard let stream else { return }
        gtk_media_stream_set_muted(stream, muted ? 1 : 0)
    }

    /// Stops playback and frees the pipeline (the stack has removed the card).
    func dispose() {
        if let stream {
            gtk_media_stream_pause(stream)
            gtk_picture_set_paintable(picture.opaque, nil)
            g_object_unref(stream.rawObject)
            self.stream = nil
            Self.liveStreams -= 1
        }
        g_object_unref(button.rawObject)
    }
}
