import CGtk

/// An owning reference to a GObject: the object lives at least as long as
/// this value, and is released in `deinit`.
///
/// `ObjectRef(taking:)` adopts a reference the caller owns, sinking a
/// floating one (a new widget), so a widget kept by Swift survives being
/// removed from its parent or its dialog being closed. `ObjectRef(retaining:)`
/// adds a reference of its own. No `dispose()` to remember.
///
/// ```swift
/// let bar = ObjectRef(taking: gtk_progress_bar_new())   // ours, even after the dialog closes
/// gtk_progress_bar_set_fraction(bar.pointer.opaque, 0.5)
/// ```
///
/// Release happens where the last Swift reference goes, which for widgets
/// is the main thread (GTK objects are only touched there).
public final class ObjectRef<Pointer: GObjectPointer>: @unchecked Sendable {
    public let pointer: Pointer

    /// Adopts the caller's reference (a floating reference is sunk).
    public init(taking pointer: Pointer) {
        self.pointer = pointer
        if g_object_is_floating(pointer.rawObject) != 0 { g_object_ref_sink(pointer.rawObject) }
    }

    /// Takes a new reference of its own.
    public init(retaining pointer: Pointer) {
        self.pointer = pointer
        g_object_ref_sink(pointer.rawObject)
    }

    /// Adopts the caller's reference if there is one.
    public convenience init?(taking pointer: Pointer?) {
        guard let pointer else { return nil }
        self.init(taking: pointer)
    }

    deinit {
        g_object_unref(pointer.rawObject)
    }
}

/// A weak reference to a GObject: `object` is nil once it is finalized
/// (a dialog libadwaita closed, a widget its parent dropped).
public final class WeakObjectRef<Pointer: GObjectPointer>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<GWeakRef>
    private let make: (gpointer) -> Pointer

    public init(_ pointer: Pointer, make: @escaping (gpointer) -> Pointer) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: GWeakRef())
        self.make = make
        g_weak_ref_init(storage, pointer.rawObject)
    }

    /// Calls `body` with the object while holding a reference to it, or
    /// returns nil when it is gone.
    @discardableResult
    public func with<R>(_ body: (Pointer) -> R) -> R? {
        guard let object = g_weak_ref_get(storage) else { return nil }
        defer { g_object_unref(object) }
        return body(make(object))
    }

    public var isAlive: Bool { with { _ in true } ?? false }

    deinit {
        g_weak_ref_clear(storage)
        storage.deallocate()
    }
}

public extension WeakObjectRef where Pointer == OpaquePointer {
    convenience init(_ pointer: OpaquePointer) {
        self.init(pointer) { OpaquePointer($0) }
    }
}

public extension WeakObjectRef where Pointer == UnsafeMutablePointer<GtkWidget> {
    convenience init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.init(widget) { $0.assumingMemoryBound(to: GtkWidget.self) }
    }
}
