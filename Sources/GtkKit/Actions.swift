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
        guard let owner = ObjectRef(taking: g_simple_action_new(name, nil)) else {
            preconditionFailure("g_simple_action_new returned NULL for \(name)")
        }
        let action = owner.pointer
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
        connect(action, .actionActivate) { _ in handler() }
        g_action_map_add_action(map.opaque, action.opaque)  // the map keeps its own reference
        return action
    }

    /// Adds an action taking a string parameter ("win.open-recent('/path')").
    @discardableResult
    public static func addString(to map: some GObjectPointer, name: String, _ handler: @escaping @MainActor (String) -> Void) -> OpaquePointer {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        guard let owner = ObjectRef(taking: g_simple_action_new(name, type)) else {
            preconditionFailure("g_simple_action_new returned NULL for \(name)")
        }
        let action = owner.pointer
        connect(action, .actionActivate) { parameter in
            guard let parameter, let text = g_variant_get_string(OpaquePointer(parameter), nil) else { return }
            handler(String(cString: text))
        }
        g_action_map_add_action(map.opaque, action.opaque)  // the map keeps its own reference
        return action
    }

    /// Adds an action with a boolean state (`state`), for what is on or
    /// off: a GtkToggleButton bound to it shows the state, and menus show a
    /// check mark. Activating it calls `handler`, which decides; the state
    /// changes only through `setState`, when the thing it mirrors changed.
    @discardableResult
    public static func addToggle(to map: some GObjectPointer, name: String, state: Bool,
                                 _ handler: @escaping VoidHandler) -> OpaquePointer {
        guard let owner = ObjectRef(taking: g_simple_action_new_stateful(name, nil, g_variant_new_boolean(state ? 1 : 0))) else {
            preconditionFailure("g_simple_action_new_stateful returned NULL for \(name)")
        }
        let action = owner.pointer
        connect(action, .actionActivate) { _ in handler() }
        // A request to change the state is a request to toggle (what
        // GtkActionable does not send, but other clients may).
        connect(action, .pointer("change-state")) { requested in
            guard let requested, (g_variant_get_boolean(OpaquePointer(requested)) != 0) != Actions.state(of: action) else { return }
            handler()
        }
        g_action_map_add_action(map.opaque, action.opaque)  // the map keeps its own reference
        return action
    }

    /// Sets a boolean action's state (widgets bound to it follow).
    public static func setState(_ action: OpaquePointer, _ on: Bool) {
        guard state(of: action) != on else { return }
        g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0))
    }

    /// A boolean action's state (false for an action without one).
    public static func state(of action: OpaquePointer) -> Bool {
        guard let state = VariantRef(taking: g_action_get_state(action.opaque)) else { return false }
        return g_variant_get_boolean(state.pointer) != 0
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
