import CGObject

/// A GVariant (an action's state, a menu attribute).
public enum VariantKind: ReferenceCounted {
    public static func retain(_ pointer: OpaquePointer) { _ = g_variant_ref(pointer) }
    public static func release(_ pointer: OpaquePointer) { g_variant_unref(pointer) }
}

/// GBytes (pixels handed to a texture or a pixbuf).
public enum BytesKind: ReferenceCounted {
    public static func retain(_ pointer: OpaquePointer) { _ = g_bytes_ref(pointer) }
    public static func release(_ pointer: OpaquePointer) { g_bytes_unref(pointer) }
}

public typealias VariantRef = CountedRef<VariantKind>
public typealias BytesRef = CountedRef<BytesKind>
