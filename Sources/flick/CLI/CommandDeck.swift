import ArgumentParser
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

/// Whether a folder's subfolders are listed: the command line's flag when
/// given, else how the window last opened the folder (kept in the store),
/// so the window and the headless commands see the same deck.
enum Subfolders {
    /// How the window lists `url`: as asked, else as it was last opened
    /// (the store, on a connection of its own: called off the main thread,
    /// as the store resolves the folder's path), else as `fallback` (the
    /// Include Subfolders preference) says.
    static func listing(_ choice: Bool?, for url: URL, fallback: Bool) -> Bool {
        if let choice { return choice }
        if let remembered = (try? Store.openDefault().openedRecursively(at: url)) ?? nil { return remembered }
        return fallback
    }

    /// What the terminal is told when the listing is not the plain one: the
    /// remembered way taken, or a flag that differs from it.
    static func note(flag: Bool?, remembered: Bool?) -> String? {
        switch (flag, remembered) {
        case (nil, true?):
            "Including subfolders, as Flick last opened this folder (--no-recursive lists only its own clips)."
        case (true?, false?):
            "--recursive: including subfolders, though Flick last opened this folder without them."
        case (false?, true?):
            "--no-recursive: leaving out subfolders, though Flick last opened this folder with them."
        default: nil
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
