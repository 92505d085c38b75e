import CGtk
import Synchronization

/// A pointer to a GObject instance, whatever shape Swift imported it as.
///
/// Derivable GTK types import as `UnsafeMutablePointer<GtkX>`, final and
/// interface types as `OpaquePointer`; both conform, so helpers take either.
public protocol GObjectPointer {
    var rawObject: gpointer { get }
}

extension OpaquePointer: GObjectPointer {
    public var rawObject: gpointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutablePointer: GObjectPointer {
    public var rawObject: gpointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer: GObjectPointer {
    public var rawObject: gpointer { self }
}

public extension GObjectPointer {
    /// The instance as a typed pointer: the stand-in for `GTK_WIDGET(p)` and friends.
    ///
    /// Debug builds check it as `GTK_WIDGET(p)` does: when `T` is a GObject
    /// class or interface (its C struct is named after its GType, as GTK's
    /// are), the instance must be one. Release builds cast unchecked.
    func cast<T>(to _: T.Type = T.self) -> UnsafeMutablePointer<T> {
        assert(isInstance(of: T.self) != false, "\(rawObject) is not a \(T.self)")
        return rawObject.assumingMemoryBound(to: T.self)
    }

    /// Whether the instance is a `T` (a GObject class or interface named as
    /// its C struct), or nil when `T` names no registered GType to check.
    func isInstance<T>(of _: T.Type) -> Bool? {
        guard let type = GTypeLookup.type(of: T.self) else { return nil }
        return g_type_check_instance_is_a(rawObject.assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    /// Whether the instance is of `type` (a GType, `gtk_widget_get_type()`):
    /// the check for types Swift imports as `OpaquePointer`.
    func isInstance(of type: GType) -> Bool {
        g_type_check_instance_is_a(rawObject.assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    /// The instance as an opaque pointer, for final and interface types
    /// (GtkLabel, GtkStack, AdwStatusPage, GdkPaintable…); `.cast()` picks
    /// this or the typed form from context.
    func cast() -> OpaquePointer { OpaquePointer(rawObject) }

    /// The instance as an opaque pointer, for final and interface types.
    var opaque: OpaquePointer { OpaquePointer(rawObject) }

    /// The instance as a `GtkWidget *`.
    var widget: UnsafeMutablePointer<GtkWidget> { cast() }
}

/// Calls `body` with a NULL-terminated `char **` built from `strings`.
public func withCStringArray<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let duplicated = strings.map { UnsafePointer(strdup($0)) }
    defer { duplicated.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
    var array: [UnsafePointer<CChar>?] = duplicated + [nil]
    return array.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { preconditionFailure("array with a terminator is never empty") }
        return body(base)
    }
}

/// A `GtkWidget *`. GTK constructors return implicitly unwrapped pointers;
/// annotating with this type states that they are never NULL (GLib aborts on
/// out-of-memory instead of returning NULL).
public typealias Widget = UnsafeMutablePointer<GtkWidget>

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
