import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// The card stack: the top card and two beneath it on a GtkFixed, each
/// placed by a transform computed from FlickCore's pose on every frame.
///
///   ReviewController ──(deck, outcomes)──▶ CardStackView ──(transforms)──▶ GtkFixed
///          ▲                                   │ drag gesture on the (untransformed) fixed
///          └────────────(commit / action)──────┘
///
/// The stack decides nothing: drags go through DragTracker and commits go
/// back to the controller, which applies them to the InputQueue.
@MainActor
final class CardStackView {
    /// What the stack needs to know about a card.
    struct CardSource {
        let name: String
        let path: String
        let kind: ClipKind
    }

    /// A scrolled window with no scrollbars: it keeps the cards' transformed
    /// bounds (which GtkFixed measures) from resizing the window.
    let root: Widget
    /// The untransformed parent of the cards; the drag gesture sits here.
    let fixed: Widget
    var tuning = SwipeTuning()
    /// Called when a drag commits in a direction.
    var onCommit: ((SwipeDirection) -> Void)?
    /// Called when the top card is clicked without dragging.
    var onActivateTop: (() -> Void)?
    /// Supplies a card's caption and its accessible label.
    var describe: ((Int) -> (caption: String, accessible: String))?

    var cards: [Int: CardView] = [:]
    private(set) var sources: [CardSource] = []
    /// Index of the top card.
    private(set) var cursor = 0
    /// The card currently flying off (drawn above the top card).
    var leaving: CardView?
    var transition: Transition?
    var transitionStart: Double = 0
    var tracker: DragTracker?
    var availability = SwipeAvailability.all
    var muted = true
    /// Whether clips start again when they end (a preference).
    var loops = true
    /// The user paused the top clip (Space or a click).
    var paused = false
    /// The window is hidden or minimized: nothing plays.
    var hidden = false {
        didSet {
            topCard?.setPlaying(!paused && !hidden)
            onStateChange?()
        }
    }
    /// Called when the top clip starts or stops playing, or a poster arrives.
    var onStateChange: (() -> Void)?
    /// Poster frames already decoded, by path (a few cards' worth).
    private var posters: [String: RawFrame] = [:]
    private var posterOrder: [String] = []
    /// Poster frames taken from the thumbnail cache, and decoded (then cached).
    static var postersFromCache = 0
    static var postersDecoded = 0
    /// How many poster frames stay decoded in memory.
    static let posterCacheSize = 8
    /// Why a clip cannot be shown, by path (set by discovery or a poster).
    var problems: [String: String] = [:]
    private var needsRender = true
    private var renderedViewport = Size(0, 0)
    private var tick: TickCallback?
    private var shownMoving = false
    /// Frame timings for `flick-bench frames` (only with FLICK_FRAME_LOG).
    private(set) var frameLog: FrameLog?

    init() {
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

    /// Replaces the deck.
    func load(_ sources: [CardSource], cursor: Int) {
        finishTransition()
        for card in cards.values { remove(card) }
        cards.removeAll()
        self.sources = sources
        show(cursor: cursor, transition: nil)
    }

    /// Moves the top to `cursor`, animating with `transition` (nil: instant).
    /// `leavingPosition` is the card that flies off, if any.
    func show(cursor: Int, transition: Transition?, leavingPosition: Int? = nil) {
        finishTransition()
        tracker = nil
        self.cursor = cursor
        if let leavingPosition, let card = cards.removeValue(forKey: leavingPosition) {
            leaving = card
            card.setMuted(true) // sound only ever from the top card
            Accessibility.setHidden(card.button, true)
        }
        let wanted = Set((cursor..<min(cursor + 1 + PoseModel.visibleBeneath, sources.count)))
        for (position, card) in cards where !wanted.contains(position) {
            remove(card)
            cards[position] = nil
        }
        for position in wanted.sorted() where cards[position] == nil {
            let source = sources[position]
            let card = CardView(position: position, name: source.name, path: source.path, kind: source.kind)
            connect(card.button, .clicked) { [unowned self] in
                if position == self.cursor { onActivateTop?() }
            }
            gtk_fixed_put(fixed.cast(), card.button, 0, 0)
            let size = cardSize
            gtk_widget_set_size_request(card.button, Int32(size.width), Int32(size.height))
            cards[position] = card
        }
        restack()
        refreshDescriptions()
        for (position, card) in cards {
            // Top and next are live (next prerolled); deeper cards show posters.
            if position <= cursor + 1 && problems[card.path] == nil {
                let pixels = framePixels
                let path = card.path
                card.goLive(maxWidth: pixels.width, maxHeight: pixels.height, muted: true, loops: loops) { [weak self] error in
                    self?.setProblem(error.description, path: path)
                }
                card.onNewFrame = { [weak self] in
                    guard let self, position == self.cursor else { return }
                    frameLog?.newTopFrame = true
                }
            } else if card.kind == .video && !card.isLive {
                requestPoster(for: card)
            }
            card.setProblem(problems[card.path])
            gtk_widget_set_focusable(card.button, position == cursor ? 1 : 0)
            Accessibility.setHidden(card.button, position != cursor)
            gtk_widget_set_can_target(card.button, position == cursor ? 1 : 0)
            card.setMuted(muted || position != cursor)
            card.setPlaying(position == cursor && !paused && !hidden)
        }
        if let transition {
            self.transition = transition
            transitionStart = Self.now
        } else {
            leaving.map(remove)
            leaving = nil
        }
        needsRender = true
    }

    var topCard: CardView? { cards[cursor] }

    /// Marks a clip as broken (`reason` says why) on any card showing it.
    func setProblem(_ reason: String, path: String) {
        problems[path] = reason
        for card in cards.values where card.path == path { card.setProblem(reason) }
    }

    /// Decodes a poster frame off the main thread, scaled to the card.
    private func requestPoster(for card: CardView) {
        if let frame = posters[card.path] {
            card.setPoster(frame)
            return
        }
        guard problems[card.path] == nil else { return }
        let path = card.path
        Task { @MainActor [weak self] in
            let result = await Task.detached(priority: .utility) { () -> Result<(RawFrame, Bool), MediaError> in
                if let cached = ThumbnailCache.lookup(path) { return .success((cached, true)) }
                return Result { () throws(MediaError) in
                    let frame = try PosterFrame.render(path: path, maxSize: ThumbnailCache.size)
                    ThumbnailCache.store(frame, for: path)
                    return (frame, false)
                }
            }.value
            guard let self else { return }
            switch result {
            case .success(let (frame, cached)):
                if cached { Self.postersFromCache += 1 } else { Self.postersDecoded += 1 }
                onStateChange?()
                posters[path] = frame
                posterOrder.append(path)
                if posterOrder.count > Self.posterCacheSize { posters[posterOrder.removeFirst()] = nil }
                for card in cards.values where card.path == path { card.setPoster(frame) }
            case .failure(let error):
                setProblem(error.description, path: path)
            }
        }
    }

    /// Re-reads every visible card's caption and accessible label.
    func refreshDescriptions() {
        for (position, card) in cards {
            guard let text = describe?(position) else { continue }
            card.setCaption(text.caption)
            Accessibility.setLabel(card.button, text.accessible)
        }
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

    private func remove(_ card: CardView) {
        gtk_fixed_remove(fixed.cast(), card.button)
        if card.isLive { scheduleTrim() }
        card.dispose()
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

        let model = poseModel
        var stack = model.stack(offset: .zero, grabbedLowerHalf: false)
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
        for (position, card) in cards {
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
}
