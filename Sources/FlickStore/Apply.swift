import FlickCore
import Foundation

/// What one run of moving files did.
public struct MoveReport: Sendable, Equatable {
    public var moved: [FileItem] = []
    public var failures: [FileFailure] = []
    public var cancelled = false

    public init() {}

    public var movedBytes: Int64 { moved.reduce(0) { $0 + $1.size } }
    /// The failures whose filesystem has no Trash ("Flick Rejected" can take them).
    public var withoutTrash: [FileFailure] { failures.filter { $0.reason == .noTrash } }
}

/// Applies "delete" decisions: moves each file to the Trash (or into
/// "Flick Rejected"), one by one, so one failure never stops the rest.
public enum Apply {
    public enum Destination: Sendable { case trash, rejectedFolder }

    /// Moves `items`; `progress(done, total)` runs after each file and
    /// `isCancelled` is asked before each one. Runs on the caller's thread.
    public static func run(_ items: [FileItem], folder: String, to destination: Destination = .trash,
                           progress: (Int, Int) -> Void = { _, _ in },
                           isCancelled: () -> Bool = { false }) -> MoveReport {
        var report = MoveReport()
        for (index, item) in items.enumerated() {
            if isCancelled() {
                report.cancelled = true
                break
            }
            do throws(FileFailure) {
                switch destination {
                case .trash: try FileOperations.trash(item)
                case .rejectedFolder: try FileOperations.moveToRejected(item, folder: folder)
                }
                report.moved.append(item)
            } catch {
                report.failures.append(error)
            }
            progress(index + 1, items.count)
        }
        return report
    }

    /// "3 files, 12.4 MB".
    public static func summary(count: Int, bytes: Int64) -> String {
        "\(count) \(count == 1 ? "file" : "files"), \(ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file))"
    }
}
