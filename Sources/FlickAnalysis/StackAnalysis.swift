import FlickCore
import FlickMedia
import Foundation
import Synchronization

/// Analyses what is not known yet of a folder's files, for `StackFinder`:
/// content hashes of files that share a size with another, and the print
/// of every photo and clip.
///
/// Threading: `analyse` blocks its caller until done or cancelled; the
/// work runs on `workers` threads of its own at a low priority (nice 10),
/// so the window and playback stay ahead of it. `progress` and `cancelled`
/// are called on those threads.
///
///     let results = StackAnalysis.analyse(items, known: stored, progress: { print("\($0.done) of \($0.total)") })
///     let stacks = StackFinder.stacks(items: items, analyses: results)
public enum StackAnalysis {
    /// How far the work is: `done` files of `total` that needed any.
    public struct Progress: Sendable, Equatable {
        public let done: Int
        public let total: Int
    }

    /// Niceness of the worker threads (0 normal, 19 lowest).
    static let workerNiceness: Int32 = 10
    /// The side of the grey picture every print starts from.
    static let side = PerceptualHash.side

    /// `known` with every missing result filled in (nil where cancelled).
    /// `quality` false: prints only, no `Quality` (so no dark or blurry),
    /// from the smaller decode a print alone needs — the benchmark's
    /// baseline of what suggestions cost; never for a store that is kept.
    public static func analyse(_ items: [AnalysisItem], known: [FileAnalysis?], workers: Int = 2, quality: Bool = true,
                               progress: @escaping @Sendable (Progress) -> Void = { _ in },
                               cancelled: @escaping @Sendable () -> Bool = { false }) -> [FileAnalysis?] {
        precondition(items.count == known.count)
        var sizeCounts: [Int64: Int] = [:]
        for item in items { sizeCounts[item.identity.size, default: 0] += 1 }
        let needsContent = items.map { sizeCounts[$0.identity.size, default: 0] > 1 && $0.identity.size > 0 }
        let todo = items.indices.filter { index in
            (needsContent[index] && known[index]?.content == nil) || known[index]?.print == nil
        }
        let results = Mutex(known)
        guard !todo.isEmpty else { return known }
        GStreamer.initialize()
        let next = Mutex(0)
        let done = Atomic(0)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(workers, todo.count)) {
            group.enter()
            let thread = Thread {
                lowerPriority()
                while !cancelled() {
                    let position = next.withLock { value -> Int in
                        defer { value += 1 }
                        return value
                    }
                    guard position < todo.count else { break }
                    let index = todo[position]
                    var result = known[index] ?? FileAnalysis()
                    if needsContent[index] && result.content == nil {
                        result.content = ContentHash.of(path: items[index].path, cancelled: cancelled)
                    }
                    if result.print == nil {
                        let made = print(of: items[index], cancelled: cancelled, quality: quality)
                        result.print = made.print
                        result.quality = made.quality
                    }
                    if cancelled() { break }
                    results.withLock { $0[index] = result }
                    let count = done.add(1, ordering: .relaxed).newValue
                    progress(Progress(done: count, total: todo.count))
                }
                group.leave()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        group.wait()
        return results.withLock { $0 }
    }

    /// The print of one file (or why it has none) and its quality, both
    /// from one decode.
    static func print(of item: AnalysisItem, cancelled: @escaping () -> Bool, quality: Bool = true) -> (print: FileAnalysis.Print?, quality: Quality?) {
        do throws(MediaError) {
            switch item.kind {
            case .photo:
                let decoded = try PhotoDecoder.working(path: item.path, box: quality ? PhotoDecoder.decodeBox : PhotoDecoder.printBox)
                let image = decoded.image.averaged(toWidth: side, toHeight: side).turned(decoded.orientation)
                return (.photo(PhotoPrint(image: image, captured: CaptureTime.read(path: item.path))),
                        quality ? Quality(photo: decoded.image, width: decoded.width, height: decoded.height) : nil)
            case .video:
                // Without quality, one large frame only (the first): none is judged.
                let sampled = try ClipSampler.samples(path: item.path, rate: ClipPrint.rate, side: side, box: PhotoDecoder.decodeBox,
                                                      largeEvery: quality ? ClipPrint.rate * Quality.clipBlurEvery : Int.max,
                                                      maxSeconds: ClipPrint.maxSeconds, cancelled: cancelled)
                if cancelled() { return (nil, nil) }
                return (.clip(ClipPrint(images: sampled.frames, duration: sampled.duration)),
                        quality ? Quality(frames: sampled.frames, large: sampled.large, width: sampled.width, height: sampled.height) : nil)
            }
        } catch .timedOut {
            // A busy machine, not the file: nothing kept, tried again next time.
            return (nil, nil)
        } catch .unreadable(let file, .stalled(let seconds)) {
            // Its share, not the file: said, nothing kept, tried again next time; the next file is analysed.
            Log.warning("\(file): its file system stopped answering for \(seconds) s; left out of this analysis", category: "analysis")
            return (nil, nil)
        } catch {
            return (.failed(String(describing: error)), nil)
        }
    }

    /// This thread's niceness raised to `workerNiceness` (on Linux, `who` 0 is the calling thread alone).
    private static func lowerPriority() {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, workerNiceness)
    }
}
