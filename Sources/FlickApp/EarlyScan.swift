import FlickCore
import FlickStore
import Foundation

/// The folder named on the command line, scanned on its own thread from
/// the moment the process starts, while GTK starts and the window is built
/// on the main thread. The window's first `open` of that folder, the same
/// way, takes the scan instead of making it again; any other open scans
/// as before.
///
/// Whether subfolders are listed is settled on the scan's thread too (the
/// store keeps how the folder was last opened, by its resolved path: a
/// look at a share that may not answer).
///
/// Threading: `start` and `claim` from the main thread, `result(of:)` from
/// any (it waits); the scan runs on a thread of its own and hands its
/// result over under a lock.
public final class EarlyScan: @unchecked Sendable {
    private let path: String
    private let order: DeckOrder
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var recursive = false
    /// Every kind of clip: the window keeps the kinds its preferences ask for.
    private var clips: [ScannedClip]?

    @MainActor private static var pending: EarlyScan?

    private init(path: String, order: DeckOrder) {
        self.path = path
        self.order = order
    }

    /// Starts scanning `folder` (as the window will resolve it), listed as
    /// `choice` says, else as it was last opened, else as `fallback`.
    @MainActor public static func start(_ folder: URL, choice: Bool?, fallback: Bool, order: DeckOrder) {
        let scan = EarlyScan(path: folder.standardizedFileURL.path, order: order)
        pending = scan
        Thread.detachNewThread {
            let recursive = Subfolders.listing(choice, for: URL(fileURLWithPath: scan.path, isDirectory: true), fallback: fallback)
            let clips = try? FolderScan.scan(URL(fileURLWithPath: scan.path, isDirectory: true), recursive: recursive, order: scan.order)
            scan.lock.withLock { (scan.recursive, scan.clips) = (recursive, clips) }
            scan.finished.signal()
        }
    }

    /// The early scan of `folder`, if it is the one started for this folder
    /// in this order and no one took it yet; nil otherwise.
    @MainActor public static func claim(_ folder: URL, order: DeckOrder) -> EarlyScan? {
        guard let scan = pending else { return nil }
        pending = nil
        guard scan.path == folder.standardizedFileURL.path, scan.order == order else { return nil }
        return scan
    }

    /// The scan's clips of `kinds` if it listed subfolders as `recursive`
    /// says, waiting for it to finish (off the main thread: on a stalled
    /// share it never does); nil when it failed (the caller's own scan
    /// says why) or was listed the other way.
    public func clips(of kinds: Set<ClipKind>, recursive wanted: Bool) -> [ScannedClip]? {
        finished.wait()
        finished.signal()  // for any later look
        let (recursive, clips) = lock.withLock { (self.recursive, self.clips) }
        guard recursive == wanted else { return nil }
        return clips.map { clips in kinds.count < ClipKind.allCases.count ? clips.filter { kinds.contains($0.kind) } : clips }
    }
}
