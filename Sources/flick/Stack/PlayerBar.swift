import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// The top card's player, right under the stage, so no words ever cover a
/// picture: play/pause (its icon shows the state), the clip's name and
/// facts, position / duration, the seek bar, the speed, sound and
/// fullscreen. Cards beneath have no caption at all.
///
///   render pass ──change──▶ PlayerBar ◀── timing (pushed 4×/s while playing, and on seeks and
///                                          state changes) ── top card's player's outbox
///   seek bar ──▶ top card's player (seek)      buttons ──▶ GActions (FlickAction)
///
/// The seek bar sits outside the stage, so pressing or dragging on it never
/// starts a card drag.
@MainActor
final class PlayerBar {
    /// The bar's widgets (player-bar.ui); the builder keeps them, so the
    /// caption survives moving between the bar and its own line.
    private let ui: Builder
    let root: Typed<Kinds.Box>
    /// Where the caption goes in a narrow window: its own line above the
    /// bar (the page places it), so the clip's name keeps its room.
    let captionLine: Typed<Kinds.Box>
    private let model: ReviewModel
    private let stack: CardStackView
    private let playButton: Typed<Kinds.Button>
    private let muteButton: Typed<Kinds.Button>
    private let fullscreenButton: Typed<Kinds.Button>
    private let caption: Typed<Kinds.Label>
    private let positionLabel: Typed<Kinds.Label>
    private let seekBar: Typed<Kinds.Scale>
    private let speedLabel: Typed<Kinds.Label>
    /// The user moved the seek bar at this time: the player catches up first.
    private var userSeekAt = -10.0
    /// The seek bar's name says the time ("Position in the clip: 0:03 of
    /// 0:12"): GTK 4.8 gives screen readers no value text, and Orca read the
    /// bare seconds ("horizontal slider 0.8").
    private var spokenPosition = ""
    private var settingValue = false
    /// A narrow window: the speed goes (the keys still change it) and the
    /// seek bar takes less room.
    private var isNarrow = false
    /// What the top clip's player last pushed.
    private(set) var timing = PlaybackTiming()
    /// What a seek asked for by key says once it lands ("Forward 5
    /// seconds"), with where the clip is then; the last seek's words win.
    private var seekWords: String?
    /// Speaks to screen-reader users (set by the window).
    var announce: (String) -> Void = { _ in }

    init(model: ReviewModel, stack: CardStackView) {
        self.model = model
        self.stack = stack
        ui = Builder(resource: InterfaceBundle.path("ui/player-bar.ui"))
        root = ui.widget("bar")
        playButton = Typed(Self.button(ui, "play", does: .playPause))
        caption = ui.widget("caption")
        positionLabel = ui.widget("position")
        seekBar = ui.widget("seek-bar")
        speedLabel = ui.widget("speed")
        muteButton = Typed(Self.button(ui, "mute", does: .mute))
        fullscreenButton = Typed(Self.button(ui, "fullscreen", does: .fullscreen))
        captionLine = ui.widget("caption-line")
        connect(seekBar, .void("value-changed")) { [unowned self] in
            guard !settingValue else { return }
            userSeekAt = MonotonicClock.now
            seek(to: gtk_range_get_value(seekBar.cast()))
        }
        stack.onTopTiming = { [unowned self] timing in show(timing) }
    }

    /// The button `id` of player-bar.ui, given what it does, its icon, hint,
    /// name and keys, all from `action`.
    private static func button(_ ui: Builder, _ id: String, does action: FlickAction) -> Widget {
        let button = ui.widget(id)
        gtk_button_set_icon_name(button.cast(), action.iconName)
        gtk_actionable_set_action_name(button.opaque, action.detailedName)
        // Read once on the first focus too (GTK 4.8 would send it twice).
        FocusHint.set(button, action.tooltip)
        Accessibility.setLabel(button, action.label)
        Accessibility.setKeyShortcuts(button, action.ariaShortcuts)
        return button
    }

    // MARK: Requests

    /// Seeks the top clip to `seconds`, or by `delta` from where it is.
    func seek(to seconds: Double? = nil, by delta: Double = 0) {
        guard let card = stack.topCard, card.isVideo else { return }
        card.seek(to: seconds, by: delta)
    }

    /// Seeks by key and says `words` with the position the clip landed on
    /// ("Forward 5 seconds: 0:07 of 0:15."), once, from the pipeline's
    /// own position after the seek (the target posted first can differ).
    func seek(to seconds: Double? = nil, by delta: Double = 0, saying words: String) {
        guard let card = stack.topCard, card.isVideo else { return }
        seekWords = words
        card.seek(to: seconds, by: delta)
    }

    /// Shows whether the window is fullscreen (the button's icon).
    func setFullscreen(_ fullscreen: Bool) {
        let action: FlickAction = fullscreen ? .leaveFullscreen : .fullscreen
        gtk_button_set_icon_name(fullscreenButton.cast(), action.iconName)
        FocusHint.set(fullscreenButton.widget, action.tooltip)
        Accessibility.setLabel(fullscreenButton, action.label)
    }

    /// Fits a narrow window (see `isNarrow`).
    func setNarrow(_ narrow: Bool) {
        guard narrow != isNarrow else { return }
        isNarrow = narrow
        gtk_widget_set_size_request(seekBar.widget, narrow ? 48 : 120, -1)
        if narrow {
            gtk_box_remove(root.cast(), caption.widget)
            gtk_box_append(captionLine.cast(), caption.widget)
        } else {
            gtk_box_remove(captionLine.cast(), caption.widget)
            gtk_box_insert_child_after(root.cast(), caption.widget, playButton.widget)
        }
        gtk_widget_set_visible(captionLine.widget, narrow ? 1 : 0)
        describeTop()
    }

    // MARK: Following the model

    /// The player bar's part of the render pass: the top clip's name and
    /// facts when the deck or its facts changed, the buttons when playback did.
    func render(_ change: ReviewChange) {
        if change.touchesDeck {
            // A new top clip: what its player pushed while it was beneath.
            timing = stack.topCard?.lastTiming ?? PlaybackTiming()
            describeTop()
        } else if let id = change.facts, id == model.top?.id {
            describeTop()
        } else if change.insights {
            describeTop()
        }
        if change.playback { showPlayback() }
    }

    /// The top clip's name, facts, size and suggestion; the player parts
    /// only for a clip.
    private func describeTop() {
        let facts = model.facts(at: model.cursor)
        let name = model.top?.name ?? ""
        let isVideo = model.top?.kind == .video && facts.problem == nil
        // The file's size and why it is suggested, once the analysis knows.
        let size = model.bytes(at: model.cursor).map(FileSize.words) ?? ""
        let reason = Words.suggested(model.suggestions(at: model.cursor)) ?? ""
        gtk_label_set_text(caption.opaque, [name, Self.details(facts, timed: isVideo), size, reason].filter { !$0.isEmpty }.joined(separator: " · "))
        for part in [positionLabel.widget, seekBar.widget] { gtk_widget_set_visible(part, isVideo ? 1 : 0) }
        gtk_widget_set_visible(speedLabel.widget, isVideo && !isNarrow ? 1 : 0)
        gtk_widget_set_hexpand(caption.widget, isVideo && !isNarrow ? 0 : 1)
        showTiming()
        showPlayback()
    }

    /// The caption's details after the name: the duration only when the
    /// position label ("0:01 / 0:15") does not already show it, so it is
    /// said once; then the size, or "sound only".
    static func details(_ facts: ClipFacts, timed: Bool) -> String {
        guard timed, let duration = facts.duration, let summary = facts.summary else { return facts.summary ?? "" }
        let shown = ClipInfo.formatDuration(duration)
        guard summary.hasPrefix(shown) else { return summary }
        return String(summary.dropFirst(shown.count)).trimmingPrefix(" · ").description
    }

    /// Play/pause and sound icons, and the speed (with "paused" when it is).
    private func showPlayback() {
        let playback = model.playback
        gtk_button_set_icon_name(playButton.cast(), playback.paused ? "media-playback-start-symbolic" : "media-playback-pause-symbolic")
        Accessibility.setLabel(playButton, playback.paused ? tr("Play") : tr("Pause"))
        gtk_button_set_icon_name(muteButton.cast(), playback.muted ? "audio-volume-muted-symbolic" : "audio-volume-high-symbolic")
        Accessibility.setLabel(muteButton, playback.muted ? tr("Sound Off (Unmute)") : tr("Sound On (Mute)"))
        let speed = Words.speed(playback.rate)
        gtk_label_set_text(speedLabel.opaque, playback.paused ? tr("Paused · %@", speed) : speed)
        if playback.paused { gtk_widget_add_css_class(speedLabel.widget, "paused") } else { gtk_widget_remove_css_class(speedLabel.widget, "paused") }
    }

    private func showTiming() {
        let duration = timing.duration ?? model.facts(at: model.cursor).duration
        gtk_label_set_text(positionLabel.opaque, Words.position(timing.position, of: duration))
        nameSeekBar(duration: duration)
        guard MonotonicClock.now - userSeekAt > 0.6 else { return }
        settingValue = true
        gtk_range_set_range(seekBar.cast(), 0, max(duration ?? 1, 0.1))
        gtk_range_set_value(seekBar.cast(), timing.position ?? 0)
        settingValue = false
    }

    /// Names the seek bar with the time, when it changed: while the bar has
    /// the focus only after the user moved it (a playing clip would have
    /// Orca read every second).
    private func nameSeekBar(duration: Double?) {
        let seconds = ClipInfo.formatDuration(max(0, (timing.position ?? 0).rounded(.down)))
        let words = duration.map { tr("Position in the clip: %@ of %@", seconds, ClipInfo.formatDuration($0)) }
            ?? tr("Position in the clip: %@", seconds)
        guard words != spokenPosition else { return }
        let focused = gtk_widget_has_focus(seekBar.widget) != 0
        guard !focused || MonotonicClock.now - userSeekAt < 1.5 else { return }
        spokenPosition = words
        Accessibility.setLabel(seekBar, words)
    }

    // MARK: Where the clip is

    /// A timing pushed by the top clip's player.
    private func show(_ timing: PlaybackTiming) {
        self.timing = timing
        showTiming()
        guard timing.seekLanded, let words = seekWords else { return }
        seekWords = nil
        let now = ClipInfo.formatDuration(max(0, (timing.position ?? 0).rounded(.down)))
        let duration = timing.duration ?? model.facts(at: model.cursor).duration
        announce(duration.map { tr("%@: %@ of %@.", words, now, ClipInfo.formatDuration($0)) } ?? tr("%@: %@.", words, now))
    }
}
