import ArgumentParser
import FlickApp
import FlickCore
import FlickStore
import Foundation

/// Options every headless subcommand shares: which folder, and how its deck
/// is listed (the same as the review window's).
struct FolderOptions: ParsableArguments {
    @Argument(help: "The reviewed folder.", completion: .directory)
    var folder: String

    @OptionGroup var listing: DeckListOptions

    var recursive: Bool? { listing.recursive }
    var order: DeckOrder { listing.order }
}

/// A folder opened headless: scanned, reconciled with the store.
struct CommandDeck {
    let url: URL
    let store: Store
    let record: FolderRecord
    /// What the scan found, in deck order (`sync.clips[i]` is `scanned[i]`).
    let scanned: [ScannedClip]
    let sync: SyncResult

    /// Scans and syncs; an unreadable folder exits 2, a store failure 3,
    /// each with its message on stderr.
    init(_ options: FolderOptions) throws {
        let (url, scanned) = Self.scan(options)
        try self.init(url: url, scanned: scanned)
    }

    /// Syncs a scan made by `scan(_:)`; a store failure exits 3.
    init(url: URL, scanned: [ScannedClip]) throws {
        self.url = url
        self.scanned = scanned
        do {
            store = try Store.openDefault()
            record = try store.folder(at: url)
            try store.checkStoredPaths(record)
            sync = try store.sync(record, with: scanned)
        } catch {
            CLI.fail(ErrorText.describe(error), code: FlickCommand.Exit.failed)
        }
    }

    /// The folder and its clips in deck order (a big folder looked up on
    /// every core); an unreadable folder exits 2.
    static func scan(_ options: FolderOptions) -> (url: URL, clips: [ScannedClip]) {
        let url = URL(fileURLWithPath: options.folder).standardizedFileURL
        // As the window lists the folder, unless the command line says otherwise.
        let remembered = (try? Store.openDefault().openedRecursively(at: url)) ?? nil
        if let note = Subfolders.note(flag: options.recursive, remembered: remembered) { CLI.err(note) }
        let recursive = options.recursive ?? remembered ?? false
        do {
            return (url, try FolderScan.scan(url, recursive: recursive, order: options.order, parallel: true))
        } catch {
            CLI.fail(ErrorText.describe(error), code: FlickCommand.Exit.folderUnreadable)
        }
    }
}

/// Small helpers for the headless commands' output.
///
/// Once a stopped command's worker is abandoned (`Interrupt`), whatever
/// it still says is dropped: the main thread has said what was finished.
enum CLI {
    static func out(_ text: String) {
        guard !Interrupt.silenced else { return }
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes `bytes` to standard output as they are (a listing of
    /// 100,000 clips: no copy).
    static func write(_ bytes: [UInt8]) {
        guard !Interrupt.silenced else { return }
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            FileHandle.standardOutput.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count, deallocator: .none))
        }
    }

    static func err(_ text: String) {
        guard !Interrupt.silenced else { return }
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
