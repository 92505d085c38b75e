import FlickCore
import FlickStore
import Foundation

/// The folder's life on screen, decided without a window: opening one (its
/// scan off the main thread, "Reading…" only when the scan takes a while,
/// a scan that returns after another opening dropped), following the files
/// that change in it or reading it again, failing, and closing it. The
/// model shows the outcome (`ReviewModel.screen`); the window only words
/// errors and says what a first load found (`onFirstLoad`).
///
/// ```swift
/// let folders = FolderLifecycle(model: model, sink: sink, offMain: { await OffMain.run($0) })
/// folders.open(url, recursive: nil, order: .name, kinds: [.video], fallback: false)
/// ```
@MainActor
public final class FolderLifecycle {
    /// What a scan off the main thread found: how the folder is listed, and its clips or why not.
    public struct Scan: Sendable {
        public let recursive: Bool
        public let clips: Result<[ScannedClip], any Error>

        public init(recursive: Bool, clips: Result<[ScannedClip], any Error>) {
            self.recursive = recursive
            self.clips = clips
        }
    }

    /// Runs a scan where it cannot block the main loop, and returns its result.
    public typealias OffMain = @MainActor (_ work: @escaping @Sendable () -> Scan) async -> Scan

    /// The two halves of an opening, for a caller that waits on them (tests).
    public struct Opening {
        /// Ends once the reading delay has passed (and said "Reading…" if the scan was still out).
        public let reading: Task<Void, Never>
        /// Ends once the scan returned and the folder is on screen (or dropped).
        public let loaded: Task<Void, Never>
    }

    /// Milliseconds a scan may take before the window says it is reading:
    /// a quick one goes straight to the deck without a flash of "Reading…".
    public static let readingDelayMilliseconds: UInt64 = 250

    public let model: ReviewModel
    public let sink: DecisionRecorder
    private let offMain: OffMain
    private let wait: @Sendable (UInt64) async -> Void
    private let openStore: () throws -> Store
    /// Words an error for the failed page (the caller's `ErrorText`).
    public var describe: (any Error) -> String = { String(describing: $0) }
    /// A folder opened (the caller remembers it among the recent folders).
    public var onOpened: ((ReviewedFolder) -> Void)?
    /// The first load of a folder is on screen: what its sync found
    /// (sidecar rejects to offer, decisions without a file).
    public var onFirstLoad: ((ReviewedFolder, SyncResult) -> Void)?
    /// The decision store, opened with the first folder.
    private var store: Store?
    /// How many times a folder was opened: a scan that returns after another open is dropped.
    private var openings = 0
    /// The opening whose scan has not returned yet; 0 when none.
    private var scanning = 0

    /// `wait` sleeps for milliseconds (tests pass one they release);
    /// `openStore` opens the decision store (the user's by default).
    public init(model: ReviewModel, sink: DecisionRecorder, offMain: @escaping OffMain,
                wait: @escaping @Sendable (UInt64) async -> Void = { try? await Task.sleep(nanoseconds: $0 * 1_000_000) },
                openStore: @escaping () throws -> Store = { try Store.openDefault() }) {
        self.model = model
        self.sink = sink
        self.offMain = offMain
        self.wait = wait
        self.openStore = openStore
    }

    /// The folder on screen, if one opened.
    public var folder: ReviewedFolder? { sink.folder }

    /// Opens `url`: listed as `choice` says, else as it was last opened,
    /// else as `fallback`; scanned off the main thread; "Reading…" once the
    /// scan has taken `readingDelayMilliseconds`; then its deck, the empty
    /// page or the failed page.
    @discardableResult
    public func open(_ url: URL, recursive choice: Bool?, order: DeckOrder, kinds: Set<ClipKind>, fallback: Bool) -> Opening {
        close()
        if store == nil { store = try? openStore() }
        Log.phase("open \(url.path)")
        openings += 1
        let opening = openings
        let early = EarlyScan.claim(url, order: order)
        scanning = opening
        let wait = wait
        let reading = Task { @MainActor [weak self] in
            await wait(Self.readingDelayMilliseconds)
            if let self, scanning == opening { model.startReading(folder: url.path) }
        }
        let offMain = offMain
        let loaded = Task { @MainActor [weak self] in
            let scan = await offMain {
                let recursive = Subfolders.listing(choice, for: url, fallback: fallback)
                return Scan(recursive: recursive, clips: Result {
                    try early?.clips(of: kinds, recursive: recursive) ?? FolderScan.scan(url, recursive: recursive, order: order, kinds: kinds)
                })
            }
            // Another folder opened meanwhile: this scan is of no use.
            guard let self, opening == openings else { return }
            scanning = 0
            opened(url, scan: scan, order: order, kinds: kinds)
        }
        return Opening(reading: reading, loaded: loaded)
    }

    /// The rest of `open`, once the folder was scanned.
    private func opened(_ url: URL, scan: Scan, order: DeckOrder, kinds: Set<ClipKind>) {
        do {
            let scanned = try scan.clips.get()
            Log.phase("scanned \(scanned.count) clips")
            let store = try self.store ?? openStore()
            self.store = store
            let folder = try ReviewedFolder(url: url, recursive: scan.recursive, order: order, kinds: kinds, store: store)
            sink.folder = folder
            onOpened?(folder)
            do {
                try store.rememberOpened(folder.record, recursive: scan.recursive)
            } catch {
                Log.warning("cannot remember how \(url.path) was opened: \(error)", category: "store")
            }
            folder.onChange = { [unowned self] names in folderChanged(names) }
            folder.watch()
            load(folder, scanned: scanned, first: true)
        } catch {
            fail(describe(error), folder: url.path)
        }
    }

    /// Files changed in the folder: named ones are followed (the store
    /// reconciles those names only, so one file costs the same in any
    /// folder); without names only a rescan can tell.
    /// Returns the rescan's task, when it rescans.
    @discardableResult
    public func folderChanged(_ names: [String]?) -> Task<Void, Never>? {
        guard let names else { return reload() }
        follow(names)
        return nil
    }

    /// Rescans the folder off the main thread and gives the model the new
    /// deck; the model keeps the top card, and does nothing when nothing changed.
    @discardableResult
    public func reload() -> Task<Void, Never>? {
        guard let folder else { return nil }
        let (url, recursive, order, kinds) = (folder.url, folder.recursive, folder.order, folder.kinds)
        return Task { @MainActor [weak self] in
            let scan = await self?.offMain {
                Scan(recursive: recursive, clips: Result { try FolderScan.scan(url, recursive: recursive, order: order, kinds: kinds) })
            }
            // Another folder opened meanwhile: this scan is of no use.
            guard let self, let scan, self.folder === folder else { return }
            do {
                load(folder, scanned: try scan.clips.get(), first: false)
            } catch {
                fail(describe(error), folder: folder.url.path)
            }
        }
    }

    /// A scan's deck into the store and the model. The first load shows the
    /// deck before its new rows are on disk (they follow in slices).
    private func load(_ folder: ReviewedFolder, scanned: [ScannedClip], first: Bool) {
        do {
            let (sync, session) = try folder.load(scanned: scanned, deferringWrites: first)
            Log.info("opened \(folder.url.path): \(sync.clips.count) clips (\(sync.added) new, \(sync.removed) gone, \(sync.renamed) renamed)",
                     category: "app")
            let clips = sync.clips.map(ReviewedFolder.reviewClip)
            guard first else {
                model.reload(clips: clips, session: session)
                return
            }
            model.load(clips: clips, session: session, folder: folder.record.path, named: folder.url.path)
            Log.phase("deck on screen")
            folder.writeDeferredRows { [unowned self] in reload() }
            onFirstLoad?(folder, sync)
        } catch {
            fail(describe(error), folder: folder.url.path)
        }
    }

    /// Files that appeared, left or were renamed under `names`, spliced
    /// into the deck without a rescan.
    private func follow(_ names: [String]) {
        guard let folder else { return }
        do {
            let change = try folder.sync(names: names)
            guard !change.isEmpty else { return }
            Log.info("\(folder.url.path): \(change.added) new, \(change.removed.count) gone, \(change.renamed) renamed", category: "app")
            model.apply(DeckChange(removed: change.removed, placed: change.placed.map(ReviewedFolder.reviewClip),
                                   decisions: change.placed.map(\.decision)))
        } catch {
            fail(describe(error), folder: folder.url.path)
        }
    }

    /// Decisions another process made (the command line) are read before
    /// the overview shows or filters: its counts and tiles match the store.
    public func catchUp() {
        if folder?.changedElsewhere == true { reload() }
    }

    /// The failed page saying `message` (about the folder at `path`, when known).
    public func fail(_ message: String, folder path: String? = nil) {
        Log.error(message, category: "app")
        model.fail(reason: message, folder: path)
    }

    /// Lets the folder go (its monitor stops); the model is not told.
    private func close() {
        sink.folder?.close()
        sink.folder = nil
    }

    /// No folder: the start page. `beforeStart` runs once the folder is let
    /// go and before the model shows the start page (the caller lists the
    /// recent folders there, the one just closed among them).
    public func closeFolder(beforeStart: () -> Void = {}) {
        close()
        beforeStart()
        model.closeFolder()
    }
}
