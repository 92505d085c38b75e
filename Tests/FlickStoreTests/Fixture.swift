import FlickCore
import Foundation
@testable import FlickStore

/// A temporary folder of small files and a store beside it, removed at deinit.
final class Fixture {
    let root: URL
    let folder: URL
    let databasePath: String

    init(files: [String] = ["a.mp4", "b.mp4", "c.jpg", "d.webm"]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-store-\(UUID().uuidString)")
        folder = root.appendingPathComponent("clips")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        databasePath = root.appendingPathComponent("flick.db").path
        for (index, name) in files.enumerated() { try write(name, bytes: 100 + index) }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ name: String, bytes: Int = 10) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 7, count: bytes).write(to: url)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A private `XDG_DATA_HOME` (with its home Trash) for `Apply.run`.
    var environment: [String: String] { ["XDG_DATA_HOME": root.appendingPathComponent("data").path, "HOME": root.path] }
    var trashFiles: URL { root.appendingPathComponent("data/Trash/files") }
    var trashInfo: URL { root.appendingPathComponent("data/Trash/info") }

    /// The names in `url`, or [] when it does not exist.
    func names(_ url: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    /// Decides the clips at `paths` through `store`, as the window does.
    func decide(_ decision: Decision, _ paths: [String], store: Store) throws -> FolderRecord {
        var (record, sync, session) = try open(store)
        for path in paths {
            guard let position = sync.clips.firstIndex(where: { RawPath.same($0.relativePath, path) }) else { continue }
            session.resume(at: position)
            try store.perform(decision.action, on: &session, folder: record)
        }
        return record
    }

    func openStore() throws -> Store { try Store(path: databasePath) }

    /// Opens the folder as the app does: scan, sync, rebuild the session.
    func open(_ store: Store) throws -> (FolderRecord, SyncResult, ReviewSession) {
        let record = try store.folder(at: folder)
        let sync = try store.sync(record, with: FolderScan.scan(folder))
        return (record, sync, try store.session(for: record, deck: sync.clips))
    }
}

extension Decision {
    var action: DeckAction {
        switch self {
        case .like: .like
        case .delete: .delete
        case .skip: .skip
        }
    }
}

extension Store {
    /// Performs `action` on `session` and records it, as the app does.
    func perform(_ action: DeckAction, on session: inout ReviewSession, folder: FolderRecord) throws {
        guard let outcome = session.perform(action) else { return }
        try record(outcome, session: session, folder: folder)
    }
}
