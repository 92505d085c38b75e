import CGtk

/// Accessible properties through `gtk_accessible_update_property_value`
/// (the variadic form does not import into Swift).
@MainActor
public enum Accessibility {
    public static func setLabel(_ widget: some GObjectPointer, _ text: String) {
        setString(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
    }

    public static func setDescription(_ widget: some GObjectPointer, _ text: String) {
        setString(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text)
    }

    /// Key shortcuts in ARIA syntax, e.g. `"L ArrowRight"`.
    public static func setKeyShortcuts(_ widget: some GObjectPointer, _ text: String) {
        setString(widget, GTK_ACCESSIBLE_PROPERTY_KEY_SHORTCUTS, text)
    }

    /// Hides a widget from assistive technology (decoration such as the
    /// cards beneath the top one).
    public static func setHidden(_ widget: some GObjectPointer, _ hidden: Bool) {
        var value = GValue()
        g_value_init(&value, flick_type_boolean())
        g_value_set_boolean(&value, hidden ? 1 : 0)
        var states = [GTK_ACCESSIBLE_STATE_HIDDEN]
        withUnsafePointer(to: &value) { valuePointer in
            gtk_accessible_update_state_value(widget.opaque, 1, &states, valuePointer)
        }
        g_value_unset(&value)
    }

    public static func setLabelledBy(_ widget: some GObjectPointer, _ label: some GObjectPointer) {
        flick_accessible_set_labelled_by(widget.opaque, label.opaque)
    }

    private static func setString(_ widget: some GObjectPointer, _ property: GtkAccessibleProperty, _ text: String) {
        var value = GValue()
        g_value_init(&value, flick_type_string())
        g_value_set_string(&value, text)
        var properties = [property]
        withUnsafePointer(to: &value) { valuePointer in
            gtk_accessible_update_property_value(widget.opaque, 1, &properties, valuePointer)
        }
        g_value_unset(&value)
    }
}
