import ArgumentParser
import FlickCore
import FlickStore
import Foundation

/// `flick-bench drive FOLDER`: performs review actions through the real
/// store, as the review window does, for tests and benchmarks. Before each
/// commit it prints `intent PATH VALUE`, after it `ack PATH VALUE` (VALUE is
/// the clip's decision after the action, or `null`), unbuffered on stdout —
/// the crash test kills it at random moments and checks every ack.
struct DriveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drive",
        abstract: "Perform review actions through the decision store (for tests)."
    )

    @Argument(help: "The folder to review.")
    var folder: String

    @Option(help: "Comma-separated actions: like, delete, skip, previous, undo.")
    var actions: String?

    @Option(help: "Perform this many random actions instead (mostly decisions, some undo and previous).")
    var random: Int?

    @Option(help: "Seed for --random.")
    var seed: UInt64 = 1

    @Flag(help: "Include clips in subfolders.")
    var recursive = false

    @Option(help: "Pause between actions, in milliseconds.")
    var pauseMs: Int = 0

    func run() throws {
        let url = URL(fileURLWithPath: folder).standardizedFileURL
        let store = try Store.openDefault()
        let record = try store.folder(at: url)
        let sync = try store.sync(record, with: FolderScan.scan(url, recursive: recursive))
        var session = try store.session(for: record, deck: sync.clips)
        var generator = SplitMix(seed: seed)
        let planned: [DeckAction] = if let random {
            (0..<random).map { _ in
                switch generator.next() % 10 {
                case 0: .undo
                case 1: .previous
                case 2, 3: .delete
                case 4: .skip
                default: .like
                }
            }
        } else {
            try (actions ?? "").split(separator: ",").map {
                guard let action = DeckAction(rawValue: String($0)) else { throw ValidationError("unknown action \($0)") }
                return action
            }
        }
        for action in planned {
            var next = session
            guard let outcome = next.perform(action) else { continue }
            let position: Int? = switch outcome {
            case .decided(let position, _): position
            case .undid(.decide(let position, _, _), _): position
            default: nil
            }
            let line = position.map { "\(sync.clips[$0].relativePath)\t\(next.deck.decisions[$0]?.rawValue ?? "null")" }
            if let line { FileHandle.standardOutput.write(Data("intent\t\(line)\n".utf8)) }
            try store.record(outcome, session: next, folder: record)
            session = next
            if let line { FileHandle.standardOutput.write(Data("ack\t\(line)\n".utf8)) }
            if pauseMs > 0 { usleep(UInt32(pauseMs * 1000)) }
        }
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
