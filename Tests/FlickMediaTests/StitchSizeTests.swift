import Testing
@testable import FlickMedia

/// A stitched video takes the clips' most common size, capped, unless asked.
@Suite struct StitchSizeTests {
    func clip(_ width: Int, _ height: Int) -> Stitcher.Clip {
        Stitcher.Clip(path: "/v/\(width)x\(height).mp4",
                      info: ClipInfo(duration: 1, width: width, height: height, hasVideo: true, videoCodec: "video/x-h264", audioCodec: nil))
    }

    @Test func theMostCommonSizeWinsNotTheFirst() {
        let size = Stitcher.frameSize(for: [clip(7680, 4320), clip(1280, 720), clip(1280, 720), clip(640, 480)])
        #expect(size == (1280, 720))
    }

    @Test func largeSizesAreCappedAt1080p() {
        #expect(Stitcher.frameSize(for: [clip(7680, 4320)]) == (1920, 1080))
        #expect(Stitcher.frameSize(for: [clip(2160, 3840), clip(2160, 3840)]) == (1080, 1920))
    }

    @Test func anAskedSizeIsTakenAsIs() {
        #expect(Stitcher.frameSize(for: [clip(7680, 4320)], requested: (3840, 2160)) == (3840, 2160))
        #expect(Stitcher.method(for: [clip(640, 480), clip(640, 480)], destination: "/o/x.mp4", size: (320, 240)) == .reencode)
    }
}
