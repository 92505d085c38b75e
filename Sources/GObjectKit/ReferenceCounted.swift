/// One kind of reference-counted C value that is not a GObject (a GVariant,
/// a GstCaps, a GtkBitset…): its pointer type and the two calls that take
/// and drop a reference. A kind is a caseless enum; `CountedRef<Kind>`
/// owns one value of it, so the compiler keeps kinds apart.
///
/// ```swift
/// public enum VariantKind: ReferenceCounted {
///     public static func retain(_ pointer: OpaquePointer) { _ = g_variant_ref(pointer) }
///     public static func release(_ pointer: OpaquePointer) { g_variant_unref(pointer) }
/// }
/// ```
public protocol ReferenceCounted {
    associatedtype Pointer
    static func retain(_ pointer: Pointer)
    static func release(_ pointer: Pointer)
}
