import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// One card: a flat button the shape of its clip (focusable, with a click
/// action for screen readers) holding the picture and the swipe overlay.
/// Its words (name, position, speed) are on the player bar, for the top
/// card only, so nothing is written over the picture.
///
/// The card draws what it is told: CardStackView sets its size, transform,
/// overlay and media state from the stage layout and FlickCore's pose.
///
/// The picture is a drawing area that paints a cairo image surface wrapping
/// the frame's own bytes (CardCanvas): a new frame is a `queue_draw`, not a
/// new texture for GTK to convert and lay out again.
@MainActor
final class CardView {
    /// The card's widgets (card.ui), ours for the card's life whether or
    /// not the stack still holds them: the builder keeps what it built.
    private let ui: Builder
    let button: Typed<Kinds.Button>
    let clipID: Int64
    /// The file version the card was made for (a new version makes a new card).
    let version: String
    private let canvas = CardCanvas()
    /// The strip of this card that shows below the top card at rest (a
    /// widget of the stage, placed by it).
    private(set) lazy var peek = CardPeek { [weak self] in self?.canvas.image }
    /// What letting go now would do.
    private let swipeBadge: CardBadge
    private let problem: Typed<Kinds.Label>
    /// The card's decision, as on the overview's tile (icon and word on the
    /// decision's colour, bottom left): a decided clip that comes back on
    /// top says what it got.
    private let decisionBadge: CardBadge
    private var shownDecision: Decision?
    /// A stack's card: which member is on top ("2 of 5 similar"), top right.
    private let stackBadge: CardBadge
    /// A sound icon and "Sound only", for a clip with no picture.
    private let sound: Typed<Kinds.Box>
    private var player: VideoPlayer?
    private var wantsPlaying = false
    private var appliedRate = 1.0
    /// The size the card was last laid out at.
    var laidOutSize = Size(0, 0)
    /// What the live clip's frames are scaled to (`CardStackView.frameFit`).
    private(set) var frameFit: FrameFit?
    /// Called after each new frame is set on the picture.
    var onNewFrame: (() -> Void)?
    /// Called with where the live clip is, as its player pushes it.
    var onTiming: ((PlaybackTiming) -> Void)?
    /// What the live clip's player last pushed.
    private(set) var lastTiming: PlaybackTiming?
    private var shownDirection: SwipeDirection?
    let path: String
    let kind: ClipKind
    /// A card; a video card plays only once `goLive()` is called and shows
    /// its poster frame (`setPoster`) until then.
    init(clip: ReviewClip, path: String) {
        clipID = clip.id
        version = clip.version
        self.path = path
        kind = clip.kind
        ui = Builder(resource: InterfaceBundle.path("ui/card.ui"))
        button = ui.widget("card")
        swipeBadge = CardBadge(ui, "swipe")
        decisionBadge = CardBadge(ui, "decision")
        stackBadge = CardBadge(ui, "stack")
        problem = ui.widget("problem")
        sound = ui.widget("sound")
        gtk_overlay_set_child(ui.widget("overlay").opaque, canvas.area)

        canvas.onImage = { [weak self] in self?.peek.redraw() }
        if kind == .photo { loadPhoto() }
    }

    /// Decodes the photo off the main thread (a 12-megapixel HEIC takes
    /// over a second) and shows it when it is in, if the card still is.
    private func loadPhoto() {
        let path = path
        Task { @MainActor [weak self] in
            let image = await Task.detached(priority: .userInitiated) { CardCanvas.photo(path: path) }.value
            self?.canvas.image = image
        }
    }

    /// Whether the card draws its own picture (it does not while its peek
    /// shows what can be seen of it, shadow included: `peeking` in
    /// style.css).
    func setPictureShown(_ shown: Bool) {
        guard shown != pictureShown else { return }
        pictureShown = shown
        gtk_widget_set_opacity(canvas.area, shown ? 1 : 0)
        if shown { gtk_widget_remove_css_class(button.widget, "peeking") } else { gtk_widget_add_css_class(button.widget, "peeking") }
    }
    private var pictureShown = true

    /// Opens the clip's pipeline, prerolled and paused, its frames scaled to
    /// `maxWidth`×`maxHeight` pixels: the top card and the one beneath it are
    /// live, so the next clip shows its first frame and plays the moment it
    /// is on top. `onFailure` hears why a clip cannot play.
    func goLive(fit: FrameFit, order: PixelOrder, muted: Bool, loops: Bool = true, onFailure: @escaping @MainActor (MediaError) -> Void) {
        guard kind == .video, player == nil else { return }
        frameFit = fit
        do {
            player = try VideoPlayer(
                path: path, maxWidth: fit.width, maxHeight: fit.height, exactly: fit.exact, turned: fit.turned, order: order, muted: muted, loops: loops,
                onFrame: { [weak self] frame in MainActor.assumeIsolated { self?.show(frame) } },
                onTiming: { [weak self] timing in MainActor.assumeIsolated { self?.arrived(timing) } },
                onFailure: { error in MainActor.assumeIsolated { onFailure(error) } })
        } catch {
            onFailure(error)
        }
    }

    /// Scales the live clip's later frames to a new size.
    func fit(_ fit: FrameFit) {
        guard let player, fit != frameFit else { return }
        frameFit = fit
        player.fit(maxWidth: fit.width, maxHeight: fit.height, exactly: fit.exact, turned: fit.turned)
    }

    private func show(_ frame: VideoFrame) {
        guard player != nil, let storage = frame.takeStorage() else { return }
        if canvas.image?.width != frame.width || canvas.image?.height != frame.height {
            Log.debug("card \(clipID) frames are \(frame.width)×\(frame.height) (asked \(frameFit.map { "\($0.exact ? "" : "at most ")\($0.width)×\($0.height)" } ?? "-"))", category: "stage")
        }
        // Video frames are opaque: cairo's RGB24 is the same B G R x bytes,
        // drawn from the decoded buffer itself (R G B A ones only as textures).
        canvas.image = ImageSurface(wrapping: storage.bytes, width: frame.width, height: frame.height, stride: frame.stride,
                                    opaque: true, rgba: frame.order == .rgba, owner: storage)
        onNewFrame?()
    }

    var isLive: Bool { player != nil }

    /// The part of this card another card hides, in the card's own
    /// coordinates (nil: none): it is not drawn, so a frame of the card
    /// above costs this one nothing.
    func setCovered(_ rect: CardCanvas.Cover?) { canvas.covered = rect }

    /// Whether the stack is moving (the picture is then drawn unfiltered).
    func setMoving(_ moving: Bool) { canvas.moving = moving }

    /// The colour laid over a card dragged towards `direction`, at up to
    /// 45 %: style.css's named colour for it (the badges use the same).
    func tintColour(_ direction: SwipeDirection) -> (red: Double, green: Double, blue: Double) {
        var colour = GdkRGBA()
        // GTK 4.8's way to read a named colour (deprecated from 4.10).
        guard gtk_style_context_lookup_color(gtk_widget_get_style_context(button.widget), direction.tintColourName, &colour) != 0 else {
            return (0.5, 0.5, 0.5)
        }
        return (Double(colour.red), Double(colour.green), Double(colour.blue))
    }

    /// Whether a card lies above this one (it then has a lighter shadow).
    func setBeneath(_ beneath: Bool) {
        guard beneath != isBeneath else { return }
        isBeneath = beneath
        if beneath { gtk_widget_add_css_class(button.widget, "beneath") } else { gtk_widget_remove_css_class(button.widget, "beneath") }
    }
    private var isBeneath = false

    /// Shows a still frame (a card further down, not yet live).
    func setPoster(_ frame: RawFrame) {
        guard player == nil else { return }
        canvas.image = frame.bytes.withUnsafeBytes {
            ImageSurface(copying: $0, width: frame.width, height: frame.height, stride: frame.stride, opaque: true)
        }
    }

    /// Shows the card's decision (nil: undecided, no badge).
    func setDecision(_ decision: Decision?) {
        guard decision != shownDecision else { return }
        decisionBadge.show(decision.map { ($0.direction, OverviewTile.iconName($0), Words.decision($0)) },
                           replacing: shownDecision?.direction)
        shownDecision = decision
        gtk_widget_set_visible(decisionBadge.box.widget, decision == nil ? 0 : 1)
    }

    /// Shows a stack's count (`icon` and words; nil: the card is no stack).
    func setStack(_ count: (icon: String, word: String)?) {
        if let count { stackBadge.show(icon: count.icon, word: count.word) }
        gtk_widget_set_visible(stackBadge.box.widget, count == nil ? 0 : 1)
    }

    /// The icon of a stack's count: pages for similar ones, a copy, a camera for a Live Photo.
    static func stackIcon(_ kind: StackKind) -> String {
        switch kind {
        case .similar: "view-paged-symbolic"
        case .copy: "edit-copy-symbolic"
        case .live: "camera-photo-symbolic"
        }
    }

    /// Shows the sound sign on a clip with no picture (it plays its sound).
    func setSoundOnly(_ soundOnly: Bool) {
        gtk_widget_set_visible(sound.widget, soundOnly ? 1 : 0)
    }

    /// Shows why the clip cannot be played; the card can still be decided.
    /// A damaged file (`broken` false) shows what it can beneath the words.
    func setProblem(_ text: String?, broken: Bool = true) {
        gtk_label_set_text(problem.opaque, text ?? "")
        gtk_widget_set_visible(problem.widget, text == nil ? 0 : 1)
        if text != nil && broken { gtk_widget_add_css_class(button.widget, "broken") }
        // A damaged file's words sit at the top, over the part that is missing least.
        gtk_widget_set_valign(problem.widget, broken ? GTK_ALIGN_CENTER : GTK_ALIGN_START)
    }

    /// Shows the swipe overlay toward `direction` at `intensity` (0…1):
    /// colour, icon and a word, so nothing relies on colour alone.
    func setOverlay(_ overlay: Overlay) {
        if overlay.direction != shownDirection {
            swipeBadge.show(overlay.direction.map { ($0, $0.iconName, $0.overlayText) }, replacing: shownDirection)
            shownDirection = overlay.direction
        }
        canvas.tint = overlay.direction.map { CardCanvas.Tint(colour: tintColour($0), alpha: overlay.intensity * 0.45) }
        gtk_widget_set_opacity(swipeBadge.box.widget, overlay.intensity)
    }

    var isVideo: Bool { kind == .video }
    /// Whether the clip's pipeline is really playing (not only asked to).
    var isPlaying: Bool { player?.isPlaying ?? false }

    func setPlaying(_ playing: Bool) {
        guard let player, playing != wantsPlaying else { return }
        wantsPlaying = playing
        if playing { player.play() } else { player.pause() }
    }

    /// Plays at `rate` (1: normal speed) from where it is.
    func setRate(_ rate: Double) {
        guard let player, rate != appliedRate else { return }
        appliedRate = rate
        player.setRate(rate)
    }

    /// Seeks to `seconds`, or by `delta` from where the clip is.
    func seek(to seconds: Double? = nil, by delta: Double = 0) {
        guard let player else { return }
        if let seconds { player.seek(to: seconds) } else { player.seek(by: delta) }
    }

    private func arrived(_ timing: PlaybackTiming) {
        lastTiming = timing
        onTiming?(timing)
    }

    /// Whether the clip's pipeline plays without sound (nil: not live).
    var isMuted: Bool? { player?.isMuted }

    func setMuted(_ muted: Bool) {
        player?.setMuted(muted)
    }

    /// Stops playback now and lets the pipeline go (the stack has taken the
    /// card off); the widgets are freed with the card.
    func stopPlayback() {
        guard let player else { return }
        player.stop()
        self.player = nil
        lastTiming = nil
        canvas.image = nil
    }
}
