import CGtk
import FlickCore
import FlickStore
import Foundation
import GtkKit

/// One row of the Apply list: the file's poster, a check button named
/// after the file, and its size. The list view recycles rows, so a row
/// holds no state of its own: `show` draws the file at an index with the
/// checked state the list keeps, and `clear` lets the row go.
@MainActor
final class ApplyListRow {
    /// The poster's box in pixels (a square; the still keeps its shape inside).
    static let posterSize: Int32 = 48

    let root: Typed<Kinds.Box>
    let check: Typed<Kinds.CheckButton>
    private let poster: Typed<Kinds.Image>
    private let size: Typed<Kinds.Label>
    /// The file drawn now (nil while the row is not bound).
    private(set) var index: Int?
    private(set) var clipID: Int64?
    /// The user ticked or unticked the check: the index and the new state.
    var onToggle: (Int, Bool) -> Void = { _, _ in }

    init() {
        // A GtkImage keeps a fixed square whatever the still's size, so the
        // names line up whether or not a poster has arrived.
        poster = Typed(gtk_image_new())
        gtk_image_set_pixel_size(poster.opaque, Self.posterSize)
        gtk_widget_add_css_class(poster.widget, "apply-poster")
        Accessibility.setHidden(poster, true)  // decoration: the name says which file
        check = Typed(gtk_check_button_new_with_label(""))
        gtk_widget_set_hexpand(check.widget, 1)
        size = Typed(gtk_label_new(""))
        gtk_widget_add_css_class(size.widget, "dim-label")
        gtk_widget_add_css_class(size.widget, "numeric")
        root = Typed(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12))
        gtk_widget_add_css_class(root.widget, "apply-row")
        gtk_box_append(root.cast(), poster.widget)
        gtk_box_append(root.cast(), check.widget)
        gtk_box_append(root.cast(), size.widget)
        connect(check, .void("toggled")) { [unowned self] in
            guard let index else { return }
            onToggle(index, gtk_check_button_get_active(check.cast()) != 0)
        }
    }

    /// Draws `item` (the list's file at `index`, named `label` or by its
    /// name) with its checked state.
    func show(_ item: FileItem, label: String? = nil, at index: Int, checked: Bool, poster texture: OpaquePointer?) {
        // Unbound while the check is set, so setting it is not a user's toggle.
        self.index = nil
        clipID = item.clipID
        gtk_check_button_set_label(check.cast(), label ?? RawPath.display(item.relativePath))
        gtk_check_button_set_active(check.cast(), checked ? 1 : 0)
        gtk_label_set_text(size.opaque, FileSize.words(item.size))
        setPoster(texture)
        self.index = index
    }

    func setPoster(_ texture: OpaquePointer?) {
        if let texture { gtk_image_set_from_paintable(poster.opaque, texture) } else { gtk_image_clear(poster.opaque) }
    }

    /// The list took the row back.
    func clear() {
        index = nil
        clipID = nil
        setPoster(nil)
    }
}
