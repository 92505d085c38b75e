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

    /// Shows screen readers only the page of `stack` holding `shown`, named
    /// `label`; every other page is hidden and nameless. GTK 4.8 reports one
    /// child for a stack page even when that child is hidden, and Orca 43,
    /// leaving a named page whose child it cannot fetch, speaks nothing for
    /// the focus move (it compares the page's name with the missing child's).
    public static func showStackPage(_ stack: Widget, pages: [(child: Widget, label: String)], shown: Widget) {
        for (child, label) in pages {
            let isShown = child == shown
            setHidden(child, !isShown)
            if let page = gtk_stack_get_page(stack.cast(), child) { setLabel(page, isShown ? label : "") }
        }
    }

    /// The CHECKED state (of a radio or check role).
    public static func setChecked(_ widget: some GObjectPointer, _ checked: Bool) {
        flick_accessible_set_checked(widget.opaque, checked ? 1 : 0)
    }

    /// Speaks `text` once through the screen reader, now.
    ///
    /// GTK 4.8 has no announcement API (`gtk_accessible_announce` is 4.14),
    /// and Orca 43 ignores alerts and unfocused labels; it speaks a change
    /// of the focused widget's description, once. So the description is
    /// pulsed: set to `text`, then emptied at once — a repeated text is
    /// still spoken, and nothing stays behind to be read again when the
    /// widget next takes focus. On GTK ≥ 4.14 the body is one call:
    /// `gtk_accessible_announce(window, text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM)`.
    public static func announce(_ text: String, in window: some GObjectPointer) {
        guard !text.isEmpty else { return }
        // No focused widget (focus just came back from a dialog): the
        // window itself is what the screen reader is on.
        let target = gtk_window_get_focus(window.cast()) ?? window.widget
        setDescription(target, text)
        setDescription(target, "")
        LastingDescription.pulsed(target)
    }

    /// Takes a GTK type name out of what screen readers read: GTK 4.8 names
    /// unnamed pictures, overlays, boxes and empty labels after their type
    /// ("GtkPicture", "GtkOverlay"), and joins a libadwaita button's own
    /// labelled-by relation with its label ("Undo Undo"). This gives every
    /// such widget under `root` an empty name (its children stay readable)
    /// and every labelled button one name; an icon-only close button is
    /// named `closeLabel`.
    public static func tidy(_ root: some GObjectPointer, closeLabel: String) {
        let isButton = String(cString: g_type_name(flick_widget_type(root.widget))).hasSuffix("Button")
        tidy(root.widget, closeLabel: closeLabel, insideButton: isButton)
    }

    private static func tidy(_ root: UnsafeMutablePointer<GtkWidget>, closeLabel: String, insideButton: Bool) {
        var child = gtk_widget_get_first_child(root)
        while let widget = child {
            tidyOne(widget, closeLabel: closeLabel, insideButton: insideButton)
            let isButton = String(cString: g_type_name(flick_widget_type(widget))).hasSuffix("Button")
            tidy(widget, closeLabel: closeLabel, insideButton: insideButton || isButton)
            child = gtk_widget_get_next_sibling(widget)
        }
    }

    /// Gives every untitled page of every GtkStack under `root` an empty
    /// name: GTK 4.8 names such a page "GtkStackPage", and Orca reads it
    /// as a panel ("GtkStackPage panel.") whenever focus enters it (the
    /// pages inside libadwaita's windows are made without titles). A
    /// nameless panel is layout to Orca, and skipped. With `titled`, titled
    /// pages lose their name too (GTK's shortcuts window titles its one
    /// page "_1").
    public static func unnameStackPages(_ root: some GObjectPointer, titled: Bool = false) {
        var child = gtk_widget_get_first_child(root.widget)
        while let widget = child {
            if String(cString: g_type_name(flick_widget_type(widget))) == "GtkStack",
               let pages = ObjectRef(taking: gtk_stack_get_pages(widget.cast())) {
                let model = pages.pointer
                for index in 0..<g_list_model_get_n_items(model) {
                    guard let item = ObjectRef(taking: g_list_model_get_item(model, index)) else { continue }
                    let page = item.pointer.opaque
                    if titled || gtk_stack_page_get_title(page) == nil { setLabel(page, "") }
                }
            }
            unnameStackPages(widget, titled: titled)
            child = gtk_widget_get_next_sibling(widget)
        }
    }

    /// Types whose unnamed instances GTK 4.8 reads by their type name.
    private static let nameless: Set<String> = [
        "GtkPicture", "GtkOverlay", "GtkFixed", "GtkBox", "GtkImage", "GtkScrolledWindow", "GtkViewport",
        "GtkRevealer", "GtkCenterBox", "GtkWindowHandle", "GtkStack", "AdwBin", "AdwToastWidget", "AdwGizmo",
        "AdwClamp", "AdwButtonContent", "GtkProgressBar", "AdwWindowTitle", "GtkScrollbar", "GtkRange", "AdwSqueezer", "GtkBuiltinIcon", "GtkDrawingArea", "FlickSnapshotArea",
    ]

    /// Marks a widget already tidied: each is changed once, so a screen
    /// reader is not flooded with name changes on every call.
    private static let tidied = "flick-accessibility-tidied"

    private static func tidyOne(_ widget: UnsafeMutablePointer<GtkWidget>, closeLabel: String, insideButton: Bool) {
        guard g_object_get_data(widget.rawObject.assumingMemoryBound(to: GObject.self), tidied) == nil else { return }
        g_object_set_data(widget.rawObject.assumingMemoryBound(to: GObject.self), tidied, UnsafeMutableRawPointer(bitPattern: 1))
        let type = String(cString: g_type_name(flick_widget_type(widget)))
        if nameless.contains(type) {
            if type == "GtkProgressBar" { return }  // named where it is made
            // An icon-only button's image is already left out of its name
            // (an empty name there would add a space to the button's).
            if type == "GtkImage", let parent = gtk_widget_get_parent(widget),
               String(cString: g_type_name(flick_widget_type(parent))).hasSuffix("Button") { return }
            setLabel(widget, "")
        } else if type == "GtkLabel", insideButton, let text = gtk_label_get_text(widget.opaque), text.pointee == 0 {
            // Decoration inside a button that has its own name (a card's
            // overlay word); a label elsewhere may get its text later.
            setLabel(widget, "")
        } else if type == "GtkButton" || type == "GtkToggleButton" {
            // A button showing its own label text needs no relation to it
            // (AdwButtonContent buttons do: it is how they are named). An
            // icon-only button is labelled by its image, which Orca reads
            // before the button's own name: "GtkImage Open Folder".
            if type == "GtkButton" && gtk_button_get_label(widget.cast()) != nil {
                gtk_accessible_reset_relation(widget.opaque, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
            } else if isIconOnly(widget) {
                gtk_accessible_reset_relation(widget.opaque, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
                // GTK 4.8 labels the button by its image again with every
                // new icon (play/pause); the icon's notification comes last.
                connect(widget, .notify("icon-name")) { _ in
                    if isIconOnly(widget) { gtk_accessible_reset_relation(widget.opaque, GTK_ACCESSIBLE_RELATION_LABELLED_BY) }
                }
            }
            if gtk_button_get_label(widget.cast()) == nil, let parent = gtk_widget_get_parent(widget),
               String(cString: g_type_name(flick_widget_type(parent))) == "AdwToastWidget" {
                setLabel(widget, closeLabel)  // the toast's icon-only close button
            }
        }
    }

    /// Whether `button` shows only an icon (its one child is a GtkImage).
    private static func isIconOnly(_ button: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let child = gtk_widget_get_first_child(button), gtk_widget_get_next_sibling(child) == nil else { return false }
        return String(cString: g_type_name(flick_widget_type(child))) == "GtkImage"
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
