import Testing
@testable import FlickCore

/// Two-finger touchpad swipes as GTK delivers them: one scroll event per
/// frame (16 ms), deltas in surface pixels with the system's natural
/// scrolling applied (fingers right → dx < 0), then scroll-end 16 ms after
/// the last delta. Pinch and three-finger swipes are touchpad gesture
/// events, not scroll events: they never reach a scroll controller, so
/// nothing here can model them beyond "no scroll deltas decide nothing".
struct Swipe {
    static let frame = 0.016
    var drag = ScrollDrag()
    var time = 0.0

    init(card: Size = Size(400, 600), availability: SwipeAvailability = .all) {
        drag.begin(card: card, availability: availability, at: time)
    }

    /// Moves the fingers by `fingers` (px, natural scrolling) over `frames` frames.
    mutating func move(_ fingers: Vector, frames: Int) {
        for _ in 0..<frames {
            time += Self.frame
            drag.scroll(dx: -fingers.x / Double(frames), dy: -fingers.y / Double(frames), unit: .surface, at: time)
        }
    }

    /// Lifts the fingers one frame after the last delta.
    mutating func lift() -> ScrollDrag.Release? {
        drag.end(at: time + Self.frame)
    }

    /// Lifts the fingers with GTK's `decelerate` velocity (scroll units/s).
    mutating func lift(decelerate: Vector) -> ScrollDrag.Release? {
        drag.end(at: time + Self.frame, scrollVelocity: decelerate)
    }
}

@Suite struct ScrollDragTests {
    @Test func fingersRightMoveTheCardRightUnderNaturalScrolling() {
        #expect(ScrollDrag.cardOffset(dx: -10, dy: 4) == Vector(10, -4))
        var swipe = Swipe()
        swipe.move(Vector(90, 0), frames: 6)
        #expect(swipe.drag.offset == Vector(90, 0))
        #expect((swipe.drag.pose?.top.rotation ?? 0) > 0, "the card leans the way it goes")
    }

    @Test func aShortFastFlickCommits() {
        var swipe = Swipe()
        swipe.move(Vector(80, 0), frames: 4) // 80 px in 64 ms: well past 800 px/s, 20 % of the width
        let release = swipe.lift()
        #expect(release?.resolution == .commit(.right))
        #expect((release?.velocity.x ?? 0) >= 800)
    }

    @Test func aSlowSwipeUnderTheThresholdSpringsBack() {
        var swipe = Swipe()
        swipe.move(Vector(120, 0), frames: 60) // 120 of 140 px, in about 1 s
        #expect(swipe.drag.pose?.top.overlay.direction == .right, "the overlay grows while the card moves")
        let release = swipe.lift()
        #expect(release?.resolution == .snapBack)
        #expect(!swipe.drag.isActive)
    }

    @Test func aSlowSwipePastTheThresholdCommits() {
        var swipe = Swipe()
        swipe.move(Vector(-160, 0), frames: 60)
        let release = swipe.lift()
        #expect(release?.resolution == .commit(.left))
        var up = Swipe()
        up.move(Vector(0, -160), frames: 60) // vertical threshold: 25 % of 600 px = 150 px
        let upward = up.lift()
        #expect(upward?.resolution == .commit(.up))
    }

    @Test func aDirectionChangeMidSwipeResolvesByTheFinalOffset() {
        var reversed = Swipe()
        reversed.move(Vector(100, 0), frames: 20)
        reversed.move(Vector(-260, 0), frames: 30) // ends 160 px left
        let release = reversed.lift()
        #expect(release?.resolution == .commit(.left))

        var hesitant = Swipe()
        hesitant.move(Vector(150, 0), frames: 20) // past the threshold…
        hesitant.move(Vector(-90, 0), frames: 30) // …then back to 60 px, moving left
        let back = hesitant.lift()
        #expect(back?.resolution == .snapBack)
    }

    @Test func aSwipeEndingWithKineticDecelerationUsesTheReleaseVelocity() {
        func slowSwipe() -> Swipe {
            var swipe = Swipe()
            swipe.move(Vector(60, 0), frames: 30) // 60 px in 0.5 s: slow, 15 % of the width
            return swipe
        }
        var measured = slowSwipe()
        let slow = measured.lift()
        #expect(slow?.resolution == .snapBack, "measured from the deltas it is slow")

        var fast = slowSwipe()
        let release = fast.lift(decelerate: Vector(-1_200, 0)) // GTK's sign: fingers moving right
        #expect(release?.resolution == .commit(.right))
        #expect(release?.velocity == Vector(1_200, 0), "the fly-off continues at the release velocity")

        var gentle = slowSwipe()
        let soft = gentle.lift(decelerate: Vector(-300, 0))
        #expect(soft?.resolution == .snapBack)
        var backwards = slowSwipe()
        let away = backwards.lift(decelerate: Vector(1_200, 0))
        #expect(away?.resolution == .snapBack)
    }

    @Test func aWheelNeverMovesOrDecides() {
        var drag = ScrollDrag()
        let moved = drag.scroll(dx: 0, dy: 1, unit: .wheel, at: 0)
        #expect(!moved, "no begin: a discrete step")
        drag.begin(card: Size(400, 600), at: 0)
        for step in 1...50 {
            let click = drag.scroll(dx: -1, dy: 0, unit: .wheel, at: Double(step) * 0.01)
            let spin = drag.scroll(dx: -500, dy: 0, unit: .wheel, at: Double(step) * 0.01 + 0.005)
            #expect(!click && !spin)
        }
        #expect(drag.pose == nil)
        #expect(drag.offset == .zero)
        let release = drag.end(at: 1)
        #expect(release == nil)
    }

    @Test func liftWithoutTouchpadDeltasDecidesNothing() {
        var drag = ScrollDrag()
        drag.begin(card: Size(400, 600), at: 0)
        let release = drag.end(at: 0.1, scrollVelocity: Vector(-5_000, 0))
        #expect(release == nil)
        let moved = drag.scroll(dx: -300, dy: 0, unit: .surface, at: 0.2)
        #expect(!moved, "deltas after the lift are ignored")
        let again = drag.end(at: 0.3)
        #expect(again == nil)
    }

    @Test func aSwipeShowsThePoseOfAPointerDragOfTheSameDistance() {
        let size = Size(400, 600)
        var swipe = Swipe(card: size)
        var pointer = DragTracker(grab: Vector(200, 300), card: size)
        for i in 1...10 {
            swipe.move(Vector(9, -3), frames: 1)
            pointer.sample(Vector(Double(i) * 9, Double(i) * -3), at: swipe.time)
            #expect(swipe.drag.pose == pointer.pose)
        }
    }

    @Test func anUnavailableDirectionResistsAndNeverCommits() {
        var availability = SwipeAvailability.all
        availability.allowed.remove(.down) // the first card has no previous
        var swipe = Swipe(availability: availability)
        swipe.move(Vector(0, 400), frames: 20)
        #expect((swipe.drag.pose?.top.translation.y ?? 0) < 400)
        let release = swipe.lift()
        #expect(release?.resolution == .snapBack)
    }

    @Test(arguments: [Size(300, 400), Size(400, 600), Size(720, 1280), Size(1280, 720), Size(160, 120)])
    func thresholdsScaleWithTheCard(size: Size) {
        let tuning = SwipeTuning()
        for direction in SwipeDirection.allCases {
            let threshold = tuning.threshold(direction, card: size)
            for (fraction, expected) in [(0.97, Resolution.snapBack), (1.03, .commit(direction))] {
                var swipe = Swipe(card: size)
                // Slow: a full second, so only the distance can decide.
                swipe.move(direction.unit * (threshold * fraction), frames: 60)
                let release = swipe.lift()
                #expect(release?.resolution == expected, "\(direction) at \(fraction) of \(threshold) px")
            }
        }
    }
}

