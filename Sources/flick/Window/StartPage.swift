import CGtk
import FlickCore
import Foundation
import GtkKit

/// The page a window without a folder shows (the first run, or when the
/// last folder is gone): Open Folder, the recent folders, and the bundled
/// sample clips to try Flick on.
@MainActor
final class StartPage {
    let root: Typed<Kinds.StatusPage>
    private let recentTitle: Typed<Kinds.Label>
    private let recentList: Typed<Kinds.ListBox>
    /// The page's own Open Folder button: the first focus on this page.
    private(set) var openButton: Typed<Kinds.Button>?

    init(_ ui: Builder) {
        root = ui.widget("start-page")
        recentTitle = ui.widget("start-recent-title")
        recentList = ui.widget("start-recent-list")
        Accessibility.setLabel(recentList, tr("Recent Folders"))
        let buttons = ui.widget("start-buttons")
        let open = ReviewPage.makeButton(.openFolder)
        gtk_widget_add_css_class(open, "suggested-action")
        gtk_box_prepend(buttons.cast(), open)
        openButton = Typed(open)
        let samples = ui.widget("start-samples")
        gtk_actionable_set_action_target_value(samples.opaque, g_variant_new_string(ResourceLocator.shared.samples.path))
        gtk_widget_set_tooltip_text(samples, tr("Review the clips that come with Flick"))
    }

    /// The heading and the text under it, as a screen reader says them
    /// when the page shows (Orca reads only the focused button otherwise).
    var spokenIntro: String {
        let title = adw_status_page_get_title(root.cast()).map { String(cString: $0) } ?? ""
        let text = adw_status_page_get_description(root.cast()).map { String(cString: $0) } ?? ""
        return [title, text].filter { !$0.isEmpty }.joined(separator: ". ")
    }

    /// Puts the focus on the page's Open Folder (GTK would start on the
    /// header bar's).
    func focusDefault() {
        if let openButton { gtk_widget_grab_focus(openButton.widget) }
    }

    /// Lists `folders` (newest first), each named so that two folders
    /// called alike are told apart, with its whole path as its description.
    func show(recent folders: [String]) {
        // Only folders still there: one that is gone cannot be opened. All
        // looked up at once, for at most a moment: a folder on a share that
        // does not answer is listed (it may answer when opened).
        let candidates = folders.filter { $0 != ResourceLocator.shared.samples.path }
        let present = OffMain.each(within: OpenOptions.lookSeconds, candidates.map { path in
            { @Sendable () -> Bool in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            }
        })
        let shown = zip(candidates, present).filter { $0.1 ?? true }.map(\.0)
        while let row = gtk_widget_get_first_child(recentList.widget) { gtk_list_box_remove(recentList.cast(), row) }
        gtk_widget_set_visible(recentTitle.widget, shown.isEmpty ? 0 : 1)
        gtk_widget_set_visible(recentList.widget, shown.isEmpty ? 0 : 1)
        for path in shown {
            let row: Widget = adw_action_row_new()
            adw_preferences_row_set_title(row.cast(), RecentFolder.name(path))
            adw_action_row_set_subtitle(row.cast(), RecentFolder.place(path))
            gtk_list_box_row_set_activatable(row.cast(), 1)
            gtk_actionable_set_action_name(row.opaque, FlickAction.openRecent.detailedName)
            gtk_actionable_set_action_target_value(row.opaque, g_variant_new_string(path))
            gtk_widget_set_tooltip_text(row, RawPath.display(path))
            // Its own name, not the row's title appended to it (GTK 4.8
            // adds what the row is labelled by).
            Accessibility.setLabel(row, RecentFolder.label(path))
            gtk_accessible_reset_relation(row.opaque, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
            Accessibility.setDescription(row, RawPath.display(path))
            gtk_list_box_append(recentList.cast(), row)
        }
    }
}

/// How a recent folder is named in the menu and on the start page: its
/// name and where it is ("Camera — ~/Phone/DCIM"), so two folders with
/// the same name are told apart.
enum RecentFolder {
    static func name(_ path: String) -> String {
        RawPath.display(URL(fileURLWithPath: path, isDirectory: true).lastPathComponent)
    }

    /// The folder holding `path`, with the home folder written "~".
    static func place(_ path: String) -> String {
        let parent = URL(fileURLWithPath: path, isDirectory: true).deletingLastPathComponent().standardizedFileURL.path
        let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path
        if parent == home { return "~" }
        if home != "/", parent.hasPrefix(home + "/") { return RawPath.display("~" + parent.dropFirst(home.count)) }
        return RawPath.display(parent)
    }

    static func label(_ path: String) -> String {
        path == "/" ? "/" : tr("%@ — %@", name(path), place(path))
    }
}
