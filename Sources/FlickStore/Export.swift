import FlickCore
import Foundation

/// Exports liked clips: an M3U8 playlist, or copies (hard links) in a folder.
/// Nothing partial is left behind: each file is written under a temporary
/// name and renamed when complete, and removed on failure or cancel.
///
/// Threading: stateless; may run on any thread.
public enum Export {
    /// Writes an extended M3U playlist (UTF-8) of `entries` to `destination`
    /// atomically: `#EXTINF:<seconds>,<title>` then the absolute path.
    /// A duration of nil is written as -1 (unknown), as the format says.
    public static func writePlaylist(_ entries: [(path: String, duration: Double?)], to destination: String) throws(StoreError) {
        var text = "#EXTM3U\n"
        for entry in entries {
            let seconds = entry.duration.map { String(Int($0.rounded())) } ?? "-1"
            let title = ((entry.path as NSString).lastPathComponent as NSString).deletingPathExtension
            text += "#EXTINF:\(seconds),\(title)\n\(entry.path)\n"
        }
        try writeAtomically(Data(text.utf8), to: destination)
    }

    static func writeAtomically(_ data: Data, to destination: String) throws(StoreError) {
        let temporary = partialName(for: destination)
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw StoreError("Can’t write “\(destination)”: \(String(cString: strerror(errno)).lowercased()).")
        }
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            unlink(temporary)
            throw StoreError("Can’t write “\(destination)”: \(reason).")
        }
    }

    /// A hidden sibling of `destination` for writing before the final rename.
    public static func partialName(for destination: String) -> String {
        let directory = (destination as NSString).deletingLastPathComponent
        let name = (destination as NSString).lastPathComponent
        return (directory.isEmpty ? "." : directory) + "/.\(name).flick-partial"
    }

    /// Copies (or hard-links, with `link`) `items` into `directory`, keeping
    /// their relative paths; a name already taken gets " (2)". Progress
    /// counts bytes. Returns what was written and what failed.
    public static func copy(_ items: [FileItem], to directory: String, link: Bool,
                            progress: (Int64, Int64) -> Void = { _, _ in },
                            isCancelled: () -> Bool = { false }) -> MoveReport {
        var report = MoveReport()
        let total = items.reduce(Int64(0)) { $0 + $1.size }
        var done: Int64 = 0
        for item in items {
            if isCancelled() {
                report.cancelled = true
                break
            }
            let relativeDirectory = (item.relativePath as NSString).deletingLastPathComponent
            let targetDirectory = relativeDirectory.isEmpty ? directory : directory + "/" + relativeDirectory
            do {
                try FileManager.default.createDirectory(atPath: targetDirectory, withIntermediateDirectories: true)
            } catch {
                report.failures.append(FileFailure(path: item.relativePath, reason: .other("can’t create “\(targetDirectory)”")))
                continue
            }
            let target = FileOperations.freeName(in: targetDirectory, for: (item.relativePath as NSString).lastPathComponent)
            do throws(FileFailure) {
                if link {
                    guard Foundation.link(item.absolutePath, target) == 0 else {
                        throw FileOperations.posixFailure(item.relativePath, errno)
                    }
                } else {
                    try copyFile(item, to: target) { isCancelled() }
                }
                report.moved.append(item)
            } catch {
                if error.reason == .other("cancelled") {
                    report.cancelled = true
                    break
                }
                report.failures.append(error)
            }
            done += item.size
            progress(done, total)
        }
        return report
    }

    /// Copies in 1 MiB chunks to a partial file, renamed when complete.
    private static func copyFile(_ item: FileItem, to target: String, isCancelled: () -> Bool) throws(FileFailure) {
        let input = open(item.absolutePath, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw FileOperations.posixFailure(item.relativePath, errno) }
        defer { close(input) }
        let partial = partialName(for: target)
        let output = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw FileOperations.posixFailure(item.relativePath, errno) }
        var failed: FileFailure?
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        loop: while true {
            if isCancelled() {
                failed = FileFailure(path: item.relativePath, reason: .other("cancelled"))
                break
            }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                failed = FileOperations.posixFailure(item.relativePath, errno)
                break
            }
            var written = 0
            while written < count {
                let n = buffer.withUnsafeBytes { write(output, $0.baseAddress?.advanced(by: written), count - written) }
                if n <= 0 {
                    failed = FileOperations.posixFailure(item.relativePath, errno)
                    break loop
                }
                written += n
            }
        }
        if failed == nil && fsync(output) != 0 { failed = FileOperations.posixFailure(item.relativePath, errno) }
        close(output)
        if let failed {
            unlink(RawPath.c(partial))
            throw failed
        }
        guard rename(RawPath.c(partial), RawPath.c(target)) == 0 else {
            let failure = FileOperations.posixFailure(item.relativePath, errno)
            unlink(RawPath.c(partial))
            throw failure
        }
    }
}
