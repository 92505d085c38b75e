import CGtk
import FlickCore
import Foundation
import GtkKit

/// The analysis line (`Resources/ui/analysis-progress.ui`): "Looking for
/// similar photos… 340 of 1,000" and Stop, while the folder opened is
/// analysed after its first card is on screen; gone when the analysis ends
/// or is stopped. It floats over the pages (the window's stage overlay)
/// and never moves or shrinks them: at the top of the review page, over
/// its progress row, and at the foot of the overview, over its status
/// line (its filters and Apply Deletions… are at its top). It is a status
/// for screen readers; the window says its words at the start and the end
/// only (`MainWindow+Analysis`), never on every step.
///
///     line.attach(to: stage)          // a GtkOverlay over the pages
///     line.place(.foot)               // the overview shows
@MainActor
final class AnalysisProgress {
    /// The line's widgets, kept by the builder.
    private let ui: Builder
    /// A revealer: the pill with the words fades in and out. It takes no
    /// clicks: they reach what lies under it (the card's top edge in a short
    /// window, a tile in the overview).
    let root: Typed<Kinds.Revealer>
    /// Stop's revealer, laid over `stopRoom` at the pill's end.
    let stopRoot: Typed<Kinds.Revealer>
    /// The room the pill keeps for Stop, as big as Stop.
    let stopRoom: Typed<Kinds.Box>
    private let label: Typed<Kinds.Label>
    private let stopButton: Typed<Kinds.Button>
    /// Stop: what was found so far is kept.
    var onStop: @MainActor () -> Void = {}
    /// Screen readers were told that looking started (so they hear the end).
    var saidStart = false
    /// What the deck holds ("clips", "photos", "items"), worked out when
    /// the deck changes: it is O(deck), and the line is drawn again on
    /// every step of the analysis (four times a second).
    var deckNoun: Words.Noun?
    /// Where the line floats over the pages (`place(_:)`).
    var placement = Place.top

    init() {
        ui = Builder(resource: InterfaceBundle.path("ui/analysis-progress.ui"))
        root = ui.widget("analysis")
        stopRoot = ui.widget("analysis-stop-revealer")
        stopRoom = ui.widget("analysis-stop-room")
        label = ui.widget("analysis-label")
        stopButton = ui.widget("analysis-stop")
        connect(stopButton, .clicked) { [unowned self] in onStop() }
        for revealer in [root, stopRoot] {
            gtk_revealer_set_reveal_child(revealer.cast(), 0)
            // Gone once it has faded out: nothing of it is left to click or read.
            connect(revealer, .notify("child-revealed")) { [unowned self] _ in
                if gtk_revealer_get_child_revealed(revealer.cast()) == 0, !isShown { gtk_widget_set_visible(revealer.widget, 0) }
            }
        }
    }

    /// Whether the line shows.
    var isShown: Bool { gtk_revealer_get_reveal_child(root.cast()) != 0 }

    /// What the line says now.
    var text: String { gtk_label_get_text(label.cast()).map { String(cString: $0) } ?? "" }

    /// Shows `done` of `total`: the deck's items, as its cards count them
    /// ("Clip 3 of 1,000"), those already known counting as done
    /// (`stacks`: similar photos are looked for; else only the
    /// suggestions are made).
    func show(done: Int, total: Int, noun: Words.Noun, stacks: Bool) {
        gtk_label_set_text(label.cast(), Self.words(done: done, total: total, noun: noun, stacks: stacks))
        gtk_widget_set_visible(label.widget, 1)
        keepRoomForStop()
        for revealer in [root, stopRoot] {
            gtk_widget_set_visible(revealer.widget, 1)
            gtk_revealer_set_reveal_child(revealer.cast(), 1)
        }
    }

    /// The pill's room for Stop takes Stop's size (its words and the text
    /// size may change); measured inside its revealer, which measures
    /// nothing while it is hidden.
    private func keepRoomForStop() {
        guard let stop = gtk_revealer_get_child(stopRoot.cast()) else { return }
        var width: Int32 = 0, height: Int32 = 0, ignored: Int32 = 0
        gtk_widget_measure(stop, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, &width, nil, nil)
        gtk_widget_measure(stop, GTK_ORIENTATION_VERTICAL, width, &ignored, &height, nil, nil)
        var roomWidth: Int32 = 0, roomHeight: Int32 = 0
        gtk_widget_get_size_request(stopRoom.widget, &roomWidth, &roomHeight)
        if roomWidth != width || roomHeight != height { gtk_widget_set_size_request(stopRoom.widget, width, height) }
    }

    /// Stop has the keyboard focus.
    var hasFocus: Bool { gtk_widget_has_focus(stopButton.widget) != 0 }

    /// Hides the line; its words go too (a screen reader finds no stale
    /// status), and so does the label itself: an empty status label would be
    /// named by its type ("GtkLabel") in the accessibility tree.
    func hide() {
        for revealer in [root, stopRoot] { gtk_revealer_set_reveal_child(revealer.cast(), 0) }
        gtk_label_set_text(label.cast(), "")
        gtk_widget_set_visible(label.widget, 0)
    }

    /// "Looking for similar photos… 340 of 1,000" (numbers grouped as the
    /// locale groups them).
    static func words(done: Int, total: Int, noun: Words.Noun, stacks: Bool) -> String {
        let done = done.formatted(), total = total.formatted()
        guard stacks else { return tr("Looking through the folder… %@ of %@", done, total) }
        return switch noun {
        case .photo: tr("Looking for similar photos… %@ of %@", done, total)
        case .clip: tr("Looking for similar clips… %@ of %@", done, total)
        case .item: tr("Looking for similar photos and clips… %@ of %@", done, total)
        }
    }

    /// What is said when looking starts ("Looking for similar photos.").
    static func startWords(noun: Words.Noun, stacks: Bool) -> String {
        guard stacks else { return tr("Looking through the folder.") }
        return switch noun {
        case .photo: tr("Looking for similar photos.")
        case .clip: tr("Looking for similar clips.")
        case .item: tr("Looking for similar photos and clips.")
        }
    }

    /// What is said when it ends: how many stacks were found, or that it stopped.
    static func endWords(stacks: Int?, stopped: Bool) -> String {
        if stopped { return tr("Stopped looking; what was found is kept.") }
        guard let stacks else { return tr("Done looking through the folder.") }
        return stacks == 0 ? tr("Done looking: no similar ones found.")
            : trn("Done looking: %ld stack of similar ones.", "Done looking: %ld stacks of similar ones.", stacks, stacks)
    }
}
