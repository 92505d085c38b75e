import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// One tile of the overview: the clip's poster (or its muted preview while
/// it plays in place), its name, duration and size, its decision badge (an
/// icon and a word, never colour alone), what Flick suggests ("Suggested:
/// short"), and a "Current" chip on the card on top of the stack. A folded
/// stack is one tile drawn as a pile, with its count ("5", "Live") on a
/// chip that unfolds it. The grid recycles tiles: `show` redraws one for
/// another clip.
@MainActor
final class OverviewTile {
    /// Poster size in pixels (4:3 box; the picture keeps its own shape).
    nonisolated static let posterWidth = 176
    nonisolated static let posterHeight = 132

    /// The tile's widgets (tile.ui), kept by the builder.
    private let ui: Builder
    let root: Typed<Kinds.Box>
    /// The poster with the badge and "Current" drawn over it.
    private let picture = TilePicture(width: posterWidth, height: posterHeight)
    private let name: Typed<Kinds.Label>
    private let duration: Typed<Kinds.Label>
    /// The deck position and clip drawn now (nil while unbound).
    private(set) var position: Int?
    private(set) var clipID: Int64?
    /// What the widgets show now: a bind that changes nothing touches no
    /// widget (GTK 4.8 binds a page of tiles again on every selection
    /// change; a changed text or style class costs a re-measure or a
    /// restyle).
    private var drawn: Look?
    private var hasPoster = false

    /// Everything a tile shows of its clip.
    private struct Look: Equatable {
        var name: String
        var duration: String
        var decision: TileDecision
        var isCurrent: Bool
        var accessibleName: String
        /// The size and what Flick suggests ("179.9 kB, Suggested: extra
        /// copy"), read after the tile's name and role.
        var accessibleDescription: String
    }

    /// The stack this tile belongs to (the page sets it before `show`).
    var stack: StackTile?
    /// A click on the stack's chip (folds or unfolds the stack).
    var onStackChip: () -> Void = {}

    /// Four widgets: GTK 4.8's grid makes a new tile for every row that
    /// scrolls in, so each widget here is style, layout and an accessible
    /// object paid again per row.
    init() {
        ui = Builder(resource: InterfaceBundle.path("ui/tile.ui"))
        root = ui.widget("tile")
        name = ui.widget("name")
        duration = ui.widget("duration")
        gtk_widget_add_css_class(picture.area, "tile-poster")
        gtk_box_prepend(root.cast(), picture.area)
        // The list item around the tile carries its name for screen readers.
        Accessibility.setHidden(picture.area, true)
        // A click on the stack's chip folds or unfolds it, and is the
        // tile's only: it neither selects nor opens the clip.
        let click: OpaquePointer = gtk_gesture_click_new()
        connect(click, .pressed) { [unowned self] _, x, y in
            var point = graphene_point_t(), from = graphene_point_t(x: Float(x), y: Float(y))
            guard gtk_widget_compute_point(root.widget, picture.area, &from, &point) != 0,
                  picture.isOnStackChip(x: Double(point.x), y: Double(point.y)) else { return }
            gtk_gesture_set_state(click, GTK_EVENT_SEQUENCE_CLAIMED)
            onStackChip()
        }
        gtk_widget_add_controller(root.widget, click)
    }

    /// Draws the clip at `position` from the model (only what changed).
    /// `place` is the tile's place in the grid ("3 of 21" for a screen
    /// reader) and `selected` whether it is selected, both in its name.
    /// Left out, they stay as the last bind gave them.
    func show(position: Int, model: ReviewModel, place: (index: Int, count: Int)? = nil, selected: Bool? = nil) {
        if let place { self.place = place }
        if let selected { self.selected = selected }
        let clip = model.clips[position]
        if clipID != clip.id { hasPoster = false }
        self.position = position
        clipID = clip.id
        let facts = model.facts(at: position)
        let members = stack.map { $0.unfolded ? [position] : $0.members } ?? [position]
        let decision = Self.decision(of: members, model: model)
        let bytes = Self.bytes(of: members, model: model)
        let details = Self.details(clip, facts: facts, bytes: bytes)
        let suggested = Words.suggested(members.count == 1 ? model.insights.suggestions(of: clip.id)
            : model.insights.suggestions(sharedBy: members.map { model.clips[$0].id }))
        let said = ([Self.stackWords(stack, model: model), clip.name, Self.durationText(clip, facts: facts), Self.word(decision)] as [String?])
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        let look = Look(name: clip.name, duration: details, decision: decision, isCurrent: position == model.cursor,
                        accessibleName: said + Self.stateWords(current: position == model.cursor, selected: self.selected, place: self.place),
                        accessibleDescription: [bytes.map(FileSize.words), suggested].compactMap { $0 }.joined(separator: ", "))
        let old = drawn
        drawn = look
        if look.name != old?.name { gtk_label_set_text(name.opaque, look.name) }
        if look.duration != old?.duration { gtk_label_set_text(duration.opaque, look.duration) }
        picture.badge = Self.badge(decision)
        picture.isCurrent = look.isCurrent
        picture.symbol = Self.symbol(clip, facts: facts)
        picture.marks = TileBadges.Marks(stack: Self.stackChip(stack), suggestion: suggested)
        picture.isPile = stack.map { !$0.unfolded } ?? false
        if look.isCurrent != old?.isCurrent {
            if look.isCurrent { gtk_widget_add_css_class(root.widget, "current") } else { gtk_widget_remove_css_class(root.widget, "current") }
        }
        if look.accessibleName != old?.accessibleName, let item = gtk_widget_get_parent(root.widget) {
            Accessibility.setLabel(item, look.accessibleName)
        }
        if look.accessibleDescription != old?.accessibleDescription, let item = gtk_widget_get_parent(root.widget) {
            Accessibility.setDescription(item, look.accessibleDescription)
        }
    }

    /// Sets the description again (once the focus has left the tile, so
    /// nothing is said): an announcement made while the tile had the focus
    /// is a pulse of its description, which leaves it empty
    /// (`Accessibility.announce`).
    func restoreDescription() {
        guard let item, let description = drawn?.accessibleDescription else { return }
        Accessibility.setDescription(item, description)
    }

    /// The icon a tile shows until (or instead of) its picture: a warning
    /// for a file that can't be shown, a note for sound only, else its kind.
    static func symbol(_ clip: ReviewClip, facts: ClipFacts) -> String {
        if facts.problem != nil { return "dialog-warning-symbolic" }
        if facts.soundOnly { return "audio-x-generic-symbolic" }
        return clip.kind == .photo ? "image-x-generic-symbolic" : "video-x-generic-symbolic"
    }

    /// Forgets the clip (the grid took the tile back); the widgets keep
    /// what they show until the next bind, which changes only what differs.
    func clear() {
        position = nil
        clipID = nil
    }

    var needsPoster: Bool { !hasPoster }

    /// The box a poster should fill, in pixels (nil before the tile is laid out).
    var posterBox: TileBox? { picture.box }

    /// Shows a still (the poster) or a preview frame.
    func setPicture(_ image: ImageSurface?, isPoster: Bool = true) {
        picture.image = image
        if isPoster { hasPoster = image != nil }
    }

    /// The tile's place in the grid and whether it is selected (its name says both).
    private var place: (index: Int, count: Int)?
    private var selected = false

    /// The list item widget around the tile (focusable; its name is read).
    var item: Widget? { gtk_widget_get_parent(root.widget) }

    /// ", current, selected, 3 of 21": what only the look shows otherwise.
    static func stateWords(current: Bool, selected: Bool, place: (index: Int, count: Int)?) -> String {
        var words: [String] = []
        if current { words.append(tr("current")) }
        if selected { words.append(tr("selected")) }
        if let place { words.append(tr("%ld of %ld", place.index + 1, place.count)) }
        return words.map { ", " + $0 }.joined()
    }

    static func durationText(_ clip: ReviewClip, facts: ClipFacts) -> String {
        if facts.damage != nil { return clip.kind == .photo ? tr("photo, only partly readable") : tr("cut short") }
        if clip.kind == .photo { return tr("photo") }
        let duration = facts.duration.map(ClipInfo.formatDuration) ?? ""
        return facts.soundOnly ? [duration, tr("sound only")].filter { !$0.isEmpty }.joined(separator: " · ") : duration
    }

    /// The badge's word: "liked", "marked for deletion", "skipped",
    /// "undecided"; a stack decided several ways: "decided in parts".
    static func word(_ decision: TileDecision) -> String {
        switch decision {
        case .one(let decision): decision.map(Words.decision) ?? tr("undecided")
        case .mixed: tr("decided in parts")
        }
    }

    /// The badge: icon, word and colour (style.css's `.tile-badge.*`).
    static func badge(_ decision: TileDecision) -> TileBadges.Badge {
        let fill: (Double, Double, Double, Double) = switch decision {
        case .one(.like): (0x26 / 255.0, 0xa2 / 255.0, 0x69 / 255.0, 1)
        case .one(.delete): (0xc0 / 255.0, 0x1c / 255.0, 0x28 / 255.0, 1)
        case .one(.skip): (0x1c / 255.0, 0x71 / 255.0, 0xd8 / 255.0, 1)
        case .one(nil), .mixed: (0, 0, 0, 0.6)
        }
        return TileBadges.Badge(icon: iconName(decision), word: word(decision), fill: fill)
    }

    /// The icon of one decision (the card's badge shows it too).
    static func iconName(_ decision: Decision?) -> String { iconName(.one(decision)) }

    static func iconName(_ decision: TileDecision) -> String {
        switch decision {
        case .one(.like): "emblem-favorite-symbolic"
        case .one(.delete): "user-trash-symbolic"
        case .one(.skip): "go-up-symbolic"
        case .one(nil): "dialog-question-symbolic"
        case .mixed: "view-more-horizontal-symbolic"
        }
    }
}
