import CGtk
import FlickCore
import GtkKit

/// Says every outcome to screen-reader users, once: decisions with the
/// clip and how many are left, undo with what came back, previous with the
/// card's earlier decision, play/pause, sound, the finished summary, and
/// the window's toasts (Apply and Export results).
///
/// It comes last in the window's render pass, after the page and the stack,
/// so it speaks on the widget that has focus after the change (the next
/// card, or Review Again
/// on the finished page): the user hears "Clip 2 of 12: b.mp4 push
/// button", then "Liked a.mp4. 11 left." Speaking on the card that is
/// leaving would be lost whenever the screen reader is behind on its
/// events, as that card is gone by the time it gets there. The one
/// mechanism is `Accessibility.announce` (see there why).
@MainActor
final class Announcer {
    private let window: Typed<Kinds.Window>
    private let model: ReviewModel
    /// No action yet since the deck opened: the keys are told when the
    /// window gets focus (the first card), and on the help key.
    private var firstCard = true
    /// What was said while another window (a dialog) had focus: said when
    /// this one has it again, or the screen reader would not hear it.
    private var pending: [String] = []
    private var wasActive = false
    /// "Welcome back: …" for a deck reopened with decisions: said after
    /// the card when the deck opens in the active window, and, like the
    /// keys, each time the window gets focus until the first action.
    private var welcome: String?
    /// How many times the window has become active, and in which of those
    /// the welcome line was said: once each (the deck opening in the active
    /// window and the window's focus can both come due in one activation).
    private var activations = 0
    private var welcomedIn: Int?
    /// The start page's heading and text: said after its first focus, and
    /// each time the window gets focus while the page shows.
    private var intro: String?
    /// Puts focus on the page's usual widget (set by the window).
    var focusDefault: @MainActor () -> Void = {}

    init(model: ReviewModel, window: Widget) {
        self.model = model
        self.window = Typed(window)
        connect(window, .notify("is-active")) { [unowned self] _ in
            let active = gtk_window_is_active(window.cast()) != 0
            defer { wasActive = active }
            guard active, !wasActive else { return }
            activations += 1
            let waiting = pending
            pending = []
            Task { @MainActor [weak self] in
                // After the screen reader has read the window and its focus.
                try? await Task.sleep(for: .milliseconds(400))
                guard let self else { return }
                if !waiting.isEmpty { refocus() }
                afterFocus {
                    for text in waiting { say(text) }
                    if let intro { say(intro) }
                    // Like the keys, until the first action.
                    if firstCard, model.top != nil, let welcome, welcomedIn != activations { say(welcome) }
                    // Once: keys said while the window was briefly inactive
                    // (starting up) came back with `waiting`.
                    if firstCard, model.top != nil, !waiting.contains(Self.keys) { sayKeys() }
                }
            }
        }
    }

    /// The announcer's part of the render pass: it says `said` (the change's
    /// event, worded once by the window). A new deck or another card on
    /// top counts as a first card (the keys are told again); the folder
    /// opening and a tile chosen in the overview are not said (the focused
    /// card's name is).
    /// Says a decision's outcome now, on the card about to leave (before
    /// the page moves the focus to the next one); `render` then skips it.
    func renderBeforeFocusMoves(_ change: ReviewChange, said: String?) {
        saidEarly = nil
        guard case .decided? = change.event, change.step != nil, let said,
              gtk_window_is_active(window.cast()) != 0, gtk_window_get_focus(window.cast()) != nil else { return }
        Log.debug("announce before the focus moves: \(said)", category: "a11y")
        Accessibility.announce(said, in: window)
        saidEarly = said
    }

    /// What `renderBeforeFocusMoves` said for the change being rendered.
    private var saidEarly: String?

    func render(_ change: ReviewChange, said: String?) {
        if change.deck == .opened { intro = nil }
        if change.deck == .opened || change.cursor == .jumped {
            firstCard = true
        } else if change.step != nil || change.rolledBack || change.playback {
            firstCard = false
            welcome = nil
        }
        switch change.event {
        case .opened(let decided, _)? where decided > 0:
            // The card is read when focus lands on it; then this.
            welcome = said
            welcomedIn = nil
            if gtk_window_is_active(window.cast()) != 0 {
                Task { @MainActor [weak self] in
                    try? await Task.sleep(for: Self.welcomeDelay)
                    guard let self, let welcome = self.welcome, welcomedIn != activations else { return }
                    afterFocus { say(welcome) }
                }
            }
        case .opened?:
            welcome = nil
        // A member shown on a stack's card: the card's name, read as it
        // takes the focus, says which it is.
        case nil, .showing?, .showingMember?: return
        case .reviewingSuggestions?:
            // The focus has just moved to the first suggested card from
            // the menu: said once the card (with its reason) is read.
            guard let said else { return }
            Task { @MainActor [weak self] in
                try? await Task.sleep(for: Self.welcomeDelay)
                self?.afterFocus { self?.say(said) }
            }
        default: if let said, said != saidEarly { say(said) }
        }
    }

    /// The start page shows: its words are said after its focus (now when
    /// the window is active, else when it gets focus).
    func sayIntro(_ text: String) {
        intro = text
        guard gtk_window_is_active(window.cast()) != 0 else { return }
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: Self.welcomeDelay)
            guard let self, let intro = self.intro else { return }
            afterFocus { say(intro) }
        }
    }

    func say(_ text: String) {
        guard gtk_window_is_active(window.cast()) != 0 else {
            Log.debug("announce later (window not active): \(text)", category: "a11y")
            pending.append(text)
            return
        }
        Log.debug("announce: \(text)", category: "a11y")
        if text == welcome { welcomedIn = activations }
        // Said on a focused widget: on the window itself it would stay in the
        // screen reader's picture of the window after it was cleared.
        if gtk_window_get_focus(window.cast()) == nil { focusDefault() }
        Accessibility.announce(text, in: window)
    }

    /// Says what `body` says right after a focus move, which the screen
    /// reader may read only after these lines (Orca 43 reads a focus's
    /// description when it gets to it, a second later on a busy machine):
    /// the focused widget's lasting description (a card's suggestion),
    /// emptied by them, is given back at once so that reading has it. Orca
    /// says it once more after them when it read the focus first; lines
    /// said on a key (decisions, playback, H) leave it owed until the focus
    /// leaves, so those are never followed by it (`LastingDescription`).
    private func afterFocus(_ body: () -> Void) {
        body()
        if let focus = gtk_window_get_focus(window.cast()) { LastingDescription.giveBackNow(focus) }
    }

    /// Forgets what was held back while another window had the focus (that
    /// window said it already).
    func forgetPending() {
        pending = []
    }

    /// Says the result of work that ran behind a dialog (Apply, Export),
    /// once the dialog has gone and the screen reader is back on this
    /// window's focus.
    func sayAfterDialogs(_ text: String) {
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: .milliseconds(Self.dialogSettleMilliseconds))
            guard let self else { return }
            if gtk_window_is_active(window.cast()) != 0 { refocus() }
            afterFocus { say(text) }
        }
    }

    /// How long after a deck opens in the active window the welcome-back
    /// line waits: the screen reader reads the new card's focus first.
    static let welcomeDelay: Duration = .milliseconds(400)

    /// Milliseconds for focus to come back from a closed dialog and the
    /// screen reader to read it, before a result is said.
    static let dialogSettleMilliseconds = 1200

    /// Back from a dialog, focus goes to the page's usual widget as a real
    /// move (the screen reader may still be on the dialog that closed, and
    /// only a focus change brings it back to this window's widgets).
    private func refocus() {
        gtk_window_set_focus(window.cast(), nil)
        focusDefault()
    }

    /// The help key: what each key does.
    func sayKeys() {
        say(model.topStack == nil ? Self.keys : Self.keys + " " + Self.stackKeys)
    }

    /// On a stack's card, what its keys do.
    private static var stackKeys: String {
        tr("On a stack, Left and Right show the others, K keeps the one on top and marks the rest for deletion.")
    }

    private static var keys: String {
        tr("L likes, D deletes, S skips, Down goes back, U undoes, Space plays or pauses, M turns sound on or off. H says this again.")
    }
}
