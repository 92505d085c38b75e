import CGtk
import GtkKit

/// The overview's filter buttons and Apply Deletions…, in as many rows as
/// the window's width needs: one row (the filters, Apply at its right end)
/// when everything fits; else the filters wrap in their order, each row a
/// linked group of whole buttons, and Apply ends the last row when it fits
/// there, or takes a row of its own. No button is ever cut off or scrolled
/// out of sight, so the mouse, Tab and a screen reader reach every filter
/// at any width (360 px, the window's least, included).
///
///     let flow = FilterFlow(buttons: filters, trailing: apply)
///     RoomLayout.wrap(flow.root, floor: (0, .max)) { flow.fit(width: $0.width) }
@MainActor
final class FilterFlow {
    /// The rows, top to bottom.
    let root: Widget
    private let buttons: [Widget]
    private let trailing: Widget
    private var shown: Arrangement?
    private var pending = false

    /// Which buttons each row holds (their indexes, in order) and whether
    /// the trailing button ends the last row (else it has its own).
    struct Arrangement: Equatable {
        var rows: [[Int]]
        var trailingInLastRow: Bool
    }

    /// Between rows, and between the filters and Apply in one row.
    static let rowSpacing: Int32 = 6
    static let trailingSpacing: Int32 = 12

    init(buttons: [Widget], trailing: Widget) {
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, Self.rowSpacing)
        self.buttons = buttons
        self.trailing = trailing
        gtk_widget_set_hexpand(trailing, 1)
        arrange(Arrangement(rows: [Array(buttons.indices)], trailingInLastRow: true))
    }

    /// The rows `widths` (each button's natural width, in order) take in
    /// `room` pixels, a button of `trailingWidth` after them: filled in
    /// order, each as full as it can be; a button wider than the room
    /// alone has a row to itself.
    static func arrangement(widths: [Int32], trailingWidth: Int32, room: Int32) -> Arrangement {
        var rows: [[Int]] = [[]]
        var used: Int32 = 0
        for (index, width) in widths.enumerated() {
            if let last = rows.last, !last.isEmpty, used + width > room {
                rows.append([])
                used = 0
            }
            rows[rows.count - 1].append(index)
            used += width
        }
        let lastEmpty = rows.last?.isEmpty ?? true
        return Arrangement(rows: rows, trailingInLastRow: lastEmpty || used + trailingSpacing + trailingWidth <= room)
    }

    /// Lays the buttons out for `width` pixels. Called from GTK's layout
    /// pass (`RoomLayout`): a new arrangement is made in the next main-loop
    /// turn, which lays the page out again.
    func fit(width: Int32) {
        let widths = buttons.map(Self.naturalWidth)
        let wanted = Self.arrangement(widths: widths, trailingWidth: Self.naturalWidth(trailing), room: width)
        guard wanted != shown, !pending else { return }
        pending = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            pending = false
            arrange(wanted)
        }
    }

    private static func naturalWidth(_ widget: Widget) -> Int32 {
        var least: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &least, &natural, nil, nil)
        return max(least, natural)
    }

    /// Moves the buttons into `arrangement`'s rows; the one with the
    /// keyboard focus keeps it.
    private func arrange(_ arrangement: Arrangement) {
        guard arrangement != shown else { return }
        shown = arrangement
        let window = gtk_widget_get_root(root)
        let focus = window.flatMap { gtk_root_get_focus($0) }
        let moving = buttons + [trailing]
        // Kept while they are between rows (a box lets go of what it removes).
        let held = moving.map { ObjectRef(retaining: $0) }
        for widget in moving {
            if let parent = gtk_widget_get_parent(widget) { gtk_box_remove(parent.cast(), widget) }
        }
        while let row = gtk_widget_get_first_child(root) { gtk_box_remove(root.cast(), row) }
        for (number, indexes) in arrangement.rows.enumerated() {
            let row: Widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, Self.trailingSpacing)
            let group: Widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
            gtk_widget_add_css_class(group, "linked")
            gtk_widget_set_halign(group, GTK_ALIGN_START)
            for index in indexes { gtk_box_append(group.cast(), buttons[index]) }
            if !indexes.isEmpty { gtk_box_append(row.cast(), group) }
            if number == arrangement.rows.count - 1 && arrangement.trailingInLastRow { gtk_box_append(row.cast(), trailing) }
            gtk_box_append(root.cast(), row)
        }
        if !arrangement.trailingInLastRow {
            let row: Widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
            gtk_box_append(row.cast(), trailing)
            gtk_box_append(root.cast(), row)
        }
        withExtendedLifetime(held) {}
        if let focus, moving.contains(where: { $0 == focus }) { gtk_widget_grab_focus(focus) }
    }
}
