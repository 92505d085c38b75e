import CGtk

/// GAction helpers: every user action in Flick is one GSimpleAction.
@MainActor
public enum Actions {
    /// Adds a parameterless action named `name` to `map` (a GtkApplication,
    /// GtkApplicationWindow or GSimpleActionGroup) and returns it.
    @discardableResult
    public static func add(
        to map: some GObjectPointer,
        name: String,
        enabled: Bool = true,
        _ handler: @escaping VoidHandler
    ) -> OpaquePointer {
        guard let action = g_simple_action_new(name, nil) else {
            preconditionFailure("g_simple_action_new returned NULL for \(name)")
        }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
        connect(action, .actionActivate) { _ in handler() }
        g_action_map_add_action(map.opaque, action.opaque)
        g_object_unref(action.rawObject)
        return action
    }

    /// Adds an action taking a string parameter ("win.open-recent('/path')").
    @discardableResult
    public static func addString(to map: some GObjectPointer, name: String, _ handler: @escaping @MainActor (String) -> Void) -> OpaquePointer {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        guard let action = g_simple_action_new(name, type) else {
            preconditionFailure("g_simple_action_new returned NULL for \(name)")
        }
        connect(action, .actionActivate) { parameter in
            guard let parameter, let text = g_variant_get_string(OpaquePointer(parameter), nil) else { return }
            handler(String(cString: text))
        }
        g_action_map_add_action(map.opaque, action.opaque)
        g_object_unref(action.rawObject)
        return action
    }

    /// Enables or disables an action (buttons bound to it follow).
    public static func setEnabled(_ action: OpaquePointer, _ enabled: Bool) {
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    public static func isEnabled(_ action: OpaquePointer) -> Bool {
        g_action_get_enabled(action.opaque) != 0
    }

    /// Sets the accelerators (e.g. `["<Control>z"]`) of `detailedName` (e.g. `"win.undo"`).
    public static func setAccels(_ app: some GObjectPointer, for detailedName: String, _ accels: [String]) {
        withCStringArray(accels) { array in
            gtk_application_set_accels_for_action(app.cast(), detailedName, array)
        }
    }
}
