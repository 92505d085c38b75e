import CGObject
import Synchronization

/// GTypes by their C struct's name, for the checked cast: only types whose
/// instances the check can read (classed and interface types).
enum GTypeLookup {
    /// Types found so far (a type, once registered, stays registered).
    private static let found = Mutex<[ObjectIdentifier: GType]>([:])

    static func type<T>(of _: T.Type) -> GType? {
        if let known = found.withLock({ $0[ObjectIdentifier(T.self)] }) { return known == 0 ? nil : known }
        // C's `typedef struct _GtkWidget GtkWidget` imports as `_GtkWidget`.
        var name = String(describing: T.self)
        if name.hasPrefix("_") { name.removeFirst() }
        let type = g_type_from_name(name)
        guard type != 0 else { return nil }  // not registered (yet): no instance of it exists
        let interface = GType(2 << G_TYPE_FUNDAMENTAL_SHIFT)
        let classed = g_type_test_flags(type, UInt32(G_TYPE_FLAG_INSTANTIATABLE.rawValue)) != 0
        let checkable = classed || g_type_fundamental(type) == interface
        found.withLock { $0[ObjectIdentifier(T.self)] = checkable ? type : 0 }
        return checkable ? type : nil
    }
}
