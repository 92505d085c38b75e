import CGObject

/// An owning reference to a GObject: the object lives at least as long as
/// this value, and is released in `deinit`.
///
/// `ObjectRef(taking:)` adopts a reference the caller owns (what a C call
/// marked `transfer full` returns), sinking a floating one (a new widget, a
/// new GStreamer element), so an object kept by Swift survives being
/// removed from its parent or its dialog being closed. `ObjectRef(retaining:)`
/// adds a reference of its own (for what a call lends, `transfer none`).
/// `passRetained()` hands a C call that takes a reference over
/// (`transfer full`) one of its own. No `dispose()` to remember.
///
/// ```swift
/// let bar = ObjectRef(taking: gtk_progress_bar_new())   // ours, even after the dialog closes
/// gtk_progress_bar_set_fraction(bar.pointer.opaque, 0.5)
/// ```
///
/// Release happens where the last Swift reference goes, which for widgets
/// is the main thread (GTK objects are only touched there). GStreamer's
/// objects are GObjects too: `gst_object_unref` is `g_object_unref` plus a
/// tracer hook Flick does not use.
public final class ObjectRef<Pointer: GObjectPointer>: @unchecked Sendable {
    public let pointer: Pointer

    /// Adopts the caller's reference (a floating reference is sunk).
    public init(taking pointer: Pointer) {
        self.pointer = pointer
        if g_object_is_floating(pointer.rawObject) != 0 { g_object_ref_sink(pointer.rawObject) }
    }

    /// Takes a new reference of its own (or sinks a floating one: then the
    /// floating reference is this owner's).
    public init(retaining pointer: Pointer) {
        self.pointer = pointer
        g_object_ref_sink(pointer.rawObject)
    }

    /// Adopts the caller's reference if there is one.
    public convenience init?(taking pointer: Pointer?) {
        guard let pointer else { return nil }
        self.init(taking: pointer)
    }

    /// Keeps the object if there is one.
    public convenience init?(retaining pointer: Pointer?) {
        guard let pointer else { return nil }
        self.init(retaining: pointer)
    }

    /// The pointer with a new reference for a C call that takes one over
    /// (`transfer full`: `gtk_multi_selection_new`, `adw_toast_overlay_add_toast`);
    /// this owner keeps its own.
    public func passRetained() -> Pointer {
        g_object_ref(pointer.rawObject)
        return pointer
    }

    deinit {
        g_object_unref(pointer.rawObject)
    }
}
