import CGtk
import FlickCore
import GtkKit

/// About Flick: an AdwAboutWindow with the version, licence and links.
@MainActor
enum AboutWindow {
    static func present(over parent: Widget) {
        let about: Widget = adw_about_window_new()
        gtk_window_set_transient_for(about.cast(), parent.cast())
        gtk_window_set_modal(about.cast(), 1)
        adw_about_window_set_application_name(about.cast(), "Flick")
        adw_about_window_set_application_icon(about.cast(), FlickApplication.applicationID)
        adw_about_window_set_version(about.cast(), Flick.version)
        adw_about_window_set_developer_name(about.cast(), tr("The Flick developers"))
        adw_about_window_set_comments(about.cast(), tr("Review a folder of clips one card at a time."))
        adw_about_window_set_license_type(about.cast(), GTK_LICENSE_GPL_3_0)
        adw_about_window_set_copyright(about.cast(), "© 2026 The Flick developers")
        let addresses = ProjectAddresses.installed()
        if let homepage = addresses.homepage { adw_about_window_set_website(about.cast(), homepage) }
        if let bugtracker = addresses.bugtracker { adw_about_window_set_issue_url(about.cast(), bugtracker) }
        adw_about_window_set_release_notes_version(about.cast(), Flick.version)
        adw_about_window_set_release_notes(about.cast(), tr(
            "<p>The first release.</p><ul><li>Swipe, click or press keys to like, delete, skip or go back; undo anything</li><li>The top clip plays at once; the next one is ready underneath</li><li>Deletions go to the Trash only when you apply them</li><li>Export liked clips as a playlist, a copy or one stitched video</li><li>Preferences, a keyboard shortcuts window and screen reader support</li></ul>"))
        adw_about_window_set_translator_credits(about.cast(), tr("translator-credits"))
        gtk_window_present(about.cast())
    }
}
