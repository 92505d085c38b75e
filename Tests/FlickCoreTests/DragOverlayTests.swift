import Foundation
import Testing
@testable import FlickCore

/// What you see is what you get: during a drag the overlay is at full
/// strength exactly when letting go then would decide, toward the direction
/// it would decide, and fainter otherwise.
@Suite struct DragOverlayTests {
    static let strokes: [Stroke] = [
        Stroke.along(duration: 160, every: 16, lift: 16) { s in (0.45 * s, 0.30 * s * s) },       // arc
        Stroke.along(duration: 144, every: 16, lift: 16) { s in (0.30 * s, -0.02 * s) },          // slow short flick
        Stroke.along(duration: 48, every: 16, lift: 150) { s in (0.25 * s, 0) },                  // held before lifting
        Stroke.along(duration: 600, every: 16, lift: 16) { s in (0.3 * sin(s * .pi) + 0.1 * s, 0) }, // comes back
        Stroke.along(duration: 400, every: 17, lift: 30) { s in (0.12 * s * s, -0.3 * s) },        // reading drag
        Stroke.along(duration: 900, every: 16, lift: 16) { s in (-0.5 * s, 0.05 * s) },            // slow long drag
    ]

    /// Full strength ⇔ a release would commit, at every event and at the lift.
    @Test(arguments: [phoneCard, desktopCard])
    func theOverlayIsFullExactlyWhenAReleaseWouldDecide(card: Size) {
        for stroke in Self.strokes {
            var tracker = DragTracker(grab: Vector(card.width / 2, card.height / 2), card: card, time: 0)
            for event in stroke.events {
                let time = event.ms / 1_000
                tracker.sample(Vector(event.x, event.y) * card.width, at: time)
                let overlay = tracker.pose(at: time).top.overlay
                switch tracker.resolution(at: time) {
                case .commit(let direction):
                    #expect(overlay == Overlay(direction: direction, intensity: 1))
                case .snapBack:
                    #expect(overlay.intensity <= SwipeTuning().pendingOverlayIntensity)
                }
            }
            var released = tracker
            let lift = (stroke.events.last?.ms ?? 0) / 1_000
            let shown = tracker.pose(at: lift).top.overlay
            let resolution = released.end(tracker.rawOffset, at: lift)
            #expect((shown.intensity == 1) == (resolution != .snapBack), "the lift does what the card showed")
        }
    }

    /// A quick drag shows full strength at once; resting still fades it as
    /// the release would then spring back.
    @Test func restingFadesTheOverlay() {
        var tracker = DragTracker(grab: Vector(156, 87), card: phoneCard, time: 0)
        for i in 1...3 { tracker.sample(Vector(Double(i) * 26, 0), at: Double(i) * 0.016) }
        #expect(tracker.pose(at: 0.048).top.overlay == Overlay(direction: .right, intensity: 1))
        #expect(tracker.pose(at: 0.048 + 0.09).top.overlay.intensity == 1, "still moving, as far as anyone can tell")
        let rested = tracker.pose(at: 0.048 + 0.15).top.overlay
        #expect(rested.direction == .right && rested.intensity < 1)
        #expect(tracker.resolution(at: 0.048 + 0.15) == .snapBack)
    }

    /// Passing the distance threshold shows full strength; coming back under it fades.
    @Test func comingBackUnderTheThresholdFades() {
        var tracker = DragTracker(grab: Vector(375, 210), card: desktopCard, time: 0)
        tracker.sample(Vector(300, 0), at: 1)
        #expect(tracker.pose(at: 1.5).top.overlay.intensity == 1, "40 % of the width: decided at rest")
        tracker.sample(Vector(200, 0), at: 2)
        #expect(tracker.pose(at: 2.5).top.overlay.intensity < 1)
    }

    /// Preferences change the rules the overlay and the release share.
    @Test func preferencesChangeFlingSpeedAndDistance() {
        let slow = Stroke.along(duration: 144, every: 16, lift: 16) { s in (0.30 * s, 0) }
        var strict = SwipeTuning()
        strict.flingWidthsPerSecond = 3
        #expect(slow.replay(on: phoneCard) == .commit(.right))
        #expect(slow.replay(on: phoneCard, tuning: strict) == .snapBack, "2 widths/s is under 3")
        let drift = Stroke.along(duration: 2_000, every: 16, lift: 200) { s in (0.25 * s, 0) }
        var near = SwipeTuning()
        near.horizontalCommitFraction = 0.2
        #expect(drift.replay(on: desktopCard) == .snapBack)
        #expect(drift.replay(on: desktopCard, tuning: near) == .commit(.right))
    }

    /// Fingers that rest on the touchpad before lifting have stopped: GTK's
    /// kinetic velocity (from its own history) does not fling the card.
    @Test func aTouchpadSwipeThatRestsBeforeLiftingSpringsBack() {
        var swipe = Swipe(card: desktopCard)
        swipe.move(Vector(190, 0), frames: 4)   // 25 % of the width, fast
        swipe.time += 0.2                        // the fingers rest
        #expect(swipe.lift(decelerate: Vector(-1_500, 0))?.resolution == .snapBack)
        var moving = Swipe(card: desktopCard)
        moving.move(Vector(190, 0), frames: 4)
        #expect(moving.lift(decelerate: Vector(-1_500, 0))?.resolution == .commit(.right))
    }

    /// A two-finger touchpad swipe follows the same rules: an arc decides sideways.
    @Test func aTouchpadArcDecidesSideways() {
        var swipe = Swipe(card: phoneCard)
        for i in 1...10 {
            let s = Double(i) / 10, before = Double(i - 1) / 10
            swipe.move(Vector(0.045, 0.30 * (s * s - before * before)) * phoneCard.width, frames: 1)
        }
        #expect(swipe.lift()?.resolution == .commit(.right))
    }
}
