import CGtk
import FlickCore

/// Everything Flick can do, one case per GAction: its name, label, icon,
/// keys and the words around them. Buttons, menus, keys, drags, toasts and
/// the accessibility layer all activate these actions, so an action's
/// enabled state is the one gate. Tooltips, the
/// accessible key-shortcuts text and the keyboard shortcuts window are
/// derived from the keys, so they cannot disagree with them.
enum FlickAction: String, CaseIterable {
    // Reviewing
    case like, delete, skip, previous, undo, playPause = "play-pause", mute
    /// Says the review keys (for screen-reader users, on demand).
    case help = "say-keys"
    // The player on the top card, and the window
    case seekBack = "seek-back", seekForward = "seek-forward", seekStart = "seek-start", slower, faster
    case fullscreen, leaveFullscreen = "leave-fullscreen"
    /// The overview of every clip (G; Escape or G returns to the clip on top).
    case overview
    /// Compare (C): two members of the top card's stack side by side.
    case compare
    // The folder
    case applyDeletions = "apply-deletions", exportLikes = "export-likes", reviewAgain = "review-again"
    /// The finished page's "Go Through Skipped": the first skipped clip on top.
    case reviewSkipped = "review-skipped"
    /// Next (→ on a decided card): moves on without deciding it again.
    case next
    /// The end page's "Go to Undecided": the first undecided clip on top.
    case showUndecided = "show-undecided"
    /// A deck of the suggested clips only, each with its reason.
    case reviewSuggestions = "review-suggestions"
    /// The list of every suggested file, ticked where the reason is strong,
    /// whose confirmed files are marked for deletion as one batch.
    case markSuggested = "mark-suggested"
    /// From the suggested clips back to the whole deck.
    case reviewWholeDeck = "review-whole-deck"
    /// The deck in natural name order, by date, or biggest first (the
    /// folder opens again in that order; decisions stay).
    case orderByName = "order-name", orderByDate = "order-date", orderBySize = "order-size"
    /// K on a stack's card: keep the one on top, mark the others for deletion.
    case keepThis = "keep-this"
    /// [ and ] (← and → on a stack's card): another one of the stack on top.
    case previousMember = "previous-member", nextMember = "next-member"
    /// The Undo button of the "Marked … for deletion" toast: undoes exactly that clip.
    case undoToast = "undo-toast"
    /// The button of the "… rejected in their XMP sidecars" toast: marks those clips for deletion.
    case markSidecarRejects = "mark-sidecar-rejects"
    // The window and the app
    case openFolder = "open-folder", openRecent = "open-recent", preferences
    case shortcuts = "show-help-overlay", about, close, quit

    /// Who installs the GAction.
    enum Scope { case window, application, gtk }

    var scope: Scope {
        switch self {
        case .quit: .application
        case .close, .shortcuts: .gtk  // window.close, and the help overlay's own action
        default: .window
        }
    }

    /// "win.like", "app.quit", "window.close".
    var detailedName: String {
        switch scope {
        case .application: "app.\(rawValue)"
        case .gtk where self == .close: "window.close"
        default: "win.\(rawValue)"
        }
    }

    /// The GVariant type of the parameter, if it takes one.
    var parameterType: String? { self == .openRecent ? "s" : nil }

    /// Whether it is on or off (a boolean GAction state): a toggle button
    /// bound to it shows the state.
    var hasState: Bool { self == .overview || self == .fullscreen }

    /// The deck order it chooses, for the Order items of the menu.
    var deckOrder: DeckOrder? {
        switch self {
        case .orderByName: .name
        case .orderByDate: .date
        case .orderBySize: .size
        default: nil
        }
    }

    /// The deck action it performs, if it changes the deck.
    var deckAction: DeckAction? {
        switch self {
        case .like: .like
        case .delete: .delete
        case .skip: .skip
        case .previous: .previous
        case .undo: .undo
        default: nil
        }
    }

    /// What it asks of the review model, whose answer is its enabled state
    /// (`ReviewModel.allows`); nil for what the model does not gate.
    var request: ReviewRequest? {
        switch self {
        case .like, .delete, .skip, .previous, .undo: deckAction.map(ReviewRequest.deck)
        case .playPause, .seekBack, .seekForward, .seekStart: .playback
        case .mute: .mute
        case .slower, .faster: .speed(faster: self == .faster)
        case .overview: .overview
        case .undoToast: .undoOffer
        case .help: .help
        case .applyDeletions: .applyDeletions
        case .exportLikes: .exportLikes
        case .reviewAgain: .reviewAgain
        case .reviewSkipped: .reviewSkipped
        case .next: .next
        case .showUndecided: .showUndecided
        case .reviewSuggestions: .reviewSuggestions
        case .markSuggested: .markSuggested
        case .reviewWholeDeck: .reviewWholeDeck
        case .keepThis: .keepOne
        case .previousMember, .nextMember: .member
        case .compare, .orderByName, .orderByDate, .orderBySize,
             .fullscreen, .leaveFullscreen, .markSidecarRejects, .openFolder, .openRecent, .preferences, .shortcuts, .about, .close, .quit: nil
        }
    }

    /// The label on buttons and menu items (and the button's accessible name).
    var label: String {
        switch self {
        case .like: tr("Like")
        case .delete: tr("Delete")
        case .skip: tr("Skip")
        case .previous: tr("Previous")
        case .undo, .undoToast: tr("Undo")
        case .markSidecarRejects: tr("Mark for Deletion")
        case .playPause: tr("Play or Pause")
        case .mute: tr("Mute")
        case .help: tr("Say the Keys")
        case .seekBack: tr("Back 5 Seconds")
        case .seekForward: tr("Forward 5 Seconds")
        case .seekStart: tr("Back to the Start")
        case .slower: tr("Slower")
        case .faster: tr("Faster")
        case .fullscreen: tr("Fullscreen")
        case .leaveFullscreen: tr("Leave Fullscreen")
        case .overview: tr("Overview")
        case .compare: tr("Compare")
        case .applyDeletions: tr("Apply Deletions…")
        case .exportLikes: tr("Export Likes…")
        case .reviewAgain: tr("Review Again")
        case .reviewSkipped: tr("Go Through Skipped")
        case .next: tr("Next")
        case .showUndecided: tr("Go to Undecided")
        case .reviewSuggestions: tr("Review Suggestions")
        case .markSuggested: tr("Mark All Suggested…")
        case .reviewWholeDeck: tr("Back to the Whole Deck")
        case .orderByName: tr("Order by Name")
        case .orderByDate: tr("Order by Date")
        case .orderBySize: tr("Order by Size")
        case .keepThis: tr("Keep This One")
        case .previousMember: tr("Previous in Stack")
        case .nextMember: tr("Next in Stack")
        case .openFolder: tr("Open Folder…")
        case .openRecent: tr("Open Recent")
        case .preferences: tr("Preferences")
        case .shortcuts: tr("Keyboard Shortcuts")
        case .about: tr("About Flick")
        case .close: tr("Close Window")
        case .quit: tr("Quit")
        }
    }

    /// What it does, for tooltips and the shortcuts window.
    var summary: String {
        switch self {
        case .like: tr("Like: keep the clip")
        case .delete: tr("Delete: mark the clip for deletion")
        case .skip: tr("Skip: decide later")
        case .previous: tr("Previous: back one card")
        case .undo: tr("Undo the last decision")
        case .undoToast: tr("Undo this deletion")
        case .markSidecarRejects: tr("Mark the clips their XMP sidecars reject for deletion")
        case .playPause: tr("Play or pause")
        case .mute: tr("Mute or unmute")
        case .help: tr("Say the review keys (screen readers)")
        case .seekBack: tr("Back 5 seconds")
        case .seekForward: tr("Forward 5 seconds")
        case .seekStart: tr("Back to the start of the clip")
        case .slower: tr("Play slower (down to 0.5×)")
        case .faster: tr("Play faster (up to 2×)")
        case .fullscreen: tr("Fullscreen on or off")
        case .leaveFullscreen: tr("Leave fullscreen")
        case .overview: tr("See every clip and its decision")
        case .compare: tr("Compare similar ones side by side and keep the best")
        case .applyDeletions: tr("Move the clips marked for deletion to the Trash")
        case .exportLikes: tr("Save the liked clips as a playlist, copies, one video or an editor’s timeline")
        case .reviewAgain: tr("Go back to the first card; decisions are kept")
        case .reviewSkipped: tr("Put the first skipped clip on top; decisions are kept")
        case .next: tr("Next: move on without deciding again (→ on a decided card)")
        case .showUndecided: tr("Put the first undecided clip on top")
        case .reviewSuggestions: tr("Go through the files Flick suggests, each with its reason; you decide")
        case .markSuggested: tr("List every suggested file, then mark the ones you keep ticked for deletion")
        case .reviewWholeDeck: tr("Go on with every clip, not only the suggested ones")
        case .orderByName: tr("Order the deck by file name")
        case .orderByDate: tr("Order the deck by date, oldest first")
        case .orderBySize: tr("Order the deck by size, biggest first: what frees the most space comes first")
        case .keepThis: tr("Keep this one of a stack, mark the others for deletion")
        case .previousMember: tr("Show the previous one of a stack")
        case .nextMember: tr("Show the next one of a stack")
        case .openFolder: tr("Open folder")
        case .openRecent: tr("Open a recent folder")
        case .preferences: tr("Preferences")
        case .shortcuts: tr("Keyboard shortcuts")
        case .about: tr("About Flick")
        case .close: tr("Close window")
        case .quit: tr("Quit")
        }
    }

    var iconName: String? {
        switch self {
        case .previous: "go-down-symbolic"
        case .delete: "user-trash-symbolic"
        case .skip: "go-up-symbolic"
        case .undo: "edit-undo-symbolic"
        case .like: "emblem-favorite-symbolic"
        case .next: "go-next-symbolic"
        case .playPause: "media-playback-start-symbolic"
        case .mute: "audio-volume-muted-symbolic"
        case .fullscreen: "view-fullscreen-symbolic"
        case .leaveFullscreen: "view-restore-symbolic"
        case .openFolder: "folder-open-symbolic"
        case .overview: "view-grid-symbolic"
        default: nil
        }
    }

    /// Unmodified keys (bubble phase on the window; never inside text
    /// fields; a letter's capital is the same key).
    var keys: [UInt32] {
        switch self {
        case .like: [UInt32(GDK_KEY_l), UInt32(GDK_KEY_Right)]
        case .delete: [UInt32(GDK_KEY_d), UInt32(GDK_KEY_Left), UInt32(GDK_KEY_Delete)]
        case .skip: [UInt32(GDK_KEY_s), UInt32(GDK_KEY_Up)]
        case .previous: [UInt32(GDK_KEY_Down), UInt32(GDK_KEY_BackSpace)]
        case .undo: [UInt32(GDK_KEY_u)]
        case .playPause: [UInt32(GDK_KEY_space)]
        case .mute: [UInt32(GDK_KEY_m)]
        case .overview: [UInt32(GDK_KEY_g)]
        case .compare: [UInt32(GDK_KEY_c)]
        case .help: [UInt32(GDK_KEY_h)]
        case .seekStart: [UInt32(GDK_KEY_Home)]
        case .slower: [UInt32(GDK_KEY_less)]
        case .faster: [UInt32(GDK_KEY_greater)]
        case .fullscreen: [UInt32(GDK_KEY_F11), UInt32(GDK_KEY_f)]
        case .leaveFullscreen: [UInt32(GDK_KEY_Escape)]
        case .keepThis: [UInt32(GDK_KEY_k)]
        // ← and → are Delete's and Like's but on a stack's card (`forKey`).
        case .previousMember: [UInt32(GDK_KEY_bracketleft), UInt32(GDK_KEY_Left)]
        case .nextMember: [UInt32(GDK_KEY_bracketright), UInt32(GDK_KEY_Right)]
        default: []
        }
    }

    /// Which of `keys` act while the overview shows: deciding acts on the
    /// selected tiles and G leaves it; arrows, Space and Backspace belong
    /// to its grid there, and the rest wait for the stack.
    var keysInOverview: [UInt32] {
        switch self {
        case .like: [UInt32(GDK_KEY_l)]
        case .delete: [UInt32(GDK_KEY_d), UInt32(GDK_KEY_Delete)]
        case .skip: [UInt32(GDK_KEY_s)]
        case .undo, .mute, .overview: keys
        default: []
        }
    }

    /// Keys held with Shift (same phase and rules as `keys`); they win over
    /// the same key without Shift (Shift+← seeks, ← deletes).
    var shiftedKeys: [UInt32] {
        switch self {
        case .seekBack: [UInt32(GDK_KEY_Left)]
        case .seekForward: [UInt32(GDK_KEY_Right)]
        default: []
        }
    }

    /// Accelerators with modifiers (installed application-wide).
    var accelerators: [String] {
        switch self {
        case .undo: ["<Control>z"]
        case .openFolder: ["<Control>o"]
        case .preferences: ["<Control>comma"]
        case .shortcuts: ["<Control>question"]
        case .close: ["<Control>w"]
        case .quit: ["<Control>q"]
        default: []
        }
    }

    /// The action bound to a key, with or without Shift, if any; in the
    /// overview only an action that acts there, on a key the grid leaves.
    /// → likes an undecided card and moves on from a decided one, when
    /// Next is offered (`movesOn`; L always likes): re-deciding is never the
    /// only way forward.
    /// On a stack's card (`onStack`), ← and → step through the stack.
    static func forKey(_ keyval: UInt32, shift: Bool = false, inOverview: Bool = false, movesOn: Bool = false,
                       onStack: Bool = false) -> FlickAction? {
        let key = gdk_keyval_to_lower(keyval)
        if onStack, !shift, !inOverview, key == UInt32(GDK_KEY_Left) || key == UInt32(GDK_KEY_Right) {
            return key == UInt32(GDK_KEY_Left) ? .previousMember : .nextMember
        }
        let action = shift ? allCases.first(where: { $0.shiftedKeys.contains(key) }) ?? allCases.first { $0.keys.contains(key) }
            : allCases.first { $0.keys.contains(key) }
        guard let action, !inOverview || action.keysInOverview.contains(key) else { return nil }
        if action == .like, !shift, movesOn, keyval == UInt32(GDK_KEY_Right) { return .next }
        return action
    }

    /// The actions shown as buttons in the action bar, left to right.
    /// Next shows only on a decided card.
    static let bar: [FlickAction] = [.previous, .delete, .skip, .undo, .like, .next]

    /// The keyboard shortcuts window's sections, in order.
    static let shortcutGroups: [(title: String, actions: [FlickAction])] = [
        (tr("Reviewing"), [.like, .next, .delete, .skip, .previous, .undo, .keepThis, .previousMember, .nextMember, .compare, .overview, .help]),
        (tr("Playing"), [.playPause, .mute, .seekBack, .seekForward, .seekStart, .slower, .faster, .fullscreen, .leaveFullscreen]),
        (tr("General"), [.openFolder, .preferences, .shortcuts, .close, .quit]),
    ]
}

extension FlickAction {
    /// GTK accelerator names of every key and accelerator ("l Right", "<Control>z").
    var acceleratorNames: [String] {
        keys.compactMap { keyval in
            guard let name = gtk_accelerator_name(keyval, GdkModifierType(rawValue: 0)) else { return nil }
            defer { g_free(name) }
            return String(cString: name)
        } + shiftedKeys.compactMap { keyval in
            guard let name = gtk_accelerator_name(keyval, GDK_SHIFT_MASK) else { return nil }
            defer { g_free(name) }
            return String(cString: name)
        } + accelerators
    }

    /// The keys as people read them ("L or →"), from GTK's own key labels.
    var keysText: String {
        acceleratorNames.compactMap(Self.keyLabel).joined(separator: tr(" or "))
    }

    /// "Like: keep the clip (L or →)".
    var tooltip: String {
        keysText.isEmpty ? summary : "\(summary) (\(keysText))"
    }

    /// The ARIA key-shortcuts text ("L ArrowRight", "U Control+Z").
    var ariaShortcuts: String {
        acceleratorNames.compactMap(Self.ariaKey).joined(separator: " ")
    }

    static func keyLabel(_ accelerator: String) -> String? {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0,
              let label = gtk_accelerator_get_label(key, modifiers) else { return nil }
        defer { g_free(label) }
        return String(cString: label)
    }

    /// One accelerator in ARIA's key syntax.
    static func ariaKey(_ accelerator: String) -> String? {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0, let name = gdk_keyval_name(key) else { return nil }
        var word = String(cString: name)
        let aria = ["Right": "ArrowRight", "Left": "ArrowLeft", "Up": "ArrowUp", "Down": "ArrowDown",
                    "BackSpace": "Backspace", "space": "Space", "comma": "Comma", "question": "?",
                    "less": "<", "greater": ">", "Escape": "Escape", "Home": "Home"]
        word = aria[word] ?? (word.count == 1 ? word.uppercased() : word)
        var parts: [String] = []
        if modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0 { parts.append("Control") }
        if modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0 { parts.append("Shift") }
        if modifiers.rawValue & GDK_ALT_MASK.rawValue != 0 { parts.append("Alt") }
        return (parts + [word]).joined(separator: "+")
    }
}

extension SwipeDirection {
    /// Overlay words, colour class and icon for a swipe toward this
    /// direction: the words and icon are its action's.
    var overlayText: String { flickAction.label }

    /// style.css's class for it: its action's name ("like").
    var styleClass: String { flickAction.rawValue }

    var iconName: String { flickAction.iconName ?? "" }

    /// The colour laid over a card dragged this way: a named colour of
    /// style.css (`@define-color`).
    var tintColourName: String { "swipe_\(styleClass)_color" }

    /// The action a drag in this direction activates.
    var flickAction: FlickAction {
        switch self {
        case .right: .like
        case .left: .delete
        case .up: .skip
        case .down: .previous
        }
    }
}
