import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// One side of Compare: a button holding the picture (a photo upright, a
/// clip's poster frame) and the caption under it, named for screen
/// readers with the file's name, size in pixels and bytes, its decision
/// and whether it is the chosen side.
///
/// Threading: the picture, its size and the file's bytes are read off the
/// main thread (`load`); what comes back for a clip no longer shown is dropped.
@MainActor
final class CompareSide {
    let box: Typed<Kinds.Box>
    let button: Typed<Kinds.Button>
    private let picture: Typed<Kinds.Picture>
    private let caption: Typed<Kinds.Label>
    /// The clip shown, and what was read of it.
    private var clipID: Int64?
    private var loaded: Loaded?
    /// The side's accessible name ("Left: IMG_2001.jpg, 4032×3024, 3.1 MB").
    private(set) var spokenName = ""
    /// Keeps the pixels the picture's texture shares.
    private var image: ImageSurface?

    /// The box a picture is read into, in pixels: both sides alike, so a
    /// photo and its smaller copy are shown at the same size, each sharp
    /// enough for a large screen's half.
    nonisolated static let pictureBox = TileBox(width: 2048, height: 2048)

    /// What `load` read of a file.
    struct Loaded: Sendable {
        var image: ImageSurface?
        var width: Int?
        var height: Int?
        var bytes: Int64?
    }

    init(box: Widget, button: Widget, picture: Widget, caption: Widget) {
        self.box = Typed(box)
        self.button = Typed(button)
        self.picture = Typed(picture)
        self.caption = Typed(caption)
    }

    /// Shows `clip` (at `path`); `changed` runs once its picture and
    /// numbers are in.
    func show(clip: ReviewClip, path: String, facts: ClipFacts, changed: @escaping @MainActor () -> Void) {
        guard clip.id != clipID else { return }
        clipID = clip.id
        loaded = Loaded(width: facts.width, height: facts.height)
        image = nil
        gtk_picture_set_paintable(picture.cast(), nil)
        let id = clip.id, kind = clip.kind, service = MediaService.app
        Task { @MainActor [weak self] in
            let result = await OffMain.run { Self.load(path: path, kind: kind, service: service) }
            guard let self, clipID == id else { return }
            loaded = Loaded(image: result.image, width: result.width ?? facts.width, height: result.height ?? facts.height,
                            bytes: result.bytes)
            image = result.image
            gtk_picture_set_paintable(picture.cast(), result.image?.sharedTexture)
            changed()
        }
    }

    /// Names the side: "Left: IMG_2001.jpg, 4032×3024, 3.1 MB, chosen".
    func describe(side: String, name: String, decision: String?, chosen: Bool) {
        var parts = [name]
        if let width = loaded?.width, let height = loaded?.height { parts.append("\(width)×\(height)") }
        if let bytes = loaded?.bytes { parts.append(FileSize.words(bytes)) }
        if let decision { parts.append(decision) }
        gtk_label_set_text(caption.cast(), parts.joined(separator: " · "))
        if chosen { parts.append(tr("chosen")) }
        spokenName = tr("%@: %@", side, parts.joined(separator: ", "))
        Accessibility.setLabel(button, spokenName)
    }

    /// Off the main thread: the picture fitted to `pictureBox`, its size
    /// as shown and the file's bytes (nil for what cannot be read).
    nonisolated static func load(path: String, kind: ClipKind, service: MediaService) -> Loaded {
        var loaded = Loaded()
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path), let size = attributes[.size] as? NSNumber {
            loaded.bytes = size.int64Value
        }
        switch kind {
        case .photo:
            if let size = try? PhotoFile.info(path: path) { (loaded.width, loaded.height) = (size.width, size.height) }
            loaded.image = PhotoFile.load(path: path, fitting: (pictureBox.width, pictureBox.height))
        case .video:
            if let frame = try? service.poster(path: path) {
                loaded.image = TileSurface.fitting(frame, in: pictureBox)
            }
        }
        return loaded
    }
}
