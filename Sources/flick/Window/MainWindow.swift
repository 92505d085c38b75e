import CGtk
import FlickApp
import FlickCore
import FlickStore
import Foundation
import GtkKit

/// The main window: header bar with Open Folder and the main menu, and a
/// stack of pages — the review page, a start page (no folder yet), an
/// empty-state page, an error page.
///
///   MainWindow ── owns ──▶ ReviewModel ── one ReviewChange per change ──▶ render(_:)
///       │ GActions (FlickAction) ──▶ model requests        (actions, stack, page,
///       └ DecisionRecorder (the model's sink: the store)     player bar, overview, facts,
///                                                         toast, announcer — in order)
@MainActor
final class MainWindow {
    enum Page: String {
        case deck, start, empty, error, overview

        /// The page that shows `screen`.
        init(_ screen: ReviewScreen) {
            switch screen {
            case .start: self = .start
            case .reading, .empty: self = .empty
            case .failed: self = .error
            case .cards, .end: self = .deck
            case .overview: self = .overview
            }
        }

        /// The page's name for screen readers.
        var title: String {
            switch self {
            case .deck: tr("Review")
            case .start: tr("Start")
            case .empty: tr("No Clips Here")
            case .error: tr("Can’t Open Folder")
            case .overview: tr("Overview")
            }
        }
    }

    let window: Widget
    let model: ReviewModel
    let page: ReviewPage
    let overview: OverviewPage
    let actions: ActionActivator
    /// The window's structure from `Resources/ui/window.ui` (header bar,
    /// pages, main menu); it keeps what it built alive.
    let ui: Builder
    private let title: Widget
    private let header: Widget
    private let pages: Widget
    private let startPage: StartPage
    private let emptyPage: Widget
    private let errorPage: Widget
    private let sink = DecisionRecorder(wording: { ErrorText.Worded($0) })
    private var facts: FactsReader?
    private(set) var announcer: Announcer?
    private(set) var undoToasts: UndoToastPresenter?
    /// The native file chooser while it is open.
    var chooser: ObjectRef<OpaquePointer>?
    /// The decision store, opened with the first folder.
    private(set) var store: Store?
    /// Looks for the deck's stacks and suggestions in the background.
    var insightsRun: InsightsRun?
    /// Counts the analysis runs asked for: one asked before the last is dropped.
    var insightsScheduled = 0
    /// How many times a folder was opened: a scan that returns after
    /// another open is dropped.
    private var openings = 0
    /// The opening whose scan has not returned yet; 0 when none.
    private var scanning = 0
    /// The screen the pages show (`ReviewModel.screen` at the last render pass).
    private var shownScreen: ReviewScreen?
    /// Milliseconds a scan may take before the window says it is reading.
    static let readingPageDelayMilliseconds: UInt64 = 250
    var registered: [FlickAction: OpaquePointer] = [:]
    var heldKeys = Set<UInt32>()
    /// Undecided clips whose XMP sidecars reject them, offered for deletion.
    var sidecarRejects: [Int64] = []
    /// Sidecar failures already shown for the folder on screen (one toast per reason).
    var sidecarReasonsShown: Set<String> = []
    /// The folder on screen, if one opened.
    var folder: ReviewedFolder? { sink.folder }

    init(application: UnsafeMutablePointer<AdwApplication>) {
        window = adw_application_window_new(application.cast())
        gtk_window_set_title(window.cast(), "Flick")
        let size = Settings.shared.windowSize
        gtk_window_set_default_size(window.cast(), Int32(clamping: max(size.width, 360)), Int32(clamping: max(size.height, 400)))
        if size.maximized { gtk_window_maximize(window.cast()) }

        model = ReviewModel(sink: sink, muted: Settings.shared.startMuted, clock: { MonotonicClock.now })
        sink.onMovedElsewhere = { [unowned model] id in model.apply(DeckChange(removed: [id])) }  // applied by another Flick
        actions = ActionActivator(window: window)
        page = ReviewPage(model: model, actions: actions)
        overview = OverviewPage(model: model, actions: actions)
        let announcer = Announcer(model: model, window: window)
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
        announcer.afterSaying = { [unowned self] in page.stack.describeTopAgain() }
        page.player.announce = { [weak announcer] text in announcer?.say(text) }
        facts = FactsReader(model: model)
        undoToasts = UndoToastPresenter(model: model, overlay: page.toastOverlay)
        installActions(application: application)
        followSidecars(sink)
        installKeys()
        followOverview()
        followPreferences()
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

    /// The header bar (window.ui): Open Folder and Overview at the start,
    /// the title, the main menu at the end. Buttons bound to an action take
    /// its tooltip and keys from FlickAction.
    private static func fill(header ui: Builder) {
        let openButton = ui.widget("open-folder")
        gtk_widget_set_tooltip_text(openButton, FlickAction.openFolder.tooltip)
        Accessibility.setKeyShortcuts(openButton, FlickAction.openFolder.ariaShortcuts)
        let toggle = ui.widget("overview-toggle")
        gtk_widget_set_tooltip_text(toggle, FlickAction.overview.tooltip)
        Accessibility.setLabel(toggle, FlickAction.overview.label)
        Accessibility.setKeyShortcuts(toggle, FlickAction.overview.ariaShortcuts)
        checkMenuLabels(ui)
        if let popover = gtk_menu_button_get_popover(ui.widget("main-menu-button").opaque) {
            Accessibility.setLabel(popover, tr("Main Menu"))
            // Its pages (GTK's menu keeps one per submenu) are not read as
            // "GtkStackPage panel" on every F10.
            Accessibility.unnameStackPages(popover)
        }
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
    /// takes the focus last. What the model is asked meanwhile runs after
    /// the pass (`ReviewModel.onChange`).
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
        undoToasts?.render(change, said: said)
        if change.deck != nil { tidyAccessibility() }
        announcer?.render(change, said: said)
        BenchHook.render(change)
        if let before { arrive(from: before) }
        if change.rolledBack, case .notSaved(let reason)? = change.event {
            Dialogs.inform(over: window, heading: tr("Decision Not Saved"),
                           body: reason + "\n\n" + tr("The card stays where it was; nothing else changed."))
        }
    }

    // MARK: Fullscreen

    var isFullscreen: Bool { gtk_window_is_fullscreen(window.cast()) != 0 }

    /// F11 or F: the stage fills the screen; the player and action bars stay.
    func setFullscreen(_ fullscreen: Bool) {
        if fullscreen { gtk_window_fullscreen(window.cast()) } else { gtk_window_unfullscreen(window.cast()) }
    }

    /// The header bar goes while fullscreen (Escape, F11 or the player's
    /// button leave); the stage re-lays the cards in the same frame. The
    /// window's state is win.fullscreen's; the header, the page and the
    /// player bar's button follow the action.
    private func followFullscreen() {
        connect(window, .notify("fullscreened")) { [unowned self] _ in updateEnabled() }
        guard let action = registered[.fullscreen] else { return }
        connect(action, .notify("state")) { [unowned self] _ in
            let fullscreen = Actions.state(of: action)
            gtk_widget_set_visible(header, fullscreen ? 0 : 1)
            page.setFullscreen(fullscreen)
            page.stack.onStateChange()
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

    private var watchingSurface = false

    /// Pauses playback while the window is hidden or minimized.
    private func watchVisibility() {
        connect(window, .unmap) { [unowned self] in model.setHidden(true) }
        connect(window, .map) { [unowned self] in
            model.setHidden(false)
            guard !watchingSurface, let surface = gtk_native_get_surface(window.opaque) else { return }
            watchingSurface = true
            if FrameSync.disableWithoutManagerSupport(surface) {
                Log.debug("X11 frame sync off: the window manager does not support _NET_WM_FRAME_DRAWN", category: "window")
            }
            connect(surface, .notify("state")) { [unowned self] _ in
                let state = gdk_toplevel_get_state(surface)
                model.setHidden(state.rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0)
            }
        }
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

    func present() {
        gtk_window_present(window.cast())
    }

    // MARK: Folders

    /// Opens `folder`, showing its deck, the empty page, or the error page.
    /// Without `recursive`, the folder is listed as it was last opened (the
    /// store keeps that), else as the preference says; the way it opens is
    /// kept for the next time and for the headless commands. The folder is
    /// scanned off the main thread (`OffMain`): while a network share does
    /// not answer, the window says it is reading and takes input.
    func open(folder url: URL, recursive choice: Bool?, order: DeckOrder) {
        sink.folder?.close()
        sink.folder = nil
        if store == nil { store = try? Store.openDefault() }
        // A folder that cannot be listed says so before the store is touched;
        // its one scan then builds the deck.
        let kinds: Set<ClipKind> = Settings.shared.includePhotos ? [.video, .photo] : [.video]
        let fallback = Settings.shared.includeSubfolders
        Log.phase("open \(url.path)")
        openings += 1
        let opening = openings
        let early = EarlyScan.claim(url, order: order)
        scanning = opening
        Task { @MainActor [weak self] in
            // Said only when the scan takes a while (a quick one goes straight to the deck).
            try? await Task.sleep(nanoseconds: Self.readingPageDelayMilliseconds * 1_000_000)
            if let self, scanning == opening { showReading(url) }
        }
        Task { @MainActor [weak self] in
            let (recursive, scanned) = await OffMain.run {
                let recursive = Subfolders.listing(choice, for: url, fallback: fallback)
                return (recursive, Result { () throws -> [ScannedClip] in
                    try early?.clips(of: kinds, recursive: recursive) ?? FolderScan.scan(url, recursive: recursive, order: order, kinds: kinds)
                })
            }
            // Another folder opened meanwhile: this scan is of no use.
            guard let self, opening == self.openings else { return }
            scanning = 0
            opened(url, scanned: scanned, recursive: recursive, order: order, kinds: kinds)
        }
    }

    /// The empty page, saying the folder is being read (until its scan returns).
    private func showReading(_ url: URL) {
        model.startReading(folder: url.path)
    }

    /// The rest of `open`, on the main thread, once the folder was scanned.
    private func opened(_ url: URL, scanned result: Result<[ScannedClip], Error>, recursive: Bool, order: DeckOrder, kinds: Set<ClipKind>) {
        do {
            let scanned = try result.get()
            Log.phase("scanned \(scanned.count) clips")
            let store = try self.store ?? Store.openDefault()
            self.store = store
            let opened = try ReviewedFolder(url: url, recursive: recursive, order: order, kinds: kinds, store: store)
            sink.folder = opened
            Settings.shared.remember(folder: url.path)
            do {
                try store.rememberOpened(opened.record, recursive: recursive)
            } catch {
                Log.warning("cannot remember how \(url.path) was opened: \(error)", category: "store")
            }
            opened.onChange = { [unowned self] names in
                if let names { follow(names) } else { reload() }
            }
            opened.watch()
            reload(first: true, scanned: scanned)
        } catch {
            showError(ErrorText.describe(error), folder: url.path)
        }
    }

    /// Rescans the folder and gives the model the new deck; the model keeps
    /// the top card, and does nothing when nothing changed.
    func reload(first: Bool = false, scanned: [ScannedClip]? = nil) {
        guard let folder else { return }
        guard let scanned else { return rescan(folder, first: first) }
        do {
            // The first load shows the deck before its new rows are on disk.
            let (sync, session) = try folder.load(scanned: scanned, deferringWrites: first)
            Log.phase("synced the store and rebuilt the session")
            Log.info("opened \(folder.url.path): \(sync.clips.count) clips (\(sync.added) new, \(sync.removed) gone, \(sync.renamed) renamed)",
                     category: "app")
            let clips = sync.clips.map(ReviewedFolder.reviewClip)
            if first {
                model.load(clips: clips, session: session, folder: folder.record.path, named: folder.url.path)
                Log.phase("deck on screen")
                folder.writeDeferredRows { [unowned self] in reload() }
                offerSidecarRejects(in: sync.clips, of: folder)
                sayUnmatchedDecisions(sync, of: folder)
            } else {
                model.reload(clips: clips, session: session)
            }
        } catch {
            showError(ErrorText.describe(error), folder: folder.url.path)
        }
    }

    /// Scans `folder` again off the main thread, then reloads from that
    /// scan (unless another folder opened meanwhile).
    private func rescan(_ folder: ReviewedFolder, first: Bool) {
        let (url, recursive, order, kinds) = (folder.url, folder.recursive, folder.order, folder.kinds)
        Task { @MainActor [weak self] in
            let scanned = await OffMain.run {
                Result { () throws -> [ScannedClip] in try FolderScan.scan(url, recursive: recursive, order: order, kinds: kinds) }
            }
            guard let self, self.folder === folder else { return }
            do {
                reload(first: first, scanned: try scanned.get())
            } catch {
                showError(ErrorText.describe(error), folder: folder.url.path)
            }
        }
    }

    /// Follows files that appeared, left or were renamed under `names`
    /// without a rescan: the store reconciles those names only and the
    /// model splices its deck, so one file costs the same in any folder.
    func follow(_ names: [String]) {
        guard let folder else { return }
        do {
            let change = try folder.sync(names: names)
            guard !change.isEmpty else { return }
            Log.info("\(folder.url.path): \(change.added) new, \(change.removed.count) gone, \(change.renamed) renamed", category: "app")
            model.apply(DeckChange(removed: change.removed, placed: change.placed.map(ReviewedFolder.reviewClip),
                                   decisions: change.placed.map(\.decision)))
        } catch {
            showError(ErrorText.describe(error), folder: folder.url.path)
        }
    }

    /// Without a folder: the last one opened when it is still there, else
    /// the start page.
    func openLast() {
        if let last = Settings.shared.recentFolders.first, OpenOptions.problem(with: URL(fileURLWithPath: last, isDirectory: true)) == nil {
            open(folder: URL(fileURLWithPath: last, isDirectory: true), recursive: nil, order: .name)
        } else {
            showStart()
        }
    }

    /// The start page: Open Folder, the recent folders, the sample clips.
    func showStart() {
        sink.folder?.close()
        sink.folder = nil
        updateRecentMenu()
        model.closeFolder()
    }

    /// The recent folders on the start page.
    func updateStartPage() {
        startPage.show(recent: Settings.shared.recentFolders)
    }

    /// The error page saying `message` (about the folder at `path`, when known).
    func showError(_ message: String, folder path: String? = nil) {
        Log.error(message, category: "app")
        model.fail(reason: message, folder: path)
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

    /// The page shows the model's screen, with its words; the overview is
    /// let go when it leaves. Returns the screen before when it changed
    /// (`arrive` then sets the new one up), nil when it did not.
    private func showScreen(_ change: ReviewChange) -> ReviewScreen?? {
        if change.deck == .opened {
            adw_window_title_set_subtitle(title.cast(), model.folderState.path.map(RawPath.display) ?? "")
        }
        let screen = model.screen
        guard screen != shownScreen else { return nil }
        let before = shownScreen
        shownScreen = screen
        switch screen {
        case .reading(let path):
            adw_status_page_set_title(emptyPage.cast(), tr("Reading Folder…"))
            adw_status_page_set_description(emptyPage.cast(), tr("Listing the clips in “%@”.", RawPath.display(path)))
        case .empty(let path):
            adw_status_page_set_title(emptyPage.cast(), tr("No Clips Here"))
            adw_status_page_set_description(emptyPage.cast(),
                tr("“%@” has no videos or photos. Open another folder to review.", RawPath.display(path)))
        case .failed(let reason):
            adw_status_page_set_description(errorPage.cast(), reason)
        case .start, .cards, .end, .overview: break
        }
        if before == .overview {
            overview.didHide()
        }
        if before.map(Page.init) != Page(screen) { show(Page(screen)) }
        return .some(before)
    }

    /// The render pass's last part, when the screen changed: where focus
    /// goes on the page just shown, and what is said there.
    private func arrive(from before: ReviewScreen?) {
        switch model.screen {
        case .start:
            tidyAccessibility()
            // Focus on the page's Open Folder, then its heading and text are said.
            startPage.focusDefault()
            announcer?.sayIntro(startPage.spokenIntro)
        case .overview:
            // Said on the focused tile once it has focus: the screen reader
            // reads the tile, then where the user is.
            overview.willShow { [unowned self] in
                announcer?.say(OverviewPage.openingWords(total: model.count, noun: overview.deckNoun, filter: model.filter,
                                                             count: overview.visible.count))
            }
        case .cards where before == .overview, .end where before == .overview:
            page.focusDefault()
        default: break
        }
        updateEnabled()  // the selection a page brings (the overview's tile) gates actions
    }

    private func show(_ shown: Page) {
        gtk_stack_set_visible_child_name(pages.cast(), shown.rawValue)
        // Screen readers see only the page on screen (G into the overview
        // said nothing while the deck's page kept its name).
        // The review, start and overview pages are not named: Orca would say
        // "Review panel", "Start panel" or "Overview panel" each time focus
        // comes into them (the overview says its own summary).
        let widgets = pageWidgets
        Accessibility.showStackPage(pages, pages: widgets.map { ($0.0, [.deck, .start, .overview].contains($0.1) ? "" : $0.1.title) },
                                    shown: widgets.first { $0.1 == shown }?.0 ?? page.root)
    }

    private var pageWidgets: [(Widget, Page)] {
        [(page.root, .deck), (startPage.root, .start), (emptyPage, .empty), (errorPage, .error), (overview.root, .overview)]
    }

    /// A status page of window.ui with its Open Folder button.
    private static func statusPage(_ page: Widget) -> Widget {
        // A plain label: GTK 4.8 names mnemonic buttons "_Open Folder… Open
        // Folder…" on AT-SPI, whatever the accessible label says. Ctrl+O opens.
        let button = ReviewPage.makeButton(.openFolder)
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(button, "suggested-action")
        adw_status_page_set_child(page.cast(), button)
        return page
    }
}
