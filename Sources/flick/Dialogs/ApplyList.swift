import CGtk
import FlickCore
import FlickMedia
import FlickStore
import Foundation
import GtkKit

/// The Apply confirmation's list: every file it will move, with its poster,
/// name and size, each with a check box that starts on. Unchecking a file
/// leaves it out of this Apply (it stays marked for deletion).
@MainActor
final class ApplyList {
    /// Rows whose poster is looked up in the thumbnail cache (the rest show
    /// a placeholder until scrolled to in the overview).
    static let postersLooked = 200
    static let posterSize: Int32 = 48

    let root: Widget
    let items: [FileItem]
    /// Clip ids still checked.
    private(set) var kept: Set<Int64>
    var onChange: () -> Void = {}
    private var pictures: [Int64: WeakObjectRef<Widget>] = [:]

    init(items: [FileItem], poster: (Int64) -> OpaquePointer?) {
        self.items = items
        kept = Set(items.map(\.clipID))
        let box: Widget = gtk_list_box_new()
        gtk_list_box_set_selection_mode(box.cast(), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(box, "boxed-list")
        Accessibility.setLabel(box, tr("Files to move"))
        root = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(root.cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(root.cast(), 1)
        gtk_scrolled_window_set_max_content_height(root.cast(), 320)
        gtk_scrolled_window_set_child(root.cast(), box)
        for item in items { gtk_list_box_append(box.cast(), makeRow(item, poster: poster(item.clipID))) }
        lookUpPosters()
    }

    var keptItems: [FileItem] { items.filter { kept.contains($0.clipID) } }

    private func makeRow(_ item: FileItem, poster: OpaquePointer?) -> Widget {
        let check: Widget = gtk_check_button_new_with_label(RawPath.display(item.relativePath))
        gtk_check_button_set_active(check.cast(), 1)
        gtk_widget_set_hexpand(check, 1)
        connect(check, .void("toggled")) { [unowned self] in
            if gtk_check_button_get_active(check.cast()) != 0 { kept.insert(item.clipID) } else { kept.remove(item.clipID) }
            onChange()
        }
        let picture: Widget = gtk_picture_new()
        gtk_picture_set_content_fit(picture.opaque, GTK_CONTENT_FIT_CONTAIN)
        gtk_picture_set_can_shrink(picture.opaque, 1)
        gtk_widget_set_size_request(picture, Self.posterSize * 4 / 3, Self.posterSize)
        gtk_picture_set_paintable(picture.opaque, poster)
        pictures[item.clipID] = WeakObjectRef(widget: picture)
        let size: Widget = gtk_label_new(ByteCountFormatter.string(fromByteCount: item.size, countStyle: .file))
        gtk_widget_add_css_class(size, "dim-label")
        let row: Widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_widget_add_css_class(row, "apply-row")
        gtk_box_append(row.cast(), picture)
        gtk_box_append(row.cast(), check)
        gtk_box_append(row.cast(), size)
        return row
    }

    /// Posters from the shared thumbnail cache, off the main thread.
    private func lookUpPosters() {
        let wanted = items.prefix(Self.postersLooked).map { ($0.clipID, $0.absolutePath) }
        Task { @MainActor [weak self] in
            for (id, path) in wanted {
                guard self?.pictures[id]?.with({ gtk_picture_get_paintable($0.opaque) == nil }) == true else { continue }
                let image = await Task.detached(priority: .utility) { ThumbnailCache.lookup(path).map(TileImage.init(fitting:)) }.value
                guard let self, let texture = image?.texture() else { continue }
                pictures[id]?.with { gtk_picture_set_paintable($0.opaque, texture) }
                g_object_unref(texture.rawObject)
            }
        }
    }
}
