import ArgumentParser
import FlickCore
import Foundation

/// `flick-bench gestures`: real people's swipes replayed through the rules
/// the window uses (`DragTracker`), per card size: horizontal flicks decided
/// as meant, sprung back or the wrong way (by cause), vertical reading drags
/// decided sideways, and strokes under 20 units (taps, wobble) decided.
/// Each stroke is scaled so the phone's width spans the card, times kept.
struct GestureBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gestures",
        abstract: "Replay real touch strokes through the swipe rules, per card size.")

    @OptionGroup var output: OutputOptions

    @Option(help: "Folder of Touchalytics CSV files (default: ../shared/gestures/touchalytics beside the source tree).")
    var data: String?

    @Option(help: "Card size WxH in px (repeatable). Default: a 4:3 picture's card in a 360×640 window and in a 1280×800 one.")
    var card: [String] = []

    @Option(help: "Swipe distance as Preferences sets it (fraction of the card's width; default 0.35).")
    var swipeDistance: Double?

    @Option(help: "Fling speed as Preferences sets it (card widths per second; default 1.0).")
    var flingSpeed: Double?

    /// The default cards: a 4:3 picture's card (StageLayout) in a 360 × 640
    /// window (312 × 234: the stage's width less its side margins) and in a
    /// 1280 × 800 window (758 × 569: as tall as the stage allows). Try 16:9
    /// with `--card 312x175 --card 1011x569`.
    static let defaultCards = [Size(312, 234), Size(758, 569)]
    /// Where the data lives, relative to a folder above the source tree.
    static let sharedData = "shared/gestures/touchalytics"

    /// The default tuning with Preferences' two settings applied as the
    /// window applies them (the vertical distance keeps its ratio).
    var tuning: SwipeTuning {
        var tuning = SwipeTuning()
        let defaults = SwipeTuning()
        if let swipeDistance {
            tuning.horizontalCommitFraction = swipeDistance
            tuning.verticalCommitFraction = swipeDistance * defaults.verticalCommitFraction / defaults.horizontalCommitFraction
        }
        if let flingSpeed { tuning.flingWidthsPerSecond = flingSpeed }
        return tuning
    }

    func run() throws {
        let folder = try dataFolder()
        let cards = try card.isEmpty ? Self.defaultCards : card.map(Self.parseCard)
        let loaded: (strokes: [GestureStroke], unpaired: Int)
        do {
            loaded = try GestureData.load(folder: folder)
        } catch let failure as GestureData.Failure {
            throw ValidationError(failure.description)
        }
        let people = Array(Set(loaded.strokes.map(\.person))).sorted()
        var results: [Measurement] = []
        if !output.json {
            print("\(loaded.strokes.count) strokes of \(people.count) people (\(people.joined(separator: ", "))) from \(folder.path)")
            if loaded.unpaired > 0 { print("\(loaded.unpaired) presses without a lift (or lifts without a press) not replayed") }
        }
        for size in cards {
            let replay = GestureReplay(card: size, tuning: tuning)
            var byPerson: [String: GestureTally] = [:]
            var all = GestureTally()
            for stroke in loaded.strokes {
                let resolution = replay.resolve(stroke)
                all.add(stroke, resolution)
                byPerson[stroke.person, default: GestureTally()].add(stroke, resolution)
            }
            let name = "\(Int(size.width))x\(Int(size.height))"
            if output.json {
                results += Self.measurements(all, card: name, person: "all")
                for person in people { results += Self.measurements(byPerson[person] ?? GestureTally(), card: name, person: person) }
            } else {
                print(Self.describe(all, card: size, byPerson: people.map { ($0, byPerson[$0] ?? GestureTally()) }))
            }
        }
        if output.json { output.report(results) }
    }

    /// --data as given (relative to the working directory), or the shared
    /// folder found above the source tree this binary was built in.
    private func dataFolder() throws -> URL {
        let fm = FileManager.default
        if let data {
            let url = URL(fileURLWithPath: data).standardizedFileURL
            guard fm.fileExists(atPath: url.path) else { throw ValidationError("no gesture data at \(url.path)") }
            return url
        }
        let starts = [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
                      URL(fileURLWithPath: fm.currentDirectoryPath)]
        for start in starts {
            var folder = start.deletingLastPathComponent()
            while folder.path != "/" {
                let candidate = folder.appendingPathComponent(Self.sharedData)
                if fm.fileExists(atPath: candidate.path) { return candidate }
                folder = folder.deletingLastPathComponent()
            }
        }
        throw ValidationError("no gesture data found in ../\(Self.sharedData) above the source tree; pass --data DIR")
    }

    static func parseCard(_ text: String) throws -> Size {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width > 0, height > 0 else {
            throw ValidationError("--card \(text): expected WIDTHxHEIGHT in px, e.g. 312x234")
        }
        return Size(width, height)
    }

    static func percent(_ part: Int, _ whole: Int) -> Double {
        whole > 0 ? 100 * Double(part) / Double(whole) : 0
    }

    static func measurements(_ t: GestureTally, card: String, person: String) -> [Measurement] {
        let extra = ["card": card, "person": person]
        func m(_ bench: String, _ value: Double, _ unit: String, _ more: [String: String] = [:]) -> Measurement {
            Measurement(bench: "gestures.\(bench)", value: value, unit: unit, extra: extra.merging(more) { $1 })
        }
        var list = [
            m("flicks_meant", percent(t.meant, t.flicks), "%", ["of": "\(t.flicks)"]),
            m("flicks_sprung_back", Double(t.sprungBackCount), "strokes", ["of": "\(t.flicks)"]),
            m("flicks_wrong_direction", Double(t.wrongCount), "strokes", ["of": "\(t.flicks)"]),
            m("reading_sideways", percent(t.readingSideways, t.reading), "%", ["of": "\(t.reading)", "count": "\(t.readingSideways)"]),
            m("wobbles_decided", Double(t.wobblesDecided), "strokes", ["of": "\(t.wobbles)"]),
        ]
        list += t.sprungBack.sorted { $0.key < $1.key }.map { m("flicks_sprung_back_by_cause", Double($0.value), "strokes", ["cause": $0.key]) }
        list += t.wrong.sorted { $0.key < $1.key }.map { m("flicks_wrong_by_cause", Double($0.value), "strokes", ["cause": $0.key]) }
        return list
    }

    static func describe(_ t: GestureTally, card: Size, byPerson: [(String, GestureTally)]) -> String {
        func causes(_ counts: [String: Int]) -> String {
            counts.isEmpty ? "" : "  (" + counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"
        }
        func pct(_ part: Int, _ whole: Int, digits: Int = 1) -> String { String(format: "%.\(digits)f %%", percent(part, whole)) }
        func row(_ label: String, _ value: String) -> String { "  " + label.padding(toLength: 40, withPad: " ", startingAt: 0) + value }
        var lines = ["card \(Int(card.width))×\(Int(card.height)) px"]
        lines.append(row("horizontal flicks decided as meant", "\(t.meant) of \(t.flicks)  " + pct(t.meant, t.flicks)))
        lines.append(row("  sprung back", "\(t.sprungBackCount)" + causes(t.sprungBack)))
        lines.append(row("  wrong direction", "\(t.wrongCount)" + causes(t.wrong)))
        lines.append(row("vertical reading drags decided sideways", "\(t.readingSideways) of \(t.reading)  " + pct(t.readingSideways, t.reading, digits: 2)
                         + "  (decided at all: \(t.readingDecided))"))
        lines.append(row("strokes under 20 units decided", "\(t.wobblesDecided) of \(t.wobbles)"))
        for (person, p) in byPerson {
            lines.append(row("  \(person)", "flicks \(p.meant) of \(p.flicks) " + pct(p.meant, p.flicks) + ", "
                             + "sprung back \(p.sprungBackCount), wrong \(p.wrongCount); reading sideways \(p.readingSideways) of \(p.reading); "
                             + "wobbles decided \(p.wobblesDecided) of \(p.wobbles)"))
        }
        return lines.joined(separator: "\n")
    }
}
