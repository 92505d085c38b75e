import Testing
@testable import FlickCore

/// A 400×600 card: thresholds are 140 px horizontally (35 %) and 150 px vertically (25 %).
let card = Size(400, 600)
let viewport = Size(1000, 800)
let geometry = SwipeGeometry(card: card)

func resolve(_ offset: Vector, velocity: Vector = .zero, availability: SwipeAvailability = .all) -> Resolution {
    DragTracker.resolve(offset: offset, velocity: velocity, geometry: geometry, availability: availability)
}

@Suite struct ThresholdTests {
    @Test func distanceCommitsExactlyAtTheThreshold() {
        #expect(resolve(Vector(139.9, 0)) == .snapBack)
        #expect(resolve(Vector(140, 0)) == .commit(.right))
        #expect(resolve(Vector(-140, 0)) == .commit(.left))
        #expect(resolve(Vector(0, -149.9)) == .snapBack)
        #expect(resolve(Vector(0, -150)) == .commit(.up))
        #expect(resolve(Vector(0, 150)) == .commit(.down))
    }

    @Test func flingNeedsSpeedAndTravel() {
        // 10 % of 400 px = 40 px of travel; one card width (400 px) per second of speed.
        #expect(resolve(Vector(40, 0), velocity: Vector(400, 0)) == .commit(.right))
        #expect(resolve(Vector(39, 0), velocity: Vector(5_000, 0)) == .snapBack, "a fast twitch alone never commits")
        #expect(resolve(Vector(100, 0), velocity: Vector(399, 0)) == .snapBack)
        #expect(resolve(Vector(60, 0), velocity: Vector(-900, 0)) == .snapBack, "speed away from the direction does not count")
        #expect(resolve(Vector(0, -60), velocity: Vector(0, -400)) == .commit(.up))
    }

    @Test func slowLongDragAlwaysCommits() {
        #expect(resolve(Vector(300, 0), velocity: .zero) == .commit(.right))
        #expect(resolve(Vector(300, 0), velocity: Vector(-2_000, 0)) == .commit(.right))
    }

    @Test func exactDiagonalsSnapBack() {
        // Only an exact diagonal, with nothing else to go by, is ambiguous.
        #expect(geometry.direction(of: Vector(200, 200)) == nil, "45°, no motion to tell")
        #expect(resolve(Vector(200, 200)) == .snapBack)
        #expect(geometry.direction(of: Vector(200, 160)) == .right, "38.7° off the horizontal")
        #expect(geometry.direction(of: Vector(100, -170)) == .up, "30.5° off vertical")
    }

    @Test func directionIsTheDominantAxisInPixels() {
        // The card's shape never pulls a drag toward an axis: 100 px right
        // against 110 px up is up, 110 right against 100 up is right.
        #expect(geometry.direction(of: Vector(100, -110)) == .up)
        #expect(geometry.direction(of: Vector(110, -100)) == .right)
        #expect(geometry.direction(of: Vector(70, -110)) == .up)
        // An arc that ends 42° low is still sideways.
        #expect(geometry.direction(of: Vector(150, 135)) == .right)
    }

    @Test func nearTheDiagonalTheWholeMotionDecides() {
        // Ends at 50° (below the diagonal), but travelled mostly sideways: a thumb's arc.
        let arcEnd = Vector(150, 179)
        #expect(geometry.direction(of: arcEnd) == .down)
        #expect(geometry.direction(of: arcEnd, motion: Vector(260, 179)) == .right)
        // Outside the band the end point alone decides.
        #expect(geometry.direction(of: Vector(100, 200), motion: Vector(400, 200)) == .down)
    }

    @Test func unavailableDirectionNeverCommits() {
        var availability = SwipeAvailability.all
        availability.allowed.remove(.down)
        #expect(resolve(Vector(0, 400), availability: availability) == .snapBack)
        #expect(resolve(Vector(0, 100), velocity: Vector(0, 3_000), availability: availability) == .snapBack)
    }
}

@Suite struct RubberBandTests {
    @Test func unavailableDirectionResistsButNeverRunsFree() {
        let onlyUp = SwipeAvailability([.up, .left, .right])
        let small = geometry.resisted(Vector(0, 10), availability: onlyUp)
        let large = geometry.resisted(Vector(0, 600), availability: onlyUp)
        let huge = geometry.resisted(Vector(0, 100_000), availability: onlyUp)
        #expect(small.y > 0 && small.y < 10, "it moves, but less than the pointer")
        #expect(large.y > small.y && huge.y > large.y, "monotonic")
        #expect(huge.y < card.height, "bounded by the card's size")
        #expect(geometry.resisted(Vector(0, -300), availability: onlyUp).y == -300, "allowed directions are free")
    }

    @Test func resistanceIsSymmetric() {
        #expect(geometry.rubberBand(-50, dimension: 400) == -geometry.rubberBand(50, dimension: 400))
        #expect(geometry.rubberBand(0, dimension: 400) == 0)
    }
}

@Suite struct PoseTests {
    let model = PoseModel(geometry: geometry)

    @Test func rotationGrowsWithHorizontalTravelUpTo15Degrees() {
        #expect(model.pose(offset: Vector(200, 0), grabbedLowerHalf: false).rotation == 7.5)
        #expect(model.pose(offset: Vector(400, 0), grabbedLowerHalf: false).rotation == 15)
        #expect(model.pose(offset: Vector(4_000, 0), grabbedLowerHalf: false).rotation == 15)
        #expect(model.pose(offset: Vector(-400, 50), grabbedLowerHalf: false).rotation == -15)
        #expect(model.pose(offset: Vector(0, -300), grabbedLowerHalf: false).rotation == 0)
    }

    @Test func grabbingTheLowerHalfFlipsTheRotation() {
        #expect(model.pose(offset: Vector(200, 0), grabbedLowerHalf: true).rotation == -7.5)
        var tracker = DragTracker(grab: Vector(200, 500), card: card)
        tracker.sample(Vector(200, 0), at: 0.1)
        #expect(tracker.pose.top.rotation == -7.5)
        var upper = DragTracker(grab: Vector(200, 100), card: card)
        upper.sample(Vector(200, 0), at: 0.1)
        #expect(upper.pose.top.rotation == 7.5)
    }

    @Test func tiltLeansTowardTheDragWithin2DLimits() {
        let pose = model.pose(offset: Vector(400, 0), grabbedLowerHalf: false)
        #expect(pose.tiltY == 8)
        #expect(abs(pose.skewY) <= 2 && abs(pose.skewX) <= 2)
        #expect(pose.scale > 1 && pose.scale <= 1.03)
        #expect(model.pose(offset: .zero, grabbedLowerHalf: false) == .rest)
    }

    @Test func overlayStartsAfter10PercentAndIsFullAtTheThreshold() {
        #expect(model.overlay(offset: Vector(14, 0)) == .none, "10 % of 140 px")
        let quarter = model.overlay(offset: Vector(14 + 126 * 0.25, 0))
        #expect(quarter.direction == .right)
        #expect(abs(quarter.intensity - 0.25) < 1e-9)
        #expect(model.overlay(offset: Vector(140, 0)) == Overlay(direction: .right, intensity: 1))
        #expect(model.overlay(offset: Vector(1_000, 0)).intensity == 1)
        #expect(model.overlay(offset: Vector(0, -150)).direction == .up)
        #expect(model.overlay(offset: Vector(-140, 0)).direction == .left)
    }

    @Test func opposingDirectionsCancel() {
        // Dragging right 100 px then back left 100 px shows nothing.
        var tracker = DragTracker(grab: Vector(200, 100), card: card)
        tracker.sample(Vector(100, 0), at: 0.1)
        #expect(tracker.pose.top.overlay.direction == .right)
        tracker.sample(Vector(0, 0), at: 0.2)
        #expect(tracker.pose.top.overlay == .none)
        tracker.sample(Vector(-100, 0), at: 0.3)
        #expect(tracker.pose.top.overlay.direction == .left)
        #expect(model.overlay(offset: Vector(200, 200)) == .none, "no overlay for an ambiguous diagonal")
    }

    @Test func nextCardRisesAsTheTopCardLeaves() {
        let rest = model.beneath(lift: 0)
        #expect(rest[0] == DepthPose(offsetY: 26, scale: 0.96))
        #expect(rest[1] == DepthPose(offsetY: 52, scale: 0.92))
        let half = model.stack(offset: Vector(70, 0), grabbedLowerHalf: false).beneath
        #expect(half[0].offsetY == 13 && abs(half[0].scale - 0.98) < 1e-9)
        let full = model.beneath(lift: 1)
        #expect(full[0] == DepthPose(offsetY: 0, scale: 1))
    }
}

@Suite struct DragTrackerTests {
    @Test func velocityComesFromTheLast100Milliseconds() {
        var tracker = DragTracker(grab: Vector(200, 100), card: card)
        tracker.sample(Vector(0, 0), at: 0.5) // long pause before the flick
        tracker.sample(Vector(10, 0), at: 0.60)
        tracker.sample(Vector(50, 0), at: 0.65)
        tracker.sample(Vector(100, 0), at: 0.70)
        #expect(abs(tracker.velocity.x - 900) < 1e-6, "(100 − 10) px over 0.1 s")
        #expect(tracker.end(Vector(100, 0), at: 0.70) == .commit(.right))
    }

    @Test func aSlowShortDragSnapsBack() {
        var tracker = DragTracker(grab: Vector(200, 100), card: card)
        for i in 1...10 { tracker.sample(Vector(Double(i) * 6, 0), at: Double(i) * 0.1) }
        #expect(tracker.end(Vector(60, 0), at: 1.0) == .snapBack)
    }

    @Test func previousIsRubberBandedOnTheFirstCard() {
        let session = ReviewSession(deck: Deck(count: 3))
        var tracker = DragTracker(grab: Vector(200, 100), card: card, availability: session.availability)
        tracker.sample(Vector(0, 400), at: 0.2)
        #expect(tracker.offset.y < 400 && tracker.offset.y > 0)
        #expect(tracker.end(Vector(0, 400), at: 0.3) == .snapBack)
    }
}

@Suite struct DirectionMappingTests {
    @Test func decisionsAndSwipesAgree() {
        for decision in Decision.allCases {
            #expect(decision.direction.action.decision == decision)
        }
        #expect(SwipeDirection.down.action == .previous)
    }
}
