import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// Plays the tile under the pointer, or the focused tile, muted and in
/// place, once it has stayed there a moment: one VideoPlayer at a time
/// (the same engine as the cards), stopped the moment the pointer or focus
/// moves on, the tile is recycled, or the overview closes. The tile's
/// poster comes back when it stops.
@MainActor
final class OverviewPreview {
    /// How long a tile must stay hovered or focused before it plays.
    static let delay: Duration = .milliseconds(600)

    private var player: VideoPlayer?
    private weak var tile: OverviewTile?
    private(set) var clipID: Int64?
    private var waiting: Task<Void, Never>?
    /// Called when the preview starts or stops.
    var onChange: () -> Void = {}
    /// The tile's poster, to put back when the preview stops.
    var poster: (Int64) -> ImageSurface? = { _ in nil }

    /// Asks to preview `tile`'s clip after the delay (nil: stop).
    func hover(_ tile: OverviewTile?, clip: ReviewClip?, path: String, playable: Bool) {
        guard tile?.clipID != clipID || tile !== self.tile else { return }
        stop()
        guard let tile, let clip, clip.kind == .video, playable else { return }
        self.tile = tile
        clipID = clip.id
        waiting = Task { @MainActor [weak self] in
            try? await Task.sleep(for: Self.delay)
            guard let self, !Task.isCancelled, self.tile === tile, tile.clipID == clip.id else { return }
            start(path: path, tile: tile)
        }
    }

    private func start(path: String, tile: OverviewTile) {
        let scale = Int(max(1, gtk_widget_get_scale_factor(tile.root.widget)))
        // Frames scaled in GStreamer to the poster box, so drawing one is a copy.
        let box = tile.posterBox ?? TileBox(width: OverviewTile.posterWidth * scale, height: OverviewTile.posterHeight * scale)
        do {
            let player = try VideoPlayer(
                path: path, maxWidth: box.width, maxHeight: box.height, muted: true,
                onFrame: { [weak self] frame in MainActor.assumeIsolated { self?.show(frame) } },
                onFailure: { [weak self] _ in MainActor.assumeIsolated { self?.stop() } })
            player.play()
            self.player = player
            onChange()
        } catch {
            stop()
        }
    }

    private func show(_ frame: VideoFrame) {
        guard player != nil, let tile, tile.clipID == clipID, let data = frame.takeBytes() else { return }
        // A new frame is a redraw of the one tile (its bytes wrapped, not copied).
        tile.setPicture(ImageSurface(adopting: data, width: frame.width, height: frame.height, stride: frame.stride, opaque: true),
                        isPoster: false)
    }

    /// Stops the preview now and puts the poster back.
    func stop() {
        waiting?.cancel()
        waiting = nil
        let wasPlaying = player != nil
        player?.stop()
        player = nil
        if wasPlaying, let tile, let clipID, tile.clipID == clipID { tile.setPicture(poster(clipID)) }
        tile = nil
        clipID = nil
        if wasPlaying { onChange() }
    }

    /// Whether `tile` is the one previewing (or about to).
    func isPreviewing(_ tile: OverviewTile) -> Bool { self.tile === tile }
}
