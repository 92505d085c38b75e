import FlickCore
import FlickApp
import FlickStore
import Foundation

/// The sample clips of the source tree (real H.264 and VP8).
let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../data/samples").standardizedFileURL

/// A temporary folder under review, its own store and home Trash, removed
/// at deinit.
final class AppFixture {
    let root: URL
    let folder: URL
    let store: Store

    /// `files`: name → bytes; a name of a sample clip with nil copies it.
    init(_ files: [(String, Data?)]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-app-\(UUID().uuidString)")
        folder = root.appendingPathComponent("clips")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, bytes) in files {
            let url = folder.appendingPathComponent(name)
            if let bytes {
                try bytes.write(to: url)
            } else {
                try FileManager.default.copyItem(at: samples.appendingPathComponent(name), to: url)
            }
        }
        store = try Store(path: root.appendingPathComponent("flick.db").path)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// A private `XDG_DATA_HOME` with its home Trash.
    var environment: [String: String] { ["XDG_DATA_HOME": root.appendingPathComponent("data").path, "HOME": root.path] }
    var trash: URL { root.appendingPathComponent("data/Trash/files") }
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    func names(_ url: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    /// Decides each card in deck order as `decisions` says (nil skips
    /// nothing: the card stays undecided), as the window does.
    @discardableResult
    func decide(_ decisions: [Decision?]) throws -> (FolderRecord, [StoredClip]) {
        let record = try store.folder(at: folder)
        let sync = try store.sync(record, with: FolderScan.scan(folder))
        var session = try store.session(for: record, deck: sync.clips)
        for (position, decision) in decisions.enumerated() {
            guard let decision else { continue }
            session.resume(at: position)
            let action: DeckAction = switch decision {
            case .like: .like
            case .delete: .delete
            case .skip: .skip
            }
            guard let outcome = session.perform(action) else { continue }
            try store.record(outcome, session: session, folder: record)
        }
        return (record, try store.sync(record, with: FolderScan.scan(folder)).clips)
    }
}

/// A pause between files that runs `action` after the `at`-th file.
struct ActBetweenFiles: BetweenFiles {
    let at: Int
    let action: @Sendable () -> Void

    func pause(after done: Int, of total: Int) {
        if done == at { action() }
    }
}
