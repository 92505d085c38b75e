import CGtk
import FlickCore
import FlickStore
import Foundation
import GtkKit

/// The Apply confirmation's list: every file it will move, with its poster,
/// name and size, each with a check button that starts on. Unchecking a
/// file leaves it out of this Apply (it stays marked for deletion).
///
///   items + checked (one Bool per file) ──▶ GtkListView on a GtkStringList
///        ▲                                   (one string per file: its index;
///        └── a row's check toggled ◀───────── rows recycled, ApplyListRow)
///   ApplyListPosters: stills for the rows on screen only
///
/// Recycled rows hold no state: a file's checked state lives in `checked`.
/// GTK 4.8's list view keeps at most about 200 rows whatever the count, so
/// 2,000 files open at once; posters are asked for only for the rows in
/// the visible part of the list, a moment after it moves.
@MainActor
final class ApplyList {
    /// The list's height before it scrolls (pixels).
    static let maxHeight: Int32 = 360
    /// How long after the list binds or scrolls its visible rows ask for posters.
    static let posterDelay: Duration = .milliseconds(60)

    let root: Typed<Kinds.ScrolledWindow>
    let view: Typed<Kinds.ListView>
    let items: [FileItem]
    /// Whether each file (by index in `items`) is checked.
    private(set) var checked: [Bool]
    private(set) var keptCount: Int
    private(set) var keptBytes: Int64
    var onChange: () -> Void = {}
    private let posters: ApplyListPosters
    /// Rows by their root widget, and the bound ones by file index.
    private var rows: [UnsafeMutableRawPointer: ApplyListRow] = [:]
    private(set) var bound: [Int: ApplyListRow] = [:]
    private var posterScanQueued = false
    /// A file whose check takes the focus as soon as the list binds its row.
    var pendingFocus: Int?

    /// Each row's name when it is not the file's own (a Live Photo's half
    /// names the other; a suggested file says why).
    private let labels: [Int64: String]

    /// `poster` gives a still the overview already holds for a clip;
    /// `labels` name rows otherwise than by their file's name; `checked`
    /// is each file's first state (all checked when nil).
    init(items: [FileItem], labels: [Int64: String] = [:], checked: [Bool]? = nil, poster: @escaping (Int64) -> OpaquePointer?) {
        self.items = items
        self.labels = labels
        let checked = checked ?? Array(repeating: true, count: items.count)
        self.checked = checked
        keptCount = checked.filter { $0 }.count
        keptBytes = zip(items, checked).reduce(0) { $0 + ($1.1 ? $1.0.size : 0) }
        posters = ApplyListPosters(shared: poster)
        let strings: OpaquePointer = gtk_string_list_new(nil)
        withCStringArray(items.indices.map(String.init)) { gtk_string_list_splice(strings, 0, 0, $0) }
        let factory: OpaquePointer = gtk_signal_list_item_factory_new()
        // The view owns the selection, which owns the strings.
        view = Typed(gtk_list_view_new(gtk_no_selection_new(strings), factory))
        gtk_widget_add_css_class(view.widget, "apply-list")
        gtk_list_view_set_show_separators(view.cast(), 1)
        Accessibility.setLabel(view, tr("Files to move"))
        root = Typed(gtk_scrolled_window_new())
        gtk_widget_add_css_class(root.widget, "card")
        gtk_widget_add_css_class(root.widget, "apply-files")
        gtk_widget_set_overflow(root.widget, GTK_OVERFLOW_HIDDEN)
        gtk_scrolled_window_set_policy(root.cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(root.cast(), 1)
        gtk_scrolled_window_set_max_content_height(root.cast(), Self.maxHeight)
        gtk_scrolled_window_set_child(root.cast(), view.widget)
        installFactory(factory)
        installKeys()
        if let adjustment = gtk_scrolled_window_get_vadjustment(root.cast()) {
            connect(adjustment.opaque, .void("value-changed")) { [unowned self] in queuePosterScan() }
            // The range changes when the list is laid out: rows bound before
            // that (and before the dialog mapped) are measured again then.
            connect(adjustment.opaque, .void("changed")) { [unowned self] in queuePosterScan() }
        }
        connect(root, .map) { [unowned self] in queuePosterScan() }
        posters.isWanted = { [unowned self] id in bound.values.contains { $0.clipID == id && isOnScreen($0) } }
        posters.onPoster = { [unowned self] id in
            for row in bound.values where row.clipID == id { row.setPoster(posters.texture(for: id)) }
        }
    }

    var keptItems: [FileItem] { zip(items, checked).compactMap { $1 ? $0 : nil } }

    /// Checks or unchecks the file at `index` (what its row's check does).
    func setChecked(_ index: Int, _ on: Bool) {
        guard index < checked.count, checked[index] != on else { return }
        checked[index] = on
        keptCount += on ? 1 : -1
        keptBytes += on ? items[index].size : -items[index].size
        onChange()
    }

    private func installFactory(_ factory: OpaquePointer) {
        connect(factory, .listItem("setup")) { [unowned self] item in
            guard let item else { return }
            let row = ApplyListRow()
            row.onToggle = { [unowned self] index, on in setChecked(index, on) }
            rows[row.root.rawObject] = row
            gtk_list_item_set_child(OpaquePointer(item), row.root.widget)
        }
        connect(factory, .listItem("bind")) { [unowned self] item in
            guard let item, let row = row(of: OpaquePointer(item)), let index = index(of: OpaquePointer(item)),
                  index < items.count else { return }
            bind(row, to: index)
        }
        connect(factory, .listItem("unbind")) { [unowned self] item in
            guard let item, let row = row(of: OpaquePointer(item)) else { return }
            if let index = row.index, bound[index] === row { bound[index] = nil }
            row.clear()
        }
        connect(factory, .listItem("teardown")) { [unowned self] item in
            guard let item, let child = gtk_list_item_get_child(OpaquePointer(item)) else { return }
            rows[child.rawObject] = nil
        }
    }

    private func bind(_ row: ApplyListRow, to index: Int) {
        let item = items[index]
        bound[index] = row
        row.show(item, label: labels[item.clipID], at: index, checked: checked[index], poster: posters.texture(for: item.clipID))
        // GTK 4.8 reads unnamed containers by their type name ("GtkBox");
        // the list item around the row is tidied with it.
        if let listItem = gtk_widget_get_parent(row.root.widget) { Accessibility.tidy(listItem, closeLabel: "") }
        if pendingFocus == index {
            pendingFocus = nil
            gtk_widget_grab_focus(row.check.widget)
        }
        queuePosterScan()
    }

    /// Asks for the posters of the rows on screen once the list has laid
    /// them out (binding happens before layout; a scroll moves them).
    private func queuePosterScan() {
        guard !posterScanQueued else { return }
        posterScanQueued = true
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: Self.posterDelay)
            guard let self else { return }
            posterScanQueued = false
            // Not laid out yet: the next layout (the range changing) scans again.
            guard gtk_widget_get_mapped(root.widget) != 0, gtk_widget_get_height(root.widget) > 0 else { return }
            // Bottom row first: the poster jobs run newest first, so the top row's comes first.
            for (index, row) in bound.sorted(by: { $0.key > $1.key }) where isOnScreen(row) {
                posters.request(items[index].clipID, path: items[index].absolutePath)
            }
        }
    }

    func isOnScreen(_ row: ApplyListRow) -> Bool {
        var bounds = graphene_rect_t()
        guard gtk_widget_get_mapped(row.root.widget) != 0, gtk_widget_compute_bounds(row.root.widget, root.widget, &bounds) != 0 else { return false }
        return bounds.origin.y + bounds.size.height > 0 && bounds.origin.y < Float(gtk_widget_get_height(root.widget))
    }

    private func row(of item: OpaquePointer) -> ApplyListRow? {
        gtk_list_item_get_child(item).flatMap { rows[$0.rawObject] }
    }

    private func index(of item: OpaquePointer) -> Int? {
        guard let object = gtk_list_item_get_item(item), let text = gtk_string_object_get_string(OpaquePointer(object)) else { return nil }
        return Int(String(cString: text))
    }
}
