import FlickCore
import Foundation

/// Replays real strokes on a card exactly as the window feeds a drag: a
/// `DragTracker` made at the press, `sample` for every move with the event's
/// own time, `end` at the lift (the window's GtkGestureDrag handlers do the
/// same with GTK's event times), and counts what the rules decided.
struct GestureReplay {
    /// Strokes that move less than this (units, about 3 mm) are taps and a
    /// finger's wobble: they must never decide.
    static let wobbleReach = 20.0
    /// A horizontal flick is counted when its press-to-lift movement is at
    /// least this (units): below it some are real small flicks, some not.
    static let flickNet = 40.0
    /// Held still: within this many units of the press …
    static let stillUnits = 3.0
    /// … for at least this long (ms) before moving.
    static let heldMilliseconds = 100.0
    /// Ends farther from horizontal than this (degrees): an arc (a flick
    /// that drifts 50 px vertically over 150 px ends 18° off).
    static let arcDegrees = 20.0
    /// Lifted short of the farthest point by more than this fraction: came back.
    static let cameBackFraction = 0.25
    /// A batched jump: one step at least this many times the stroke's median step …
    static let jumpRatio = 3.0
    /// … and at least this long (units).
    static let jumpUnits = 30.0
    /// Under the distance threshold's default (35 % of 320 units): a short flick.
    static let shortUnits = 112.0

    let card: Size
    var tuning = SwipeTuning()

    /// What the rules made of one stroke on this card.
    func resolve(_ stroke: GestureStroke) -> Resolution {
        let events = stroke.events
        guard let first = events.first, let last = events.last, events.count >= 2 else { return .snapBack }
        let scale = card.width / GestureStroke.phoneWidth
        func offset(_ e: GestureStroke.Event) -> Vector { Vector((e.x - first.x) * scale, (e.y - first.y) * scale) }
        func seconds(_ e: GestureStroke.Event) -> Double { (e.time - first.time) / 1_000 }
        var tracker = DragTracker(grab: Vector(card.width / 2, card.height / 2), card: card, tuning: tuning, time: 0)
        for event in events.dropFirst().dropLast() {
            tracker.sample(offset(event), at: seconds(event))
        }
        return tracker.end(offset(last), at: seconds(last))
    }

    /// Why a flick was missed, read from the stroke itself (not from the
    /// rules), first match in this order.
    static func cause(of stroke: GestureStroke) -> String {
        let events = stroke.events
        guard let first = events.first else { return "other" }
        let net = stroke.net
        let sign = net.x >= 0 ? 1.0 : -1.0
        let farthest = events.map { ($0.x - first.x) * sign }.max() ?? 0
        if farthest > 0, abs(net.x) < (1 - cameBackFraction) * farthest { return "came back" }
        if let moved = events.first(where: { hypot($0.x - first.x, $0.y - first.y) > stillUnits }),
           moved.time - first.time >= heldMilliseconds { return "held before moving" }
        let steps = zip(events, events.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }.filter { $0 > 0 }
        let median = steps.isEmpty ? 0 : steps.sorted()[steps.count / 2]
        if let longest = steps.max(), longest >= jumpUnits, longest >= jumpRatio * median { return "batched jump" }
        if atan2(abs(net.y), abs(net.x)) * 180 / .pi > arcDegrees { return "arc" }
        if abs(net.x) < shortUnits { return "short" }
        return "long, straight"
    }
}
