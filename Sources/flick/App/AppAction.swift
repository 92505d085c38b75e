import CGtk
import Foundation
import GtkKit

/// The window's actions beyond the review ones (ReviewAction): their
/// GAction, accelerators and shortcuts-window title in one place.
enum AppAction: String, CaseIterable {
    case openFolder = "open-folder", preferences, shortcuts = "show-help-overlay", about, close, quit

    /// "win.open-folder", or "app.quit" for the application-wide ones.
    var detailedName: String {
        switch self {
        case .quit: "app.quit"
        case .close: "window.close"
        default: "win.\(rawValue)"
        }
    }

    var accelerators: [String] {
        switch self {
        case .openFolder: ["<Control>o"]
        case .preferences: ["<Control>comma"]
        case .shortcuts: ["<Control>question"]
        case .about: []
        case .close: ["<Control>w"]
        case .quit: ["<Control>q"]
        }
    }

    var title: String {
        switch self {
        case .openFolder: tr("Open folder")
        case .preferences: tr("Preferences")
        case .shortcuts: tr("Keyboard shortcuts")
        case .about: tr("About Flick")
        case .close: tr("Close window")
        case .quit: tr("Quit")
        }
    }
}

/// The keyboard shortcuts window (Ctrl+?), generated from ReviewAction and
/// AppAction so it lists exactly the bindings the window installs.
@MainActor
enum ShortcutsWindow {
    /// GtkBuilder XML for a GtkShortcutsWindow with the id "help_overlay".
    static func builderXML() -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <object class="GtkShortcutsWindow" id="help_overlay">
                <property name="modal">1</property>
                <child>
                  <object class="GtkShortcutsSection">
                    <property name="section-name">review</property>
                    <property name="max-height">12</property>

            """
        xml += group(tr("Reviewing"), ReviewAction.shortcutsOrder.map { ($0.shortcutTitle, $0.acceleratorNames) })
        xml += group(tr("General"), AppAction.allCases.filter { !$0.accelerators.isEmpty }.map { ($0.title, $0.accelerators) })
        xml += """
                  </object>
                </child>
              </object>
            </interface>
            """
        return xml
    }

    /// Builds the window (owned by the caller).
    static func make() -> Widget? {
        let builder = gtk_builder_new()
        defer { g_object_unref(builder?.rawObject) }
        var error: UnsafeMutablePointer<GError>?
        let xml = builderXML()
        guard gtk_builder_add_from_string(builder, xml, -1, &error) != 0,
              let object = gtk_builder_get_object(builder, "help_overlay") else {
            if let error { g_error_free(error) }
            return nil
        }
        g_object_ref(object)
        return UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
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
                                <accessibility>
                                  <property name="description">\(escape(spokenKeys(row.accelerators)))</property>
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
        accelerators.compactMap { accelerator -> String? in
            var key: guint = 0
            var modifiers = GdkModifierType(rawValue: 0)
            guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0,
                  let label = gtk_accelerator_get_label(key, modifiers) else { return nil }
            defer { g_free(label) }
            return String(cString: label)
        }.joined(separator: tr(" or "))
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

extension ReviewAction {
    /// Every action, in the order the shortcuts window lists them.
    static let shortcutsOrder: [ReviewAction] = [.like, .delete, .skip, .previous, .undo, .playPause, .mute]

    /// GTK accelerator names of every key and accelerator bound to this
    /// action ("l Right", "u <Control>z"); a letter's capital is the same key.
    var acceleratorNames: [String] {
        var names: [String] = []
        for keyval in keys where gdk_keyval_to_lower(keyval) == keyval {
            if let name = gtk_accelerator_name(keyval, GdkModifierType(rawValue: 0)) {
                names.append(String(cString: name))
                g_free(name)
            }
        }
        return names + accelerators
    }
}
