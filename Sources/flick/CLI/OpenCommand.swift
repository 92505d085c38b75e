import ArgumentParser
import FlickCore
import Foundation

/// What to review: the options shared by the local command line and the
/// primary instance, which re-parses the arguments a second `flick` forwards.
struct OpenOptions: ParsableArguments {
    @Argument(help: "The folder to review (default: the bundled sample deck).", completion: .directory)
    var folder: String?

    @Flag(help: "Include clips in subfolders.")
    var recursive = false

    @Option(help: "Deck order: name (natural file-name order) or date (modification time).")
    var order: DeckOrder = .name
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
            let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            let folder = options.folder.map { URL(fileURLWithPath: $0, relativeTo: cwd) } ?? ResourceLocator.shared.samples
            EarlyScan.start(folder, recursive: options.recursive, order: options.order)
            return FlickApplication().run()
        }
        if status != 0 { throw ExitCode(status) }
    }
}
