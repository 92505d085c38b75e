import CGtk
import FlickApp
import FlickCore
import FlickStore
import Foundation
import GtkKit

/// The main window: it wires the parts together and chooses nothing by
/// itself. What is shown follows the ReviewModel; what a folder does
/// follows FlickApp's FolderLifecycle; Apply and Export are FlickApp's
/// use cases, asked by the dialogs, their results handed to the model
/// (`ReviewModel.finished`) and shown by the render pass (+Results).
///
///   MainWindow ── owns ──▶ ReviewModel ── one ReviewChange per change ──▶ render(_:)
///       │ GActions (FlickAction) ──▶ model requests  (+Actions)     (actions, pages, stack, page,
///       ├ FolderLifecycle: open, read, follow, fail  (+Folders)      player bar, overview, facts,
///       ├ DecisionRecorder: the store, sidecars      (+Sidecars)     toast, announcer, results —
///       └ Apply, Export ──▶ model.finished(result)   (Dialogs/)      in order)
///
/// The pages follow `ReviewModel.screen` (+Pages); the header bar,
/// fullscreen and the window's size (+Chrome); the menu, recent folders and
/// file choosers (+Menu); the overview (+Overview); Apply and Export
/// (Dialogs/MainWindow+Apply, +Export).
@MainActor
final class MainWindow {
    let window: Typed<Kinds.Window>
    let model: ReviewModel
    let page: ReviewPage
    let overview: OverviewPage
    let actions: ActionActivator
    /// The window's structure from `Resources/ui/window.ui` (header bar,
    /// pages, main menu); it keeps what it built alive.
    let ui: Builder
    /// Whether the window's surface state is followed yet (`watchVisibility`).
    var watchingSurface = false
    let title: Typed<Kinds.WindowTitle>
    let header: Typed<Kinds.HeaderBar>
    let pages: Typed<Kinds.Stack>
    let startPage: StartPage
    let emptyPage: Typed<Kinds.StatusPage>
    let errorPage: Typed<Kinds.StatusPage>
    private let sink = DecisionRecorder(wording: { ErrorText.Worded($0) })
    private var facts: FactsReader?
    private(set) var announcer: Announcer?
    private(set) var undoToasts: UndoToastPresenter?
    /// The native file chooser while it is open.
    var chooser: ObjectRef<OpaquePointer>?
    /// Looks for the deck's stacks and suggestions in the background.
    var insightsRun: InsightsRun?
    /// Counts the analysis runs asked for: one asked before the last is dropped.
    var insightsScheduled = 0
    /// The analysis line over the pages (MainWindow+Analysis).
    var analysisLine: AnalysisProgress?
    /// The screen the pages show (`ReviewModel.screen` at the last render pass).
    var shownScreen: ReviewScreen?
    var registered: [FlickAction: OpaquePointer] = [:]
    var heldKeys = Set<UInt32>()
    /// Undecided clips whose XMP sidecars reject them, offered for deletion.
    var sidecarRejects: [Int64] = []
    /// Sidecar failures already shown for the folder on screen (one toast per reason).
    var sidecarReasonsShown: Set<String> = []
    /// The folder on screen, if one opened.
    var folder: ReviewedFolder? { sink.folder }
    /// The folder's life: opening, reading, following, failing, closing (FlickApp).
    let folders: FolderLifecycle

    init(application: UnsafeMutablePointer<AdwApplication>) {
        window = Typed(adw_application_window_new(application.cast()))
        gtk_window_set_title(window.cast(), "Flick")
        let size = Settings.shared.windowSize
        gtk_window_set_default_size(window.cast(), Int32(clamping: max(size.width, 360)), Int32(clamping: max(size.height, 400)))
        if size.maximized { gtk_window_maximize(window.cast()) }

        model = ReviewModel(sink: sink, muted: Settings.shared.startMuted, clock: { MonotonicClock.now })
        sink.onMovedElsewhere = { [unowned model] id in model.apply(DeckChange(removed: [id])) }  // applied by another Flick
        folders = FolderLifecycle(model: model, sink: sink, offMain: { await OffMain.run($0) })
        actions = ActionActivator(window: window.widget)
        page = ReviewPage(model: model, actions: actions)
        overview = OverviewPage(model: model, actions: actions)
        let announcer = Announcer(model: model, window: window.widget)
        ui = Builder(resource: InterfaceBundle.path("ui/window.ui"))
        title = ui.widget("title")
        header = ui.widget("header")
        Self.fill(header: ui)

        pages = ui.widget("pages")
        startPage = StartPage(ui)
        emptyPage = Self.statusPage(ui.widget("empty-page"))
        errorPage = Self.statusPage(ui.widget("error-page"))
        for (child, name) in pageWidgets {
            gtk_stack_add_named(pages.cast(), child, name.rawValue)
            // A page's own name, not "GtkStackPage".
            if let stackPage = gtk_stack_get_page(pages.cast(), child) { Accessibility.setLabel(stackPage, name.title) }
        }
        adw_application_window_set_content(window.cast(), ui.widget("content"))

        self.announcer = announcer
        page.player.announce = { [weak announcer] text in announcer?.say(text) }
        facts = FactsReader(model: model)
        undoToasts = UndoToastPresenter(model: model, overlay: page.toastOverlay)
        installActions(application: application)
        followFolders()
        followSidecars(sink)
        installKeys()
        followOverview()
        followPreferences()
        installAnalysisLine()
        page.stack.decide = { [unowned self] action in actions.isEnabled(action) && perform(action) }
        followModel()
        if let shortcuts = ShortcutsWindow.make() {
            // Adds win.show-help-overlay; the window keeps its own reference.
            gtk_application_window_set_help_overlay(window.cast(), shortcuts.pointer.cast())
        }
        updateRecentMenu()
        Settings.shared.onChange("recent-folders") { [unowned self] in updateRecentMenu() }
        acceptDroppedFolders()
        rememberSize()
        watchVisibility()
        followFullscreen()
        BenchHook.attach(to: self)
    }

    private func followModel() {
        announcer?.focusDefault = { [unowned self] in
            if model.screen == .start { startPage.focusDefault() } else { page.focusDefault() }
        }
        model.onChange = { [unowned self] change in render(change) }
    }

    /// The one render pass: every change of the model, applied to the
    /// window in this order. Action states come first, so every part below
    /// reads them current; the event is worded once, for the status lines
    /// and speech; the page shown follows the model's screen before the
    /// parts draw on it; the announcer speaks on the widget that has focus
    /// once the page has moved it (the next card), so a screen reader that
    /// is behind on its events still hears it from there; a page just shown
    /// takes the focus last; what Apply or Export ended with is shown after
    /// it (+Results). What the model is asked meanwhile runs after the pass
    /// (`ReviewModel.onChange`).
    private func render(_ change: ReviewChange) {
        updateEnabled()
        let said = change.event.map { Words.event($0, noun: Words.noun(kinds: model.clips.lazy.map(\.kind))) }
        // A decision's outcome is said on the card that leaves, before the
        // next card takes the focus: heard first, the next key cannot cut
        // it off (it cuts the card's name, which Where Am I repeats).
        announcer?.renderBeforeFocusMoves(change, said: said)
        let before = showScreen(change)
        page.stack.render(change)
        page.render(change, said: said)
        page.player.render(change)
        overview.render(change, said: said)
        facts?.render(change)
        renderInsights(change)
        renderAnalysisLine(change)
        undoToasts?.render(change, said: said)
        if change.deck != nil { tidyAccessibility() }
        announcer?.render(change, said: said)
        BenchHook.render(change)
        if let before { arrive(from: before) }
        renderResult(change)
        if change.rolledBack, case .notSaved(let reason)? = change.event {
            Dialogs.inform(over: window.widget, heading: tr("Decision Not Saved"),
                           body: reason + "\n\n" + tr("The card stays where it was; nothing else changed."))
        }
    }

    /// Preferences: sound at start (the model), and thresholds that change
    /// how the next drag decides at once.
    private func followPreferences() {
        let settings = Settings.shared
        let stack = page.stack
        stack.loops = settings.loopClips
        settings.apply(to: &stack.tuning)
        for key in ["swipe-distance", "fling-speed"] {
            settings.onChange(key) { settings.apply(to: &stack.tuning) }
        }
        settings.onChange("loop-clips") { stack.loops = settings.loopClips }
        followSuggestionPreferences()
    }

    func present() {
        gtk_window_present(window.cast())
    }

    /// The recent folders on the start page.
    func updateStartPage() {
        startPage.show(recent: Settings.shared.recentFolders)
    }

    /// A toast without a button.
    /// `spoken` is what a screen reader hears instead, when it says more.
    func showToast(_ text: String, spoken: String? = nil) {
        let toast = adw_toast_new(text)
        adw_toast_set_timeout(toast, 4)
        adw_toast_overlay_add_toast(page.toastOverlay.cast(), toast)
        tidyAccessibility()
        announcer?.sayAfterDialogs(spoken ?? text)
    }

    /// Keeps GTK type names and doubled names out of what screen readers
    /// read (see `Accessibility.tidy`), after widgets were added.
    func tidyAccessibility() {
        Accessibility.tidy(window, closeLabel: tr("Dismiss"))
    }
}
