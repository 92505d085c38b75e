import CGtk

/// A GskRenderNode (a snapshot's drawing).
public enum RenderNodeKind: ReferenceCounted {
    public static func retain(_ pointer: OpaquePointer) { _ = gsk_render_node_ref(pointer) }
    public static func release(_ pointer: OpaquePointer) { gsk_render_node_unref(pointer) }
}

/// A GtkBitset (a selection model's selected positions).
public enum BitsetKind: ReferenceCounted {
    public static func retain(_ pointer: OpaquePointer) { _ = gtk_bitset_ref(pointer) }
    public static func release(_ pointer: OpaquePointer) { gtk_bitset_unref(pointer) }
}

/// A PangoAttrList (a layout's attributes).
public enum AttributeListKind: ReferenceCounted {
    public static func retain(_ pointer: OpaquePointer) { _ = pango_attr_list_ref(pointer) }
    public static func release(_ pointer: OpaquePointer) { pango_attr_list_unref(pointer) }
}

/// A GResource (a compiled `.gresource` bundle).
public enum ResourceKind: ReferenceCounted {
    public static func retain(_ pointer: OpaquePointer) { _ = g_resource_ref(pointer) }
    public static func release(_ pointer: OpaquePointer) { g_resource_unref(pointer) }
}

/// A GSettingsSchema.
public enum SettingsSchemaKind: ReferenceCounted {
    public static func retain(_ pointer: OpaquePointer) { _ = g_settings_schema_ref(pointer) }
    public static func release(_ pointer: OpaquePointer) { g_settings_schema_unref(pointer) }
}

/// A GSettingsSchemaSource (compiled schemas in a folder).
public enum SettingsSchemaSourceKind: ReferenceCounted {
    public static func retain(_ pointer: OpaquePointer) { _ = g_settings_schema_source_ref(pointer) }
    public static func release(_ pointer: OpaquePointer) { g_settings_schema_source_unref(pointer) }
}

public typealias RenderNodeRef = CountedRef<RenderNodeKind>
public typealias BitsetRef = CountedRef<BitsetKind>
public typealias AttributeListRef = CountedRef<AttributeListKind>
public typealias ResourceRef = CountedRef<ResourceKind>
public typealias SettingsSchemaRef = CountedRef<SettingsSchemaKind>
public typealias SettingsSchemaSourceRef = CountedRef<SettingsSchemaSourceKind>

public extension WeakObjectRef where Pointer == UnsafeMutablePointer<GtkWidget> {
    convenience init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.init(widget)
    }
}
