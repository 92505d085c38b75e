import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// The card stack: the top card and two beneath it on the stage, each the
/// shape of its clip (FlickCore's StageLayout) and placed by a transform
/// from FlickCore's pose.
///
///   render pass ──(change)──▶ CardStackView ──(sizes, transforms)──▶ stage
///        ▲                          │ drag and scroll on the (untransformed) stage
///        └── window's decide ◀── commit ──┘
///
/// The stage lays the cards out itself (CardStackView+Layout) in GTK's
/// layout phase, so a resize, maximize or fullscreen re-lays them in the
/// same frame; it asks for no size of its own, so nothing around it scrolls.
///
/// The stack decides nothing and keeps no facts of its own: it draws the
/// model's clips, cursor, facts and playback intent, and a drag's commit
/// asks the window to decide (the direction's action, behind the same
/// enabled-state gate as its key), which says whether anything happened.
@MainActor
final class CardStackView {
    /// The stage: the untransformed parent of the cards, which sizes and
    /// places them; the drag gesture sits here.
    let stage: Typed<Kinds.Fixed>
    var root: Widget { stage.widget }
    var tuning = SwipeTuning()
    let model: ReviewModel
    private let actions: ActionActivator
    /// Performs a drag's action through the window's gate; true when the
    /// model took a step (set by the window).
    var decide: @MainActor (FlickAction) -> Bool = { _ in false }

    /// Live and poster cards, by clip id (a reload keeps the cards of clips
    /// still in the deck, and their players).
    var cards: [Int64: CardView] = [:]
    /// Each shown card's level (0: the top card; 1: the one a decision
    /// brings on top…), from the model's own order (`upcoming`).
    var levels: [Int64: Int] = [:]
    /// The card currently flying off (drawn above the top card).
    var leaving: CardView?
    var transition: Transition?
    var transitionStart: Double = 0
    var tracker: DragTracker?
    /// The monotonic clock (s) when the drag's latest sample arrived: a
    /// frame's pose is the drag's at that sample's time plus what has passed
    /// since, so the overlay fades when the pointer rests.
    var sampleClock = 0.0
    /// A two-finger touchpad swipe in progress (it feeds `tracker`).
    var scrollDrag = ScrollDrag()
    /// Whether clips start again when they end (a preference).
    var loops = true
    /// Called when the top clip starts or stops playing, or a poster arrives.
    var onStateChange: () -> Void = {}
    /// Where the top clip is, as its player pushes it (the player bar).
    var onTopTiming: (PlaybackTiming) -> Void = { _ in }
    /// What releasing the card now would do, each time that changes during
    /// a drag; nil once the card is let go (the status line).
    var onDragHint: (Resolution?) -> Void = { _ in }
    /// The last `onDragHint` given.
    var shownHint: Resolution?
    /// The next card whose pipeline opens once the new top card plays.
    private var deferredLive: Int64?
    /// Cards waiting for the stage to be realized to go live (`goLive`).
    private var liveOnRealize: Set<Int64> = []
    private var realizeWatched = false
    /// How long the next card waits at most (a flight ends sooner).
    static let deferredLiveWait = 600
    /// The stacks the cards were last shown with.
    private var shownGroups: [DeckInsights.Group] = []
    /// Poster requests waiting or rendering, by clip id (see `requestPoster`).
    var posterJobs: [Int64: MediaService.Ticket] = [:]
    /// Whether the next frame must work out the pose again; setting it
    /// starts the frame clock's callback, which stops once nothing moves.
    var needsRender = true {
        didSet { if needsRender { startTicking() } }
    }
    /// The stage's size at the last layout.
    var viewport = Size(0, 0)
    private var tick: TickCallback?
    var shownMoving = false
    /// The pose the last frame worked out, which the layout pass applies.
    var pose: (stack: StackPose, flying: Bool) = (PoseModel(geometry: SwipeGeometry(card: Size(1, 1))).stack(offset: .zero, grabbedLowerHalf: false), false)
    /// Called when a new frame of the top clip is on its card (an observer
    /// timing the stack's frames attaches here).
    var onTopFrame: () -> Void = {}
    /// The top card's shadow at rest (CardShadow), beneath it on the stage.
    let shadow: CardShadow
    /// Returns freed pipelines' memory to the system.
    private let memory = MemoryTrim()

    init(model: ReviewModel, actions: ActionActivator) {
        self.model = model
        self.actions = actions
        // A plain container whose layout manager is replaced: the stage
        // places its children itself (gtk_widget_set_parent, never gtk_fixed_put).
        stage = Typed(gtk_fixed_new())
        gtk_widget_add_css_class(stage.widget, "card-stack")
        gtk_widget_set_hexpand(stage.widget, 1)
        gtk_widget_set_vexpand(stage.widget, 1)
        // A card dragged past the stage's edge goes on showing (over the
        // progress row above, under the player bar below), never cut flat;
        // the page's frame (RoomLayout) still clips at the window's content.
        gtk_widget_set_overflow(stage.widget, GTK_OVERFLOW_VISIBLE)
        shadow = CardShadow(stage: stage.widget)
        CustomLayout.install(on: stage.widget, minimum: Int32(StageLayout.minimumSide)) { [unowned self] width, height in
            layOut(width: width, height: height)
        }
        installGestures()
        startTicking()
    }

    var layout: StageLayout { StageLayout(stage: viewport, scaleStep: tuning.stackScaleStep) }

    /// The top card's size now (what a drag's thresholds are measured on).
    var cardSize: Size { topCard.map(size(of:)) ?? layout.cardSize(aspect: StageLayout.defaultAspect) }

    /// The size of `card` as a top card: its clip's shape, as large as the stage allows.
    func size(of card: CardView) -> Size {
        layout.cardSize(aspect: aspect(of: card.clipID))
    }

    /// The card shape of a clip, from what the model knows of its picture.
    func aspect(of clipID: Int64) -> Double {
        guard let position = model.position(of: clipID, near: model.cursor) else { return StageLayout.defaultAspect }
        let facts = model.facts(at: position)
        return StageLayout.aspect(width: facts.width, height: facts.height)
    }

    /// What a live clip's frames are scaled to inside GStreamer: its
    /// card's size in device pixels (a typical one before the first
    /// layout), exactly where the window draws with cairo (`FrameFit`).
    func frameFit(for card: CardView) -> FrameFit {
        let scale = Double(max(1, gtk_widget_get_scale_factor(stage.widget)))
        let size = viewport.width > 0 ? size(of: card) : Size(960, 540)
        let box = (width: Int(size.width * scale), height: Int(size.height * scale))
        let facts = model.position(of: card.clipID, near: model.cursor).map { model.facts(at: $0) }
        let picture = facts.flatMap { facts in facts.width.flatMap { width in facts.height.map { (width, $0) } } }
        let exactly = viewport.width > 0 && SnapshotArea.usesCairoRenderer(stage.widget)
        return FrameFit.card(box: box, picture: picture, turned: facts?.sidesSwapped ?? false, exactly: exactly)
    }

    var poseModel: PoseModel { PoseModel(geometry: SwipeGeometry(tuning: tuning, card: cardSize)) }

    var topCard: CardView? { model.top.flatMap { cards[$0.id] } }

    // MARK: Drawing the model

    /// The stack's part of the render pass: a step animates, a new deck or
    /// a jump shows the new top card at once, other deck changes re-lay
    /// the cards; facts reshape one card; playback follows the intent.
    func render(_ change: ReviewChange) {
        if change.deck == .opened || change.cursor == .jumped {
            finishTransition()
            tuning.reducedMotion = !Self.animationsEnabled
            show(transition: nil)
        } else if let step = change.step {
            present(step)
        } else if change.touchesDeck || (change.insights && model.insights.groups != shownGroups) {
            // New stacks change which cards there are (progress alone does not).
            show(transition: nil)
        }
        if let id = change.facts, let position = model.position(of: id), let card = cards[id] {
            describe(card, at: position)
            // Its size or turn may be known now; its shape may have changed.
            if card.isLive { card.fit(frameFit(for: card)) }
            needsRender = true
        }
        if change.insights, !change.touchesDeck {
            for (id, card) in cards { if let position = model.position(of: id) { describe(card, at: position) } }
        }
        if change.playback {
            applyPlayback()
            onStateChange()
        }
    }

    /// Animates what the model just did.
    private func present(_ outcome: ActionOutcome) {
        switch outcome {
        case .decided(let position, let decision):
            show(transition: flyOff(decision.direction), leaving: model.clips[position].id)
        case .wentBack(let position):
            let side = model.decision(at: position)?.direction ?? .up
            show(transition: Transition.bringBack(from: side, model: poseModel, viewport: viewport))
        case .undid(.decide(_, let decision, _), _):
            show(transition: Transition.bringBack(from: decision.direction, model: poseModel, viewport: viewport))
        case .undid(.previous(let from), _):
            let leaving = from - 1 < model.count ? model.clips[from - 1].id : nil
            show(transition: flyOff(.down), leaving: leaving)
        }
    }

    /// A drag let go past the threshold: the direction's action decides
    /// (through the same gate as its key and button); when it did nothing
    /// (not available, or not saved) the card springs back.
    func commit(_ direction: SwipeDirection) {
        if !decide(direction.flickAction) { show(transition: nil) }
    }

    /// Shows the model's top card and the ones beneath, animating with
    /// `transition` (nil: at once); `leaving` is the clip that flies off.
    func show(transition: Transition?, leaving leavingID: Int64? = nil) {
        finishTransition()
        tracker = nil
        if let leavingID, let card = cards.removeValue(forKey: leavingID) {
            leaving = card
            card.setMuted(true) // sound only ever from the top card
            Accessibility.setHidden(card.button, true)
            // A press never lands on a card on its way out: a drag begun on
            // it ends its flight, which takes the card off the stage, and
            // with it the press's grab (the release would never come).
            gtk_widget_set_can_target(card.button.widget, 0)
            gtk_widget_set_can_target(card.peek.area, 0)
        }
        shownGroups = model.insights.groups
        let visible = model.upcoming(beneath: PoseModel.visibleBeneath)
        levels = Dictionary(uniqueKeysWithValues: visible.enumerated().map { (model.clips[$1].id, $0) })
        let wanted = Set(levels.keys)
        for (id, card) in cards where !wanted.contains(id) || card.version != model.clips[model.position(of: id) ?? 0].version {
            remove(card)
            cards[id] = nil
        }
        for (level, position) in visible.enumerated() {
            let clip = model.clips[position]
            let card = cards[clip.id] ?? makeCard(clip)
            cards[clip.id] = card
            describe(card, at: position)
            prepare(card, level: level, at: position, promoting: transition != nil && leavingID != nil)
        }
        restack()
        applyPlayback()
        if let transition {
            self.transition = transition
            transitionStart = MonotonicClock.now
        } else {
            leaving.map(remove)
            leaving = nil
        }
        needsRender = true
        onStateChange()
    }

    private func makeCard(_ clip: ReviewClip) -> CardView {
        let card = CardView(clip: clip, path: model.absolutePath(of: clip))
        // Screen readers read the card's name, not its parts' type names.
        Accessibility.tidy(card.button, closeLabel: "")
        connect(card.button, .clicked) { [unowned self, id = clip.id] in
            if id == model.top?.id { _ = actions.activate(.playPause) }
        }
        gtk_widget_set_parent(card.button.widget, stage.widget)
        gtk_widget_set_parent(card.peek.area, stage.widget)
        return card
    }

    /// Top and next are live (next prerolled); deeper cards show posters.
    /// While a card flies off, the new next card waits (on its poster) until
    /// the flight is over: its pipeline would otherwise start beside the new
    /// top card's first frames and the flight's drawing, on the same cores.
    private func prepare(_ card: CardView, level: Int, at position: Int, promoting: Bool) {
        let problem = model.facts(at: position).problem
        if level == 1 && promoting && problem == nil && !card.isLive {
            deferredLive = card.clipID
            if card.kind == .video { requestPoster(for: card) }
            Task { @MainActor [weak self] in
                try? await Task.sleep(for: .milliseconds(Self.deferredLiveWait))
                self?.startDeferredLive()
            }
        } else if level <= 1 && problem == nil {
            goLive(card)
        } else if card.kind == .video && !card.isLive {
            requestPoster(for: card)
        }
        let isTop = level == 0
        gtk_widget_set_focusable(card.button.widget, isTop ? 1 : 0)
        Accessibility.setHidden(card.button, !isTop)
        gtk_widget_set_can_target(card.button.widget, isTop ? 1 : 0)
    }

    private func goLive(_ card: CardView) {
        let id = card.clipID
        // The renderer decides the frames' byte order and size: a card made
        // before the window is realized goes live when the stage is.
        guard gtk_widget_get_realized(stage.widget) != 0 else {
            liveOnRealize.insert(id)
            if !realizeWatched {
                realizeWatched = true
                connect(stage, .realize) { [unowned self] in startOnRealize() }
            }
            return
        }
        // R G B A where the GPU draws (uploaded as it is), cairo's B G R A otherwise.
        let order: PixelOrder = SnapshotArea.usesCairoRenderer(stage.widget) ? .bgra : .rgba
        card.goLive(fit: frameFit(for: card), order: order, muted: true, loops: loops) { [weak self] error in
            self?.model.setProblem(clipID: id, reason: ErrorText.describe(error))
        }
        card.onNewFrame = { [weak self] in
            guard let self, id == model.top?.id else { return }
            onTopFrame()
        }
        card.onTiming = { [weak self] timing in
            guard let self else { return }
            if timing.stoppedShort, let position = timing.position, let duration = timing.duration {
                model.setPlaybackStop(clipID: id, reason: Words.playbackStop(at: position, of: duration))
            }
            guard id == model.top?.id else { return }
            onTopTiming(timing)
        }
    }

    /// Opens the pipelines of the cards made before the stage was realized
    /// that are still the top or the next one.
    private func startOnRealize() {
        let waiting = liveOnRealize
        liveOnRealize = []
        for id in waiting {
            guard let card = cards[id], !card.isLive, let position = model.position(of: id, near: model.cursor),
                  (levels[id] ?? 2) <= 1, model.facts(at: position).problem == nil else { continue }
            goLive(card)
        }
        applyPlayback()
    }

    /// Opens the next card's pipeline held back by `prepare`, if that card
    /// is still the top or the next one.
    private func startDeferredLive() {
        guard let id = deferredLive else { return }
        deferredLive = nil
        guard let card = cards[id], let position = model.position(of: id, near: model.cursor),
              (levels[id] ?? 2) <= 1, model.facts(at: position).problem == nil else { return }
        goLive(card)
        applyPlayback()
    }

    /// Sound and play state from the model's playback intent: only the top
    /// card ever plays or makes a sound.
    private func applyPlayback() {
        let top = model.top?.id
        let playback = model.playback
        for (id, card) in cards {
            card.setMuted(playback.muted || id != top)
            card.setRate(id == top ? playback.rate : 1)
            card.setPlaying(id == top && playback.shouldPlay)
        }
    }

    /// The card's accessible name, problem and suggestion, from the model.
    private func describe(_ card: CardView, at position: Int) {
        let clip = model.clips[position]
        let facts = model.facts(at: position)
        card.setProblem(facts.problem ?? facts.damage, broken: facts.problem != nil)
        card.setSoundOnly(facts.soundOnly && facts.problem == nil)
        card.setDecision(model.decision(at: position))
        let stack = model.stack(at: position)
        let count = stack.map { Words.stackCount(kind: $0.kind, index: $0.shown, count: $0.members.count) }
        card.setStack(stack.map { (CardView.stackIcon($0.kind), count ?? "") })
        Accessibility.setLabel(card.button, Words.cardName(clip, position: position, of: model.count, facts: facts,
                                                           decision: model.decision(at: position), stack: count))
        // Why it is suggested, said with the card (never a decision). An
        // announcement on the focused card empties its description
        // (`Accessibility.announce`): it comes back once the focus leaves.
        LastingDescription.set(card.button.widget, Words.suggested(model.suggestions(at: position)) ?? "")
    }

    /// Keeps the z-order: deepest card first, the top card, then a leaving card.
    private func restack() {
        var order = cards.keys.sorted { (levels[$0] ?? 0) > (levels[$1] ?? 0) }.compactMap { cards[$0] }
        if let leaving { order.append(leaving) }
        for card in order.reversed() {
            // Move each card to the front of the list, last one ending first-drawn,
            // its peek right above it.
            gtk_widget_insert_after(card.peek.area, stage.widget, nil)
            gtk_widget_insert_after(card.button.widget, stage.widget, nil)
        }
        shadow.restack(below: topCard?.button.widget, in: stage.widget)
    }

    /// Takes a card off the stack; its player stops now, and the card and
    /// its widgets are freed with the last reference.
    private func remove(_ card: CardView) {
        gtk_widget_unparent(card.button.widget)
        gtk_widget_unparent(card.peek.area)
        if card.isLive { memory.pipelineFreed() }
        cancelPoster(for: card.clipID)
        card.stopPlayback()
    }

    /// Ends any running transition at once (new input always wins).
    func finishTransition() {
        transition = nil
        if let leaving {
            remove(leaving)
            self.leaving = nil
        }
        needsRender = true
        startDeferredLive()
    }

    func setNeedsRender() { needsRender = true }

    /// Adds the per-frame callback while something moves or a pose is owed;
    /// it removes itself on the first frame with nothing to do, so an idle
    /// window's frame clock stops.
    private func startTicking() {
        guard tick == nil else { return }
        tick = TickCallback(on: stage) { [weak self] _ in
            guard let self else { return false }
            render()
            let more = transition != nil || tracker != nil || needsRender
            if !more { tick = nil }  // GTK removes it when it returns false
            return more
        }
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
