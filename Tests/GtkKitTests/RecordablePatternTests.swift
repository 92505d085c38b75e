import CGtk
import GtkKit
import XCTest

/// A video frame drawn through `ImageSurface.recordablePattern()` into a
/// cairo recording surface (what a drawing area's draw function records
/// into): the recording keeps the frame's own bytes, not a copy, as long as
/// it lives, draws them when replayed, and lets them go with its end.
final class RecordablePatternTests: XCTestCase {
    /// Stands for a decoded sample: alive while anything draws its bytes.
    private final class Owner {}

    private static let size = 8

    /// A 8×8 opaque picture of one colour (B G R x bytes) whose owner
    /// only the surface holds; the test drops `image` and watches `owner`.
    private final class Frame {
        var image: ImageSurface?
        let bytes: UnsafeMutablePointer<UInt8>
        weak var owner: Owner?

        init?(blue: UInt8) {
            let rowBytes = RecordablePatternTests.size * 4, count = rowBytes * RecordablePatternTests.size
            bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
            for pixel in stride(from: 0, to: count, by: 4) {
                bytes[pixel] = blue
                bytes[pixel + 1] = 0
                bytes[pixel + 2] = 0
                bytes[pixel + 3] = 255
            }
            let owner = Owner()
            self.owner = owner
            image = ImageSurface(wrapping: bytes, width: RecordablePatternTests.size, height: RecordablePatternTests.size,
                                 stride: rowBytes, opaque: true, owner: owner)
            // A failed init still runs deinit, which frees the bytes.
            if image == nil { return nil }
        }

        deinit { bytes.deallocate() }
    }

    /// Replays `recording` onto a fresh image and reads the blue of its middle pixel.
    private func replayedBlue(_ recording: OpaquePointer) -> UInt8? {
        guard let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(Self.size), Int32(Self.size)) else { return nil }
        defer { cairo_surface_destroy(target) }
        guard let cr = cairo_create(target) else { return nil }
        cairo_set_source_surface(cr, recording, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(target))
        return data[(Self.size / 2) * stride + (Self.size / 2) * 4]
    }

    func testARecordingDrawsTheFramesOwnBytesAndReleasesThemWithIt() throws {
        let frame = try XCTUnwrap(Frame(blue: 200))

        var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(Self.size), height: Double(Self.size))
        let recording = try XCTUnwrap(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents))
        let cr = try XCTUnwrap(cairo_create(recording))
        let pattern = try XCTUnwrap(frame.image?.recordablePattern())
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
        cairo_paint(cr)
        cairo_destroy(cr)

        // The frame goes as the next one arrives; the recording still draws it.
        frame.image = nil
        XCTAssertNotNil(frame.owner, "the recording holds the frame while it lives")
        XCTAssertEqual(replayedBlue(recording), 200)

        // No copy was taken: the recording reads the bytes where they are.
        for pixel in stride(from: 0, to: Self.size * Self.size * 4, by: 4) { frame.bytes[pixel] = 90 }
        XCTAssertEqual(replayedBlue(recording), 90)

        cairo_surface_destroy(recording)
        XCTAssertNil(frame.owner, "the frame's bytes are let go with the last recording that drew them")
    }

    func testThePatternAloneKeepsNothingOnceDestroyed() throws {
        let frame = try XCTUnwrap(Frame(blue: 10))
        let pattern = try XCTUnwrap(frame.image?.recordablePattern())
        frame.image = nil
        XCTAssertNotNil(frame.owner, "the pattern holds the frame")
        cairo_pattern_destroy(pattern)
        XCTAssertNil(frame.owner)
    }
}
