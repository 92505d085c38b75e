import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// The card stack: the top card and two beneath it on a GtkFixed, each
/// placed by a transform computed from FlickCore's pose on every frame.
///
///   ReviewModel ──(updates)──▶ CardStackView ──(transforms)──▶ GtkFixed
///        ▲                          │ drag gesture on the (untransformed) fixed
///        └──── GAction ◀── commit ──┘
///
/// The stack decides nothing and keeps no facts of its own: it draws the
/// model's clips, cursor, facts and playback intent, and a drag's commit
/// activates the direction's GAction (so its enabled state is the gate).
@MainActor
final class CardStackView {
    /// A scrolled window with no scrollbars: it keeps the cards' transformed
    /// bounds (which GtkFixed measures) from resizing the window.
    let root: Widget
    /// The untransformed parent of the cards; the drag gesture sits here.
    let fixed: Widget
    var tuning = SwipeTuning()
    let model: ReviewModel
    private let actions: ActionActivator

    /// Live and poster cards, by clip id (a reload keeps the cards of clips
    /// still in the deck, and their players).
    var cards: [Int64: CardView] = [:]
    /// The card currently flying off (drawn above the top card).
    var leaving: CardView?
    var transition: Transition?
    var transitionStart: Double = 0
    var tracker: DragTracker?
    /// Whether clips start again when they end (a preference).
    var loops = true
    /// Called when the top clip starts or stops playing, or a poster arrives.
    var onStateChange: () -> Void = {}
    /// Poster frames already decoded, by clip id (a few cards' worth).
    var posters: [Int64: RawFrame] = [:]
    var posterOrder: [Int64] = []
    /// Poster frames taken from the thumbnail cache, and decoded (then cached).
    static var postersFromCache = 0
    static var postersDecoded = 0
    /// How many poster frames stay decoded in memory.
    static let posterCacheSize = 8
    private var needsRender = true
    private var renderedViewport = Size(0, 0)
    private var tick: TickCallback?
    private var shownMoving = false
    /// Frame timings for `flick-bench frames` (only with FLICK_FRAME_LOG).
    private(set) var frameLog: FrameLog?

    init(model: ReviewModel, actions: ActionActivator) {
        self.model = model
        self.actions = actions
        fixed = gtk_fixed_new()
        gtk_widget_add_css_class(fixed, "card-stack")
        root = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(root.cast(), GTK_POLICY_EXTERNAL, GTK_POLICY_EXTERNAL)
        gtk_scrolled_window_set_child(root.cast(), fixed)
        gtk_widget_set_hexpand(root, 1)
        gtk_widget_set_vexpand(root, 1)
        installGestures()
        frameLog = FrameLog(widget: fixed)
        tick = TickCallback(on: fixed) { [unowned self] _ in
            render()
            return true
        }
        model.observe { [unowned self] update in modelChanged(update) }
    }

    /// The card size for the current allocation: a 4:5 card that fits.
    var cardSize: Size {
        let width = Double(gtk_widget_get_width(root)), height = Double(gtk_widget_get_height(root))
        let w = max(min(width - 48, (height - 56) * 0.8), 120)
        return Size(w.rounded(), (w / 0.8).rounded())
    }

    /// The size in device pixels that live clips are scaled to inside
    /// GStreamer: the card's size, or a typical one before the first layout.
    var framePixels: (width: Int, height: Int) {
        let scale = Double(max(1, gtk_widget_get_scale_factor(root)))
        let size = gtk_widget_get_width(root) > 0 ? cardSize : Size(540, 675)
        return (Int(size.width * scale), Int(size.height * scale))
    }

    var viewport: Size { Size(Double(gtk_widget_get_width(root)), Double(gtk_widget_get_height(root))) }

    var poseModel: PoseModel { PoseModel(geometry: SwipeGeometry(tuning: tuning, card: cardSize)) }

    /// Seconds on the monotonic clock (animations).
    static var now: Double { Double(g_get_monotonic_time()) / 1e6 }

    var topCard: CardView? { model.top.flatMap { cards[$0.id] } }

    // MARK: Following the model

    private func modelChanged(_ update: ReviewUpdate) {
        switch update {
        case .loaded(let keptTop):
            if !keptTop {
                finishTransition()
                tuning.reducedMotion = !Self.animationsEnabled
            }
            show(transition: nil)
        case .outcome(let outcome):
            present(outcome)
        case .rolledBack:
            show(transition: nil)
        case .facts(let id):
            if let position = model.position(of: id), let card = cards[id] { describe(card, at: position) }
        case .playback:
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

    /// A drag let go past the threshold: the direction's action decides;
    /// when it is not available the card springs back.
    func commit(_ direction: SwipeDirection) {
        let depth = model.session.history.count
        if !actions.activate(direction.flickAction) || model.session.history.count == depth {
            show(transition: nil)
        }
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
        }
        let cursor = model.cursor
        let visible = cursor..<min(cursor + 1 + PoseModel.visibleBeneath, model.count)
        let wanted = Set(visible.map { model.clips[$0].id })
        for (id, card) in cards where !wanted.contains(id) || card.version != model.clips[model.position(of: id) ?? 0].version {
            remove(card)
            cards[id] = nil
        }
        for position in visible {
            let clip = model.clips[position]
            let card = cards[clip.id] ?? makeCard(clip)
            cards[clip.id] = card
            describe(card, at: position)
            prepare(card, level: position - cursor)
        }
        restack()
        applyPlayback()
        if let transition {
            self.transition = transition
            transitionStart = Self.now
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
        gtk_fixed_put(fixed.cast(), card.button, 0, 0)
        let size = cardSize
        gtk_widget_set_size_request(card.button, Int32(size.width), Int32(size.height))
        return card
    }

    /// Top and next are live (next prerolled); deeper cards show posters.
    private func prepare(_ card: CardView, level: Int) {
        let problem = model.facts(at: model.cursor + level).problem
        if level <= 1 && problem == nil {
            let pixels = framePixels
            let id = card.clipID
            card.goLive(maxWidth: pixels.width, maxHeight: pixels.height, muted: true, loops: loops) { [weak self] error in
                self?.model.setProblem(clipID: id, reason: error.description)
            }
            card.onNewFrame = { [weak self] in
                guard let self, id == model.top?.id else { return }
                frameLog?.newTopFrame = true
            }
        } else if card.kind == .video && !card.isLive {
            requestPoster(for: card)
        }
        let isTop = level == 0
        gtk_widget_set_focusable(card.button, isTop ? 1 : 0)
        Accessibility.setHidden(card.button, !isTop)
        gtk_widget_set_can_target(card.button, isTop ? 1 : 0)
    }

    /// Sound and play state from the model's playback intent: only the top
    /// card ever plays or makes a sound.
    private func applyPlayback() {
        let top = model.top?.id
        let playback = model.playback
        for (id, card) in cards {
            card.setMuted(playback.muted || id != top)
            card.setPlaying(id == top && playback.shouldPlay)
        }
    }

    /// The card's caption, accessible name and problem, from the model.
    private func describe(_ card: CardView, at position: Int) {
        let clip = model.clips[position]
        let facts = model.facts(at: position)
        card.setCaption([clip.name, facts.summary ?? ""].filter { !$0.isEmpty }.joined(separator: " · "))
        card.setProblem(facts.problem)
        Accessibility.setLabel(card.button, Words.cardName(clip, position: position, of: model.count, facts: facts,
                                                           decision: model.decision(at: position)))
    }

    /// Keeps the z-order: deepest card first, the top card, then a leaving card.
    private func restack() {
        var order = cards.keys.sorted(by: >).compactMap { cards[$0] }
        if let leaving { order.append(leaving) }
        for card in order.reversed() {
            // Move each card to the front of the list, last one ending first-drawn.
            gtk_widget_insert_after(card.button, fixed, nil)
        }
    }

    /// Takes a card off the stack; its player stops now, and the card and
    /// its widgets are freed with the last reference.
    private func remove(_ card: CardView) {
        gtk_fixed_remove(fixed.cast(), card.button)
        if card.isLive { scheduleTrim() }
        card.stopPlayback()
    }

    private var trimScheduled = false

    /// Each freed pipeline leaves decoder buffers in malloc's free lists;
    /// handing them back to the system a moment later keeps a long review
    /// from growing the process (at most once every two seconds).
    private func scheduleTrim() {
        guard !trimScheduled else { return }
        trimScheduled = true
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: .seconds(2))
            malloc_trim(0)
            self?.trimScheduled = false
        }
    }

    /// Ends any running transition at once (new input always wins).
    func finishTransition() {
        transition = nil
        if let leaving {
            remove(leaving)
            self.leaving = nil
        }
        needsRender = true
    }

    func setNeedsRender() { needsRender = true }

    /// Applies the current pose to every card. Runs on every frame, but does
    /// work only while something moves.
    private func render() {
        // Idle frames return here, before any pose is computed.
        let viewport = self.viewport
        guard viewport.width > 0, viewport.height > 0 else { return }
        let resized = viewport != renderedViewport
        let moving = transition != nil || tracker != nil
        if moving != shownMoving {
            shownMoving = moving
            if moving { gtk_widget_add_css_class(fixed, "moving") } else { gtk_widget_remove_css_class(fixed, "moving") }
        }
        guard moving || needsRender || resized else { return }
        needsRender = false
        renderedViewport = viewport

        var stack = poseModel.stack(offset: .zero, grabbedLowerHalf: false)
        var flying = false
        if let transition {
            let t = Self.now - transitionStart
            if transition.isFinished(at: t) {
                finishTransition()
            } else {
                stack = transition.pose(at: t)
                if case .flyOff = transition.kind { flying = true }
            }
        } else if let tracker {
            stack = tracker.pose
        }

        let size = cardSize
        let origin = Vector((viewport.width - size.width) / 2, (viewport.height - size.height) / 2 - 8)
        if flying, let leaving {
            place(leaving, pose: stack.top, size: size, origin: origin)
        }
        let cursor = model.cursor
        for (id, card) in cards {
            guard let position = model.position(of: id, near: cursor) else { continue }
            if resized {
                gtk_widget_set_size_request(card.button, Int32(size.width), Int32(size.height))
                let pixels = framePixels
                card.fit(maxWidth: pixels.width, maxHeight: pixels.height)
            }
            let level = position - cursor
            if level == 0 && !flying {
                place(card, pose: stack.top, size: size, origin: origin)
            } else {
                let depthIndex = flying ? level : level - 1
                let depth = depthIndex < stack.beneath.count ? stack.beneath[depthIndex] : (stack.beneath.last ?? DepthPose(offsetY: 0, scale: 1))
                var pose = CardPose.rest
                pose.translation = Vector(0, depth.offsetY)
                pose.scale = depth.scale
                place(card, pose: pose, size: size, origin: origin)
            }
        }
    }

    /// Builds the card's transform: to its centre, then rotate, skew and
    /// scale about it (2D only: the cairo renderer cannot draw 3D).
    private func place(_ card: CardView, pose: CardPose, size: Size, origin: Vector) {
        var transform: OpaquePointer?
        if pose.rotation == 0 && pose.skewX == 0 && pose.skewY == 0 && pose.scale == 1 {
            // At rest: a whole-pixel offset, which the cairo renderer blits
            // instead of resampling every video frame.
            var offset = graphene_point_t(x: Float((origin.x + pose.translation.x).rounded()),
                                          y: Float((origin.y + pose.translation.y).rounded()))
            transform = gsk_transform_translate(nil, &offset)
        } else {
            var centre = graphene_point_t(x: Float(origin.x + size.width / 2 + pose.translation.x),
                                          y: Float(origin.y + size.height / 2 + pose.translation.y))
            var back = graphene_point_t(x: Float(-size.width / 2), y: Float(-size.height / 2))
            transform = gsk_transform_translate(nil, &centre)
            transform = gsk_transform_rotate(transform, Float(pose.rotation))
            transform = gsk_transform_skew(transform, Float(pose.skewX), Float(pose.skewY))
            transform = gsk_transform_scale(transform, Float(pose.scale), Float(pose.scale))
            transform = gsk_transform_translate(transform, &back)
        }
        gtk_fixed_set_child_transform(fixed.cast(), card.button, transform)
        gsk_transform_unref(transform)
        card.setOverlay(pose.overlay)
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
