import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// Compare (C on a stack): two members of the top card's stack side by
/// side, both fitted alike into equal halves (`Resources/ui/compare.ui`),
/// keyboard first:
///
///   ← / →        choose a side (it takes the focus and is outlined)
///   Enter        keep the chosen one, mark the other for deletion
///                (`ReviewModel.keep`: one undoable step, saved per file);
///                the next member not yet marked takes the other side,
///                and Compare closes when none is left
///   [ ] PgUp/PgDn  the other side steps through the rest of the stack
///   Escape       close
///
/// Each side is a button named for screen readers ("Left: IMG_2001.jpg,
/// 4032×3024, 3.1 MB, chosen"); what Enter did is said on the focused side.
/// Pictures are read off the main thread (`CompareSide.load`).
@MainActor
final class CompareView {
    enum Side: Int { case left, right }

    /// The dialog's widgets (compare.ui), kept by the builder.
    private let ui: Builder
    let window: Typed<Kinds.Window>
    private let model: ReviewModel
    /// The stack's clip ids, in deck order.
    private var members: [Int64]
    /// The clip each side shows.
    private(set) var shown: [Int64]
    private(set) var chosen = Side.left
    private var sides: [CompareSide] = []
    private let title: Typed<Kinds.WindowTitle>
    /// Called as the dialog closes, with what the main window should say
    /// once it has the focus back (the last keep's outcome), if anything.
    var onClose: @MainActor (_ said: String?) -> Void = { _ in }
    /// The last keep's words, when it ended Compare.
    private var lastSaid: String?
    /// The side whose clip is said once its picture and numbers are in
    /// (the other side stepped: a screen reader hears what it shows now).
    private var sayWhenLoaded: Side?
    /// The view keeps itself while its dialog is open (as a toplevel does).
    private var keptOpen: CompareView?

    /// Compares `members` (at least two ids of the deck), starting with
    /// `first` on the left when it is one of them.
    init?(model: ReviewModel, members: [Int64], first: Int64?, over parent: Widget) {
        let present = members.filter { model.position(of: $0) != nil }
        guard present.count >= 2 else { return nil }
        self.model = model
        self.members = present
        let left = first.flatMap { present.contains($0) ? $0 : nil } ?? present[0]
        let right = Self.nextCandidate(after: left, in: present, excluding: left) { model.decision(of: $0) == .delete }
            ?? present.first { $0 != left } ?? present[0]
        shown = [left, right]
        ui = Builder(resource: InterfaceBundle.path("ui/compare.ui"))
        window = ui.widget("compare")
        title = ui.widget("title")
        gtk_window_set_transient_for(window.cast(), parent.cast())
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(parent.cast(), &width, &height)
        let parentWidth = gtk_widget_get_width(parent), parentHeight = gtk_widget_get_height(parent)
        gtk_window_set_default_size(window.cast(), max(Self.minimumSize.width, parentWidth > 0 ? parentWidth : width),
                                    max(Self.minimumSize.height, parentHeight > 0 ? parentHeight : height))
        // As large as the window it compares for: maximized with it.
        if gtk_window_is_maximized(parent.cast()) != 0 { gtk_window_maximize(window.cast()) }
        sides = [Side.left, .right].map { side in
            let prefix = side == .left ? "left" : "right"
            return CompareSide(box: ui.widget("\(prefix)-side"), button: ui.widget(prefix), picture: ui.widget("\(prefix)-picture"),
                               caption: ui.widget("\(prefix)-caption"))
        }
        connectInput()
        show(.left, shown[0])
        show(.right, shown[1])
        choose(.left, focus: false)
        Accessibility.tidy(window, closeLabel: tr("Close"))
    }

    /// The smallest size the dialog opens at (two halves worth comparing).
    static let minimumSize: (width: Int32, height: Int32) = (360, 294)

    func present() {
        Dialogs.onceActive(window.widget) { [weak self] in
            guard let self else { return }
            gtk_widget_grab_focus(sides[chosen.rawValue].button.widget)
        }
        keptOpen = self
        gtk_window_present(window.cast())
    }

    func close() {
        gtk_window_close(window.cast())
    }

    // MARK: Input

    private func connectInput() {
        let keys: OpaquePointer = gtk_event_controller_key_new()
        // Before the focused side's button: Enter keeps, it does not click.
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        connect(keys, .keyPressed) { [unowned self] keyval, _, state in
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue)
            guard modifiers == 0 else { return false }
            return key(keyval)
        }
        gtk_widget_add_controller(window.widget, keys)
        for side in [Side.left, .right] {
            let button = sides[side.rawValue].button
            connect(button, .clicked) { [unowned self] in choose(side, focus: true) }
            // Tab onto a side chooses it, as ← or → would.
            connect(button, .notify("has-focus")) { [unowned self] _ in
                if gtk_widget_has_focus(button.widget) != 0, chosen != side { choose(side, focus: false) }
            }
        }
        connect(ui.widget("keep"), .clicked) { [unowned self] in keepChosen() }
        connect(window, .closeRequest) { [unowned self] in
            // Before the main window is active again: what it holds back to
            // say then is set here.
            let kept = keptOpen
            onClose(lastSaid)
            onClose = { _ in }
            keptOpen = nil
            Task { @MainActor in _ = kept }  // let go once the dialog is gone
            return false
        }
    }

    /// What a key does in Compare; false lets it go on (Tab moves the focus).
    private func key(_ keyval: UInt32) -> Bool {
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: choose(.left, focus: true)
        case GDK_KEY_Right, GDK_KEY_KP_Right: choose(.right, focus: true)
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter: keepChosen()
        case GDK_KEY_bracketright, GDK_KEY_Page_Down: step(forward: true)
        case GDK_KEY_bracketleft, GDK_KEY_Page_Up: step(forward: false)
        case GDK_KEY_Escape: close()
        default: return false
        }
        return true
    }

    // MARK: What the sides show

    /// Chooses `side`: outlined, named "chosen", and focused when asked.
    func choose(_ side: Side, focus: Bool) {
        chosen = side
        for other in [Side.left, .right] {
            if other == side { gtk_widget_add_css_class(sides[other.rawValue].box.widget, "chosen") }
            else { gtk_widget_remove_css_class(sides[other.rawValue].box.widget, "chosen") }
            name(other)
        }
        if focus { gtk_widget_grab_focus(sides[side.rawValue].button.widget) }
    }

    /// The other side shows the next (or previous) member of the stack;
    /// the chosen side stays.
    func step(forward: Bool) {
        let other = chosen == .left ? Side.right : .left
        let keptID = shown[chosen.rawValue]
        let candidates = members.filter { $0 != keptID }
        guard candidates.count > 1, let index = candidates.firstIndex(of: shown[other.rawValue]) else { return }
        let next = candidates[(index + (forward ? 1 : candidates.count - 1)) % candidates.count]
        sayWhenLoaded = other
        show(other, next)
    }

    /// Enter: keeps the chosen side's clip and marks the other's for
    /// deletion in one step, says so, and shows the next member not yet
    /// marked on the other side; closes when there is none.
    func keepChosen() {
        let other = chosen == .left ? Side.right : .left
        let keptID = shown[chosen.rawValue], markedID = shown[other.rawValue]
        guard model.position(of: keptID) != nil, model.position(of: markedID) != nil else { return close() }
        let kept = model.keep(keptID, marking: [markedID]) ? model.lastEvent : nil
        members = members.filter { model.position(of: $0) != nil }
        let said = keptWords(kept, keptID)
        guard let next = Self.nextCandidate(after: markedID, in: members, excluding: keptID, skipping: { model.decision(of: $0) == .delete }) else {
            // Said by the main window once it has the focus back.
            lastSaid = said
            return close()
        }
        show(other, next)
        name(chosen)
        Accessibility.announce(said, in: window)
    }

    /// What the model said of the keep, in K's words ("Kept IMG_2001.jpg,
    /// 1 similar marked for deletion. 3 left."); when nothing changed (the
    /// two had those decisions already), the same sentence all the same.
    private func keptWords(_ event: ReviewEvent?, _ keptID: Int64) -> String {
        let name = model.position(of: keptID).map { model.clips[$0].name } ?? ""
        let kind = model.insights.group(of: keptID)?.kind ?? .similar
        return Words.stackEvent(event ?? .kept(name: name, marked: 1, kind: kind, left: model.undecidedCount)) ?? ""
    }

    /// The member after `id` (cyclically) that is not `excluding` and not
    /// `skipping` (marked for deletion); nil when there is none.
    nonisolated static func nextCandidate(after id: Int64, in members: [Int64], excluding: Int64,
                                          skipping: (Int64) -> Bool) -> Int64? {
        guard !members.isEmpty else { return nil }
        let start = members.firstIndex(of: id) ?? -1
        for offset in 1...members.count {
            let candidate = members[(start + offset + members.count) % members.count]
            if candidate != excluding, !skipping(candidate) { return candidate }
        }
        return nil
    }

    private func show(_ side: Side, _ id: Int64) {
        shown[side.rawValue] = id
        guard let position = model.position(of: id) else { return }
        let clip = model.clips[position]
        let facts = model.facts(at: position)
        sides[side.rawValue].show(clip: clip, path: model.absolutePath(of: clip), facts: facts) { [weak self] in
            guard let self else { return }
            name(side)
            if sayWhenLoaded == side {
                sayWhenLoaded = nil
                Accessibility.announce(sides[side.rawValue].spokenName, in: window)
            }
        }
        name(side)
        updateTitle()
    }

    /// The side's accessible name and caption, with what is known now.
    private func name(_ side: Side) {
        let id = shown[side.rawValue]
        guard let position = model.position(of: id) else { return }
        let decision = model.decision(at: position)
        sides[side.rawValue].describe(side: side == .left ? tr("Left") : tr("Right"), name: model.clips[position].name,
                                      decision: decision.map(Words.decision), chosen: chosen == side)
    }

    /// "Compare" with "2 and 3 of 5 similar" under it.
    private func updateTitle() {
        let numbers = shown.compactMap { members.firstIndex(of: $0).map { $0 + 1 } }
        guard numbers.count == 2 else { return }
        adw_window_title_set_subtitle(title.cast(), tr("%ld and %ld of %ld similar", numbers[0], numbers[1], members.count))
    }
}

extension ReviewModel {
    /// The decision of the clip `id`, if it is in the deck and decided.
    func decision(of id: Int64) -> Decision? {
        position(of: id).flatMap { decision(at: $0) }
    }
}
