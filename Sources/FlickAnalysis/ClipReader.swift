import FlickCore
import Foundation

/// The thread that reads a `ClipSource`'s file: one system call at a time,
/// asked for by the source and answered through a condition, into a
/// buffer of its own (never FFmpeg's: a read left behind may end after
/// the decoder is gone). Once finished it takes no more jobs; the file is
/// closed when both the source and the thread let go of it.
///
/// Threading: `perform`, `copy` and `finish` on the source's thread, the
/// loop on the reader's; all they share is guarded by `condition`.
final class ClipReader: @unchecked Sendable {
    enum Job: Sendable {
        case open(String)
        /// `count` bytes at `at` (pread), or next in order when nil (read).
        case read(at: Int64?, count: Int)
    }

    enum Answer: Sendable {
        case opened(size: Int64)
        case failed(FileBytes.Failure)
        /// How many bytes are in the buffer (0 at the end).
        case bytes(Int)
        /// errno of a read that failed.
        case error(Int32)
    }

    /// The reader thread's stack, in bytes: it only makes system calls.
    private static let stackSize = 256 << 10

    private let condition = NSCondition()
    private let buffer: UnsafeMutableRawBufferPointer
    private var descriptor: Int32
    private var job: Job?
    private var answer: Answer?
    private var finished = false

    init(bufferSize: Int, descriptor: Int32 = -1) {
        buffer = .allocate(byteCount: bufferSize, alignment: 16)
        self.descriptor = descriptor
        let thread = Thread { [self] in loop() }
        thread.stackSize = Self.stackSize
        thread.start()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        buffer.deallocate()
    }

    /// The answer to `job`, waiting for it in slices of
    /// `ClipSource.lookInterval`; nil once `giveUp` says so between two
    /// (the reader is then finished, and left to end by itself).
    func perform(_ job: Job, giveUp: () -> Bool) -> Answer? {
        condition.lock()
        defer { condition.unlock() }
        self.job = job
        answer = nil
        condition.broadcast()
        while true {
            if let answer {
                self.answer = nil
                return answer
            }
            if giveUp() {
                finished = true
                condition.broadcast()
                return nil
            }
            _ = condition.wait(until: Date(timeIntervalSinceNow: ClipSource.lookInterval))
        }
    }

    /// The first `count` bytes of the last read, to `target`.
    func copy(_ count: Int, to target: UnsafeMutablePointer<UInt8>) {
        condition.lock()
        defer { condition.unlock() }
        guard let base = buffer.baseAddress else { return }
        UnsafeMutableRawPointer(target).copyMemory(from: base, byteCount: min(count, buffer.count))
    }

    /// No more jobs: the thread ends (at once, or when its read returns).
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func loop() {
        condition.lock()
        while true {
            while job == nil, !finished { condition.wait() }
            guard !finished, let todo = job else { break }
            job = nil
            condition.unlock()
            let result = run(todo)
            condition.lock()
            answer = result
            condition.broadcast()
        }
        condition.unlock()
    }

    /// One job's system calls, the lock not held.
    private func run(_ job: Job) -> Answer {
        switch job {
        case .open(let path):
            // Non-blocking: a FIFO put in the file's place opens without waiting, and is refused.
            let opened = open(RawPath.c(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard opened >= 0 else {
                switch errno {
                case ENOENT, ENOTDIR: return .failed(.gone)
                case EACCES, EPERM: return .failed(.permissionDenied)
                default: return .failed(.unreadable)
                }
            }
            var info = stat()
            guard fstat(opened, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                close(opened)
                return .failed(.notRegular)
            }
            guard info.st_size > 0 else {
                close(opened)
                return .failed(.empty)
            }
            descriptor = opened
            return .opened(size: Int64(info.st_size))
        case .read(let offset, let count):
            while true {
                let got = if let offset { pread(descriptor, buffer.baseAddress, min(count, buffer.count), off_t(offset)) }
                          else { Foundation.read(descriptor, buffer.baseAddress, min(count, buffer.count)) }
                if got >= 0 { return .bytes(got) }
                if errno != EINTR { return .error(errno) }
            }
        }
    }
}
