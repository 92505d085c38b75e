import CGtk
import FlickCore
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
    private let review = ReviewController()
    private let toasts: Widget
    private var chooser: OpaquePointer?

    init(application: UnsafeMutablePointer<AdwApplication>) {
        window = adw_application_window_new(application.cast())
        gtk_window_set_title(window.cast(), "Flick")
        gtk_window_set_default_size(window.cast(), 900, 760)

        title = adw_window_title_new("Flick", "")
        let header: Widget = adw_header_bar_new()
        adw_header_bar_set_title_widget(header.cast(), title)
        let openButton: Widget = gtk_button_new_from_icon_name("folder-open-symbolic")
        gtk_widget_set_tooltip_text(openButton, "Open Folder (Ctrl+O)")
        gtk_actionable_set_action_name(openButton.opaque, "win.open-folder")
        Accessibility.setLabel(openButton, "Open Folder")
        Accessibility.setKeyShortcuts(openButton, "Control+O")
        adw_header_bar_pack_start(header.cast(), openButton)

        stack = gtk_stack_new()
        gtk_stack_set_transition_type(stack.cast(), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_widget_set_vexpand(stack, 1)
        emptyPage = Self.statusPage(icon: "folder-videos-symbolic", title: "No Clips Here")
        errorPage = Self.statusPage(icon: "dialog-error-symbolic", title: "Can’t Open Folder")
        gtk_stack_add_named(stack.cast(), review.root, Page.deck.rawValue)
        gtk_stack_add_named(stack.cast(), emptyPage, Page.empty.rawValue)
        gtk_stack_add_named(stack.cast(), errorPage, Page.error.rawValue)

        let content: Widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_append(content.cast(), header)
        gtk_box_append(content.cast(), stack)
        toasts = adw_toast_overlay_new()
        adw_toast_overlay_set_child(toasts.cast(), content)
        adw_application_window_set_content(window.cast(), toasts)
        review.install(on: window, application: application)
        review.toast = { [unowned self] text in showUndoToast(text) }

        Actions.add(to: window, name: "open-folder") { [unowned self] in chooseFolder() }
    }

    func present() {
        gtk_window_present(window.cast())
    }

    /// Opens `folder`, showing its deck, the empty page, or the error page.
    func open(folder: URL, recursive: Bool, order: DeckOrder) {
        adw_window_title_set_subtitle(title.cast(), folder.path)
        do {
            let clips = try FolderScan.scan(folder, recursive: recursive, order: order)
            Log.info("opened \(folder.path): \(clips.count) clips", category: "app")
            if clips.isEmpty {
                adw_status_page_set_description(emptyPage.cast(), "“\(folder.path)” has no videos or photos. Open another folder to review.")
                show(.empty)
            } else {
                review.load(clips: clips, folder: folder)
                show(.deck)
            }
        } catch {
            Log.error(error.description, category: "app")
            review.load(clips: [], folder: folder)
            adw_status_page_set_description(errorPage.cast(), error.description)
            show(.error)
        }
    }

    /// "Marked x for deletion · Undo".
    private func showUndoToast(_ text: String) {
        let toast = adw_toast_new(text)
        adw_toast_set_button_label(toast, "Undo")
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
        let button: Widget = gtk_button_new_with_label("Open Folder…")
        gtk_actionable_set_action_name(button.opaque, "win.open-folder")
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(button, "pill")
        gtk_widget_add_css_class(button, "suggested-action")
        adw_status_page_set_child(page.cast(), button)
        return page
    }

    private func chooseFolder() {
        guard let chooser = gtk_file_chooser_native_new(
            "Open Folder", window.cast(), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, "_Open", "_Cancel"
        ) else { return }
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
            open(folder: URL(fileURLWithPath: String(cString: path)), recursive: false, order: .name)
        }
        gtk_native_dialog_show(chooser.cast())
    }
}
