import CGtk
import GtkKit

/// A frame around a page that lets the window shrink below what the page's
/// present layout needs, and tells the page how much room it got, so the
/// page can pick a layout that fits (libadwaita 1.2 has no breakpoints):
///
///     RoomLayout.wrap(page, floor: (360, 247)) { room in … pick a layout … }
///
/// It asks for the page's minimum size but never more than `floor`, and
/// gives the page at least its minimum (cut off at the frame's edges) for
/// the moment until the page changes its layout. `onRoom` runs in GTK's
/// layout pass with the size given and the size the page's layout needs;
/// a change of layout belongs in a later main-loop turn.
@MainActor
enum RoomLayout {
    struct Room: Equatable {
        var width: Int32, height: Int32
        /// What the page's present layout needs at least.
        var neededWidth: Int32, neededHeight: Int32
    }

    typealias OnRoom = @MainActor (Room) -> Void

    private nonisolated static let key = "flick-room-layout"

    /// Immutable; read on the main thread only (GTK calls the layout there).
    private final class Box: @unchecked Sendable {
        let floor: (width: Int32, height: Int32)
        let onRoom: OnRoom
        init(floor: (width: Int32, height: Int32), onRoom: @escaping OnRoom) {
            self.floor = floor
            self.onRoom = onRoom
        }
    }

    /// A frame holding `page`.
    static func wrap(_ page: Widget, floor: (width: Int32, height: Int32), onRoom: @escaping OnRoom) -> Widget {
        let frame: Widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_set_overflow(frame, GTK_OVERFLOW_HIDDEN)
        gtk_box_append(frame.cast(), page)
        let box = Unmanaged.passRetained(Box(floor: floor, onRoom: onRoom)).toOpaque()
        g_object_set_data_full(frame.rawObject.assumingMemoryBound(to: GObject.self), key, box) { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        gtk_widget_set_layout_manager(frame, gtk_custom_layout_new(nil, measure, allocate))
        return frame
    }

    private nonisolated static let measure: GtkCustomMeasureFunc = { frame, orientation, forSize, minimum, natural, _, _ in
        guard let frame, let page = gtk_widget_get_first_child(frame), let box = RoomLayout.box(of: frame) else { return }
        var pageMinimum: Int32 = 0, pageNatural: Int32 = 0
        var across = forSize
        if orientation == GTK_ORIENTATION_VERTICAL, forSize >= 0 {
            // The page is laid out at least as wide as it needs.
            var least: Int32 = 0
            gtk_widget_measure(page, GTK_ORIENTATION_HORIZONTAL, -1, &least, nil, nil, nil)
            across = max(forSize, least)
        }
        gtk_widget_measure(page, orientation, across, &pageMinimum, &pageNatural, nil, nil)
        let floor = orientation == GTK_ORIENTATION_HORIZONTAL ? box.floor.width : box.floor.height
        minimum?.pointee = min(pageMinimum, floor)
        natural?.pointee = pageNatural
    }

    private nonisolated static let allocate: GtkCustomAllocateFunc = { frame, width, height, _ in
        guard let frame, let page = gtk_widget_get_first_child(frame), let box = RoomLayout.box(of: frame) else { return }
        var neededWidth: Int32 = 0, neededHeight: Int32 = 0
        gtk_widget_measure(page, GTK_ORIENTATION_HORIZONTAL, -1, &neededWidth, nil, nil, nil)
        let pageWidth = max(width, neededWidth)
        gtk_widget_measure(page, GTK_ORIENTATION_VERTICAL, pageWidth, &neededHeight, nil, nil, nil)
        gtk_widget_allocate(page, pageWidth, max(height, neededHeight), -1, nil)
        let room = Room(width: width, height: height, neededWidth: neededWidth, neededHeight: neededHeight)
        MainActor.assumeIsolated { box.onRoom(room) }
    }

    private nonisolated static func box(of widget: UnsafeMutablePointer<GtkWidget>) -> Box? {
        guard let data = g_object_get_data(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), key) else { return nil }
        return Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
    }
}

/// Hands the room a frame reports to a page that is made after the frame
/// (the page's `self` exists only once the frame is its root).
@MainActor
final class RoomRelay {
    var fit: RoomLayout.OnRoom = { _ in }
}
