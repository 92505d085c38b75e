import CGtk
import FlickCore
import Foundation
import GtkKit

/// Activates the window's GActions by name: the one way buttons, keys,
/// drags and clicks on the card ask for something, so an action's enabled
/// state is the single gate.
@MainActor
final class ActionActivator {
    private let group: OpaquePointer

    init(window: Widget) {
        group = OpaquePointer(window.rawObject)
    }

    /// Whether `action` is enabled now (the gate every input passes).
    func isEnabled(_ action: FlickAction) -> Bool {
        action.scope == .window && g_action_group_get_action_enabled(group, action.rawValue) != 0
    }

    /// Activates `action` if it is enabled now; returns whether it ran.
    @discardableResult
    func activate(_ action: FlickAction) -> Bool {
        guard isEnabled(action) else { return false }
        g_action_group_activate_action(group, action.rawValue, nil)
        return true
    }
}

/// The window's actions: one loop registers every FlickAction, one switch
/// says what each does, one function sets what is enabled.
extension MainWindow {
    func installActions(application: UnsafeMutablePointer<AdwApplication>) {
        for action in FlickAction.allCases {
            if !action.accelerators.isEmpty {
                Actions.setAccels(application, for: action.detailedName, action.accelerators)
            }
            guard action.scope == .window else { continue }
            if action.hasState {
                registered[action] = Actions.addToggle(to: window, name: action.rawValue, state: false) { [unowned self] in
                    perform(action)
                }
            } else if action.parameterType == "s" {
                registered[action] = Actions.addString(to: window, name: action.rawValue) { [unowned self] text in
                    perform(action, argument: text)
                }
            } else {
                registered[action] = Actions.add(to: window, name: action.rawValue) { [unowned self] in perform(action) }
            }
        }
        updateEnabled()
    }

    /// What each action does. Returns false when a deck action changed
    /// nothing (not available, or not saved), so a drag springs back.
    @discardableResult
    func perform(_ action: FlickAction, argument: String? = nil) -> Bool {
        if let deckAction = action.deckAction { return model.request(deckAction, selection: overview.selectedPositions) }
        switch action {
        case .playPause: model.togglePause()
        case .mute: model.toggleMute()
        case .help: announcer?.sayKeys()
        case .seekBack: page.player.seek(by: -5, saying: tr("Back 5 seconds"))
        case .seekForward: page.player.seek(by: 5, saying: tr("Forward 5 seconds"))
        case .seekStart: page.player.seek(to: 0, saying: tr("Back to the start"))
        case .slower: model.changeSpeed(faster: false)
        case .faster: model.changeSpeed(faster: true)
        case .fullscreen: setFullscreen(!isFullscreen)
        case .leaveFullscreen: setFullscreen(false)
        case .undoToast: undoToasts?.undo()
        case .markSidecarRejects: markSidecarRejects()
        case .applyDeletions: applyDeletions()
        case .exportLikes: exportLikes()
        case .reviewAgain: model.reviewAgain()
        case .reviewSkipped: model.reviewSkipped()
        case .next: model.moveOn()
        case .showUndecided: model.showUndecided()
        case .reviewSuggestions: reviewSuggestions()
        case .markSuggested: markAllSuggested()
        case .reviewWholeDeck: model.reviewWholeDeck()
        case .orderByName, .orderByDate, .orderBySize:
            if let folder, let order = action.deckOrder { open(folder: folder.url, recursive: folder.recursive, order: order) }
        case .keepThis: model.keepTop()
        case .previousMember: model.showMember(offset: -1)
        case .nextMember: model.showMember(offset: 1)
        case .overview: toggleOverview()
        case .compare: openCompare()
        case .openFolder: chooseFolder()
        case .openRecent:
            if let argument { openRecent(path: argument) }
        case .preferences: PreferencesWindow.present(over: window.widget)
        case .about: AboutWindow.present(over: window.widget)
        case .like, .delete, .skip, .previous, .undo, .shortcuts, .close, .quit: break
        }
        return true
    }

    /// Every action's enabled state, from the model (the single gate), and
    /// the on/off state of the overview and fullscreen, which their
    /// buttons show. Only the window's own states are its to say.
    func updateEnabled() {
        // The grid's selection is read only while the overview shows.
        let selected = model.showsOverview ? overview.selectedPositions.count : 0
        for (action, gaction) in registered {
            let enabled = switch action {
            case .leaveFullscreen: isFullscreen
            case .markSidecarRejects: !sidecarRejects.isEmpty
            case .compare: canCompare
            case .orderByName, .orderByDate, .orderBySize: folder.map { $0.order != action.deckOrder } ?? false
            default: action.request.map { model.allows($0, selected: selected) } ?? true
            }
            Actions.setEnabled(gaction, enabled)
        }
        // Last: what follows a state change sees the enabled states above.
        if let overviewAction = registered[.overview] { Actions.setState(overviewAction, model.showsOverview) }
        if let fullscreenAction = registered[.fullscreen] { Actions.setState(fullscreenAction, isFullscreen) }
    }

    /// Unmodified keys in the bubble phase: single letters and arrows act
    /// only outside text fields and without modifiers; a key already held
    /// down (auto-repeat) never acts again. Focus leaving the window forgets
    /// held keys, so the first press after switching windows counts.
    func installKeys() {
        let keys: OpaquePointer = gtk_event_controller_key_new()
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_BUBBLE)
        // Held keys by keycode: a key pressed with Shift may be released as
        // another keyval (">" comes back as "." once Shift is up).
        connect(keys, .keyPressed) { [unowned self] keyval, keycode, state in keyPressed(keyval, keycode: keycode, state: state) }
        connect(keys, .keyReleased) { [unowned self] _, keycode, _ in
            heldKeys.remove(keycode)
        }
        gtk_widget_add_controller(window.widget, keys)
        connect(window, .notify("is-active")) { [unowned self] _ in
            if gtk_window_is_active(window.cast()) == 0 { heldKeys.removeAll() }
        }
    }

    private func keyPressed(_ keyval: UInt32, keycode: UInt32, state: GdkModifierType) -> Bool {
        let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue)
        let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
        guard modifiers == 0,
              let action = FlickAction.forKey(keyval, shift: shift, inOverview: model.showsOverview, movesOn: model.allows(.next),
                                                onStack: model.allows(.member))
        else { return false }
        if let focus = gtk_root_get_focus(OpaquePointer(window.widget)),
           g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(focus)), gtk_editable_get_type()) != 0 {
            return false
        }
        let isRepeat = !heldKeys.insert(keycode).inserted
        Log.debug("key \(keyval) pressed\(isRepeat ? " (auto-repeat)" : "")", category: "input")
        // Seeking repeats while held; deciding never does.
        let repeats = [.seekBack, .seekForward].contains(action)
        let acted = (!isRepeat || repeats) && actions.activate(action)
        // Escape goes on (to dialogs, menus) unless it left fullscreen.
        return acted || action != .leaveFullscreen
    }
}
