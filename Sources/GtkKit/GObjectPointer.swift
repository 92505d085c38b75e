import CGtk

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
    func cast<T>(to _: T.Type = T.self) -> UnsafeMutablePointer<T> {
        rawObject.assumingMemoryBound(to: T.self)
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
