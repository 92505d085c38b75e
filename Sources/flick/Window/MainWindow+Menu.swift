import CGtk
import FlickCore
import Foundation
import GtkKit

/// The main menu (folder actions, recent folders, the app's windows), the
/// file chooser, and folders dropped on the window.
extension MainWindow {
    /// The primary menu: what acts on the whole folder, recent folders,
    /// then the app's own windows.
    static func mainMenuButton() -> Widget {
        let button: Widget = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(button.opaque, "open-menu-symbolic")
        gtk_menu_button_set_primary(button.opaque, 1)
        gtk_widget_set_tooltip_text(button, tr("Main Menu"))
        Accessibility.setLabel(button, tr("Main Menu"))
        Accessibility.setKeyShortcuts(button, "F10")
        return button
    }

    /// Rebuilds the main menu with the current recent folders.
    func updateRecentMenu() {
        guard let menuButton, let menu = g_menu_new() else { return }
        defer { g_object_unref(menu.rawObject) }
        let folderSection = g_menu_new()
        for action in [FlickAction.applyDeletions, .exportLikes, .reviewAgain] {
            g_menu_append(folderSection, action.label, action.detailedName)
        }
        g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(folderSection))
        g_object_unref(folderSection?.rawObject)
        let recent = Settings.shared.recentFolders.filter { $0 != folder?.url.path }
        if !recent.isEmpty, let recentMenu = g_menu_new() {
            for path in recent {
                let item = g_menu_item_new(RawPath.display(URL(fileURLWithPath: path).lastPathComponent), nil)
                g_menu_item_set_action_and_target_value(item, FlickAction.openRecent.detailedName, g_variant_new_string(path))
                g_menu_append_item(recentMenu, item)
                g_object_unref(item?.rawObject)
            }
            let section = g_menu_new()
            g_menu_append_submenu(section, FlickAction.openRecent.label, UnsafeMutablePointer<GMenuModel>(recentMenu))
            g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(section))
            g_object_unref(section?.rawObject)
            g_object_unref(recentMenu.rawObject)
        }
        let appSection = g_menu_new()
        for action in [FlickAction.preferences, .shortcuts, .about] {
            g_menu_append(appSection, action.label, action.detailedName)
        }
        g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(appSection))
        g_object_unref(appSection?.rawObject)
        gtk_menu_button_set_menu_model(menuButton.opaque, UnsafeMutablePointer<GMenuModel>(menu))
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
        gtk_widget_add_controller(window, target)
    }

    /// Opens a dropped folder; a dropped file says what to drop instead.
    @discardableResult
    func openDropped(path: String) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            showToast(tr("Drop a folder to review it: “%@” is not a folder", URL(fileURLWithPath: path).lastPathComponent))
            return false
        }
        open(folder: URL(fileURLWithPath: path), recursive: Settings.shared.includeSubfolders, order: .name)
        return true
    }

    func chooseFolder() {
        pick(tr("Open Folder"), action: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, accept: tr("_Open")) { [unowned self] path in
            open(folder: URL(fileURLWithPath: path), recursive: Settings.shared.includeSubfolders, order: .name)
        }
    }

    /// Asks for a file or folder with the native (portal-friendly) chooser;
    /// `completion` gets the chosen path.
    func pick(_ title: String, action: GtkFileChooserAction, accept: String, name: String? = nil,
              completion: @escaping @MainActor (String) -> Void) {
        guard let made = gtk_file_chooser_native_new(title, window.cast(), action, accept, tr("_Cancel")) else { return }
        let chooser = ObjectRef(taking: made)
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
}
