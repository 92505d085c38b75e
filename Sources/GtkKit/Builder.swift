import CGtk

/// Widgets described in a GtkBuilder file (`.ui`) inside a registered
/// GResource. The builder owns what it built until a parent or a Swift
/// owner takes it, and this value keeps the builder, so an object looked
/// up by id stays alive as long as the `Builder` does.
///
/// ```swift
/// try ResourceBundle.register(path: "/usr/share/flick/flick.gresource")
/// let ui = Builder(resource: "/io/github/flick/Flick/ui/window.ui")
/// let header: Widget = ui.widget("header")
/// ```
@MainActor
public final class Builder {
    private let builder: ObjectRef<OpaquePointer>
    public let resource: String

    /// Builds every object of `resource` (a path in a registered GResource);
    /// a resource that is missing or malformed stops the app, as a missing
    /// part of the program would.
    public init(resource: String) {
        guard ResourceBundle.contains(resource), let made = gtk_builder_new_from_resource(resource) else {
            preconditionFailure("the user interface file \(resource) is not in a registered resource bundle")
        }
        builder = ObjectRef(taking: made)
        self.resource = resource
    }

    /// The object with `id`, or nil.
    public func objectIfPresent(_ id: String) -> OpaquePointer? {
        gtk_builder_get_object(builder.pointer, id).map { OpaquePointer($0) }
    }

    /// The object with `id`; one the file does not have is a programming
    /// error.
    public func object(_ id: String) -> OpaquePointer {
        guard let object = objectIfPresent(id) else { preconditionFailure("\(resource) has no object “\(id)”") }
        return object
    }

    /// The widget with `id` (checked to be a widget).
    public func widget(_ id: String) -> Widget {
        let object = object(id)
        guard object.isInstance(of: gtk_widget_get_type()) else { preconditionFailure("“\(id)” in \(resource) is not a widget") }
        return object.widget
    }
}

/// Compiled resource bundles (`.gresource`, from `glib-compile-resources`).
public enum ResourceBundle {
    /// Loads the bundle at `path` and makes its files available to GTK
    /// (`gtk_builder_new_from_resource`, `resource://` URIs). The bundle
    /// stays registered for the life of the process.
    public static func register(path: String) throws(ResourceBundleError) {
        var error: UnsafeMutablePointer<GError>?
        guard let resource = ResourceRef(taking: g_resource_load(path, &error)) else {
            defer { g_clear_error(&error) }
            throw ResourceBundleError(message: error.map { String(cString: $0.pointee.message) } ?? "unknown error")
        }
        g_resources_register(resource.pointer)  // the registry keeps its own reference
    }

    /// Whether a registered bundle holds `path`.
    public static func contains(_ path: String) -> Bool {
        g_resources_get_info(path, G_RESOURCE_LOOKUP_FLAGS_NONE, nil, nil, nil) != 0
    }
}

public struct ResourceBundleError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
