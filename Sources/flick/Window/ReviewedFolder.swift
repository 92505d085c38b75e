import CGtk
import FlickCore
import FlickStore
import Foundation
import GtkKit

/// The folder under review and its place in the decision store: scans it,
/// reconciles the store, rebuilds the session, persists every action, and
/// watches the folder so new, removed and renamed files reach the deck.
@MainActor
final class ReviewedFolder {
    let url: URL
    let recursive: Bool
    /// Videos, and photos unless the preference leaves them out.
    let kinds: Set<ClipKind>
    let order: DeckOrder
    let store: Store
    let record: FolderRecord
    /// Called (debounced) after files appear, vanish or are renamed.
    var onChange: (() -> Void)?

    private var monitor: OpaquePointer?
    private var pending: Task<Void, Never>?
    /// Milliseconds to wait after the last file event before rescanning
    /// (a copy of many files arrives as a burst of events).
    static let settleMilliseconds: UInt64 = 600

    /// Opens `url` in `store`. Throws `FolderError` or `StoreError`.
    init(url: URL, recursive: Bool, order: DeckOrder, kinds: Set<ClipKind>, store: Store) throws {
        self.url = url
        self.kinds = kinds
        self.recursive = recursive
        self.order = order
        self.store = store
        record = try store.folder(at: url)
        try store.checkStoredPaths(record)
    }

    /// Reconciles a scan (a fresh one unless `scanned` is given): the deck
    /// in order, and its session.
    func load(scanned given: [ScannedClip]? = nil) throws -> (sync: SyncResult, session: ReviewSession) {
        let scanned = try given ?? FolderScan.scan(url, recursive: recursive, order: order, kinds: kinds)
        let sync = try store.sync(record, with: scanned)
        return (sync, try store.session(for: record, deck: sync.clips))
    }

    /// Persists what the session just did; durable when this returns.
    func record(_ outcome: ActionOutcome, session: ReviewSession) throws(StoreError) {
        try store.record(outcome, session: session, folder: record)
    }

    /// A stored clip as the review model knows it.
    static func reviewClip(_ clip: StoredClip) -> ReviewClip {
        let version = clip.identity.map { "\($0.device):\($0.inode):\($0.size):\($0.mtime)" } ?? ""
        return ReviewClip(id: clip.id, relativePath: clip.relativePath, name: RawPath.display(clip.relativePath), kind: clip.kind,
                          version: version, storedProblem: clip.problem)
    }

    /// Starts watching the folder (its direct children) for changes.
    func watch() {
        guard monitor == nil, let file = g_file_new_for_path(url.path) else { return }
        defer { g_object_unref(file.rawObject) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            Log.warning("can’t watch \(url.path): \(error.map { String(cString: $0.pointee.message) } ?? "unknown error")", category: "folder")
            g_clear_error(&error)
            return
        }
        self.monitor = OpaquePointer(monitor)
        connect(OpaquePointer(monitor), .fileChanged) { [weak self] event in
            guard event != G_FILE_MONITOR_EVENT_CHANGED, event != G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED else { return }
            self?.scheduleChange()
        }
    }

    private func scheduleChange() {
        pending?.cancel()
        pending = Task { @MainActor [weak self] in
            try? await Task.sleep(nanoseconds: Self.settleMilliseconds * 1_000_000)
            guard !Task.isCancelled else { return }
            self?.onChange?()
        }
    }

    /// Stops watching (the window opened another folder).
    func close() {
        pending?.cancel()
        if let monitor {
            g_file_monitor_cancel(UnsafeMutablePointer(monitor))
            g_object_unref(monitor.rawObject)
            self.monitor = nil
        }
    }
}
