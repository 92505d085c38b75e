import CGtk
import FlickCore
import Foundation
import GtkKit

/// The main menu (folder actions, recent folders, the app's windows), the
/// file chooser, and folders dropped on the window.
extension MainWindow {
    /// Fills the main menu's Open Recent section (window.ui) with the
    /// recent folders other than the one on screen, each named with where
    /// it is (`RecentFolder`); the start page lists them too.
    func updateRecentMenu() {
        updateStartPage()
        let section = ui.object("recent-section")
        g_menu_remove_all(section)
        let recent = Settings.shared.recentFolders.filter { $0 != folder?.url.path }
        guard !recent.isEmpty, let folders = ObjectRef(taking: g_menu_new()) else { return }
        for path in recent {
            // A menu reads "_" as the mnemonic's mark: "__" shows one.
            guard let item = ObjectRef(taking: g_menu_item_new(RecentFolder.label(path).replacingOccurrences(of: "_", with: "__"), nil))
            else { continue }
            g_menu_item_set_action_and_target_value(item.pointer, FlickAction.openRecent.detailedName, g_variant_new_string(path))
            g_menu_append_item(folders.pointer, item.pointer)
        }
        g_menu_append_submenu(section, FlickAction.openRecent.label, folders.pointer.cast(to: GMenuModel.self))
    }

    /// Whether every item of the main menu (window.ui) is labelled as its
    /// action is (FlickAction.label, the one wording); checked in debug builds.
    static func checkMenuLabels(_ ui: Builder) {
        assert(menuLabelMismatches(ui.object("main-menu")).isEmpty, "window.ui: \(menuLabelMismatches(ui.object("main-menu")))")
    }

    private static func menuLabelMismatches(_ menu: OpaquePointer) -> [String] {
        var found: [String] = []
        let model: UnsafeMutablePointer<GMenuModel> = menu.cast()
        for index in 0..<g_menu_model_get_n_items(model) {
            if let section = ObjectRef(taking: g_menu_model_get_item_link(model, index, "section")) {
                found += menuLabelMismatches(section.pointer.opaque)
                continue
            }
            func attribute(_ name: String) -> String? {
                guard let value = VariantRef(taking: g_menu_model_get_item_attribute_value(model, index, name, nil)) else { return nil }
                return g_variant_get_string(value.pointer, nil).map { String(cString: $0) }
            }
            let action = FlickAction.allCases.first { $0.detailedName == attribute("action") }
            if let label = attribute("label"), label != action?.label { found.append(label) }
        }
        return found
    }

    /// A folder dragged from Files onto the window opens.
    func acceptDroppedFolders() {
        guard let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY) else { return }
        connect(target, .drop) { [unowned self] value in
            guard let value, let list = g_value_get_boxed(value) else { return false }
            let files = gdk_file_list_get_files(OpaquePointer(list))
            defer { g_slist_free(files) }
            guard let first = files?.pointee.data, let path = g_file_get_path(OpaquePointer(first)) else { return false }
            defer { g_free(path) }
            return openDropped(path: String(cString: path))
        }
        gtk_widget_add_controller(window.widget, target)
    }

    /// Opens a dropped folder; a dropped file says what to drop instead.
    @discardableResult
    func openDropped(path: String) -> Bool {
        guard OpenOptions.problem(with: URL(fileURLWithPath: path, isDirectory: true)) == nil else {
            showToast(tr("Drop a folder to review it: “%@” is not a folder", URL(fileURLWithPath: path, isDirectory: true).lastPathComponent))
            return false
        }
        open(folder: URL(fileURLWithPath: path, isDirectory: true), recursive: Settings.shared.includeSubfolders, order: .name)
        return true
    }

    func chooseFolder() {
        pick(tr("Open Folder"), action: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, accept: tr("_Open")) { [unowned self] path in
            open(folder: URL(fileURLWithPath: path, isDirectory: true), recursive: Settings.shared.includeSubfolders, order: .name)
        }
    }

    /// Asks for a file or folder with the native (portal-friendly) chooser;
    /// `completion` gets the chosen path. The chooser starts in `folder`
    /// when it is given and still there.
    func pick(_ title: String, action: GtkFileChooserAction, accept: String, name: String? = nil, in folder: String? = nil,
              completion: @escaping @MainActor (String) -> Void) {
        guard Self.usesPortal else {
            pickInDialog(title, action: action, accept: accept, name: name, in: folder, completion: completion)
            return
        }
        guard let made = gtk_file_chooser_native_new(title, window.cast(), action, accept, tr("_Cancel")) else { return }
        let chooser = ObjectRef(taking: made)
        if let folder, OpenOptions.problem(with: URL(fileURLWithPath: folder, isDirectory: true)) == nil,
           let start = ObjectRef(taking: g_file_new_for_path(folder)) {
            _ = gtk_file_chooser_set_current_folder(made.opaque, start.pointer, nil)
        }
        if let name { gtk_file_chooser_set_current_name(made.opaque, name) }
        self.chooser = chooser
        connect(made, .response) { [unowned self] response in
            defer { self.chooser = nil }
            guard response == GTK_RESPONSE_ACCEPT.rawValue,
                  let file = ObjectRef(taking: gtk_file_chooser_get_file(chooser.pointer.opaque)),
                  let path = g_file_get_path(file.pointer) else { return }
            defer { g_free(path) }
            completion(String(cString: path))
        }
        gtk_native_dialog_show(made.cast())
    }

    /// Whether GTK 4.8's native chooser would ask the desktop's portal
    /// (GNOME's own chooser, which screen readers follow): only inside
    /// Flatpak or Snap, or with GTK_USE_PORTAL=1 (`gdk_should_use_portal`).
    static var usesPortal: Bool {
        let env = ProcessInfo.processInfo.environment
        return env["GTK_USE_PORTAL"] == "1" || env["SNAP"] != nil || FileManager.default.fileExists(atPath: "/.flatpak-info")
    }

    /// GTK's own chooser dialog, as the native chooser would show it without
    /// a portal, made readable: the native one sends no focus event when it
    /// opens (Orca says nothing), so here the focus is moved once it is
    /// active; its buttons, location entry and pages are named as a user
    /// would say them.
    private func pickInDialog(_ title: String, action: GtkFileChooserAction, accept: String, name: String?, in folder: String?,
                              completion: @escaping @MainActor (String) -> Void) {
        guard let dialog = flick_file_chooser_dialog_new(title, window.cast(), action, tr("_Cancel"), accept) else { return }
        var isFolder: ObjCBool = false
        if let folder, FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
           let start = ObjectRef(taking: g_file_new_for_path(folder)) {
            _ = gtk_file_chooser_set_current_folder(dialog.opaque, start.pointer, nil)
        }
        if let name { gtk_file_chooser_set_current_name(dialog.opaque, name) }
        connect(dialog, .response) { response in
            defer { gtk_window_destroy(dialog.cast()) }
            guard response == GTK_RESPONSE_ACCEPT.rawValue,
                  let file = ObjectRef(taking: gtk_file_chooser_get_file(dialog.opaque)),
                  let path = g_file_get_path(file.pointer) else { return }
            defer { g_free(path) }
            completion(String(cString: path))
        }
        for (response, label) in [(GTK_RESPONSE_CANCEL, tr("_Cancel")), (GTK_RESPONSE_ACCEPT, accept)] {
            if let button = gtk_dialog_get_widget_for_response(dialog.cast(), response.rawValue) {
                Accessibility.setLabel(button, label.replacingOccurrences(of: "_", with: ""))
            }
        }
        Accessibility.tidy(dialog, closeLabel: tr("Close"))
        Accessibility.unnameStackPages(dialog)
        Self.nameChooserParts(of: dialog, save: action == GTK_FILE_CHOOSER_ACTION_SAVE)
        gtk_window_present(dialog.cast())
        Dialogs.onceActive(dialog) {
            Task { @MainActor in
                try? await Task.sleep(for: Dialogs.refocusDelay)
                guard let focus = gtk_window_get_focus(dialog.cast()) else { return }
                gtk_window_set_focus(dialog.cast(), nil)
                gtk_widget_grab_focus(focus)
            }
        }
    }

    /// GTK 4.8 reads the chooser's file list and its location entry (made
    /// on Ctrl+L) by their type names: each is named as it takes the focus.
    /// (Saving, that entry is the "Name:" field, labelled already.)
    private static func nameChooserParts(of dialog: Widget, save: Bool) {
        connect(dialog, .notify("focus-widget")) { _ in
            guard let focus = gtk_window_get_focus(dialog.cast()) else { return }
            let parent = gtk_widget_get_parent(focus)
            switch String(cString: g_type_name(flick_widget_type(focus))) {
            case "GtkText" where !save && parent.map { String(cString: g_type_name(flick_widget_type($0))) } == "GtkFileChooserEntry":
                if let parent { Accessibility.setLabel(parent, tr("Location")) }
            case "GtkTreeView": Accessibility.setLabel(focus, tr("Files"))
            default: break
            }
        }
    }
}
