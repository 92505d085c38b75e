import CGObject

/// A pointer to a GObject instance, whatever shape Swift imported it as.
///
/// Derivable types import as `UnsafeMutablePointer<GtkX>`, final and
/// interface types as `OpaquePointer`; both conform, so helpers take either.
public protocol GObjectPointer {
    var rawObject: UnsafeMutableRawPointer { get }
}

extension OpaquePointer: GObjectPointer {
    public var rawObject: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutablePointer: GObjectPointer {
    public var rawObject: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer: GObjectPointer {
    public var rawObject: UnsafeMutableRawPointer { self }
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
}
