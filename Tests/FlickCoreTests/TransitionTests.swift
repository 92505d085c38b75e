import Testing
@testable import FlickCore

@Suite struct SpringTests {
    let tuning = SwipeTuning()

    func spring(_ x0: Double, _ v0: Double) -> Spring {
        Spring(dampingRatio: tuning.springDampingRatio, response: tuning.springResponse, from: x0, velocity: v0)
    }

    @Test(arguments: [(120.0, 0.0), (-80.0, 400.0), (30.0, -900.0), (0.0, 1_200.0)])
    func startsAtTheReleaseAndConverges(x0: Double, v0: Double) {
        let s = spring(x0, v0)
        #expect(s.value(at: 0) == x0)
        #expect(abs(s.velocity(at: 0) - v0) < abs(v0) * 0.01 + 1)
        #expect(abs(s.value(at: s.settleTime)) <= Spring.restDistance + 1e-9)
        #expect(abs(s.value(at: 5)) < 1e-3)
        for step in 0...500 {
            let t = Double(step) * 0.004
            #expect(abs(s.value(at: t)) <= s.amplitudeBound + 1e-9, "t = \(t)")
        }
    }

    @Test func overshootFromRestIsSlight() {
        let s = spring(100, 0)
        let lowest = (0...1_000).map { s.value(at: Double($0) * 0.001) }.min() ?? 0
        #expect(lowest < 0, "a damping ratio of 0.75 overshoots a little")
        #expect(lowest > -5, "by under 5 % (theory: 2.8 %)")
    }

    @Test func dampingRatioOneAndAboveDoNotOvershoot() {
        for ratio in [1.0, 1.5] {
            let s = Spring(dampingRatio: ratio, response: 0.4, from: 100, velocity: 0)
            #expect((0...1_000).allSatisfy { s.value(at: Double($0) * 0.002) >= -1e-9 })
        }
    }
}

@Suite struct TransitionTests {
    let model = PoseModel(geometry: geometry)

    @Test func snapBackStartsAtTheReleasePoseAndEndsAtRest() {
        let release = Vector(90, -20)
        // A slow drag held in the lower half, let go under the threshold:
        // the spring starts from the pose (and the fainter overlay) it showed.
        var drag = DragTracker(grab: Vector(200, 500), card: card, time: 0)
        drag.sample(release, at: 0.5)
        #expect(drag.end(release, at: 0.5) == .snapBack)
        let t = Transition.snapBack(from: release, velocity: drag.velocity, model: model, grabbedLowerHalf: true)
        #expect(t.pose(at: 0).top == drag.pose.top)
        #expect(t.duration > 0.2 && t.duration < 1.5)
        #expect(t.pose(at: t.duration).top == .rest)
    }

    @Test func flyOffLeavesTheScreenWithin350Milliseconds() {
        for direction in SwipeDirection.allCases {
            let t = Transition.flyOff(direction, model: model, viewport: viewport)
            #expect(t.duration > 0 && t.duration <= 0.350 + 1e-9)
            let end = t.offset(at: t.duration)
            let radius = card.diagonal / 2
            let gone = abs(end.x) >= viewport.width / 2 + radius - 1e-6 || abs(end.y) >= viewport.height / 2 + radius - 1e-6
            #expect(gone, "\(direction) ends fully off-screen at \(end)")
        }
    }

    @Test func flyOffContinuesAFastReleaseAndNeverGoesSlowerThan1500() {
        let fast = Transition.flyOff(.right, from: Vector(150, 0), velocity: Vector(4_000, 0), model: model, viewport: viewport)
        let d = 0.01
        #expect(abs((fast.offset(at: d).x - 150) / d - 4_000) < 1e-6)
        #expect(fast.offset(at: 0) == Vector(150, 0), "continuous at release")
        let slow = Transition.flyOff(.right, from: Vector(150, 0), velocity: Vector(100, 0), model: model, viewport: viewport)
        #expect((slow.offset(at: d).x - 150) / d >= 1_500 - 1e-6)
    }

    @Test func nextCardSettlesInTheSameTime() {
        let t = Transition.flyOff(.left, from: Vector(-70, 0), model: model, viewport: viewport)
        let start = t.pose(at: 0).beneath[0]
        let end = t.pose(at: t.duration).beneath[0]
        #expect(start.offsetY == 13, "it starts where the drag left it")
        #expect(end == DepthPose(offsetY: 0, scale: 1))
    }

    @Test func bringBackReturnsACardFromOffScreen() {
        let t = Transition.bringBack(from: .right, model: model, viewport: viewport)
        #expect(t.offset(at: 0).x >= viewport.width / 2)
        #expect(t.pose(at: t.duration).top == .rest)
    }

    @Test func reducedMotionMakesEveryTransitionInstant() {
        var tuning = SwipeTuning()
        tuning.reducedMotion = true
        let model = PoseModel(geometry: SwipeGeometry(tuning: tuning, card: card))
        let all = [
            Transition.snapBack(from: Vector(80, 0), velocity: .zero, model: model, grabbedLowerHalf: false),
            Transition.flyOff(.up, model: model, viewport: viewport),
            Transition.bringBack(from: .left, model: model, viewport: viewport),
        ]
        for t in all {
            #expect(t.duration == 0)
            #expect(t.isFinished(at: 0))
        }
        #expect(all[0].pose(at: 0).top == .rest)
    }
}
