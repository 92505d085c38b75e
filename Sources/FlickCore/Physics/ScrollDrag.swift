import Foundation

/// A two-finger touchpad swipe read as a drag of the top card.
///
/// A `GtkEventControllerScroll` (both axes, kinetic) on the stage feeds it:
///
///     scroll-begin  →  begin(card:tuning:availability:at:)
///     scroll        →  scroll(dx:dy:unit:at:)       deltas in surface px, event time in s
///     scroll-end    →  (nothing: `decelerate` follows at once)
///     decelerate    →  end(at:scrollVelocity:)      → Release (resolution + tracker)
///
/// GTK 4.8 emits `decelerate` right after `scroll-end` only with the KINETIC
/// flag; without it, call `end(at:)` on scroll-end (velocity from the
/// deltas' own timestamps). Read the unit (`gtk_event_controller_scroll_get_unit`)
/// in the `scroll` handler: at scroll-begin it still tells the previous
/// event's. Ignore scroll-begin while a pointer drag holds the card.
///
/// Between `begin` and `end` the accumulated offset feeds a `DragTracker`
/// exactly as a pointer drag does, so the card shows the same pose (rotation,
/// tilt, overlay) and a release resolves by the same thresholds and fling
/// rule. One touchpad unit is one pixel of card travel
/// (`pixelsPerSurfaceUnit`), so a swipe feels like a drag of the same length.
///
/// **Sign.** GTK's scroll deltas point the way the *view* moves over the
/// content (positive dx scrolls right, so content moves left); the system's
/// scrolling preference (libinput's natural scrolling) is applied before
/// GTK sees them. The card is content, so its offset is the *negated* sum of
/// the deltas: with natural scrolling, fingers moving right give dx < 0 and
/// the card moves right, as a pointer drag would. With traditional
/// scrolling the card moves as the system moves all content, opposite to
/// the fingers. Velocities map the same way.
///
/// **Wheels.** A mouse wheel never moves or decides a card: deltas whose unit
/// is `.wheel` (GTK's `GDK_SCROLL_UNIT_WHEEL`, discrete detents, no
/// scroll-end) are ignored and `scroll` returns false so the event goes on
/// up the widget tree. A `begin` followed only by wheel steps leaves no
/// drag, and its `end` returns nil. (A backend that reports touchpad
/// scrolling in wheel units with no scroll-end, as X11 does, gets no swipes.)
///
/// **Pinch and three-finger swipes** are touchpad *gesture* events
/// (`GDK_TOUCHPAD_PINCH`, `GDK_TOUCHPAD_SWIPE`), not scroll events: they never
/// reach a scroll controller, so they cannot move or decide a card.
public struct ScrollDrag: Sendable {
    /// What a scroll delta is measured in (GTK's `GdkScrollUnit`).
    public enum Unit: Sendable, Equatable {
        /// Touchpad fingers: surface pixels, a stream that ends with scroll-end.
        case surface
        /// Mouse-wheel detents (±1 per click): ignored.
        case wheel
    }

    /// Pixels of card travel per touchpad surface unit. GTK's surface unit
    /// already is a logical pixel of finger travel (1.0: a swipe moves the
    /// card as far as a pointer dragged the same distance).
    public static let pixelsPerSurfaceUnit = 1.0

    /// What releasing the fingers decided, and the drag that led there.
    public struct Release: Sendable {
        public let resolution: Resolution
        /// Release velocity used for the decision and for the fly-off or
        /// snap-back that follows (card px/s, +x right, +y down).
        public let velocity: Vector
        /// The drag as it ended: its `offset`, `model` and `grabbedLowerHalf`
        /// start the transition.
        public let tracker: DragTracker
    }

    private struct Start: Sendable {
        let card: Size
        let tuning: SwipeTuning
        let availability: SwipeAvailability
        let grab: Vector
        let time: Double
    }

    private var start: Start?
    /// The drag while the fingers move the card; nil before the first
    /// touchpad delta (and for wheel-only sequences).
    public private(set) var tracker: DragTracker?
    /// The card offset accumulated from the deltas so far (px, before resistance).
    public private(set) var offset: Vector = .zero
    /// The latest event time seen (s): the release never goes back before it.
    private var lastTime = 0.0

    public init() {}

    /// True between `begin` and `end`.
    public var isActive: Bool { start != nil }

    /// The card's pose while a swipe moves it, else nil.
    public var pose: StackPose? { tracker?.pose }

    /// Fingers touched down (scroll-begin) at `time` seconds. A swipe has no
    /// grab point; it acts as a grab at the card's centre (`grab` overrides,
    /// in card coordinates). A `begin` while active starts over.
    public mutating func begin(card: Size, tuning: SwipeTuning = SwipeTuning(),
                               availability: SwipeAvailability = .all, grab: Vector? = nil, at time: Double) {
        start = Start(card: card, tuning: tuning, availability: availability,
                      grab: grab ?? Vector(card.width / 2, card.height / 2), time: time)
        tracker = nil
        offset = .zero
        lastTime = time
    }

    /// One scroll event: deltas `dx`, `dy` in `unit`, at the event's own `time`
    /// in seconds. Returns true when it moved the card (the app then claims
    /// the event); wheel steps and deltas outside begin…end return false.
    @discardableResult
    public mutating func scroll(dx: Double, dy: Double, unit: Unit, at time: Double) -> Bool {
        guard unit == .surface, let start else { return false }
        if tracker == nil {
            tracker = DragTracker(grab: start.grab, card: start.card, tuning: start.tuning,
                                  availability: start.availability, time: start.time)
        }
        offset = offset + Self.cardOffset(dx: dx, dy: dy)
        lastTime = max(time, lastTime)
        tracker?.sample(offset, at: lastTime)
        return true
    }

    /// Fingers lifted at `time`: resolves with the velocity measured from the
    /// deltas' own timestamps. Nil when no touchpad delta moved the card.
    public mutating func end(at time: Double) -> Release? {
        finish(at: time, velocity: nil)
    }

    /// Fingers lifted, with GTK's `decelerate` velocity (`vel_x`, `vel_y` in
    /// surface units per second, the deltas' sign) as `scrollVelocity`:
    /// mapped like the deltas and used for the decision instead of the
    /// measured one — unless the fingers rested longer than
    /// `stillBeforeRelease` before lifting (then it is zero).
    public mutating func end(at time: Double, scrollVelocity: Vector) -> Release? {
        finish(at: time, velocity: Self.cardOffset(dx: scrollVelocity.x, dy: scrollVelocity.y))
    }

    /// Drops the swipe without deciding (the card was taken away, a pointer
    /// drag began).
    public mutating func cancel() {
        start = nil
        tracker = nil
        offset = .zero
    }

    /// The card offset (px) for scroll deltas: negated, scaled by `pixelsPerSurfaceUnit`.
    public static func cardOffset(dx: Double, dy: Double) -> Vector {
        Vector(-dx * pixelsPerSurfaceUnit, -dy * pixelsPerSurfaceUnit)
    }

    private mutating func finish(at time: Double, velocity: Vector?) -> Release? {
        defer { cancel() }
        guard var tracker else { return nil }
        let measured = tracker.end(offset, at: max(time, lastTime))
        guard var velocity else {
            return Release(resolution: measured, velocity: tracker.velocity, tracker: tracker)
        }
        // Fingers that rested before lifting have stopped, whatever GTK's
        // history says (the same rule as a pointer's).
        if tracker.isStill(at: tracker.latestTime) { velocity = .zero }
        let resolution = DragTracker.resolve(offset: tracker.offset, velocity: velocity, geometry: tracker.model.geometry,
                                             availability: tracker.availability, motion: tracker.travelled)
        return Release(resolution: resolution, velocity: velocity, tracker: tracker)
    }
}
