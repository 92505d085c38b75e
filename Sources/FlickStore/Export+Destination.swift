import FlickCore
import Foundation

/// Where an export may write: never inside the reviewed folder, never over
/// one of its files, never over anything without consent.
///
/// Threading: stateless; any thread.
extension Export {
    /// What an export writes: one file (playlist, stitched video) or a folder of copies.
    public enum DestinationKind: Sendable { case file, folder }

    /// Checks where an export would write, before anything is written, and
    /// returns the path to write to (absolute, its folder resolved).
    ///
    /// - a destination inside the reviewed `folder` (or the folder itself),
    ///   or a file of it (also through a link), is refused, forced or not;
    /// - an existing file, or an existing folder that is not empty, is
    ///   refused unless `force` (a forced file is replaced once the export
    ///   is complete; forced copies go beside existing files, never over them).
    ///
    /// The window and the command line both call this.
    public static func checkDestination(_ destination: String, kind: DestinationKind, folder: String,
                                        force: Bool) throws(ExportDestinationError) -> String {
        let root = Store.canonicalPath(folder)
        let absolute = destination.hasPrefix("/") ? destination : FileManager.default.currentDirectoryPath + "/" + destination
        func refuse(_ reason: ExportDestinationError.Reason) -> ExportDestinationError {
            ExportDestinationError(destination: absolute, folder: root, reason: reason)
        }
        var info = stat()
        let exists = lstat(RawPath.c(absolute), &info) == 0
        let resolved: String
        if kind == .folder && exists {
            resolved = Store.canonicalPath(absolute)
        } else {
            // The nearest existing folder, resolved, plus the rest of the path.
            var missing: [String] = [(absolute as NSString).lastPathComponent]
            var parent = (absolute as NSString).deletingLastPathComponent
            var parentInfo = stat()
            while stat(RawPath.c(parent), &parentInfo) != 0 && parent != "/" && !parent.isEmpty {
                missing.insert((parent as NSString).lastPathComponent, at: 0)
                parent = (parent as NSString).deletingLastPathComponent
            }
            if kind == .file && missing.count > 1 { throw refuse(.noParent) }
            let base = Store.canonicalPath(parent.isEmpty ? "/" : parent)
            resolved = (base == "/" ? "" : base) + "/" + missing.joined(separator: "/")
        }
        if exists {
            // A link that leads into the folder counts as the file it leads to.
            let target = Store.canonicalPath(resolved)
            if RawPath.isInside(target, root: root) && !RawPath.same(target, root) && kind == .file {
                throw refuse(.clipOfFolder)
            }
        }
        if RawPath.isInside(resolved, root: root) {
            var entry = stat()
            throw refuse(kind == .file && lstat(RawPath.c(resolved), &entry) == 0 ? .clipOfFolder : .insideFolder)
        }
        if RawPath.isInside(root, root: resolved) && kind == .file { throw refuse(.isAFolder) }
        guard exists else { return resolved }
        var target = stat()
        let isFolder = stat(RawPath.c(resolved), &target) == 0 && (target.st_mode & S_IFMT) == S_IFDIR
        switch kind {
        case .file:
            if isFolder { throw refuse(.isAFolder) }
            if !force { throw refuse(.exists) }
        case .folder:
            if !isFolder { throw refuse(.notAFolder) }
            if !force && !isEmptyFolder(resolved) { throw refuse(.exists) }
        }
        return resolved
    }

    static func isEmptyFolder(_ path: String) -> Bool {
        guard let dir = opendir(RawPath.c(path)) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { return false }
        }
        return true
    }
}

/// Why an export will not write where it was asked to.
public struct ExportDestinationError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// Something is there already; `--force` (or the user's consent) replaces a file.
        case exists
        /// It is a file of the reviewed folder: never, forced or not.
        case clipOfFolder
        /// Inside the reviewed folder: what is written there would join the deck.
        case insideFolder
        /// The folder it would go in does not exist.
        case noParent
        /// A file was asked for, and it is a folder (or holds the reviewed folder).
        case isAFolder
        /// A folder was asked for, and it is a file.
        case notAFolder
    }

    public let destination: String
    public let folder: String
    public let reason: Reason

    /// Whether the user may choose to go ahead (replace, or add beside).
    public var canForce: Bool { reason == .exists }

    public var description: String {
        let path = RawPath.printable(destination), folder = RawPath.printable(self.folder)
        return switch reason {
        case .exists: "“\(path)” already exists; Flick won’t overwrite it (use --force to replace it, or choose another name)."
        case .clipOfFolder: "“\(path)” is a file of the reviewed folder “\(folder)”; Flick never writes over it."
        case .insideFolder: "“\(path)” is inside the reviewed folder “\(folder)”; choose a place outside it, or the export would join the deck."
        case .noParent: "Can’t write “\(path)”: its folder does not exist."
        case .isAFolder: "“\(path)” is a folder; name a file to write."
        case .notAFolder: "“\(path)” is a file, not a folder."
        }
    }
}
