/// The names systems give screenshots and screen recordings, matched
/// without regard to case:
///
/// - Android: `Screenshot_20240101-120000.png`,
///   `Screenshot_20240101-120000_Chrome.jpg` (Samsung),
///   `Screen_Recording_20240101-120000_YouTube.mp4`,
///   `Screenrecorder-2024-01-01-12-00-00-123.mp4`, `screen-20240101-120000.mp4`
///   (Pixel), `screenrecord.mp4` (adb);
/// - GNOME: `Screenshot from 2024-01-01 12-00-00.png`,
///   `Screenshot From …`, `Screencast from 2024-01-01 12-00-00.webm`;
/// - KDE (Spectacle): `Screenshot_20240101_120000.png`, `Screencast_….webm`;
/// - iOS: `IMG_1234.PNG` (an iPhone's camera never writes PNG),
///   `RPReplay_Final1704110400.MP4`; macOS: `Screenshot 2024-01-01 at
///   12.00.00.png`, `Screen Shot …`, `Screen Recording …`.
///
/// A name alone is not enough for a photo: `Suggestions` also asks that
/// it names no camera (`CameraMake`).
enum ScreenshotName {
    /// Names that start so are screenshots or recordings on every system above.
    static let prefixes = ["screenshot", "screen shot", "screencast", "screen recording", "screen_recording",
                           "screenrecord", "rpreplay"]

    static func matches(_ name: String) -> Bool {
        let lower = name.lowercased()
        if prefixes.contains(where: { lower.hasPrefix($0) }) { return true }
        return pixelRecording(lower) || iPhoneScreenshot(lower)
    }

    /// `screen-YYYYMMDD-HHMMSS…` (Pixel's screen recorder).
    private static func pixelRecording(_ lower: String) -> Bool {
        digitsPattern(lower, prefix: "screen-", groups: [8, 6], separator: "-")
    }

    /// `img_NNNN.png`: an iPhone's screenshot (its photos are HEIC or JPEG).
    private static func iPhoneScreenshot(_ lower: String) -> Bool {
        guard lower.hasPrefix("img_"), lower.hasSuffix(".png") else { return false }
        let digits = lower.dropFirst(4).dropLast(4)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `prefix` then runs of digits of the lengths in `groups`, joined by `separator`.
    private static func digitsPattern(_ lower: String, prefix: String, groups: [Int], separator: Character) -> Bool {
        guard lower.hasPrefix(prefix) else { return false }
        var rest = Substring(lower.dropFirst(prefix.count))
        for (position, length) in groups.enumerated() {
            if position > 0 {
                guard rest.first == separator else { return false }
                rest = rest.dropFirst()
            }
            let run = rest.prefix(length)
            guard run.count == length, run.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            rest = rest.dropFirst(length)
        }
        return true
    }
}
