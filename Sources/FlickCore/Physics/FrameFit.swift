/// The size a live clip's frames are scaled to by the media engine, in
/// device pixels, for a card of a given size.
///
/// Where GTK draws with cairo (software), every pixel the main thread
/// scales costs it CPU on every frame, so frames come exactly at the size
/// they are drawn: the picture letterboxed in its card, one side equal to
/// the card's, scaled up by GStreamer off the main thread when the clip is
/// smaller than the card. Where GTK draws with the GPU, frames come at most
/// the card's size: a smaller frame is scaled there for nothing.
public struct FrameFit: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// Scaled to exactly `width`×`height` (up as well as down), not at most.
    public var exact: Bool
    /// The clip's stored picture lies on its side: it is scaled to
    /// `height`×`width` and then turned upright.
    public var turned: Bool

    public init(width: Int, height: Int, exact: Bool, turned: Bool = false) {
        self.width = width
        self.height = height
        self.exact = exact
        self.turned = turned
    }

    /// Frames for a card of `box` device pixels whose clip is shown at
    /// `picture` (nil or empty: not known yet). With `exactly` and a known
    /// picture: its letterboxed size in whole pixels, never over the box,
    /// one side the box's own (so drawing it is a 1:1 copy). Otherwise at
    /// most the box, in the clip's own shape. `turned`: the stored picture
    /// lies on its side (`picture` is the upright size).
    public static func card(box: (width: Int, height: Int), picture: (width: Int, height: Int)?, turned: Bool = false,
                            exactly: Bool) -> FrameFit {
        let boxWidth = max(2, box.width), boxHeight = max(2, box.height)
        guard exactly, let picture, picture.width > 0, picture.height > 0 else {
            return FrameFit(width: boxWidth, height: boxHeight, exact: false, turned: turned)
        }
        let pictureWidth = Double(picture.width), pictureHeight = Double(picture.height)
        // Width-limited when the box is relatively narrower than the picture.
        if boxWidth * picture.height <= boxHeight * picture.width {
            let height = (Double(boxWidth) * pictureHeight / pictureWidth).rounded()
            return FrameFit(width: boxWidth, height: min(boxHeight, max(2, Int(height))), exact: true, turned: turned)
        }
        let width = (Double(boxHeight) * pictureWidth / pictureHeight).rounded()
        return FrameFit(width: min(boxWidth, max(2, Int(width))), height: boxHeight, exact: true, turned: turned)
    }
}
