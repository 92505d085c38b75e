import FlickCore
import Foundation

/// What Flick suggests for each file of a folder, from facts already
/// known: a clip's duration (its print), a file's name, picture size and
/// camera metadata, content hashes (exact copies), and how bright and sharp it
/// came out (its `Quality`, measured with its print). Each file gets its
/// reasons in `Suggestion` order, none when there is nothing to say.
///
///     Suggestions.of(items, analyses: results)  // [[], [.short], [.copy, .screenshot]]
///
/// Reads only the EXIF header of photos named like a screenshot or of a
/// screen's size; the rest is pure.
public enum Suggestions {
    /// A clip shorter than this, in seconds, is `short`: a tap on the
    /// record button, not a moment (phones keep 1 s and longer on purpose).
    public static let shortClipSeconds = 1.5
    /// A photo whose brightest 1 % stays below this grey level (0–255), or
    /// a clip whose frames mostly do, is `dark`: nothing but black and
    /// noise. Tuned on real photos and clips (docs/stacks.md): blacked-out
    /// and lens-cap ones reach at most 26, correctly exposed night scenes
    /// at least 54.
    public static let darkLevel: Float = 40
    /// A photo whose `Sharpness.blur` is this or more is `blurry`: tuned
    /// on half of a set of real sharp, night, low-contrast, defocused and
    /// shaken photos (midway between its sharpest blurred photo, 0.37, and
    /// its least sharp good one, 0.28), checked on the other half
    /// (docs/stacks.md).
    public static let blurryAt: Float = 0.32
    /// A clip whose frames mostly reach this `Sharpness.blur` (`Quality`:
    /// the blur 60 % of its frames judged, one a second, reach) is
    /// `blurry`: midway between real clips as shot (at most 0.20, a soft
    /// film scene) and the same defocused (at least 0.44; docs/stacks.md).
    /// Its own figure: clips' frames are not photos, and are tuned apart.
    public static let blurryClipAt: Float = 0.32

    /// The reasons of each item (`analyses` lines up with `items`; nil
    /// where it is not known). `cameraMake` reads a photo's camera (tests
    /// pass their own).
    public static func of(_ items: [AnalysisItem], analyses: [FileAnalysis?], shortClipSeconds: Double = shortClipSeconds,
                          cameraMake: (String) -> String? = CameraMake.read(path:)) -> [[Suggestion]] {
        precondition(items.count == analyses.count)
        var found = [[Suggestion]](repeating: [], count: items.count)
        for index in items.indices {
            if case .clip(let print)? = analyses[index]?.print, let duration = print.duration, duration < shortClipSeconds {
                found[index].append(.short)
            }
            if let quality = analyses[index]?.quality {
                if quality.level < darkLevel { found[index].append(.dark) }
                // A dark picture's blur says nothing more: it is dark.
                else if let blur = quality.blur, blur >= (items[index].kind == .video ? blurryClipAt : blurryAt) {
                    found[index].append(.blurry)
                }
            }
            if isScreenshot(items[index], quality: analyses[index]?.quality, cameraMake: cameraMake) {
                found[index].append(.screenshot)
            }
        }
        for index in extraCopies(items, analyses: analyses) { found[index].append(.copy) }
        return found.map { $0.sorted() }
    }

    /// Whether `item` is a screenshot or a screen recording: named so by
    /// its system (`ScreenshotName`) or exactly a screen's size
    /// (`ScreenSize`, as its `quality` says), and — a photo — naming no
    /// camera. A clip's camera is not read.
    private static func isScreenshot(_ item: AnalysisItem, quality: Quality?, cameraMake: (String) -> String?) -> Bool {
        let clip = item.kind == .video
        var screenSized = false
        if let width = quality?.width, let height = quality?.height {
            screenSized = ScreenSize.matches(width: width, height: height, clip: clip)
        }
        guard screenSized || ScreenshotName.matches((item.path as NSString).lastPathComponent) else { return false }
        return clip || cameraMake(item.path) == nil
    }

    /// Every file with the same content as another but the one kept: the
    /// shortest name (`IMG_0007.jpg` over `IMG_0007 copy.jpg` and
    /// `IMG_0007(1).jpg`), then the oldest (modification time), then the
    /// first in deck order. The one kept is also the one on top of its
    /// stack's card (`FolderStacks`).
    static func extraCopies(_ items: [AnalysisItem], analyses: [FileAnalysis?]) -> [Int] {
        var byContent: [String: [Int]] = [:]
        for (index, analysis) in analyses.enumerated() {
            if let content = analysis?.content { byContent[content, default: []].append(index) }
        }
        var extra: [Int] = []
        for members in byContent.values where members.count > 1 {
            guard let kept = members.min(by: { keptFirst(items[$0], items[$1]) }) else { continue }
            extra += members.filter { $0 != kept }
        }
        return extra.sorted()
    }

    /// Whether `a` is kept before `b` (deck order breaks the last tie: `min` keeps the first).
    private static func keptFirst(_ a: AnalysisItem, _ b: AnalysisItem) -> Bool {
        let nameA = (a.path as NSString).lastPathComponent.utf8.count, nameB = (b.path as NSString).lastPathComponent.utf8.count
        if nameA != nameB { return nameA < nameB }
        return a.identity.mtime < b.identity.mtime
    }
}
