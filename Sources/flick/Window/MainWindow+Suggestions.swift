import CGtk
import FlickApp
import FlickCore
import GtkKit

/// Suggestions and the Preferences that shape them: the short-clip length
/// is the analysis's (`FolderInsights.Options.shortClipSeconds`), and a new
/// length looks at the open deck again at once (what the store keeps of
/// each file makes that a quick pass).
extension MainWindow {
    /// The short-clip length the analysis is given (Preferences).
    var shortClipSeconds: Double { Settings.shared.shortClipSeconds }

    /// Review Suggestions, once the main menu it was chosen from has
    /// closed: the page then moves the focus to the first suggested card
    /// and "Going through 3 suggestions: …" is said there (said while the
    /// menu still had the focus, it went with the menu).
    func reviewSuggestions() {
        let popover = gtk_menu_button_get_popover(ui.widget("main-menu-button").cast())
        Task { @MainActor [weak self] in
            for _ in 0..<Self.menuCloseChecks {
                guard let popover, gtk_widget_get_visible(popover.cast()) != 0 else { break }
                try? await Task.sleep(for: Self.menuCloseCheck)
            }
            self?.model.reviewSuggestions()
        }
    }

    /// How often, and how many times at most, the menu is looked at to see
    /// whether it has closed (GTK closes it right after the action runs).
    static let menuCloseCheck: Duration = .milliseconds(20)
    static let menuCloseChecks = 50

    func followSuggestionPreferences() {
        Settings.shared.onChange("short-clip-seconds") { [unowned self] in
            Log.info("clips under \(shortClipSeconds) s are short now: looking again", category: "insights")
            guard !model.clips.isEmpty, let run = insightsRun else { return }
            run.start(folder: model.folder, options: insightsOptions)
        }
    }
}
