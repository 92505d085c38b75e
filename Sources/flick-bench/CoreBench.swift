import ArgumentParser
import FlickCore
import Foundation

/// `flick-bench core`: the view-model's per-frame and per-action costs.
struct CoreBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "core", abstract: "Drag poses, decide/undo, memory per clip.")

    @OptionGroup var output: OutputOptions

    func run() {
        var results: [Measurement] = []
        results.append(Measurement(bench: "core.pose_per_sample", value: poseCost(), unit: "ns"))
        for size in [100, 100_000] {
            let (decide, undo) = decideUndoCost(deckSize: size)
            results.append(Measurement(bench: "core.decide", value: decide, unit: "ns", extra: ["deck": "\(size)"]))
            results.append(Measurement(bench: "core.undo", value: undo, unit: "ns", extra: ["deck": "\(size)"]))
        }
        let (deckBytes, sessionBytes) = bytesPerClip(deckSize: 100_000)
        results.append(Measurement(bench: "core.bytes_per_clip_deck", value: deckBytes, unit: "bytes", extra: ["deck": "100000"]))
        results.append(Measurement(bench: "core.bytes_per_clip_decided", value: sessionBytes, unit: "bytes", extra: ["deck": "100000"]))
        output.report(results)
    }

    /// One drag sample in, one full stack pose out.
    func poseCost() -> Double {
        var tracker = DragTracker(grab: Vector(200, 100), card: Size(400, 600))
        return nanosecondsPerIteration(iterations: 200_000) { i in
            let t = Double(i) / 120
            tracker.sample(Vector(sin(t) * 300, cos(t) * 120), at: t)
            blackHole(tracker.pose)
        }
    }

    /// Cost of deciding every card of a deck, then undoing every decision:
    /// best of several passes, over about 100,000 operations each.
    func decideUndoCost(deckSize: Int) -> (Double, Double) {
        let passes = max(100_000 / deckSize, 1)
        var bestDecide = Double.infinity, bestUndo = Double.infinity
        var session = ReviewSession(deck: Deck(count: deckSize))
        for _ in 0..<5 {
            var decide = 0.0, undo = 0.0
            for _ in 0..<passes {
                decide += nanosecondsPerIteration(iterations: deckSize, rounds: 1) { i in
                    blackHole(session.perform(i % 2 == 0 ? .like : .delete, at: Double(i)))
                }
                undo += nanosecondsPerIteration(iterations: deckSize, rounds: 1) { _ in
                    blackHole(session.perform(.undo))
                }
            }
            bestDecide = min(bestDecide, decide / Double(passes))
            bestUndo = min(bestUndo, undo / Double(passes))
        }
        return (bestDecide, bestUndo)
    }

    /// Bytes per clip held by a fresh deck's storage, and by a session after
    /// every card is decided (deck plus undo history), from array capacities.
    func bytesPerClip(deckSize: Int) -> (Double, Double) {
        var session = ReviewSession(deck: Deck(count: deckSize))
        let deckBytes = session.deck.storageBytes
        for i in 0..<deckSize { session.perform(.like, at: Double(i)) }
        let total = session.deck.storageBytes + session.historyStorageBytes
        return (Double(deckBytes) / Double(deckSize), Double(total) / Double(deckSize))
    }
}
