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

    /// A 8×8 opaque picture of one colour (B G R x bytes), owned by a new
    /// `Owner` that only the surface holds (watched through `watched`).
    private func frame(blue: UInt8, watched: inout Owner?) -> (ImageSurface, UnsafeMutablePointer<UInt8>)? {
        let owner = Owner()
        watched = owner
        let stride = Self.size * 4
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * Self.size)
        for pixel in 0..<(Self.size * Self.size) {
            bytes[pixel * 4] = blue
            bytes[pixel * 4 + 1] = 0
            bytes[pixel * 4 + 2] = 0
            bytes[pixel * 4 + 3] = 255
        }
        guard let surface = ImageSurface(wrapping: bytes, width: Self.size, height: Self.size, stride: stride, opaque: true, owner: owner) else {
            bytes.deallocate()
            return nil
        }
        return (surface, bytes)
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
        weak var watched: Owner?
        var image: ImageSurface?
        var pixels: UnsafeMutablePointer<UInt8>?
        do {
            var owner: Owner?
            if let made = frame(blue: 200, watched: &owner) { (image, pixels) = made }
            watched = owner
        }
        guard let bytes = pixels else { return XCTFail("no frame") }
        defer { bytes.deallocate() }

        var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(Self.size), height: Double(Self.size))
        let recording = try XCTUnwrap(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents))
        let cr = try XCTUnwrap(cairo_create(recording))
        let pattern = try XCTUnwrap(image?.recordablePattern())
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
        cairo_paint(cr)
        cairo_destroy(cr)

        // The frame goes as the next one arrives; the recording still draws it.
        image = nil
        XCTAssertNil(image)
        XCTAssertNotNil(watched, "the recording holds the frame while it lives")
        XCTAssertEqual(replayedBlue(recording), 200)

        // No copy was taken: the recording reads the bytes where they are.
        for pixel in 0..<(Self.size * Self.size) { bytes[pixel * 4] = 90 }
        XCTAssertEqual(replayedBlue(recording), 90)

        cairo_surface_destroy(recording)
        XCTAssertNil(watched, "the frame's bytes are let go with the last recording that drew them")
    }

    func testThePatternAloneKeepsNothingOnceDestroyed() throws {
        weak var watched: Owner?
        var image: ImageSurface?
        var pixels: UnsafeMutablePointer<UInt8>?
        do {
            var owner: Owner?
            if let made = frame(blue: 10, watched: &owner) { (image, pixels) = made }
            watched = owner
        }
        guard let bytes = pixels else { return XCTFail("no frame") }
        defer { bytes.deallocate() }
        let pattern = try XCTUnwrap(image?.recordablePattern())
        image = nil
        XCTAssertNil(image)
        XCTAssertNotNil(watched, "the pattern holds the frame")
        cairo_pattern_destroy(pattern)
        XCTAssertNil(watched)
    }
}
