import CGtk
import FlickCore
import Foundation
import GtkKit

/// Gives the memory of freed pipelines back to the system, so a long review
/// does not grow the window process.
///
/// Every card opens a GStreamer pipeline, and its streaming threads (demuxer,
/// queues, decoder, scaler) allocate buffers that stay in malloc's free lists
/// when the pipeline is freed. Two parts:
///
/// - `useOneArena()`, first thing in the window process: glibc gives new
///   threads their own malloc arenas (up to eight per core), and `malloc_trim`
///   never shrinks the free top of any arena but the main one. The pipelines'
///   threads come and go card after card, so every arena would keep its own
///   high-water mark of decoder buffers. With one arena, freed memory is
///   reused by the next card's threads and `malloc_trim` reaches all of it.
/// - `pipelineFreed()`, whenever a card's player stops: `malloc_trim(0)` once
///   the deck has been quiet for `quietDelay` (the pipeline is torn down on its
///   own queue meanwhile), and at least every `longestDelay` while cards keep
///   going, so the memory is back soon after the user stops, not seconds later.
///
/// Main actor: `CardStackView` reports freed players. The trim itself runs
/// on a queue of its own: it walks malloc's free lists with the arena locked
/// (a few milliseconds after a long review), which the main thread then waits
/// out only if it allocates meanwhile, instead of losing a frame to it.
@MainActor
final class MemoryTrim {
    /// Seconds without a freed pipeline before the trim runs: longer than a
    /// pipeline's teardown (stop to NULL, then the last unref) on a busy machine.
    static let quietDelay = 0.5
    /// Seconds at most between a freed pipeline and the trim that returns its
    /// memory, while cards keep going.
    static let longestDelay = 2.0

    private var schedule = Debounce(quiet: quietDelay, longest: longestDelay)
    private var waiting = false
    private static let queue = DispatchQueue(label: "flick.memory.trim", qos: .utility)

    /// Limits the process to malloc's main arena. Call before any thread
    /// starts (threads that already have an arena keep it).
    nonisolated static func useOneArena() {
        mallopt(M_ARENA_MAX, 1)
    }

    /// A card's player has stopped; its pipeline is being freed.
    func pipelineFreed() {
        schedule.note(at: MonotonicClock.now)
        guard !waiting else { return }
        waiting = true
        Task { @MainActor [weak self] in await self?.trimWhenDue() }
    }

    /// Sleeps until the trim is due (later pipelines move it), then queues it.
    private func trimWhenDue() async {
        while let due = schedule.due, !schedule.take(at: MonotonicClock.now) {
            try? await Task.sleep(for: .seconds(max(due - MonotonicClock.now, 0.001)))
        }
        waiting = false
        Self.queue.async { malloc_trim(0) }
    }

    /// Seconds on the monotonic clock.
    private static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
