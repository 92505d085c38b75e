/// An owning reference to a reference-counted C value of `Kind` (not a
/// GObject: those are `ObjectRef`s). Released once, in `deinit`.
///
/// ```swift
/// guard let state = VariantRef(taking: g_action_get_state(action)) else { return false }
/// return g_variant_get_boolean(state.pointer) != 0
/// ```
///
/// As with `ObjectRef`, `taking:` adopts a reference the caller owns
/// (`transfer full`), `retaining:` adds one (`transfer none`), and
/// `passRetained()` gives a C call that takes one over its own.
public final class CountedRef<Kind: ReferenceCounted>: @unchecked Sendable {
    public let pointer: Kind.Pointer

    /// Adopts the caller's reference.
    public init(taking pointer: Kind.Pointer) {
        self.pointer = pointer
    }

    /// Takes a new reference of its own.
    public init(retaining pointer: Kind.Pointer) {
        Kind.retain(pointer)
        self.pointer = pointer
    }

    /// Adopts the caller's reference if there is one.
    public convenience init?(taking pointer: Kind.Pointer?) {
        guard let pointer else { return nil }
        self.init(taking: pointer)
    }

    /// The pointer with a new reference for a C call that takes one over.
    public func passRetained() -> Kind.Pointer {
        Kind.retain(pointer)
        return pointer
    }

    deinit {
        Kind.release(pointer)
    }
}
