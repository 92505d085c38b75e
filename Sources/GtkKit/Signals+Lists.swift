import CGtk

public typealias RangeHandler = @MainActor (UInt32, UInt32) -> Void

public extension SignalSpec where Handler == RangeHandler {
    /// GtkSelectionModel "selection-changed": position and number of items.
    static var selectionChanged: Self { Self("selection-changed", thunk: unsafeBitCast(rangeThunk, to: GCallback.self)) }
}

public extension SignalSpec where Handler == PointerHandler {
    /// GtkSignalListItemFactory "setup", "bind", "unbind", "teardown": the
    /// handler receives the `GtkListItem *`.
    static func listItem(_ name: String) -> Self { .pointer(name) }
}

private let rangeThunk: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, position, count, data in
    guard let handler = HandlerBox<RangeHandler>.from(data) else { return }
    MainActor.assumeIsolated { handler(position, count) }
}
