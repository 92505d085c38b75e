import ArgumentParser
import FlickApp
import FlickCore
import FlickStore
import Foundation

/// What to review: the options shared by the local command line and the
/// primary instance, which re-parses the arguments a second `flick` forwards.
struct OpenOptions: ParsableArguments {
    @Argument(help: "The folder to review (default: the last folder reviewed, else a start page).", completion: .directory)
    var folder: String?

    @OptionGroup var listing: DeckListOptions

    @Flag(inversion: .prefixedNo,
          help: "Show bursts, copies and Live Photos as one card each (--no-stacks: every file a card of its own).")
    var stacks = true

    var recursive: Bool? { listing.recursive }
    var order: DeckOrder { listing.order }
}

extension OpenOptions {
    /// The folder asked for, resolved against `cwd`; nil when none was.
    /// Taken as a folder without looking (a look would wait on a stalled share).
    func folderURL(relativeTo cwd: String) -> URL? {
        folder.map { URL(fileURLWithPath: $0, isDirectory: true, relativeTo: URL(fileURLWithPath: cwd, isDirectory: true)).standardizedFileURL }
    }

    /// Seconds the caller waits to learn whether a folder is there: a
    /// network share that stopped answering never says, and the window
    /// must not freeze for it. Past this, no problem is known; the folder's
    /// scan (off the main thread) says what it finds.
    static let lookSeconds = 0.3

    /// Why `url` cannot be reviewed: it does not exist or is not a folder;
    /// nil when it is a folder, or when its file system did not answer
    /// within `lookSeconds`.
    static func problem(with url: URL) -> FolderError? {
        let path = url.path
        let found: FolderError?? = OffMain.within(lookSeconds) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .notFound(path: path) }
            return isFolder.boolValue ? nil : .notAFolder(path: path)
        }
        return found ?? nil
    }
}

extension DeckOrder: ExpressibleByArgument {}

/// `flick [FOLDER]`: opens the review window.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the review window on FOLDER (the default command)."
    )

    @OptionGroup var options: OpenOptions

    func run() throws {
        // Before the folder scan or GStreamer starts a thread.
        MemoryTrim.useOneArena()
        let status = MainActor.assumeIsolated {
            if let folder = options.folderURL(relativeTo: FileManager.default.currentDirectoryPath),
               let problem = OpenOptions.problem(with: folder) {
                // Said here, in the terminal; the window keeps what it shows.
                CLI.err(ErrorText.folder(problem))
            } else {
                startEarlyScan()
            }
            return FlickApplication().run()
        }
        // A job stuck on a file system that does not answer would keep this
        // process (and its window's connection) until it is answered.
        if OffMain.outstanding > 0 { OffMain.leave(status: status) }
        if status != 0 { throw ExitCode(status) }
    }

    /// Scans the folder the window will open (the one named, else the last
    /// one reviewed) while GTK starts, listed as the window will list it.
    @MainActor private func startEarlyScan() {
        let named = options.folderURL(relativeTo: FileManager.default.currentDirectoryPath)
        guard let folder = named ?? Settings.shared.recentFolders.first.map({ URL(fileURLWithPath: $0, isDirectory: true) }),
              OpenOptions.problem(with: folder) == nil else { return }
        EarlyScan.start(folder, choice: named == nil ? nil : options.recursive, fallback: Settings.shared.includeSubfolders,
                        order: named == nil ? .name : options.order)
    }
}
