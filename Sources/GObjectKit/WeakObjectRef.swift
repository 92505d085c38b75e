import CGObject

/// A weak reference to a GObject: `object` is nil once it is finalized
/// (a dialog libadwaita closed, a widget its parent dropped, a GStreamer
/// element its pipeline freed).
public final class WeakObjectRef<Pointer: GObjectPointer>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<GWeakRef>
    private let make: (UnsafeMutableRawPointer) -> Pointer

    public init(_ pointer: Pointer, make: @escaping (UnsafeMutableRawPointer) -> Pointer) {
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

public extension WeakObjectRef where Pointer == UnsafeMutableRawPointer {
    convenience init(_ pointer: UnsafeMutableRawPointer) {
        self.init(pointer) { $0 }
    }
}

public extension WeakObjectRef {
    /// A weak reference to a typed instance (`GtkWidget *`, `GstElement *`).
    convenience init<T>(_ pointer: UnsafeMutablePointer<T>) where Pointer == UnsafeMutablePointer<T> {
        self.init(pointer) { $0.assumingMemoryBound(to: T.self) }
    }
}
