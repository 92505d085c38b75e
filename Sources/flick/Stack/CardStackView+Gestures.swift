import CGtk
import FlickCore
import GtkKit

/// Every input path that moves a card, in one place, all on the
/// untransformed stage in the capture phase (so they win over the card
/// button once something moves), all feeding one DragTracker:
///
///   mouse or touchscreen drag  GtkGestureDrag ──▶ DragTracker (press point = grab)
///   two-finger touchpad swipe  GtkEventControllerScroll (both axes, kinetic)
///                              ──▶ FlickCore's ScrollDrag ──▶ DragTracker
///
/// Nothing else on the page takes a touch sequence: no scrolled window
/// around the stage, and the player's seek bar lies outside it. A mouse
/// wheel (discrete steps) moves and decides nothing and goes on up the
/// tree; a pinch or three-finger swipe is a touchpad gesture event, which
/// no controller here handles.
extension CardStackView {
    func installGestures() {
        installDrag()
        installScroll()
    }

    private func installDrag() {
        let drag: OpaquePointer = gtk_gesture_drag_new()
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        connect(drag, .dragBegin) { [unowned self] x, y in beginDrag(at: Vector(x, y), time: Self.eventTime(drag)) }
        connect(drag, .dragUpdate) { [unowned self] dx, dy in updateDrag(Vector(dx, dy), gesture: drag) }
        connect(drag, .dragEnd) { [unowned self] dx, dy in endDrag(Vector(dx, dy), time: Self.eventTime(drag)) }
        gtk_widget_add_controller(stage.widget, drag)
    }

    /// The current event's timestamp in seconds. GTK delivers motion in
    /// per-frame batches, so handler wall-clock time would compress a quick
    /// flick; the event's own time keeps the release velocity honest.
    static func eventTime(_ gesture: OpaquePointer) -> Double {
        Double(gtk_event_controller_get_current_event_time(gesture)) / 1_000
    }

    private func beginDrag(at point: Vector, time: Double) {
        guard topCard != nil, !scrollDrag.isActive else { return }
        finishTransition()
        let size = cardSize
        let origin = layout.centre - Vector(size.width / 2, size.height / 2)
        tracker = DragTracker(grab: point - origin, card: size, tuning: tuning, availability: model.session.availability, time: time)
        sampleClock = MonotonicClock.now
    }

    private func updateDrag(_ offset: Vector, gesture: OpaquePointer) {
        guard tracker != nil else { return }
        // Claim the sequence once it is clearly a drag, so the card's click is cancelled.
        if offset.length > 8 {
            gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
        }
        tracker?.sample(offset, at: Self.eventTime(gesture))
        sampleClock = MonotonicClock.now
        setNeedsRender()
    }

    private func endDrag(_ offset: Vector, time: Double) {
        guard var tracker, !scrollDrag.isActive else { return }
        let resolution = tracker.end(offset, at: time)
        self.tracker = tracker
        resolve(resolution, tracker: tracker, velocity: tracker.velocity)
    }

    /// A released drag or swipe: commit through the action, or spring back.
    private func resolve(_ resolution: Resolution, tracker: DragTracker, velocity: Vector) {
        switch resolution {
        case .commit(let direction):
            commit(direction)
        case .snapBack:
            let snap = Transition.snapBack(from: tracker.offset, velocity: velocity, model: tracker.model,
                                           grabbedLowerHalf: tracker.grabbedLowerHalf)
            self.tracker = nil
            transition = snap
            transitionStart = MonotonicClock.now
        }
        setNeedsRender()
    }

    // MARK: Two-finger swipes

    private func installScroll() {
        let flags = GtkEventControllerScrollFlags(rawValue: GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue
                                                  | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue)
        let scroll: OpaquePointer = gtk_event_controller_scroll_new(flags)
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        connect(scroll, .void("scroll-begin")) { [unowned self] in
            // A pointer drag holding the card wins; a swipe never interrupts it.
            guard topCard != nil, tracker == nil || scrollDrag.isActive else { return }
            finishTransition()
            scrollDrag.begin(card: cardSize, tuning: tuning, availability: model.session.availability, at: Self.eventTime(scroll))
        }
        connect(scroll, .scroll) { [unowned self] dx, dy in
            // The unit of this event (at scroll-begin GTK still reports the previous one's).
            let unit: ScrollDrag.Unit = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_SURFACE ? .surface : .wheel
            guard scrollDrag.scroll(dx: dx, dy: dy, unit: unit, at: Self.eventTime(scroll)) else { return false }
            tracker = scrollDrag.tracker
            sampleClock = MonotonicClock.now
            setNeedsRender()
            return true
        }
        connect(scroll, .void("scroll-end")) { [unowned self] in
            // With KINETIC, "decelerate" follows at once with the release
            // velocity; should it not come, the deltas' own timing decides.
            let time = Self.eventTime(scroll)
            Task { @MainActor [weak self] in
                guard let self, scrollDrag.isActive else { return }
                endSwipe(scrollDrag.end(at: time))
            }
        }
        connect(scroll, .point("decelerate")) { [unowned self] vx, vy in
            endSwipe(scrollDrag.end(at: Self.eventTime(scroll), scrollVelocity: Vector(vx, vy)))
        }
        gtk_widget_add_controller(stage.widget, scroll)
    }

    /// Fingers lifted: the same thresholds and fling rule as a drag.
    private func endSwipe(_ release: ScrollDrag.Release?) {
        guard let release else { return }  // wheel steps only: nothing moved
        tracker = release.tracker
        resolve(release.resolution, tracker: release.tracker, velocity: release.velocity)
    }

    /// The fly-off for a commit, continuing the drag if there was one.
    func flyOff(_ direction: SwipeDirection) -> Transition {
        let model = poseModel
        if let tracker {
            return Transition.flyOff(direction, from: tracker.offset, velocity: tracker.velocity, model: model,
                                     viewport: viewport, grabbedLowerHalf: tracker.grabbedLowerHalf)
        }
        return Transition.flyOff(direction, model: model, viewport: viewport)
    }
}
