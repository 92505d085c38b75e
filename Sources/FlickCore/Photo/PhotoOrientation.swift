/// How a photo's stored pixels turn into the picture a viewer shows: the
/// eight values of the EXIF (TIFF) Orientation tag. A phone saves a portrait
/// photo as landscape pixels with `.rotatedClockwise` (6); the mirrored
/// values (2, 4, 5, 7) come from front cameras and editors.
///
///     PhotoOrientation.rotatedClockwise.displayedSize(width: 868, height: 600)  // (600, 868)
public enum PhotoOrientation: Int, Sendable, CaseIterable {
    /// 1: stored as shown.
    case up = 1
    /// 2: mirrored left to right.
    case mirrored = 2
    /// 3: upside down.
    case upsideDown = 3
    /// 4: mirrored top to bottom.
    case upsideDownMirrored = 4
    /// 5: the stored rows are the shown columns (transposed).
    case transposed = 5
    /// 6: turn the stored picture a quarter clockwise to show it.
    case rotatedClockwise = 6
    /// 7: transposed the other way (a half turn of 5).
    case transverse = 7
    /// 8: turn the stored picture a quarter counter-clockwise to show it.
    case rotatedCounterClockwise = 8

    /// The orientation a tag value stands for; anything outside 1…8 is `.up`,
    /// as viewers treat it.
    public init(tag: Int) {
        self = PhotoOrientation(rawValue: tag) ?? .up
    }

    /// Whether the shown picture's width is the stored height (5–8).
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The size a viewer shows for a stored `width`×`height`.
    public func displayedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// A box in the shown picture's axes, in the stored picture's axes: what
    /// to load a photo at so that, once turned, it fits the box.
    public func storedBox(width: Int, height: Int) -> (width: Int, height: Int) {
        displayedSize(width: width, height: height)
    }

    /// One step of turning a picture, as image libraries offer them.
    public enum Step: Equatable, Sendable {
        /// A quarter turn clockwise.
        case rotateClockwise
        /// A quarter turn counter-clockwise.
        case rotateCounterClockwise
        case rotateHalf
        /// Left and right swapped.
        case flipHorizontal
        /// Top and bottom swapped.
        case flipVertical
    }

    /// The steps, in order, that turn the stored picture into the shown one.
    public var steps: [Step] {
        switch self {
        case .up: []
        case .mirrored: [.flipHorizontal]
        case .upsideDown: [.rotateHalf]
        case .upsideDownMirrored: [.flipVertical]
        case .transposed: [.rotateCounterClockwise, .flipVertical]
        case .rotatedClockwise: [.rotateClockwise]
        case .transverse: [.rotateClockwise, .flipVertical]
        case .rotatedCounterClockwise: [.rotateCounterClockwise]
        }
    }
}
