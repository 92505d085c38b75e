import CGtk
import FlickCore
import FlickStore
import Foundation
import GtkKit

/// The main window: header bar with Open Folder, and a stack of pages —
/// the deck, an empty-state page, and an error page.
@MainActor
final class MainWindow {
    private enum Page: String { case deck, empty, error }

    let window: Widget
    private let title: Widget
    private let stack: Widget
    private let emptyPage: Widget
    private let errorPage: Widget
    let review = ReviewController()
    private let toasts: Widget
    var chooser: OpaquePointer?
    /// The decision store, opened with the first folder.
    private var store: Store?
    /// The newest "Marked … for deletion · Undo" toast (dismissed when the
    /// undo it offers no longer applies).
    private var undoToast: OpaquePointer?
    private var applyAction: OpaquePointer?
    private var menuButton: Widget?
    private var exportAction: OpaquePointer?
    /// The folder on screen, if one opened.
    private(set) var folder: ReviewedFolder?

    init(application: UnsafeMutablePointer<AdwApplication>) {
        window = adw_application_window_new(application.cast())
        gtk_window_set_title(window.cast(), "Flick")
        let size = Settings.shared.windowSize
        gtk_window_set_default_size(window.cast(), Int32(clamping: max(size.width, 360)), Int32(clamping: max(size.height, 400)))
        if size.maximized { gtk_window_maximize(window.cast()) }

        title = adw_window_title_new("Flick", "")
        let header: Widget = adw_header_bar_new()
        adw_header_bar_set_title_widget(header.cast(), title)
        let openButton: Widget = gtk_button_new_from_icon_name("folder-open-symbolic")
        gtk_widget_set_tooltip_text(openButton, tr("Open Folder (Ctrl+O)"))
        gtk_actionable_set_action_name(openButton.opaque, "win.open-folder")
        Accessibility.setLabel(openButton, tr("Open Folder"))
        Accessibility.setKeyShortcuts(openButton, "Control+O")
        adw_header_bar_pack_start(header.cast(), openButton)
        menuButton = Self.mainMenuButton()
        adw_header_bar_pack_end(header.cast(), menuButton)

        stack = gtk_stack_new()
        gtk_stack_set_transition_type(stack.cast(), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_widget_set_vexpand(stack, 1)
        emptyPage = Self.statusPage(icon: "folder-videos-symbolic", title: tr("No Clips Here"))
        errorPage = Self.statusPage(icon: "dialog-error-symbolic", title: tr("Can’t Open Folder"))
        gtk_stack_add_named(stack.cast(), review.root, Page.deck.rawValue)
        gtk_stack_add_named(stack.cast(), emptyPage, Page.empty.rawValue)
        gtk_stack_add_named(stack.cast(), errorPage, Page.error.rawValue)

        let content: Widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_append(content.cast(), header)
        gtk_box_append(content.cast(), stack)
        toasts = review.toastOverlay
        adw_application_window_set_content(window.cast(), content)
        review.install(on: window, application: application)
        review.toast = { [unowned self] text in
            if Settings.shared.undoToasts { showUndoToast(text) }
        }
        review.persist = { [unowned self] outcome, session in try folder?.record(outcome, session: session) }
        review.persistFailed = { [unowned self] message in
            Dialogs.inform(over: window, heading: tr("Decision Not Saved"), body: message + "\n\n" + tr("The card stays where it was; nothing else changed."))
        }

        Actions.add(to: window, name: "open-folder") { [unowned self] in chooseFolder() }
        applyAction = Actions.add(to: window, name: "apply-deletions", enabled: false) { [unowned self] in applyDeletions() }
        exportAction = Actions.add(to: window, name: "export-likes", enabled: false) { [unowned self] in exportLikes() }
        review.onRefresh = { [unowned self] stats in
            if let applyAction { Actions.setEnabled(applyAction, stats.deletes > 0) }
            if let exportAction { Actions.setEnabled(exportAction, stats.likes > 0) }
        }
        Actions.add(to: window, name: "review-again") { [unowned self] in review.reviewAgain() }
        Actions.add(to: window, name: AppAction.preferences.rawValue) { [unowned self] in PreferencesWindow.present(over: window) }
        Actions.add(to: window, name: AppAction.about.rawValue) { [unowned self] in AboutWindow.present(over: window) }
        Actions.addString(to: window, name: "open-recent") { [unowned self] path in
            open(folder: URL(fileURLWithPath: path), recursive: Settings.shared.includeSubfolders, order: .name)
        }
        if let shortcuts = ShortcutsWindow.make() {
            // Adds win.show-help-overlay; the window keeps the reference.
            gtk_application_window_set_help_overlay(window.cast(), shortcuts.cast())
            g_object_unref(shortcuts.rawObject)
        }
        updateRecentMenu()
        Settings.shared.onChange("recent-folders") { [unowned self] in updateRecentMenu() }
        acceptDroppedFolders()
        rememberSize()
        watchVisibility()
    }

    private var watchingSurface = false

    /// Pauses playback while the window is hidden or minimized.
    private func watchVisibility() {
        connect(window, .unmap) { [unowned self] in review.stack.hidden = true }
        connect(window, .map) { [unowned self] in
            review.stack.hidden = false
            guard !watchingSurface, let surface = gtk_native_get_surface(window.opaque) else { return }
            watchingSurface = true
            connect(surface, .notify("state")) { [unowned self] _ in
                let state = gdk_toplevel_get_state(surface)
                review.stack.hidden = state.rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0
            }
        }
    }

    /// The primary menu: what acts on the whole folder, recent folders,
    /// then the app's own windows.
    private static func mainMenuButton() -> Widget {
        let button: Widget = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(button.opaque, "open-menu-symbolic")
        gtk_menu_button_set_primary(button.opaque, 1)
        gtk_widget_set_tooltip_text(button, tr("Main Menu"))
        Accessibility.setLabel(button, tr("Main Menu"))
        Accessibility.setKeyShortcuts(button, "F10")
        return button
    }

    /// Rebuilds the main menu with the current recent folders.
    private func updateRecentMenu() {
        guard let menuButton, let menu = g_menu_new() else { return }
        defer { g_object_unref(menu.rawObject) }
        let folderSection = g_menu_new()
        g_menu_append(folderSection, tr("Apply Deletions…"), "win.apply-deletions")
        g_menu_append(folderSection, tr("Export Likes…"), "win.export-likes")
        g_menu_append(folderSection, tr("Review Again"), "win.review-again")
        g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(folderSection))
        g_object_unref(folderSection?.rawObject)
        let recent = Settings.shared.recentFolders.filter { $0 != folder?.url.path }
        if !recent.isEmpty, let recentMenu = g_menu_new() {
            for path in recent {
                let item = g_menu_item_new(URL(fileURLWithPath: path).lastPathComponent, nil)
                g_menu_item_set_action_and_target_value(item, "win.open-recent", g_variant_new_string(path))
                g_menu_append_item(recentMenu, item)
                g_object_unref(item?.rawObject)
            }
            let section = g_menu_new()
            g_menu_append_submenu(section, tr("Open Recent"), UnsafeMutablePointer<GMenuModel>(recentMenu))
            g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(section))
            g_object_unref(section?.rawObject)
            g_object_unref(recentMenu.rawObject)
        }
        let appSection = g_menu_new()
        g_menu_append(appSection, tr("Preferences"), AppAction.preferences.detailedName)
        g_menu_append(appSection, tr("Keyboard Shortcuts"), AppAction.shortcuts.detailedName)
        g_menu_append(appSection, tr("About Flick"), AppAction.about.detailedName)
        g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(appSection))
        g_object_unref(appSection?.rawObject)
        gtk_menu_button_set_menu_model(menuButton.opaque, UnsafeMutablePointer<GMenuModel>(menu))
    }

    /// Saves the window's size and maximized state when it closes.
    private func rememberSize() {
        connect(window, .closeRequest) { [unowned self] in
            var width: Int32 = 0
            var height: Int32 = 0
            gtk_window_get_default_size(window.cast(), &width, &height)
            let maximized = gtk_window_is_maximized(window.cast()) != 0
            let saved = Settings.shared.windowSize
            // A maximized window keeps the size it will return to.
            Settings.shared.windowSize = maximized ? (saved.width, saved.height, true) : (Int(width), Int(height), false)
            return false
        }
    }

    /// A folder dragged from Files onto the window opens.
    private func acceptDroppedFolders() {
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

    func present() {
        gtk_window_present(window.cast())
    }

    /// Opens `folder`, showing its deck, the empty page, or the error page.
    func open(folder url: URL, recursive: Bool, order: DeckOrder) {
        adw_window_title_set_subtitle(title.cast(), url.path)
        folder?.close()
        folder = nil
        do {
            // A folder that cannot be listed says so before the store is touched;
            // its one scan then builds the deck.
            let kinds: Set<ClipKind> = Settings.shared.includePhotos ? [.video, .photo] : [.video]
            let scanned = try FolderScan.scan(url, recursive: recursive, order: order, kinds: kinds)
            let store = try self.store ?? Store.openDefault()
            self.store = store
            let opened = try ReviewedFolder(url: url, recursive: recursive, order: order, kinds: kinds, store: store)
            folder = opened
            Settings.shared.remember(folder: url.path)
            opened.onChange = { [unowned self] in reload() }
            opened.watch()
            reload(first: true, scanned: scanned)
        } catch {
            let message = (error as? FolderError)?.description ?? (error as? StoreError)?.description ?? "\(error)"
            Log.error(message, category: "app")
            review.load(clips: [], session: ReviewSession(deck: Deck(count: 0)), folder: url)
            adw_status_page_set_description(errorPage.cast(), message)
            show(.error)
        }
    }

    /// Rescans the folder and rebuilds the deck from the store, keeping the
    /// top card where it can (after a change on disk or an apply).
    func reload(first: Bool = false, scanned: [ScannedClip]? = nil) {
        guard let folder else { return }
        do {
            let (sync, session) = try folder.load(scanned: scanned)
            Log.info("opened \(folder.url.path): \(sync.clips.count) clips (\(sync.added) new, \(sync.removed) gone, \(sync.renamed) renamed)",
                     category: "app")
            if !first && sync.added == 0 && sync.removed == 0 && sync.renamed == 0 && sync.clips == review.clips { return }
            if sync.clips.isEmpty {
                adw_status_page_set_description(emptyPage.cast(), tr("“%@” has no videos or photos. Open another folder to review.", folder.url.path))
                review.load(clips: [], session: session, folder: folder.url)
                show(.empty)
            } else {
                if !first { dismissUndoToast() }
                review.load(clips: sync.clips, session: session, folder: folder.url, keepingTop: first ? nil : review.topClipID)
                show(.deck)
            }
        } catch {
            let message = (error as? FolderError)?.description ?? (error as? StoreError)?.description ?? "\(error)"
            Log.error(message, category: "app")
            adw_status_page_set_description(errorPage.cast(), message)
            show(.error)
        }
    }

    /// Withdraws the Undo toast (the deck changed under it).
    func dismissUndoToast() {
        guard let toast = undoToast else { return }
        adw_toast_dismiss(toast)
        g_object_unref(toast.rawObject)
        undoToast = nil
    }

    /// A toast without a button.
    func showToast(_ text: String) {
        let toast = adw_toast_new(text)
        adw_toast_set_timeout(toast, 4)
        adw_toast_overlay_add_toast(toasts.cast(), toast)
    }

    /// "Marked x for deletion · Undo".
    private func showUndoToast(_ text: String) {
        // The overlay replaces a showing toast by itself; keep a reference to
        // the newest one so a later reload can withdraw it.
        if let old = undoToast { g_object_unref(old.rawObject) }
        let toast = adw_toast_new(text)
        if let toast { g_object_ref(toast.rawObject) }
        undoToast = toast
        adw_toast_set_button_label(toast, tr("Undo"))
        adw_toast_set_action_name(toast, "win.undo")
        adw_toast_set_timeout(toast, 4)
        adw_toast_overlay_add_toast(toasts.cast(), toast)
    }

    private func show(_ page: Page) {
        gtk_stack_set_visible_child_name(stack.cast(), page.rawValue)
    }

    private static func statusPage(icon: String, title: String) -> Widget {
        let page: Widget = adw_status_page_new()
        adw_status_page_set_icon_name(page.cast(), icon)
        adw_status_page_set_title(page.cast(), title)
        // A plain label: GTK 4.8 names mnemonic buttons "_Open Folder… Open
        // Folder…" on AT-SPI, whatever the accessible label says. Ctrl+O opens.
        let button: Widget = gtk_button_new_with_label(tr("Open Folder…"))
        gtk_actionable_set_action_name(button.opaque, "win.open-folder")
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(button, "pill")
        gtk_widget_add_css_class(button, "suggested-action")
        adw_status_page_set_child(page.cast(), button)
        return page
    }

    private func chooseFolder() {
        pick(tr("Open Folder"), action: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, accept: tr("_Open")) { [unowned self] path in
            open(folder: URL(fileURLWithPath: path), recursive: Settings.shared.includeSubfolders, order: .name)
        }
    }

    /// Asks for a file or folder with the native (portal-friendly) chooser;
    /// `completion` gets the chosen path.
    func pick(_ title: String, action: GtkFileChooserAction, accept: String, name: String? = nil,
              completion: @escaping @MainActor (String) -> Void) {
        guard let chooser = gtk_file_chooser_native_new(title, window.cast(), action, accept, tr("_Cancel")) else { return }
        if let name { gtk_file_chooser_set_current_name(chooser.opaque, name) }
        self.chooser = chooser
        connect(chooser, .response) { [unowned self] response in
            defer {
                g_object_unref(chooser.rawObject)
                self.chooser = nil
            }
            guard response == GTK_RESPONSE_ACCEPT.rawValue,
                  let file = gtk_file_chooser_get_file(chooser.opaque),
                  let path = g_file_get_path(file) else { return }
            defer { g_free(path); g_object_unref(file.rawObject) }
            completion(String(cString: path))
        }
        gtk_native_dialog_show(chooser.cast())
    }
}
