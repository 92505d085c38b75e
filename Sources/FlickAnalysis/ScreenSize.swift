/// The pixel sizes of common screens, either way up: a picture of exactly
/// one of them, that names no camera, is a screenshot or a screen
/// recording even when it was renamed (`Suggestions`).
///
///     ScreenSize.matches(width: 2400, height: 1080, clip: false)  // true: a phone's screen, sideways
///     ScreenSize.matches(width: 4032, height: 3024, clip: false)  // false: a phone camera's photo
enum ScreenSize {
    /// Phones' screens (portrait): Android's common 20:9 and 16:9 panels
    /// (1080 × 2400, 1440 × 3200, 1080 × 1920) and the iPhones' (750 × 1334
    /// the 6–8 and SE, 828 × 1792 the XR/11, 1242 × 2688 the XS Max/11 Pro
    /// Max, 1170 × 2532 the 12–14, 1284 × 2778 the 12–13 Pro Max,
    /// 1179 × 2556 and 1290 × 2796 the 14 Pro–15 Pro Max). Desktops' and
    /// laptops' (landscape): the most used in desktop screen statistics,
    /// HD to 4K and the MacBooks' Retina panels. No camera takes photos at
    /// any of these sizes (its sensor is 4:3 or 3:2), and a camera photo
    /// names its camera, so it is never suggested.
    static let sizes: Set<Size> = [
        Size(1080, 2400), Size(1170, 2532), Size(1284, 2778), Size(1440, 3200), Size(750, 1334),
        Size(1080, 1920), Size(1242, 2688), Size(828, 1792), Size(1179, 2556), Size(1290, 2796),
        Size(1920, 1080), Size(2560, 1440), Size(1366, 768), Size(1280, 800), Size(1440, 900),
        Size(1536, 864), Size(2880, 1800), Size(3840, 2160), Size(2560, 1600), Size(1280, 720),
    ]
    /// The sizes every camera and phone records video at (720p, 1080p and
    /// 4K, either way up): a clip of one of them says nothing about a
    /// screen, so only the other sizes make a clip a screen recording.
    static let cameraVideoSizes: Set<Size> = [Size(1280, 720), Size(1920, 1080), Size(3840, 2160)]

    struct Size: Hashable {
        let width: Int
        let height: Int

        init(_ width: Int, _ height: Int) {
            self.width = width
            self.height = height
        }

        /// The same size the other way up.
        var turned: Size { Size(height, width) }
    }

    /// Whether a picture of `width` × `height` (a `clip`'s frames, or a
    /// photo) is exactly a screen's, either way up.
    static func matches(width: Int, height: Int, clip: Bool) -> Bool {
        let size = Size(width, height)
        guard sizes.contains(size) || sizes.contains(size.turned) else { return false }
        return !clip || !(cameraVideoSizes.contains(size) || cameraVideoSizes.contains(size.turned))
    }
}
