import FlickCore
import Foundation

/// The folder named on the command line, scanned on its own thread from
/// the moment the process starts, while GTK starts and the window is built
/// on the main thread. The window's first `open` of that folder, the same
/// way, takes the scan instead of making it again; any other open scans
/// as before.
///
/// Threading: `start` and `claim` from the main thread, `clips(of:)` from
/// any (it waits); the scan runs on a thread of its own and hands its
/// result over under a lock.
final class EarlyScan: @unchecked Sendable {
    private let path: String
    private let recursive: Bool
    private let order: DeckOrder
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    /// Every kind of clip: the window keeps the kinds its preferences ask for.
    private var clips: [ScannedClip]?

    @MainActor private static var pending: EarlyScan?

    private init(path: String, recursive: Bool, order: DeckOrder) {
        self.path = path
        self.recursive = recursive
        self.order = order
    }

    /// Starts scanning `folder` (as the window will resolve it).
    @MainActor static func start(_ folder: URL, recursive: Bool, order: DeckOrder) {
        let scan = EarlyScan(path: folder.standardizedFileURL.path, recursive: recursive, order: order)
        pending = scan
        Thread.detachNewThread {
            let clips = try? FolderScan.scan(URL(fileURLWithPath: scan.path), recursive: recursive, order: order)
            scan.lock.withLock { scan.clips = clips }
            scan.finished.signal()
        }
    }

    /// The early scan of `folder`, if it is the one started for this folder
    /// opened this way and no one took it yet; nil otherwise.
    @MainActor static func claim(_ folder: URL, recursive: Bool, order: DeckOrder) -> EarlyScan? {
        guard let scan = pending else { return nil }
        pending = nil
        guard scan.path == folder.standardizedFileURL.path, scan.recursive == recursive, scan.order == order else { return nil }
        return scan
    }

    /// The scan's clips of `kinds`, waiting for it to finish (off the main
    /// thread: on a stalled share it never does); nil when it failed (the
    /// caller's own scan says why).
    func clips(of kinds: Set<ClipKind>) -> [ScannedClip]? {
        finished.wait()
        finished.signal()  // for any later look
        let clips = lock.withLock { self.clips }
        return clips.map { clips in kinds.count < ClipKind.allCases.count ? clips.filter { kinds.contains($0.kind) } : clips }
    }
}
