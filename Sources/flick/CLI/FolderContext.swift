import ArgumentParser
import FlickCore
import FlickStore
import Foundation

/// Options every headless subcommand shares: which folder, and how its deck
/// is listed (the same as the review window's).
struct FolderOptions: ParsableArguments {
    @Argument(help: "The reviewed folder.", completion: .directory)
    var folder: String

    @Flag(help: "Include clips in subfolders.")
    var recursive = false

    @Option(help: "Deck order: name or date.")
    var order: DeckOrder = .name
}

/// A folder opened headless: scanned, reconciled with the store.
struct FolderContext {
    let url: URL
    let store: Store
    let record: FolderRecord
    let sync: SyncResult

    /// Scans and syncs; an unreadable folder exits 2, a store failure 3,
    /// each with its message on stderr.
    init(_ options: FolderOptions) throws {
        url = URL(fileURLWithPath: options.folder).standardizedFileURL
        let scanned: [ScannedClip]
        do {
            scanned = try FolderScan.scan(url, recursive: options.recursive, order: options.order)
        } catch {
            CLI.fail(error.description, code: FlickCommand.Exit.folderUnreadable)
        }
        do {
            store = try Store.openDefault()
            record = try store.folder(at: url)
            try store.checkStoredPaths(record)
            sync = try store.sync(record, with: scanned)
        } catch {
            CLI.fail(error.description, code: FlickCommand.Exit.failed)
        }
    }
}

/// Small helpers for the headless commands' output.
enum CLI {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func err(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func fail(_ message: String, code: Int32) -> Never {
        err(message)
        Foundation.exit(code)
    }

    static func plural(_ count: Int, _ one: String, _ many: String? = nil) -> String {
        "\(count) \(count == 1 ? one : many ?? one + "s")"
    }
}
