import CGio
import FlickCore
import FlickStore
import Foundation
import GObjectKit

/// The folder under review and its place in the decision store: scans it,
/// reconciles the store, rebuilds the session, persists every action, and
/// watches the folder so new, removed and renamed files reach the deck.
@MainActor
public final class ReviewedFolder {
    public let url: URL
    /// The store's version when the deck was last read from it.
    private var seenVersion: Int64?
    /// Another process (`flick apply`, `flick-bench drive`, a second
    /// window's store) changed the store since the deck was read.
    public var changedElsewhere: Bool {
        guard let seenVersion, let now = try? store.version() else { return false }
        return now != seenVersion
    }
    public let recursive: Bool
    /// Videos, and photos unless the preference leaves them out.
    public let kinds: Set<ClipKind>
    public let order: DeckOrder
    public let store: Store
    public let record: FolderRecord
    /// Called (debounced) after files appear, vanish or are renamed, with
    /// the names that changed, or nil when only a rescan can tell.
    public var onChange: (([String]?) -> Void)?

    /// The folder's file monitor: released with this value (a GFileMonitor
    /// cancels itself when it goes), or cancelled at once by `close()`.
    private var monitor: ObjectRef<UnsafeMutablePointer<GFileMonitor>>?
    /// Writes a deferred sync's rows (see `writeDeferredRows`).
    private var writer: Task<Void, Never>?
    /// The settle after the last file event (GLib's main context, so the
    /// rescan never waits on Swift's shared pool).
    private let pending = MainContextTimer()
    /// Names the events since the last `onChange` named; nil: rescan.
    private var changedNames: [String]? = []
    /// Milliseconds to wait after the last file event before rescanning
    /// (a copy of many files arrives as a burst of events).
    public static let settleMilliseconds: UInt32 = 600
    /// Names in one settled burst past which one rescan is cheaper than
    /// following each name (a few µs of `lstat` and two indexed queries each).
    public static let namesBeforeRescan = 500

    /// Opens `url` in `store`. Throws `FolderError` or `StoreError`.
    public init(url: URL, recursive: Bool, order: DeckOrder, kinds: Set<ClipKind>, store: Store) throws {
        self.url = url
        self.kinds = kinds
        self.recursive = recursive
        self.order = order
        self.store = store
        record = try store.folder(at: url)
        try store.checkStoredPaths(record)
    }

    /// Reconciles a scan (a fresh one unless `scanned` is given): the deck
    /// in order, and its session. With `deferringWrites` the store's new
    /// rows are written later (`writeDeferredRows`), or before anything
    /// else touches the store.
    public func load(scanned given: [ScannedClip]? = nil, deferringWrites: Bool = false) throws -> (sync: SyncResult, session: ReviewSession) {
        let scanned = try given ?? FolderScan.scan(url, recursive: recursive, order: order, kinds: kinds)
        seenVersion = try? store.version()
        let sync = try store.sync(record, with: scanned, deferringWrites: deferringWrites)
        return (sync, try store.session(for: record, deck: sync.clips))
    }

    /// Milliseconds the first card gets to start playing before the
    /// deferred rows are written, and between two slices of them (the
    /// window draws and takes input in between).
    public static let deferredStartMilliseconds: UInt64 = 400
    public static let deferredPauseMilliseconds: UInt64 = 4

    /// Writes the rows a deferred sync left, a slice at a time on the
    /// main loop (a decision meanwhile writes them all first); calls
    /// `onLost` once they are written when some of them could not be:
    /// another Flick gave those files rows of its own, or the store
    /// failed. The deck must then come from a full sync.
    public func writeDeferredRows(onLost: @escaping @MainActor () -> Void) {
        writer?.cancel()
        guard store.hasDeferredSync else { return }
        writer = Task { @MainActor [weak self] in
            try? await Task.sleep(nanoseconds: Self.deferredStartMilliseconds * 1_000_000)
            while let self, !Task.isCancelled, self.store.hasDeferredSync {
                do throws(StoreError) {
                    try self.store.writeDeferredSync()
                } catch {
                    Log.warning(error.description, category: "store")
                }
                try? await Task.sleep(nanoseconds: Self.deferredPauseMilliseconds * 1_000_000)
            }
            guard let self, !Task.isCancelled else { return }
            if self.store.needsFullSync { return onLost() }
            Log.phase("the store holds the whole folder")
        }
    }

    /// Returns once the rows a deferred sync left are written (at once
    /// when none are), or their writing stopped: work with a store
    /// connection of its own waits for this, since each of its commits
    /// would send the slices looking for rows another Flick added.
    public func rowsWritten() async {
        await writer?.value
    }

    /// Persists what the session just did; durable when this returns.
    public func record(_ outcome: ActionOutcome, session: ReviewSession) throws(StoreError) {
        try store.record(outcome, session: session, folder: record)
    }

    /// A stored clip as the review model knows it.
    public static func reviewClip(_ clip: StoredClip) -> ReviewClip {
        // Integers only: a Double's description costs more than the rest at 100,000 clips.
        let version = clip.identity.map { "\($0.device):\($0.inode):\($0.size):\($0.mtime.bitPattern)" } ?? ""
        return ReviewClip(id: clip.id, relativePath: clip.relativePath, name: RawPath.display(clip.relativePath), kind: clip.kind,
                          version: version, storedProblem: clip.problem, identity: clip.identity)
    }

    /// Reconciles just `names` (direct children whose files changed) with
    /// the store: what the deck gains and loses, without a rescan.
    public func sync(names: [String]) throws(StoreError) -> EntrySyncResult {
        var seen = Set<[UInt8]>()  // one event per write, create and rename: each name once
        let unique = names.filter { seen.insert(RawPath.key($0)).inserted }
        let found = unique.compactMap { FolderScan.entry(named: $0, in: url, kinds: kinds) }
        return try store.sync(record, names: unique, found: found)
    }

    /// Whether a change can be followed name by name: the deck holds only
    /// direct children in name order (a subfolder, or an order by date,
    /// needs a rescan).
    public var followsNames: Bool { !recursive && order == .name }

    /// Starts watching the folder (its direct children) for changes. The
    /// monitor's events are delivered by the GLib main context of the
    /// thread that calls this (the window's main loop; a test iterates it).
    public func watch() {
        guard monitor == nil, let file = ObjectRef(taking: g_file_new_for_path(url.path)) else { return }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = ObjectRef(taking: g_file_monitor_directory(file.pointer, G_FILE_MONITOR_WATCH_MOVES, nil, &error)) else {
            Log.warning("can’t watch \(url.path): \(error.map { String(cString: $0.pointee.message) } ?? "unknown error")", category: "folder")
            g_clear_error(&error)
            return
        }
        self.monitor = monitor
        FileMonitorEvents.connect(monitor) { [weak self] event, name, other in
            guard event != G_FILE_MONITOR_EVENT_CHANGED, event != G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED else { return }
            self?.note(event, name: name, other: other)
        }
    }

    /// Remembers which names an event touched (a rename: both), or that
    /// only a rescan will do (unmounts, a folder watched with subfolders).
    private func note(_ event: GFileMonitorEvent, name: [UInt8]?, other: [UInt8]?) {
        let names = [name, other].compactMap { $0.map(RawPath.decode) }
        let named = event == G_FILE_MONITOR_EVENT_CREATED || event == G_FILE_MONITOR_EVENT_DELETED
            || event == G_FILE_MONITOR_EVENT_MOVED_IN || event == G_FILE_MONITOR_EVENT_MOVED_OUT
            || event == G_FILE_MONITOR_EVENT_RENAMED || event == G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT
        if followsNames, named, !names.isEmpty, let known = changedNames, known.count + names.count <= Self.namesBeforeRescan {
            changedNames = known + names
        } else {
            changedNames = nil
        }
        scheduleChange()
    }

    private func scheduleChange() {
        pending.schedule(milliseconds: Self.settleMilliseconds) { [weak self] in
            guard let self else { return }
            let names = changedNames
            changedNames = []
            onChange?(names)
            Log.info("followed a change in \(url.path): \(Self.describe(names))", category: "folder")
        }
    }

    /// "notes.txt", "a.mp4, b.mp4 and 3 more", or "a rescan".
    private static func describe(_ names: [String]?) -> String {
        guard var names else { return "a rescan" }
        var seen = Set<String>()
        names = names.filter { seen.insert($0).inserted }
        let shown = names.prefix(namesLogged).joined(separator: ", ")
        return names.count > namesLogged ? "\(shown) and \(names.count - namesLogged) more" : shown
    }

    /// Names a logged change lists before counting the rest.
    private static let namesLogged = 3

    /// Stops watching now (the window opened another folder), rather than
    /// when the last reference goes; calling it again does nothing.
    public func close() {
        pending.cancel()
        writer?.cancel()
        // Rows left unwritten would run before the next folder's first
        // statement, and fail its opening if the store changed meanwhile.
        store.dropDeferredSync(of: record)
        if let monitor {
            g_file_monitor_cancel(monitor.pointer)
            self.monitor = nil  // the monitor's reference goes with its owner
        }
    }

    deinit {
        // Without close(): the owner releases the monitor, which cancels
        // itself as it goes, and the writer stops here (a settle still
        // waiting finds the folder gone).
        writer?.cancel()
    }
}
