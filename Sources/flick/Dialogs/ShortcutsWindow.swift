import CGtk
import Foundation
import GtkKit

/// The keyboard shortcuts window (Ctrl+?), generated from FlickAction so it
/// lists exactly the bindings the window installs. Its groups fit one page
/// of two columns (`max-height` lines each): a second page brings GTK 4.8's
/// page switcher, whose number labels measure narrower than nothing under
/// Adwaita ("reported min width -3" in the log).
@MainActor
enum ShortcutsWindow {
    /// GtkBuilder XML for a GtkShortcutsWindow with the id "help_overlay".
    static func builderXML() -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <object class="GtkShortcutsWindow" id="help_overlay">
                <property name="modal">1</property>
                <property name="title">\(escape(tr("Keyboard Shortcuts")))</property>
                <property name="accessible-role">dialog</property>
                <child>
                  <object class="GtkShortcutsSection">
                    <property name="section-name">review</property>
                    <property name="max-height">16</property>

            """
        for (title, actions) in FlickAction.shortcutGroups {
            xml += group(title, actions.map { ($0.summary, $0.acceleratorNames) })
        }
        xml += """
                  </object>
                </child>
              </object>
            </interface>
            """
        return xml
    }

    /// Builds the window (owned by the caller).
    static func make() -> ObjectRef<Widget>? {
        let builder = ObjectRef(taking: gtk_builder_new() as OpaquePointer)
        var error: UnsafeMutablePointer<GError>?
        let xml = builderXML()
        guard gtk_builder_add_from_string(builder.pointer, xml, -1, &error) != 0,
              let object = gtk_builder_get_object(builder.pointer, "help_overlay") else {
            if let error { g_error_free(error) }
            return nil
        }
        let window = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
        makeReadable(window)
        return ObjectRef(retaining: window)
    }

    /// Orca reads the window: its search button has a name (not
    /// "GtkImage"), no "GtkStackPage panel" on the way in, and Tab goes
    /// from shortcut to shortcut (each focusable, named with its keys).
    private static func makeReadable(_ window: UnsafeMutablePointer<GtkWidget>) {
        Accessibility.tidy(window, closeLabel: tr("Close"))
        Accessibility.unnameStackPages(window, titled: true)
        nameIconButtons(in: window)
    }

    private static func nameIconButtons(in root: UnsafeMutablePointer<GtkWidget>) {
        var child = gtk_widget_get_first_child(root)
        while let widget = child {
            let type = String(cString: g_type_name(flick_widget_type(widget)))
            if type == "GtkToggleButton", let image = gtk_widget_get_first_child(widget),
               String(cString: g_type_name(flick_widget_type(image))) == "GtkImage" {
                Accessibility.setLabel(widget, tr("Search Shortcuts"))
                gtk_accessible_reset_relation(widget.opaque, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
            }
            nameIconButtons(in: widget)
            child = gtk_widget_get_next_sibling(widget)
        }
    }

    private static func group(_ title: String, _ rows: [(title: String, accelerators: [String])]) -> String {
        var xml = """
                    <child>
                      <object class="GtkShortcutsGroup">
                        <property name="title">\(escape(title))</property>

            """
        for row in rows where !row.accelerators.isEmpty {
            xml += """
                            <child>
                              <object class="GtkShortcutsShortcut">
                                <property name="title">\(escape(row.title))</property>
                                <property name="accelerator">\(escape(row.accelerators.joined(separator: " ")))</property>
                                <property name="focusable">1</property>
                                <property name="accessible-role">list-item</property>
                                <accessibility>
                                  <property name="label">\(escape(tr("%@: %@", row.title, spokenKeys(row.accelerators))))</property>
                                </accessibility>
                              </object>
                            </child>

                """
        }
        xml += """
                      </object>
                    </child>

            """
        return xml
    }

    /// The keys as a screen reader says them ("L or Right"): GTK's
    /// shortcuts window draws key caps that are not in the accessibility tree.
    static func spokenKeys(_ accelerators: [String]) -> String {
        accelerators.compactMap(FlickAction.keyLabel).joined(separator: tr(" or "))
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
