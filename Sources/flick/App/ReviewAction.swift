import CGtk
import FlickCore

/// Every action of the review window: its GAction, keys, label, icon and
/// accessible text in one place. Buttons, keys, drags and the accessibility
/// layer all activate these actions (DESIGN.md, Input).
enum ReviewAction: String, CaseIterable {
    case previous, delete, skip, undo, like, playPause = "play-pause", mute

    /// The GAction name on the window ("win.like").
    var actionName: String { rawValue }
    var detailedName: String { "win.\(rawValue)" }

    /// The deck action it performs, if it changes the deck.
    var deckAction: DeckAction? {
        switch self {
        case .previous: .previous
        case .delete: .delete
        case .skip: .skip
        case .undo: .undo
        case .like: .like
        case .playPause, .mute: nil
        }
    }

    /// The button's accessible name (exactly DESIGN.md's).
    var label: String {
        switch self {
        case .previous: tr("Previous")
        case .delete: tr("Delete")
        case .skip: tr("Skip")
        case .undo: tr("Undo")
        case .like: tr("Like")
        case .playPause: tr("Play or Pause")
        case .mute: tr("Mute")
        }
    }

    var iconName: String {
        switch self {
        case .previous: "go-down-symbolic"
        case .delete: "user-trash-symbolic"
        case .skip: "go-up-symbolic"
        case .undo: "edit-undo-symbolic"
        case .like: "emblem-favorite-symbolic"
        case .playPause: "media-playback-start-symbolic"
        case .mute: "audio-volume-muted-symbolic"
        }
    }

    /// Unmodified keys (bubble phase on the window; never inside text fields).
    var keys: [UInt32] {
        switch self {
        case .like: [UInt32(GDK_KEY_l), UInt32(GDK_KEY_L), UInt32(GDK_KEY_Right)]
        case .delete: [UInt32(GDK_KEY_d), UInt32(GDK_KEY_D), UInt32(GDK_KEY_Left), UInt32(GDK_KEY_Delete)]
        case .skip: [UInt32(GDK_KEY_s), UInt32(GDK_KEY_S), UInt32(GDK_KEY_Up)]
        case .previous: [UInt32(GDK_KEY_Down), UInt32(GDK_KEY_BackSpace)]
        case .undo: [UInt32(GDK_KEY_u), UInt32(GDK_KEY_U)]
        case .playPause: [UInt32(GDK_KEY_space)]
        case .mute: [UInt32(GDK_KEY_m), UInt32(GDK_KEY_M)]
        }
    }

    /// Accelerators with modifiers (installed application-wide).
    var accelerators: [String] {
        self == .undo ? ["<Control>z"] : []
    }

    /// ARIA key-shortcuts text for the accessible property.
    var shortcutsText: String {
        switch self {
        case .like: "L ArrowRight"
        case .delete: "D ArrowLeft Delete"
        case .skip: "S ArrowUp"
        case .previous: "ArrowDown Backspace"
        case .undo: "U Control+Z"
        case .playPause: "Space"
        case .mute: "M"
        }
    }

    var tooltip: String {
        switch self {
        case .like: tr("Like — keep this clip (L or →)")
        case .delete: tr("Delete — mark for deletion (D or ←)")
        case .skip: tr("Skip — decide later (S or ↑)")
        case .previous: tr("Previous — back one card (↓ or Backspace)")
        case .undo: tr("Undo the last decision (U or Ctrl+Z)")
        case .playPause: tr("Play or pause (Space)")
        case .mute: tr("Mute or unmute (M)")
        }
    }

    /// The row in the keyboard shortcuts window.
    var shortcutTitle: String {
        switch self {
        case .like: tr("Like: keep the clip")
        case .delete: tr("Delete: mark the clip for deletion")
        case .skip: tr("Skip: decide later")
        case .previous: tr("Previous: back one card")
        case .undo: tr("Undo the last decision")
        case .playPause: tr("Play or pause")
        case .mute: tr("Mute or unmute")
        }
    }

    /// The actions shown as buttons in the action bar, left to right.
    static let bar: [ReviewAction] = [.previous, .delete, .skip, .undo, .like]

    /// The action bound to an unmodified key, if any.
    static func forKey(_ keyval: UInt32) -> ReviewAction? {
        allCases.first { $0.keys.contains(keyval) }
    }
}

extension SwipeDirection {
    /// Overlay words, colour class and icon for a swipe toward this direction.
    var overlayText: String {
        switch self {
        case .right: tr("Like")
        case .left: tr("Delete")
        case .up: tr("Skip")
        case .down: tr("Previous")
        }
    }

    var styleClass: String {
        switch self {
        case .right: "like"
        case .left: "delete"
        case .up: "skip"
        case .down: "previous"
        }
    }

    var iconName: String {
        switch self {
        case .right: "emblem-favorite-symbolic"
        case .left: "user-trash-symbolic"
        case .up: "go-up-symbolic"
        case .down: "go-down-symbolic"
        }
    }
}
