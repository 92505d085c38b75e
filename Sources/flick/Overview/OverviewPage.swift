import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// The overview: every clip of the deck as a tile, with a filter by
/// decision, beside the card stack.
///
///   ReviewModel ──update──▶ OverviewPage ── redraws the tiles on screen, the counts
///        ▲                      │ GtkGridView on GtkMultiSelection on GtkStringList
///        │                      │ (one string per tile: its deck position; recycled tiles)
///        └── GAction (L/D/S, U, G) ◀── keys; Enter/double-click ──▶ onOpen(position)
///   OverviewPosters (lazy posters and durations), OverviewPreview (one muted player)
///
/// The grid is built once; a filter or a new scan of the folder replaces
/// the strings in one splice. A tile decided while a filter is on keeps its
/// place (with its new badge) until the filter is chosen again, so the
/// selection and focus stay put and U can take it back in view.
@MainActor
final class OverviewPage {
    let root: Typed<Kinds.Box>
    let grid: Typed<Kinds.GridView>
    let model: ReviewModel
    let actions: ActionActivator
    let list: ObjectRef<OpaquePointer>
    let selection: ObjectRef<OpaquePointer>
    let posters: OverviewPosters
    let preview = OverviewPreview()
    let scroller: Typed<Kinds.ScrolledWindow>
    var filterButtons: [(filter: DecisionFilter, button: Typed<Kinds.Button>)] = []
    let summary: Typed<Kinds.Label>
    /// What just happened (also the announcement).
    let statusLabel: Typed<Kinds.Label>
    /// The tiles: deck positions parallel to the string list, and the
    /// stacks folded into tiles (see `OverviewTiles`).
    var layout = OverviewTiles()
    /// Deck positions of the tiles, parallel to the string list.
    var visible: [Int] { layout.positions }
    /// The stacks the user unfolded (`StackTile.key`), until another folder opens.
    var unfolded: Set<Int64> = []
    /// The stacks the tiles were made with (new ones rebuild them).
    var drawnGroups: [DeckInsights.Group] = []
    /// "Suggested (N)": counted once per deck and analysis (O(deck)).
    var suggestedCount: Int?
    /// The suggestions `suggestedCount` was counted from.
    var countedSuggestions: [Int64: [Suggestion]] = [:]
    /// What the tiles last showed of the analysis (its progress left out).
    var drawnInsights: DeckInsights?
    /// What the tiles shown are called: photos, clips, or items (both).
    var visibleNoun = Words.Noun.clip
    /// Clips, photos or items: what the whole deck holds.
    var deckNoun = Words.Noun.clip
    /// What the tiles shown are (the deck's word when none is shown).
    var shownNoun: Words.Noun { visible.isEmpty ? deckNoun : visibleNoun }
    /// The deck the tiles were made for (a new scan rebuilds them).
    var drawnIDs: [Int64] = []
    /// Tiles by their root widget, and the bound ones by deck position.
    var tiles: [UnsafeMutableRawPointer: OverviewTile] = [:]
    var bound: [Int: OverviewTile] = [:]
    /// A tile to focus as soon as the grid binds it.
    var pendingFocus: Int?
    /// What to do once that tile (or the one focused at once) has focus.
    var afterFocus: (() -> Void)?
    var followsFocus = false
    /// The tile that had the focus last (its description is set again as
    /// the focus leaves it: see `OverviewTile.restoreDescription`).
    weak var lastFocusedTile: OverviewTile?
    /// The tile a Tab into the grid should land on, until the grid binds it.
    var tabTarget: Int?
    /// Whether the selection changing now is the user's doing (Space,
    /// Ctrl or Shift with a key, Ctrl+A, a click), not GTK selecting the
    /// tile a plain arrow moves to: only those changes are said.
    var selectingOnPurpose = true
    /// The selection was built on purpose: plain arrows then move the focus
    /// and keep it (GTK would replace it with the tile moved to).
    var selectionBuiltOnPurpose = false
    /// Enter or double-click on a tile: open the stack there.
    var onOpen: (Int) -> Void = { _ in }
    /// The selection, the filter or the preview changed.
    var onChange: () -> Void = {}
    var shown = false
    /// Runs before a filter is chosen: the window reads what another
    /// process changed in the store, so the filter lists what is true.
    var beforeFilter: (() -> Void)?
    /// The scroll to the Current tile on the overview's first laid-out frame.
    var openScroll: TickCallback?
    private var preparing = false
    /// How long after a folder opens the tiles' list is built.
    static let prepareDelay: Duration = .milliseconds(400)
    var suppressFilterSignal = false
    /// The filters and Apply Deletions…, in rows as the width needs.
    private var filterFlow: FilterFlow?

    init(model: ReviewModel, actions: ActionActivator) {
        self.model = model
        self.actions = actions
        posters = OverviewPosters(model: model)
        list = ObjectRef(taking: gtk_string_list_new(nil) as OpaquePointer)
        // The selection and the grid each take a reference of their own (transfer full).
        selection = ObjectRef(taking: gtk_multi_selection_new(list.passRetained()) as OpaquePointer)
        let factory: OpaquePointer = gtk_signal_list_item_factory_new()
        grid = Typed(gtk_grid_view_new(selection.passRetained(), factory))
        summary = Typed(gtk_label_new(""))
        statusLabel = Typed(gtk_label_new(""))
        scroller = Typed(gtk_scrolled_window_new())
        root = Typed(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        buildLayout()
        installFactory(factory)
        installGridSignals()
        installKeys()
        posters.isWanted = { [unowned self] id in bound.values.contains { $0.clipID == id } }
        posters.onPoster = { [unowned self] id in
            for tile in bound.values where tile.clipID == id && !preview.isPreviewing(tile) { tile.setPicture(posters.image(for: id)) }
            onChange()
        }
        preview.poster = { [unowned self] id in posters.image(for: id) }
        preview.onChange = { [unowned self] in onChange() }
    }

    /// Pixels of the filter bar a window too low for all its rows still
    /// shows (about one row of buttons; the rest scrolls into view).
    private static let barLeastHeight: Int32 = 44

    private func buildLayout() {
        gtk_grid_view_set_max_columns(grid.cast(), 16)
        gtk_grid_view_set_enable_rubberband(grid.cast(), 1)
        gtk_widget_add_css_class(grid.widget, "overview-grid")
        Accessibility.setLabel(grid, tr("All clips"))
        gtk_scrolled_window_set_policy(scroller.cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scroller.cast(), grid.widget)
        gtk_widget_set_vexpand(scroller.widget, 1)
        // The filters wrap onto more rows when the window is narrower than
        // they are (every one in sight), so the overview never makes the
        // window wider than the stack needs; Apply Deletions… ends the last row.
        let flow = FilterFlow(buttons: makeFilterButtons(), trailing: makeApplyButton())
        filterFlow = flow
        let barFrame = RoomLayout.wrap(flow.root, floor: (0, .max)) { room in flow.fit(width: room.width) }
        gtk_widget_add_css_class(barFrame, "overview-bar")
        // In a window too low for all its rows (the smallest size, narrow),
        // the bar scrolls, and follows the focus, rather than making the
        // window taller than the user made it; otherwise it shows whole.
        let barScroller: Widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(barScroller.cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(barScroller.cast(), 1)
        gtk_scrolled_window_set_min_content_height(barScroller.cast(), Self.barLeastHeight)
        gtk_scrolled_window_set_child(barScroller.cast(), barFrame)
        gtk_box_append(root.cast(), barScroller)
        gtk_label_set_xalign(summary.opaque, 0)
        gtk_label_set_ellipsize(summary.opaque, PANGO_ELLIPSIZE_END)
        gtk_widget_add_css_class(summary.widget, "overview-summary")
        gtk_box_append(root.cast(), summary.widget)
        gtk_box_append(root.cast(), scroller.widget)
        gtk_widget_add_css_class(statusLabel.widget, "status-line")
        gtk_label_set_wrap(statusLabel.opaque, 1)
        gtk_box_append(root.cast(), statusLabel.widget)
    }

    // MARK: Following the model

    /// The overview's part of the render pass: the filter counts always;
    /// while shown, the tiles of the deck or of one clip's facts, and the
    /// status line says what just happened (`said`; the announcer speaks it).
    func render(_ change: ReviewChange, said: String?) {
        if change.deck != nil { suggestedCount = nil }
        if change.insights, model.insights.suggestions != countedSuggestions {
            countedSuggestions = model.insights.suggestions
            suggestedCount = nil
        }
        if change.deck == .opened { unfolded = [] }
        updateCounts()
        guard shown else {
            // A new deck is made ready while hidden (the first open is then
            // quick); a rescan of it is drawn when the overview next shows,
            // so a file added to a 100,000-clip folder costs no rebuild.
            if change.deck == .opened { prepareSoon() }
            return
        }
        if let id = change.facts {
            for (position, tile) in bound where tile.clipID == id { tile.show(position: position, model: model) }
        }
        if change.insights && !change.touchesDeck { return followInsights() }
        guard change.touchesDeck else { return }
        // A change from elsewhere (a rescan, another process through the
        // store) filters again: a filter never lists clips it no longer
        // passes. A decision made here keeps its tile until the user filters.
        if model.session.deck.ids != drawnIDs || (change.deck == .rescanned && isStale) || model.insights.groups != drawnGroups {
            preview.stop()
            rebuild()
        } else {
            redrawBound()
        }
        if let said { gtk_label_set_text(statusLabel.opaque, said) } else if change.deck == .rescanned { sayFilterAgain() }
    }

    /// Makes the tiles again from the model's deck and filter.
    func rebuild() {
        drawnIDs = model.session.deck.ids
        drawnGroups = model.insights.groups
        layout = model.overviewTiles(matching: model.filter, unfolded: unfolded)
        let folded = layout.stacks.values.lazy.filter { !$0.unfolded }.flatMap(\.members)
        visibleNoun = Words.noun(kinds: visible.map { self.model.clips[$0].kind } + folded.map { self.model.clips[$0].kind })
        deckNoun = Words.noun(kinds: model.clips.lazy.map(\.kind))
        let count = g_list_model_get_n_items(list.pointer)
        withCStringArray(visible.map(String.init)) { strings in
            gtk_string_list_splice(list.pointer, 0, count, strings)
        }
        updateSummary()
    }

    /// Builds the tiles' list a moment after a folder opens or changes, while
    /// the overview is hidden, so G finds it ready (10,000 strings cost tens
    /// of milliseconds, spent once, not on the key press).
    private func prepareSoon() {
        guard !preparing, model.session.deck.ids != drawnIDs else { return }
        preparing = true
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: Self.prepareDelay)
            guard let self else { return }
            preparing = false
            if !shown, model.session.deck.ids != drawnIDs { rebuild() }
        }
    }

    func redrawBound() {
        for (position, tile) in bound where position < model.count { tile.show(position: position, model: model) }
    }

    /// The overview comes on screen: tiles current, the top card's tile
    /// selected and focused (or the first tile, when a filter hides it).
    /// `focused` runs once that tile has the focus (the grid may bind it a
    /// frame later), or at once when no tile shows.
    func willShow(focused: @escaping () -> Void = {}) {
        shown = true
        // Decided on the stack since it last showed: the filter is made
        // again, so it lists exactly the clips it passes now.
        if model.session.deck.ids != drawnIDs || visible.isEmpty || isStale || model.insights.groups != drawnGroups { rebuild() }
        redrawBound()
        requestBoundPosters(near: model.cursor)
        updateCounts()
        afterFocus = focused
        guard let index = nearestIndex(to: model.cursor) else { return focusSettled() }
        focus(index: index, select: true)
        scrollOnceLaidOut(to: index)
    }

    /// Whether the tiles shown are not what the filter passes now.
    var isStale: Bool {
        (model.filter != .all || !drawnGroups.isEmpty) && layout != model.overviewTiles(matching: model.filter, unfolded: unfolded)
    }

    /// The grid has no size yet on the frame it comes on screen, so a
    /// scroll asked then stays at the top: the Current tile is scrolled to
    /// (and focused) again on the first frame the grid is laid out.
    private func scrollOnceLaidOut(to index: Int) {
        openScroll?.remove()
        var frames = 0
        openScroll = TickCallback(on: grid) { [weak self] _ in
            guard let self, shown else { return false }
            frames += 1
            guard gtk_widget_get_height(grid.widget) > 0 || frames > Self.openScrollFrames else { return true }
            if index < visible.count, bound[visible[index]]?.item.map({ gtk_widget_has_focus($0) != 0 }) != true {
                focus(index: index, select: false)
            } else if index < visible.count {
                _ = gtk_widget_activate_action_variant(grid.widget, "list.scroll-to-item", g_variant_new_uint32(guint32(index)))
            }
            return false
        }
    }

    /// Frames to wait for the grid's first layout before giving up.
    static let openScrollFrames = 30

    func didHide() {
        shown = false
        afterFocus = nil
        preview.stop()
    }

    /// The index in the grid of the tile showing `position` (inside a
    /// folded stack or not), or of the tile after it.
    func nearestIndex(to position: Int) -> Int? {
        layout.nearestIndex(to: position)
    }
}
