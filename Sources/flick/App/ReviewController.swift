import CGtk
import FlickCore
import FlickMedia
import FlickStore
import Foundation
import GtkKit

/// The review page: progress, the card stack, a status line and the action
/// bar, driven by FlickCore's InputQueue. Every input — drag, key, button,
/// accessibility action — becomes one `ReviewAction` GAction and goes
/// through `perform`.
@MainActor
final class ReviewController {
    let root: Widget
    let stack = CardStackView()
    /// Shows a toast with an Undo button (set by the window).
    var toast: ((String) -> Void)?
    /// Persists an action before it is shown; throwing keeps the card on
    /// screen (set by the window from the folder's store).
    var persist: ((ActionOutcome, ReviewSession) throws -> Void)?
    /// Called after every change with the new counts (the window enables
    /// Apply and Export from them).
    var onRefresh: ((SessionStats) -> Void)?
    /// Called when persisting failed (the action was taken back): the window says why.
    var persistFailed: ((String) -> Void)?

    private let pages: Widget
    private let actionBar: Widget
    /// Where the window's toasts appear: over the cards, above the action bar.
    let toastOverlay: Widget
    private let progressLabel: Widget
    private let progressBar: Widget
    private let statusLabel: Widget
    private let finishedPage: Widget
    private var actions: [ReviewAction: OpaquePointer] = [:]
    private var queue = InputQueue(session: ReviewSession(deck: Deck(count: 0)))
    private(set) var clips: [StoredClip] = []
    private var infos: [Int: ClipInfo] = [:]
    private var heldKeys = Set<UInt32>()
    private var discovery: Task<Void, Never>?
    private var discoveryFolder: URL?
    /// Positions whose discovery has started (each is read once per load).
    private var attempted: Set<Int> = []

    init() {
        progressLabel = gtk_label_new("")
        gtk_widget_add_css_class(progressLabel, "deck-position")
        progressBar = gtk_progress_bar_new()
        gtk_widget_set_hexpand(progressBar, 1)
        gtk_widget_set_valign(progressBar, GTK_ALIGN_CENTER)
        Accessibility.setLabel(progressBar, tr("Review progress"))
        let progressRow: Widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_widget_add_css_class(progressRow, "progress-row")
        gtk_box_append(progressRow.cast(), progressBar)
        gtk_box_append(progressRow.cast(), progressLabel)

        statusLabel = gtk_label_new(tr("Drag a card, or press L to like, D to delete, S to skip."))
        gtk_widget_add_css_class(statusLabel, "status-line")
        gtk_label_set_wrap(statusLabel.opaque, 1)
        gtk_label_set_justify(statusLabel.opaque, GTK_JUSTIFY_CENTER)

        let bar: Widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 18)
        gtk_widget_set_halign(bar, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(bar, "action-bar")
        for action in ReviewAction.bar {
            gtk_box_append(bar.cast(), Self.makeButton(action))
        }

        actionBar = bar
        let cards: Widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_box_append(cards.cast(), progressRow)
        gtk_box_append(cards.cast(), stack.root)
        gtk_box_append(cards.cast(), statusLabel)

        finishedPage = adw_status_page_new()
        adw_status_page_set_icon_name(finishedPage.cast(), "object-select-symbolic")
        adw_status_page_set_title(finishedPage.cast(), tr("All Clips Reviewed"))
        let finishedButtons: Widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_set_halign(finishedButtons, GTK_ALIGN_CENTER)
        for (label, action, style, tooltip) in [
            ("Apply Deletions…", "win.apply-deletions", "destructive-action", "Move the clips marked for deletion to the Trash"),
            ("Export Likes…", "win.export-likes", "", "Save the liked clips as a playlist, copies or one video"),
            ("Review Again", "win.review-again", "", "Go back to the first card; decisions are kept"),
        ] {
            let button: Widget = gtk_button_new_with_label(label)
            gtk_widget_add_css_class(button, "pill")
            if !style.isEmpty { gtk_widget_add_css_class(button, style) }
            gtk_actionable_set_action_name(button.opaque, action)
            gtk_widget_set_tooltip_text(button, tooltip)
            gtk_box_append(finishedButtons.cast(), button)
        }
        let undoButton = Self.makeButton(.undo)
        gtk_widget_set_halign(undoButton, GTK_ALIGN_CENTER)
        gtk_box_append(finishedButtons.cast(), undoButton)
        adw_status_page_set_child(finishedPage.cast(), finishedButtons)

        pages = gtk_stack_new()
        gtk_stack_set_transition_type(pages.cast(), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_stack_add_named(pages.cast(), cards, "cards")
        gtk_stack_add_named(pages.cast(), finishedPage, "finished")
        gtk_widget_set_vexpand(pages, 1)
        // Toasts rise from the bottom of the cards, above the action bar,
        // never over its buttons.
        toastOverlay = adw_toast_overlay_new()
        adw_toast_overlay_set_child(toastOverlay.cast(), pages)
        let page: Widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_append(page.cast(), toastOverlay)
        gtk_box_append(page.cast(), bar)
        root = page

        stack.onCommit = { [unowned self] direction in perform(direction.action, fromDrag: true) }
        stack.onActivateTop = { [unowned self] in togglePlayback() }
        stack.onStateChange = { [unowned self] in StateHook.write(queue.session, clips: clips, stack: stack) }
        stack.describe = { [unowned self] position in describe(position) }

        // Preferences: sound at start, and thresholds that change how the
        // next drag decides at once.
        let settings = Settings.shared
        stack.muted = settings.startMuted
        stack.loops = settings.loopClips
        settings.apply(to: &stack.tuning)
        for key in ["swipe-distance", "fling-speed"] {
            settings.onChange(key) { [unowned self] in settings.apply(to: &stack.tuning) }
        }
        settings.onChange("loop-clips") { [unowned self] in stack.loops = settings.loopClips }
    }

    private static func makeButton(_ action: ReviewAction) -> Widget {
        let content: Widget = adw_button_content_new()
        adw_button_content_set_icon_name(content.cast(), action.iconName)
        adw_button_content_set_label(content.cast(), action.label)
        let button: Widget = gtk_button_new()
        gtk_button_set_child(button.cast(), content)
        gtk_actionable_set_action_name(button.opaque, action.detailedName)
        gtk_widget_set_tooltip_text(button, action.tooltip)
        gtk_widget_add_css_class(button, "action-\(action.rawValue)")
        gtk_widget_add_css_class(button, "pill")
        // The visible label is the accessible name; GTK 4.8 would append an
        // explicit accessible label to it ("Like Like").
        Accessibility.setKeyShortcuts(button, action.shortcutsText)
        return button
    }

    /// Registers the window's actions and keys.
    func install(on window: Widget, application: UnsafeMutablePointer<AdwApplication>) {
        for action in ReviewAction.allCases {
            actions[action] = Actions.add(to: window, name: action.actionName) { [unowned self] in
                activate(action, isAutoRepeat: false)
            }
            if !action.accelerators.isEmpty {
                Actions.setAccels(application, for: action.detailedName, action.accelerators)
            }
        }
        let keys: OpaquePointer = gtk_event_controller_key_new()
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_BUBBLE)
        connect(keys, .keyPressed) { [unowned self] keyval, _, state in keyPressed(keyval, state: state, window: window) }
        connect(keys, .keyReleased) { [unowned self] keyval, _, _ in
            Log.debug("key \(keyval) released", category: "input")
            heldKeys.remove(keyval)
        }
        gtk_widget_add_controller(window, keys)
        updateActions()
    }

    /// Single letters and arrows act only outside text fields and without
    /// modifiers; a key already held down (auto-repeat) never decides again.
    private func keyPressed(_ keyval: UInt32, state: GdkModifierType, window: Widget) -> Bool {
        let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue)
        guard modifiers == 0, let action = ReviewAction.forKey(keyval) else { return false }
        if let focus = gtk_root_get_focus(OpaquePointer(window)),
           g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(focus)), gtk_editable_get_type()) != 0 {
            return false
        }
        guard gtk_stack_get_visible_child(pages.cast()) != nil else { return false }
        let isRepeat = !heldKeys.insert(keyval).inserted
        Log.debug("key \(keyval) pressed\(isRepeat ? " (auto-repeat)" : "")", category: "input")
        activate(action, isAutoRepeat: isRepeat)
        return true
    }

    /// Opens a deck with its session (decisions and undo history restored).
    /// `keepingTop` keeps that clip on top when it is still in the deck
    /// (a reload after the folder changed).
    func load(clips: [StoredClip], session: ReviewSession, folder: URL, keepingTop: Int64? = nil) {
        discovery?.cancel()
        discovery = nil
        // Captions already discovered survive a reload.
        let previousInfos = Dictionary(infos.compactMap { position, info in
            position < self.clips.count ? (self.clips[position].id, info) : nil
        }, uniquingKeysWith: { first, _ in first })
        self.clips = clips
        infos = [:]
        for (position, clip) in clips.enumerated() { infos[position] = previousInfos[clip.id] }
        var session = session
        if let keepingTop, let position = clips.firstIndex(where: { $0.id == keepingTop }) {
            session.resume(at: position)
        }
        queue = InputQueue(session: session)
        stack.tuning.reducedMotion = !Self.animationsEnabled
        stack.paused = false
        stack.availability = queue.session.availability
        stack.load(clips.map { .init(name: RawPath.display($0.relativePath), path: folder.appendingPathComponent($0.relativePath).path, kind: $0.kind) },
                   cursor: queue.session.deck.cursor)
        if keepingTop == nil {
            let decided = queue.session.deck.decidedCount
            setStatus(decided == 0
                ? tr("Drag a card, or press L to like, D to delete, S to skip.")
                : tr("Welcome back: %ld of %ld already decided. U undoes the last one.", decided, clips.count))
        }
        refresh()
        discover(folder: folder)
        StateHook.write(queue.session, clips: clips, stack: stack)
    }

    /// The clip on top, if any (kept across reloads).
    var topClipID: Int64? { queue.session.deck.topID }
    var session: ReviewSession { queue.session }

    /// Puts the first card back on top; every decision stays.
    func reviewAgain() {
        var session = queue.session
        session.resume(at: 0)
        queue = InputQueue(session: session)
        stack.availability = session.availability
        stack.show(cursor: 0, transition: nil)
        setStatus(tr("Reviewing again from the first card; your decisions are kept."))
        refresh()
    }

    /// Reads durations and sizes in the background; captions update as they arrive.
    /// Cards ahead of the top whose duration and size are read in advance.
    static let discoveryWindow = 40

    /// Reads captions (duration, size) in the background for the cards near
    /// the top, nearest first; a 10,000-clip folder costs 40 discoveries, not
    /// 10,000, and the window follows the cursor.
    private func discover(folder: URL) {
        discoveryFolder = folder
        attempted = []
        discoverAhead()
    }

    private func nextDiscoveryJob() -> (Int, String)? {
        guard let folder = discoveryFolder else { return nil }
        let cursor = queue.session.deck.cursor
        let start = max(0, cursor - 1), end = min(clips.count, cursor + Self.discoveryWindow)
        guard start < end else { return nil }
        for position in start..<end where clips[position].kind == .video && infos[position] == nil && !attempted.contains(position) {
            attempted.insert(position)
            return (position, folder.appendingPathComponent(clips[position].relativePath).path)
        }
        return nil
    }

    private func discoverAhead() {
        guard discovery == nil else { return }
        discovery = Task { @MainActor [weak self] in
            while !Task.isCancelled, let job = self?.nextDiscoveryJob() {
                let (position, path) = job
                let result = await Task.detached(priority: .utility) {
                    Result { () throws(MediaError) in try ClipDiscovery.discover(path: path) }
                }.value
                guard let self, !Task.isCancelled else { return }
                switch result {
                case .success(let info):
                    infos[position] = info
                    stack.refreshDescriptions()
                case .failure(let error):
                    // The card stays decidable and says why it cannot play.
                    stack.setProblem(error.description, path: path)
                    Log.warning(error.description, category: "media")
                }
            }
            self?.discovery = nil
        }
    }

    private func activate(_ action: ReviewAction, isAutoRepeat: Bool) {
        switch action {
        case .playPause:
            if !isAutoRepeat { togglePlayback() }
        case .mute:
            if !isAutoRepeat { toggleMute() }
        default:
            if let deckAction = action.deckAction { perform(deckAction, isAutoRepeat: isAutoRepeat) }
        }
    }

    /// Applies a deck action at once, then presents it.
    func perform(_ action: DeckAction, isAutoRepeat: Bool = false, fromDrag: Bool = false) {
        let before = queue.session.deck.cursor
        let saved = queue.session
        let result = queue.submit(action, isAutoRepeat: isAutoRepeat, at: CardStackView.now)
        Log.debug("\(action) at \(before): \(result)", category: "input")
        guard case .applied = result else {
            if fromDrag { stack.show(cursor: before, transition: nil) }
            return
        }
        for outcome in queue.takePending() {
            // Durable before the card moves: a decision the user sees is on disk.
            do {
                try persist?(outcome, queue.session)
            } catch {
                // Not on disk, so not taken: back to the saved state, card in place.
                Log.error("\(error)", category: "store")
                queue = InputQueue(session: saved)
                stack.availability = saved.availability
                stack.show(cursor: before, transition: nil)
                refresh()
                StateHook.write(saved, clips: clips, stack: stack)
                persistFailed?("\(error)")
                return
            }
            present(outcome)
        }
        refresh()
        StateHook.write(queue.session, clips: clips, stack: stack)
    }

    private func present(_ outcome: ActionOutcome) {
        let session = queue.session
        let cursor = session.deck.cursor
        stack.availability = session.availability
        discoverAhead()
        let left = session.stats.remaining
        switch outcome {
        case .decided(let position, let decision):
            let name = RawPath.display(clips[position].relativePath)
            stack.show(cursor: cursor, transition: stack.flyOff(decision.direction), leavingPosition: position)
            switch decision {
            case .like: setStatus("Liked \(name). \(left) left.")
            case .skip: setStatus("Skipped \(name). \(left) left.")
            case .delete:
                setStatus(tr("Marked %@ for deletion. %ld left.", name, left))
                toast?(tr("Marked %@ for deletion", name))
            }
        case .wentBack(let position):
            let side = session.deck.decisions[position]?.direction ?? .up
            stack.show(cursor: cursor, transition: Transition.bringBack(from: side, model: stack.poseModel, viewport: stack.viewport))
            setStatus(tr("Back to %@.", clips[position].relativePath))
        case .undid(let step, let position):
            switch step {
            case .decide(_, let decision, _):
                stack.show(cursor: cursor, transition: Transition.bringBack(from: decision.direction, model: stack.poseModel, viewport: stack.viewport))
                setStatus(tr("Undid: %@ is back on top. %ld left.", clips[position].relativePath, left))
            case .previous(let from):
                stack.show(cursor: cursor, transition: stack.flyOff(.down), leavingPosition: from - 1)
                setStatus(tr("Undid going back: %@ is on top.", clips[position].relativePath))
            }
        }
    }

    private func refresh() {
        let session = queue.session
        let deck = session.deck
        let total = deck.count
        let shown = min(deck.cursor + 1, total)
        defer { onRefresh?(session.stats) }
        gtk_label_set_text(progressLabel.opaque, tr("%ld of %ld", deck.isFinished ? total : shown, total))
        gtk_progress_bar_set_fraction(progressBar.opaque, total == 0 ? 0 : Double(deck.cursor) / Double(total))
        updateActions()
        if deck.isFinished && total > 0 {
            let stats = session.stats
            adw_status_page_set_description(finishedPage.cast(),
                tr("%ld liked · %ld marked for deletion · %ld skipped", stats.likes, stats.deletes, stats.skips))
            gtk_stack_set_visible_child_name(pages.cast(), "finished")
            gtk_widget_set_visible(actionBar, 0)
            Accessibility.setHidden(finishedPage, false)
        } else {
            gtk_stack_set_visible_child_name(pages.cast(), "cards")
            gtk_widget_set_visible(actionBar, 1)
            // Screen readers see only the page on screen (both have an Undo).
            Accessibility.setHidden(finishedPage, true)
            if let top = stack.topCard {
                gtk_widget_grab_focus(top.button)
                Accessibility.setDescription(top.button, tr("L likes, D deletes, S skips, Down goes back, U undoes, Space plays or pauses."))
            }
        }
    }

    private func updateActions() {
        for (action, gaction) in actions {
            if let deckAction = action.deckAction {
                Actions.setEnabled(gaction, queue.session.canPerform(deckAction))
            } else {
                Actions.setEnabled(gaction, stack.topCard?.isVideo ?? false)
            }
        }
    }

    private func describe(_ position: Int) -> (caption: String, accessible: String) {
        let name = RawPath.display(clips[position].relativePath)
        let info = infos[position]
        let caption = [name, info?.summary ?? ""].filter { !$0.isEmpty }.joined(separator: " · ")
        var accessible = tr("Clip %ld of %ld: %@", position + 1, clips.count, name)
        if let duration = info?.duration { accessible += ", \(ClipInfo.formatDuration(duration))" }
        if clips[position].kind == .photo { accessible += tr(", photo") }
        if let problem = stack.problems[stack.sources[position].path] { accessible += ". \(problem)" }
        return (caption, accessible)
    }

    private func setStatus(_ text: String) {
        gtk_label_set_text(statusLabel.opaque, text)
    }

    private func togglePlayback() {
        guard let top = stack.topCard, top.isVideo else { return }
        stack.paused = top.isPlaying
        top.setPlaying(!stack.paused && !stack.hidden)
        setStatus(stack.paused ? tr("Paused.") : tr("Playing."))
        stack.onStateChange?()
    }

    private func toggleMute() {
        stack.muted.toggle()
        stack.topCard?.setMuted(stack.muted)
        setStatus(stack.muted ? tr("Sound off.") : tr("Sound on."))
        stack.onStateChange?()
    }

    /// GTK's "gtk-enable-animations" setting (off means reduced motion).
    static var animationsEnabled: Bool {
        guard let settings = gtk_settings_get_default() else { return true }
        var value = GValue()
        g_value_init(&value, flick_type_boolean())
        defer { g_value_unset(&value) }
        g_object_get_property(settings.rawObject.assumingMemoryBound(to: GObject.self), "gtk-enable-animations", &value)
        return g_value_get_boolean(&value) != 0
    }
}
