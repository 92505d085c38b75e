import Testing
@testable import FlickCore

/// The eight EXIF orientations: the shown size, and turning steps that put
/// every stored pixel where the EXIF definition says a viewer shows it.
@Suite struct PhotoOrientationTests {
    /// A picture as a grid of pixel ids, turned as gdk-pixbuf turns one.
    struct Grid: Equatable {
        var width: Int, height: Int
        var pixels: [Int]  // row by row

        subscript(x: Int, y: Int) -> Int { pixels[y * width + x] }

        static func numbered(width: Int, height: Int) -> Grid {
            Grid(width: width, height: height, pixels: Array(0..<width * height))
        }

        /// A new grid of `width`×`height` whose (x, y) is `source(x, y)`.
        static func make(_ width: Int, _ height: Int, _ source: (Int, Int) -> Int) -> Grid {
            Grid(width: width, height: height, pixels: (0..<height).flatMap { y in (0..<width).map { x in source(x, y) } })
        }

        func applying(_ step: PhotoOrientation.Step) -> Grid {
            let (w, h) = (width, height)
            switch step {
            case .rotateClockwise: return .make(h, w) { x, y in self[y, h - 1 - x] }
            case .rotateCounterClockwise: return .make(h, w) { x, y in self[w - 1 - y, x] }
            case .rotateHalf: return .make(w, h) { x, y in self[w - 1 - x, h - 1 - y] }
            case .flipHorizontal: return .make(w, h) { x, y in self[w - 1 - x, y] }
            case .flipVertical: return .make(w, h) { x, y in self[x, h - 1 - y] }
            }
        }
    }

    /// What a viewer shows, straight from the EXIF definition (which stored
    /// pixel lands at each shown (x, y)).
    static func shown(_ stored: Grid, _ orientation: PhotoOrientation) -> Grid {
        let (w, h) = (stored.width, stored.height)
        switch orientation {
        case .up: return stored
        case .mirrored: return .make(w, h) { x, y in stored[w - 1 - x, y] }
        case .upsideDown: return .make(w, h) { x, y in stored[w - 1 - x, h - 1 - y] }
        case .upsideDownMirrored: return .make(w, h) { x, y in stored[x, h - 1 - y] }
        case .transposed: return .make(h, w) { x, y in stored[y, x] }
        case .rotatedClockwise: return .make(h, w) { x, y in stored[y, h - 1 - x] }
        case .transverse: return .make(h, w) { x, y in stored[w - 1 - y, h - 1 - x] }
        case .rotatedCounterClockwise: return .make(h, w) { x, y in stored[w - 1 - y, x] }
        }
    }

    @Test(arguments: PhotoOrientation.allCases)
    func stepsTurnTheStoredPictureIntoTheShownOne(orientation: PhotoOrientation) {
        let stored = Grid.numbered(width: 4, height: 3)
        let turned = orientation.steps.reduce(stored) { $0.applying($1) }
        #expect(turned == Self.shown(stored, orientation))
    }

    @Test(arguments: PhotoOrientation.allCases)
    func theShownSizeIsTheTurnedOne(orientation: PhotoOrientation) {
        let size = orientation.displayedSize(width: 868, height: 600)
        let shown = Self.shown(.numbered(width: 868 / 4, height: 600 / 4), orientation)
        #expect(size.width / 4 == shown.width && size.height / 4 == shown.height)
        #expect(orientation.swapsAxes == (orientation.rawValue >= 5))
    }

    @Test func aPhonesPortraitPhotoIsTallAndItsLoadBoxIsTurned() {
        #expect(PhotoOrientation.rotatedClockwise.displayedSize(width: 868, height: 600) == (600, 868))
        // A 176×132 tile box, for a picture decoded before its quarter turn.
        #expect(PhotoOrientation.rotatedClockwise.storedBox(width: 176, height: 132) == (132, 176))
        #expect(PhotoOrientation.upsideDown.storedBox(width: 176, height: 132) == (176, 132))
    }

    @Test func tagValuesOutsideOneToEightAreUpright() {
        for tag in [0, 9, 255, 65535, -1] { #expect(PhotoOrientation(tag: tag) == .up) }
        for tag in 1...8 { #expect(PhotoOrientation(tag: tag).rawValue == tag) }
    }
}
