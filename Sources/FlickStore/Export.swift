import FlickCore
import Foundation

/// Exports liked clips: an M3U8 playlist, or copies (hard links) in a folder.
///
/// Never overwrites, never writes into the deck: `checkDestination` refuses
/// a destination inside the reviewed folder (or one of its files, forced or
/// not) and an existing one unless forced; the writers themselves never
/// replace a file unless told to. Nothing partial is left behind: each file
/// is written under a short hidden name (`PartialFile`) and renamed when
/// complete, removed on failure or cancel, and cleaned by the next export
/// into that folder if the process was killed.
///
/// Threading: stateless; may run on any thread.
public enum Export {
    /// Writes an extended M3U playlist (UTF-8) of `entries` to `destination`
    /// atomically: `#EXTINF:<seconds>,<title>` then the absolute path — or,
    /// for a name with control characters or bytes that are not UTF-8, its
    /// percent-encoded `file://` URI, so every entry is exactly one line.
    /// A duration of nil is written as -1 (unknown), as the format says.
    /// An existing `destination` is replaced only with `replace`.
    public static func writePlaylist(_ entries: [(path: String, duration: Double?)], to destination: String,
                                     replace: Bool = false) throws(StoreError) {
        var text = "#EXTM3U\n"
        for entry in entries {
            let seconds = entry.duration.map { String(Int($0.rounded())) } ?? "-1"
            let title = ((entry.path as NSString).lastPathComponent as NSString).deletingPathExtension
            text += "#EXTINF:\(seconds),\(playlistTitle(title))\n\(playlistLocation(entry.path))\n"
        }
        try writeAtomically(Data(text.utf8), to: destination, replace: replace)
    }

    /// The path as is when it is plain UTF-8 without control characters,
    /// else its `file://` URI.
    static func playlistLocation(_ path: String) -> String {
        let plain = !RawPath.isEscaped(path) && !path.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        return plain ? path : RawPath.fileURI(path)
    }

    /// A title on one line: control characters become spaces, stray bytes "�".
    static func playlistTitle(_ name: String) -> String {
        String(String.UnicodeScalarView(RawPath.display(name).unicodeScalars.map {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? " " : $0
        }))
    }

    static func writeAtomically(_ data: Data, to destination: String, replace: Bool) throws(StoreError) {
        let directory = (destination as NSString).deletingLastPathComponent
        PartialFile.removeStale(in: directory.isEmpty ? "." : directory)
        let fd: Int32, temporary: String
        switch PartialFile.create(in: directory) {
        case .success(let created): (temporary, fd) = created
        case .failure(let error):
            throw StoreError(.cannotWrite(path: destination, errno: error.code))
        }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let failed = written != data.count || fsync(fd) != 0
        let writeError = errno
        close(fd)
        if failed {
            PartialFile.discard(temporary)
            throw StoreError(.cannotWrite(path: destination, errno: writeError))
        }
        let code = PartialFile.commit(temporary, to: destination, replace: replace)
        guard code == 0 else {
            PartialFile.discard(temporary)
            throw StoreError(.cannotWrite(path: destination, errno: code))
        }
    }

    /// Copies (or hard-links, with `link`) `items` into `directory`, keeping
    /// their relative paths; a name already taken gets " (2)" — nothing is
    /// ever overwritten. Names are bytes: any name the folder holds (not
    /// UTF-8, 255 bytes long) is copied exactly. Progress counts bytes.
    /// Returns what was written and what failed.
    public static func copy(_ items: [FileItem], to directory: String, link: Bool,
                            progress: (Int64, Int64) -> Void = { _, _ in },
                            isCancelled: () -> Bool = { false }) -> MoveReport {
        var report = MoveReport()
        let total = items.reduce(Int64(0)) { $0 + $1.size }
        var done: Int64 = 0
        var cleaned: Set<[UInt8]> = []
        var refusals: [[UInt8]: ExportDestinationError?] = [:]
        for item in items {
            if isCancelled() {
                report.cancelled = true
                break
            }
            let relativeDirectory = (item.relativePath as NSString).deletingLastPathComponent
            let targetDirectory = relativeDirectory.isEmpty ? directory : directory + "/" + relativeDirectory
            // A copy never lands in the reviewed folder, even through a
            // subfolder named like it (copying /x/clips/clips/a.mp4 to /x).
            let root = String(String.UnicodeScalarView(item.absolutePath.unicodeScalars.dropLast(item.relativePath.unicodeScalars.count + 1)))
                .nonEmpty ?? "/"
            // Checked once per folder (the check walks the reviewed folder).
            let refusal = refusals[RawPath.key(targetDirectory)] ?? {
                var found: ExportDestinationError?
                do throws(ExportDestinationError) {
                    _ = try checkDestination(targetDirectory, kind: .folder, folder: root, force: true)
                } catch {
                    if error.reason == .insideFolder { found = error }
                }
                refusals[RawPath.key(targetDirectory)] = .some(found)
                return found
            }()
            if let refusal {
                report.failures.append(FileFailure(path: item.relativePath, reason: .destination(refusal)))
                continue
            }
            if let code = makeDirectories(targetDirectory) {
                report.failures.append(FileFailure(path: item.relativePath, reason: .cannotCreateFolder(targetDirectory, errno: code)))
                continue
            }
            if cleaned.insert(RawPath.key(targetDirectory)).inserted { PartialFile.removeStale(in: targetDirectory) }
            let name = RawPath.bytes((item.relativePath as NSString).lastPathComponent)
            do throws(FileFailure) {
                if link {
                    try linkFile(item, named: name, into: targetDirectory)
                } else {
                    try copyFile(item, named: name, into: targetDirectory, isCancelled: isCancelled)
                }
                report.moved.append(item)
            } catch {
                if error.reason == .cancelled {
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

    /// Runs `attempt(target)` for `name`, `name (2)`…, until one is free.
    private static func place(_ name: [UInt8], in directory: String, for item: FileItem,
                              _ attempt: (String) -> Int32) throws(FileFailure) {
        for number in 1...10_000 {
            let target = directory + "/" + RawPath.decode(TrashCan.trashName(name, attempt: number, limit: 255))
            let code = attempt(target)
            if code == 0 { return }
            if code != EEXIST { throw FileOperations.posixFailure(item.relativePath, code) }
        }
        throw FileFailure(path: item.relativePath, reason: .noFreeName(directory))
    }

    /// `mkdir -p` on raw bytes; nil or the errno it failed with.
    static func makeDirectories(_ path: String) -> Int32? {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            current += "/" + part
            if mkdir(RawPath.c(current), 0o755) != 0 && errno != EEXIST { return errno }
        }
        return nil
    }

    /// Hard-links the file `item` names into `directory`. A clip that is
    /// a symlink is linked as the file it points to: a copy of the link
    /// itself would point nowhere once it is not beside its target.
    private static func linkFile(_ item: FileItem, named name: [UInt8], into directory: String) throws(FileFailure) {
        var info = stat()
        guard stat(RawPath.c(item.absolutePath), &info) == 0 else { throw FileOperations.posixFailure(item.relativePath, errno) }
        if !SourceFile.isRegular(info.st_mode) { throw SourceFile.notRegularFailure(item, info.st_mode) }
        try place(name, in: directory, for: item) { target in
            linkat(AT_FDCWD, RawPath.c(item.absolutePath), AT_FDCWD, RawPath.c(target), AT_SYMLINK_FOLLOW) == 0 ? 0 : errno
        }
    }

    /// Copies in 1 MiB chunks to a partial file, renamed (never over
    /// anything) when complete.
    private static func copyFile(_ item: FileItem, named name: [UInt8], into directory: String,
                                 isCancelled: () -> Bool) throws(FileFailure) {
        let input = try SourceFile.open(item)
        defer { close(input) }
        let output: Int32, partial: String
        switch PartialFile.create(in: directory) {
        case .success(let created): (partial, output) = created
        case .failure(let error): throw FileOperations.posixFailure(item.relativePath, error.code)
        }
        var failed: FileFailure?
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        loop: while true {
            if isCancelled() {
                failed = FileFailure(path: item.relativePath, reason: .cancelled)
                break
            }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                failed = FileOperations.posixFailure(item.relativePath, errno)
                break
            }
            var written = 0
            while written < count {
                let n = buffer.withUnsafeBytes { write(output, $0.baseAddress?.advanced(by: written), count - written) }
                if n < 0 && errno == EINTR { continue }
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
            PartialFile.discard(partial)
            throw failed
        }
        do throws(FileFailure) {
            try place(name, in: directory, for: item) { PartialFile.commit(partial, to: $0, replace: false) }
        } catch {
            PartialFile.discard(partial)
            throw error
        }
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
