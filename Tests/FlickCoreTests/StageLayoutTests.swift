import Testing
@testable import FlickCore

/// Cards the shape of their clip, as large as the stage allows.
@Suite struct StageLayoutTests {
    static let defaultStage = StageLayout(stage: Size(900, 520))
    static let maximizedStage = StageLayout(stage: Size(1920, 820))

    @Test(arguments: [16.0 / 9, 4.0 / 3, 1, 9.0 / 16, 21.0 / 9])
    func everyCardHasItsClipsShape(aspect: Double) {
        for layout in [Self.defaultStage, Self.maximizedStage] {
            let size = layout.cardSize(aspect: aspect)
            #expect(abs(size.width / size.height - aspect) / aspect < 0.01)
            #expect(size.width <= layout.box.width && size.height <= layout.box.height)
            // As large as the room allows: one side touches the box.
            #expect(size.width >= layout.box.width - 1 || size.height >= layout.box.height - 1)
        }
    }

    @Test func portraitUsesTheWholeHeightAndWideUsesTheWholeWidth() {
        let layout = Self.maximizedStage
        #expect(layout.cardSize(aspect: 9.0 / 16).height == layout.box.height)
        #expect(Self.defaultStage.cardSize(aspect: 21.0 / 9).width == Self.defaultStage.box.width)
    }

    @Test func shapesBeyondTheRangeAreClamped() {
        #expect(StageLayout.aspect(width: 100, height: 1000) == StageLayout.narrowestAspect)
        #expect(StageLayout.aspect(width: 4000, height: 1000) == StageLayout.widestAspect)
        #expect(StageLayout.aspect(width: 1920, height: 1080) == 16.0 / 9)
        #expect(StageLayout.aspect(width: nil, height: 1080) == StageLayout.defaultAspect)
        #expect(StageLayout.aspect(width: 0, height: 0) == StageLayout.defaultAspect)
    }

    @Test func aMaximizedWideClipCoversHalfTheWindow() {
        // 1920×1040 window; the stage is what the header, progress, player
        // and action bars leave (about 820 px high).
        let size = Self.maximizedStage.cardSize(aspect: 16.0 / 9)
        #expect(size.width * size.height >= 0.5 * 1920 * 1040)
    }

    @Test func cardsBeneathShowOnlyAnEdgeBelowTheTopCard() {
        let layout = Self.defaultStage
        let top = layout.cardSize(aspect: 16.0 / 9)
        let topBottom = layout.centre.y + top.height / 2
        for aspect in [9.0 / 16, 1, 16.0 / 9, 21.0 / 9] {
            let own = layout.cardSize(aspect: aspect)
            for depth in [1.0, 2.0] {
                let (centre, scale) = layout.beneath(size: own, top: top, depth: depth)
                let shown = Size(own.width * scale, own.height * scale)
                #expect(shown.width <= top.width + 0.5, "never wider than the card above")
                #expect(shown.height <= top.height + 0.5)
                let bottom = centre.y + shown.height / 2
                #expect(abs(bottom - (topBottom + depth * StageLayout.peek)) < 0.5, "an edge of peek px per level")
            }
        }
    }

    @Test func theNextCardRisesSmoothlyIntoItsOwnPlace() {
        let layout = Self.defaultStage
        let top = layout.cardSize(aspect: 16.0 / 9), own = layout.cardSize(aspect: 9.0 / 16)
        let atTop = layout.beneath(size: own, top: top, depth: 0)
        #expect(atTop.centre == layout.centre && atTop.scale == 1)
        var previous = layout.beneath(size: own, top: top, depth: 1).scale
        for step in stride(from: 0.9, through: 0, by: -0.1) {
            let scale = layout.beneath(size: own, top: top, depth: step).scale
            #expect(scale >= previous - 1e-9, "grows steadily, no jump")
            previous = scale
        }
    }

    @Test func aTinyStageStillHasACard() {
        let size = StageLayout(stage: Size(100, 80)).cardSize(aspect: 16.0 / 9)
        #expect(size.width >= StageLayout.minimumSide)
    }
}

/// The drag physics at the card sizes the stage makes: thresholds follow the card.
@Suite struct PhysicsAtEveryCardSizeTests {
    static let sizes = [Size(852, 479), Size(1358, 764), Size(287, 511), Size(681, 511), Size(120, 213)]

    @Test(arguments: sizes)
    func thresholdsAreTheSameFractionOfEveryCard(card: Size) {
        let geometry = SwipeGeometry(card: card)
        let tuning = geometry.tuning
        let right = tuning.horizontalCommitFraction * card.width
        let up = tuning.verticalCommitFraction * card.height
        func resolve(_ offset: Vector, velocity: Vector = .zero) -> Resolution {
            DragTracker.resolve(offset: offset, velocity: velocity, geometry: geometry, availability: .all)
        }
        #expect(resolve(Vector(right * 0.99, 0)) == .snapBack)
        #expect(resolve(Vector(right, 0)) == .commit(.right))
        #expect(resolve(Vector(-right, 0)) == .commit(.left))
        #expect(resolve(Vector(0, -up)) == .commit(.up))
        #expect(resolve(Vector(0, up * 0.99)) == .snapBack)
        // A flick: a tenth of the card at fling speed.
        let flick = tuning.minimumTravel(card: card)
        #expect(resolve(Vector(flick, 0), velocity: Vector(tuning.flingSpeed(card: card), 0)) == .commit(.right))
        #expect(resolve(Vector(flick * 0.9, 0), velocity: Vector(tuning.flingSpeed(card: card) * 3, 0)) == .snapBack)
    }

    @Test(arguments: sizes)
    func aTrackedDragCommitsAndSpringsBackAtEverySize(card: Size) {
        var long = DragTracker(grab: Vector(card.width / 2, card.height / 2), card: card, time: 0)
        for step in 1...20 { long.sample(Vector(Double(step) * card.width * 0.02, 0), at: Double(step) * 0.05) }
        #expect(long.end(Vector(card.width * 0.4, 0), at: 1.05) == .commit(.right))
        var short = DragTracker(grab: Vector(card.width / 2, card.height / 2), card: card, time: 0)
        for step in 1...20 { short.sample(Vector(Double(step) * card.width * 0.005, 0), at: Double(step) * 0.05) }
        #expect(short.end(Vector(card.width * 0.1, 0), at: 1.05) == .snapBack)
        // The overlay is full at the threshold whatever the size.
        let model = PoseModel(geometry: SwipeGeometry(card: card))
        #expect(model.overlay(offset: Vector(0.35 * card.width, 0)).intensity == 1)
    }
}
