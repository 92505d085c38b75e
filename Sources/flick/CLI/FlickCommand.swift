import ArgumentParser
import FlickCore
import Foundation

/// The `flick` command. With no subcommand it opens the GUI.
struct FlickCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flick",
        abstract: "Review a folder of clips one card at a time.",
        usage: "flick [<folder>] [--[no-]recursive] [--order <order>] [--no-stacks]\nflick <subcommand>",
        discussion: """
            Drag a card right (or press L) to keep it, left (D) to mark it for deletion, \
            up (S) to skip it, down to go back; U undoes. Nothing is deleted until you apply.
            """,
        version: Flick.version,
        subcommands: [OpenCommand.self, StatusCommand.self, ApplyCommand.self, ExportCommand.self],
        defaultSubcommand: OpenCommand.self
    )

    /// Exit codes (docs/cli.md): 0 ok, 1 usage error, 2 folder unreadable,
    /// 3 the work failed (the decision store, or some files).
    enum Exit {
        static let usage: Int32 = 1
        static let folderUnreadable: Int32 = 2
        static let failed: Int32 = 3
    }

    /// Runs the command: a headless one in a worker process that a stalled
    /// file system cannot keep from ending (`Supervisor`).
    static func runMain() {
        Supervisor.superviseIfNeeded()
        runCommand()
    }

    /// Parses and runs, mapping ArgumentParser's codes onto those.
    static func runCommand() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                FileHandle.standardOutput.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(0)
            }
            if let exitCode = error as? ExitCode { Foundation.exit(exitCode.rawValue) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(Exit.usage)
        }
    }
}
