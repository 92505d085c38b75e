import CGtk

public extension GObjectPointer {
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
