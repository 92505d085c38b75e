import FlickCore
import Testing

@Suite struct FrameFitTests {
    @Test func aSmallClipIsScaledUpToFillItsCardExactly() {
        let fit = FrameFit.card(box: (1000, 750), picture: (640, 480), exactly: true)
        #expect(fit == FrameFit(width: 1000, height: 750, exact: true))
    }

    @Test func aLargeClipIsScaledDownToItsCard() {
        let fit = FrameFit.card(box: (1000, 563), picture: (3840, 2160), exactly: true)
        #expect(fit == FrameFit(width: 1000, height: 563, exact: true))
    }

    @Test func aPortraitClipInAWideBoxFillsItsHeight() {
        let fit = FrameFit.card(box: (900, 600), picture: (1080, 1920), exactly: true)
        #expect(fit == FrameFit(width: 338, height: 600, exact: true))
        // A phone's clip stored on its side: the same upright size, marked turned.
        #expect(FrameFit.card(box: (900, 600), picture: (1080, 1920), turned: true, exactly: true)
                == FrameFit(width: 338, height: 600, exact: true, turned: true))
    }

    @Test func unknownPicturesAndGPUDrawingAskForAtMostTheBox() {
        #expect(FrameFit.card(box: (1000, 750), picture: nil, exactly: true) == FrameFit(width: 1000, height: 750, exact: false))
        #expect(FrameFit.card(box: (1000, 750), picture: (0, 0), exactly: true) == FrameFit(width: 1000, height: 750, exact: false))
        #expect(FrameFit.card(box: (1000, 750), picture: (640, 480), exactly: false) == FrameFit(width: 1000, height: 750, exact: false))
    }

    @Test func neverBelowTwoPixels() {
        let fit = FrameFit.card(box: (1000, 10), picture: (20000, 2), exactly: true)
        #expect(fit.width >= 2 && fit.height >= 2)
        #expect(FrameFit.card(box: (0, 0), picture: (640, 480), exactly: true).width >= 2)
    }

    /// The card draws a frame at the scale that letterboxes it in the box:
    /// an exact fit has one side equal to the box and none over it, so
    /// that scale is exactly 1 (a copy, no resampling on the main thread).
    @Test func everyExactFitIsDrawnOneToOne() {
        for boxWidth in stride(from: 120, through: 1920, by: 37) {
            for boxHeight in stride(from: 90, through: 1200, by: 41) {
                for picture in [(640, 480), (1920, 1080), (1080, 1920), (1440, 1080), (720, 576), (4000, 3000), (17, 1000)] {
                    let fit = FrameFit.card(box: (boxWidth, boxHeight), picture: picture, exactly: true)
                    #expect(fit.width <= boxWidth && fit.height <= boxHeight)
                    let scale = min(Double(boxWidth) / Double(fit.width), Double(boxHeight) / Double(fit.height))
                    #expect(scale == 1, "box \(boxWidth)×\(boxHeight), picture \(picture)")
                }
            }
        }
    }
}
