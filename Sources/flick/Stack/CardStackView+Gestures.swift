import CGtk
import FlickCore
import GtkKit

/// Pointer input: a drag gesture on the untransformed GtkFixed (capture
/// phase, so it wins over the card button once the pointer moves).
extension CardStackView {
    func installGestures() {
        let drag: OpaquePointer = gtk_gesture_drag_new()
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        connect(drag, .dragBegin) { [unowned self] x, y in beginDrag(at: Vector(x, y), time: Self.eventTime(drag)) }
        connect(drag, .dragUpdate) { [unowned self] dx, dy in updateDrag(Vector(dx, dy), gesture: drag) }
        connect(drag, .dragEnd) { [unowned self] dx, dy in endDrag(Vector(dx, dy), time: Self.eventTime(drag)) }
        gtk_widget_add_controller(fixed, drag)
    }

    /// The current event's timestamp in seconds. GTK delivers motion in
    /// per-frame batches, so handler wall-clock time would compress a quick
    /// flick; the event's own time keeps the release velocity honest.
    static func eventTime(_ gesture: OpaquePointer) -> Double {
        Double(gtk_event_controller_get_current_event_time(gesture)) / 1_000
    }

    private func beginDrag(at point: Vector, time: Double) {
        guard topCard != nil else { return }
        finishTransition()
        let size = cardSize
        let origin = Vector((viewport.width - size.width) / 2, (viewport.height - size.height) / 2 - 8)
        tracker = DragTracker(grab: point - origin, card: size, tuning: tuning, availability: model.session.availability, time: time)
        frameLog?.dragging = true
    }

    private func updateDrag(_ offset: Vector, gesture: OpaquePointer) {
        guard tracker != nil else { return }
        // Claim the sequence once it is clearly a drag, so the card's click is cancelled.
        if offset.length > 8 {
            gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
        }
        tracker?.sample(offset, at: Self.eventTime(gesture))
        setNeedsRender()
    }

    private func endDrag(_ offset: Vector, time: Double) {
        guard var tracker else { return }
        let resolution = tracker.end(offset, at: time)
        self.tracker = tracker
        frameLog?.dragging = false
        switch resolution {
        case .commit(let direction):
            frameLog?.released()
            commit(direction)
        case .snapBack:
            let snap = Transition.snapBack(from: tracker.offset, velocity: tracker.velocity, model: tracker.model,
                                           grabbedLowerHalf: tracker.grabbedLowerHalf)
            self.tracker = nil
            transition = snap
            transitionStart = Self.now
        }
        setNeedsRender()
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
