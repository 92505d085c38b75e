import Foundation
import Testing
@testable import FlickCore

/// A stroke as a touchscreen or pointer reports it: the press, then events
/// (milliseconds after the press; x, y in card widths, +y down), the last one
/// the lift. Each one below reproduces a way real people's flicks used to
/// spring back (measured with `flick-bench gestures` on the Touchalytics
/// study's swipes, which are not copied here), made of round numbers.
struct Stroke {
    var events: [(ms: Double, x: Double, y: Double)]

    /// The drag the window would make of it on a card of `size`, released
    /// at the last event: the same calls GtkGestureDrag's handlers make.
    func replay(on size: Size, tuning: SwipeTuning = SwipeTuning()) -> Resolution {
        var tracker = DragTracker(grab: Vector(size.width / 2, size.height / 2), card: size, tuning: tuning, time: 0)
        for event in events.dropLast() {
            tracker.sample(Vector(event.x, event.y) * size.width, at: event.ms / 1_000)
        }
        guard let lift = events.last else { return .snapBack }
        return tracker.end(Vector(lift.x, lift.y) * size.width, at: lift.ms / 1_000)
    }

    /// Mirrored left to right.
    var mirrored: Stroke { Stroke(events: events.map { ($0.ms, -$0.x, $0.y) }) }

    /// Events every `every` ms along `path` (s from 0 to 1) for `duration` ms,
    /// starting `start` ms after the press; the lift `lift` ms after the last.
    static func along(start: Double = 0, duration: Double, every: Double, lift: Double,
                      _ path: (Double) -> (x: Double, y: Double)) -> Stroke {
        let count = Int((duration / every).rounded())
        var events: [(ms: Double, x: Double, y: Double)] = []
        for i in 1...count {
            let point = path(Double(i) / Double(count))
            events.append((start + Double(i) * every, point.x, point.y))
        }
        if let last = events.last { events.append((last.ms + lift, last.x, last.y)) }
        return Stroke(events: events)
    }
}

/// A 16:9 clip's card in a 360 × 640 window, and a 4:3 picture's in a
/// 1280 × 800 window (StageLayout): wide cards are where the old rules
/// pulled sideways drags toward vertical the most.
let phoneCard = Size(312, 175)
let desktopCard = Size(758, 569)

@Suite struct RealSwipeTests {
    /// A thumb flicks in an arc: 45 % of the width sideways, ending 30 %
    /// of the width low (34° off the horizontal) — on a 4:3 or 16:9 card
    /// that is more of the height's threshold than of the width's, which
    /// used to pull it toward vertical and then outside the 40° cone.
    @Test(arguments: [phoneCard, desktopCard])
    func anArcFlickDecidesSideways(card: Size) {
        let arc = Stroke.along(duration: 160, every: 16, lift: 16) { s in (0.45 * s, 0.30 * s * s) }
        #expect(arc.replay(on: card) == .commit(.right))
        #expect(arc.mirrored.replay(on: card) == .commit(.left))
    }

    /// A hesitant press: the finger rests 200 ms (the panel repeating its
    /// position every 16 ms), then flicks a quarter of the width at 2.2
    /// widths/s. The rest must not dilute the release speed, and on a
    /// phone's card that speed is under the old fixed 800 px/s.
    @Test func aHesitantPressThenAFlickDecides() {
        var rest = Stroke(events: (1...13).map { (Double($0) * 16, 0, 0) })
        let flick = Stroke.along(start: 208, duration: 112, every: 16, lift: 16) { s in (0.25 * s, 0.01 * s) }
        rest.events += flick.events
        #expect(rest.replay(on: phoneCard) == .commit(.right))
        #expect(rest.replay(on: desktopCard) == .commit(.right))
    }

    /// Events 9–35 ms apart with one batched jump (60 ms, 15 % of the
    /// width at once), lifted 35 ms after the last move: a steady 2.5
    /// widths/s flick of a third of the width.
    @Test func irregularSpacingWithABatchedJumpDecides() {
        // Gaps 9, 26, 17, 9, then the jump (60 ms), 9; the lift 35 ms later.
        let moves: [Double] = [9, 35, 52, 61, 121, 130]
        var stroke = Stroke(events: moves.map { ms in (ms, 2.5 * ms / 1_000, 0.004) })
        stroke.events.append((165, 2.5 * 0.130, 0.004))
        #expect(stroke.replay(on: phoneCard) == .commit(.right))
        #expect(stroke.replay(on: desktopCard) == .commit(.right))
    }

    /// A slow, short flick on a phone's card: 30 % of 312 px in 144 ms
    /// (2 widths/s, 650 px/s), under the distance threshold.
    @Test func aSlowShortFlickOnAPhoneCardDecides() {
        let flick = Stroke.along(duration: 144, every: 16, lift: 16) { s in (0.30 * s, -0.02 * s) }
        #expect(flick.replay(on: phoneCard) == .commit(.right))
        #expect(flick.mirrored.replay(on: phoneCard) == .commit(.left))
    }

    /// A quick flick of 30 % of the width in 48 ms, then the panel repeats
    /// the last position every 16 ms until the lift 90 ms later (no motion
    /// is reported as the finger leaves the glass).
    @Test(arguments: [phoneCard, desktopCard])
    func aRepeatedLastPositionKeepsTheFlick(card: Size) {
        var flick = Stroke.along(duration: 48, every: 12, lift: 90) { s in (0.30 * s, 0.005 * s) }
        let last = flick.events[flick.events.count - 2]
        let repeats = (1...5).map { (ms: last.ms + Double($0) * 16, x: last.x, y: last.y) }
        flick.events.insert(contentsOf: repeats, at: flick.events.count - 1)
        #expect(flick.replay(on: card) == .commit(.right))
    }

    // What must not change.

    /// A short hesitant drag that comes back springs back.
    @Test(arguments: [phoneCard, desktopCard])
    func aHesitantDragThatComesBackSpringsBack(card: Size) {
        let back = Stroke.along(duration: 600, every: 16, lift: 16) { s in (0.3 * sin(s * .pi) + 0.1 * s, 0.01 * s) }
        #expect(back.replay(on: card) == .snapBack)
    }

    /// A drag that stops and rests before letting go springs back, however
    /// fast it moved before.
    @Test(arguments: [phoneCard, desktopCard])
    func aFlickHeldStillBeforeLiftingSpringsBack(card: Size) {
        let held = Stroke.along(duration: 48, every: 16, lift: 150) { s in (0.25 * s, 0) }
        #expect(held.replay(on: card) == .snapBack)
    }

    /// A reading drag up the card that drifts sideways never decides sideways.
    @Test(arguments: [phoneCard, desktopCard])
    func aVerticalDragThatDriftsNeverDecidesSideways(card: Size) {
        let read = Stroke.along(duration: 400, every: 17, lift: 30) { s in (0.12 * s * s, -0.3 * s) }
        let resolution = read.replay(on: card)
        #expect(resolution != .commit(.right) && resolution != .commit(.left))
    }

    /// A tap or a finger's wobble (under 20 units of the study, 6 % of the
    /// width) never decides, however quick — on a wide card too, where a
    /// tenth of the height used to be enough for a vertical fling.
    @Test(arguments: [phoneCard, desktopCard, Size(1011, 569)])
    func aWobbleNeverDecides(card: Size) {
        let wobble = Stroke.along(duration: 32, every: 8, lift: 8) { s in (0.06 * s, 0.01 * s) }
        #expect(wobble.replay(on: card) == .snapBack)
        let down = Stroke.along(duration: 32, every: 8, lift: 8) { s in (0.01 * s, 0.06 * s) }
        #expect(down.replay(on: card) == .snapBack)
    }
}
