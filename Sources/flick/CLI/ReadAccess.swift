import FlickCore
import Foundation

/// Whether Flick may read each file of a scan (`faccessat`, `R_OK`),
/// asked on a thread of its own while the caller syncs the store: a
/// status of 100,000 clips does both at once. The files are asked in
/// slices; `wait()` asks the slices no one has taken yet on the caller's
/// thread too, so a busy machine that holds up one thread does not hold
/// up the answer.
///
/// Threading: made and waited on by one thread; the slices are handed out
/// and counted under a lock, and each slice's answers are written by the
/// one thread that took it.
final class ReadAccess: @unchecked Sendable {
    /// Files per slice: small enough to share the work evenly, large enough
    /// that taking one costs nothing next to its system calls.
    static let sliceFiles = 1_024

    private let paths: [String]
    private let root: String
    /// The folder, opened once (the files are asked relative to it: fast
    /// on any folder size), or -1 when it cannot be: then by absolute path.
    private let directory: Int32
    /// Per file, 0 when it is readable, else the error `faccessat` gave.
    private let codes: UnsafeMutableBufferPointer<Int32>
    private let condition = NSCondition()
    private var nextSlice = 0
    private var slicesDone = 0
    private var slices: Int { (paths.count + Self.sliceFiles - 1) / Self.sliceFiles }

    /// Starts asking for every clip of `scanned`, found in `folder`.
    init(_ scanned: [ScannedClip], in folder: URL) {
        paths = scanned.map(\.relativePath)
        root = folder.path
        directory = open(RawPath.c(root), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        codes = .allocate(capacity: paths.count)
        codes.initialize(repeating: 0)
        Thread.detachNewThread { [self] in work() }
    }

    deinit {
        codes.deallocate()
        if directory >= 0 { close(directory) }
    }

    /// For each clip of the scan, 0 when it is readable, else the error
    /// `faccessat` gave. Asks what is left on this thread, then waits for
    /// the slices the other thread is asking.
    func wait() -> [Int32] {
        work()
        condition.withLock {
            while slicesDone < slices { condition.wait() }
        }
        return Array(codes)
    }

    /// Takes slices until none is left.
    private func work() {
        while let slice = take() {
            let range = (slice * Self.sliceFiles)..<min(paths.count, (slice + 1) * Self.sliceFiles)
            for index in range { codes[index] = access(paths[index]) }
            condition.withLock {
                slicesDone += 1
                if slicesDone == slices { condition.broadcast() }
            }
        }
    }

    private func take() -> Int? {
        condition.withLock {
            guard nextSlice < slices else { return nil }
            defer { nextSlice += 1 }
            return nextSlice
        }
    }

    private func access(_ relativePath: String) -> Int32 {
        let path = directory >= 0 ? relativePath : root + "/" + relativePath
        return RawPath.withCString(path) { faccessat(directory >= 0 ? directory : AT_FDCWD, $0, R_OK, 0) == 0 ? 0 : errno }
    }
}
