import Foundation

/// The Trash as one Apply uses it across its files: each Trash folder is
/// found, opened and repaired (`TrashCan.repair` looks at every
/// `.trashinfo` there) once for the whole Apply, not once a file. The app
/// moves its files one call each (progress and Stop between files); with a
/// Trash of its own for each call, the `info` folder was listed again for
/// every file as it filled: 2,000 files cost about two million `stat`s.
///
/// Threading: as `TrashCan`, used on one thread (the Apply's).
public final class TrashSession {
    let can: TrashCan

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        can = TrashCan(environment: environment)
    }
}
