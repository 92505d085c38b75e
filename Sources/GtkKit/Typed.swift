import CGtk

/// A widget's GTK kind, for `Typed`: the GType its instances are.
public protocol WidgetKind {
    static var type: GType { get }
}

/// A widget kept by reference, typed by its kind, without owning it: GTK's
/// tree owns a child through its parent, and a window through the
/// application, so a kept field never outlives or finalizes what it names
/// (an owning field once kept the window past the application and crashed
/// on quit). The kind is checked once, where the field is set; a label
/// field cannot be handed a stack. It is a `GObjectPointer`, so GtkKit's
/// helpers, `.cast()`, `.opaque` and `.widget` take it as they take a pointer.
///
///     private let status: Typed<Kinds.Label>
///     status = ui.widget("status")          // checked: a GtkLabel
///     gtk_label_set_text(status.opaque, "Liked a.mp4")
///     gtk_widget_set_visible(status.widget, 1)
public struct Typed<Kind: WidgetKind>: GObjectPointer, Hashable {
    public let widget: Widget

    /// `widget`, which must be a `Kind` (checked in every build: a wrong
    /// id in a .ui file stops at once, not at the first call).
    public init(_ widget: Widget) {
        precondition(widget.isInstance(of: Kind.type), "\(widget) is not a \(String(cString: g_type_name(Kind.type)))")
        self.widget = widget
    }

    public var rawObject: UnsafeMutableRawPointer { UnsafeMutableRawPointer(widget) }
}

/// The kinds of widget the app keeps (`Typed`), named as GTK and libadwaita name them.
public enum Kinds {
    public enum AnyWidget: WidgetKind { public static var type: GType { gtk_widget_get_type() } }
    public enum Box: WidgetKind { public static var type: GType { gtk_box_get_type() } }
    public enum Button: WidgetKind { public static var type: GType { gtk_button_get_type() } }
    public enum CheckButton: WidgetKind { public static var type: GType { gtk_check_button_get_type() } }
    public enum Image: WidgetKind { public static var type: GType { gtk_image_get_type() } }
    public enum Label: WidgetKind { public static var type: GType { gtk_label_get_type() } }
    public enum ListBox: WidgetKind { public static var type: GType { gtk_list_box_get_type() } }
    public enum ListView: WidgetKind { public static var type: GType { gtk_list_view_get_type() } }
    public enum ProgressBar: WidgetKind { public static var type: GType { gtk_progress_bar_get_type() } }
    public enum ScrolledWindow: WidgetKind { public static var type: GType { gtk_scrolled_window_get_type() } }
    public enum Scale: WidgetKind { public static var type: GType { gtk_scale_get_type() } }
    public enum GridView: WidgetKind { public static var type: GType { gtk_grid_view_get_type() } }
    public enum Picture: WidgetKind { public static var type: GType { gtk_picture_get_type() } }
    public enum Revealer: WidgetKind { public static var type: GType { gtk_revealer_get_type() } }
    public enum Fixed: WidgetKind { public static var type: GType { gtk_fixed_get_type() } }
    public enum DrawingArea: WidgetKind { public static var type: GType { gtk_drawing_area_get_type() } }
    public enum Stack: WidgetKind { public static var type: GType { gtk_stack_get_type() } }
    public enum Window: WidgetKind { public static var type: GType { gtk_window_get_type() } }
    public enum HeaderBar: WidgetKind { public static var type: GType { adw_header_bar_get_type() } }
    public enum StatusPage: WidgetKind { public static var type: GType { adw_status_page_get_type() } }
    public enum ToastOverlay: WidgetKind { public static var type: GType { adw_toast_overlay_get_type() } }
    public enum WindowTitle: WidgetKind { public static var type: GType { adw_window_title_get_type() } }
}

public extension Builder {
    /// The widget `id` of the .ui file as a `Typed` of the kind the caller
    /// keeps (inferred from the field it is assigned to).
    func widget<Kind: WidgetKind>(_ id: String) -> Typed<Kind> {
        Typed(widget(id))
    }
}
