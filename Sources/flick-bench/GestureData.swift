import Foundation

/// Real people's touch strokes, read from the Touchalytics study's raw CSV
/// files (M. Frank et al., IEEE TIFS 8(1), 2013), one file per person. The
/// data stays outside the repository (`../shared/gestures/`); see its README.
///
/// A row is one Android touch event:
/// `phone, user, document, time_ms, action, orientation, x, y, pressure, area, finger_orientation`;
/// action 0 is the finger down, 2 a move, 1 the lift (which repeats the last
/// position). A stroke runs from a 0 to the next 1. x and y are about
/// 0.15 mm per unit, 320 units across the phone's portrait width.
struct GestureStroke {
    /// One touch event: milliseconds and position in screen units.
    struct Event {
        let time: Double
        let x: Double
        let y: Double
    }

    /// What the person meant, from the document they were on.
    enum Intent: String {
        /// An image comparison game (documents 3, 4, 6, 0-based): horizontal flicks.
        case flick
        /// A Wikipedia article (documents 0, 1, 2, 5): vertical reading drags.
        case read
    }

    /// The file's name without its extension (one person per file).
    let person: String
    let document: Int
    /// Press, moves, lift; at least two events.
    let events: [Event]

    var intent: Intent { Self.flickDocuments.contains(document) ? .flick : .read }

    /// The documents of the image game, where people flipped pictures sideways.
    static let flickDocuments: Set<Int> = [3, 4, 6]
    /// The phone's portrait width in screen units: the picture spanned it,
    /// so a stroke is scaled by card width / 320 onto a card.
    static let phoneWidth = 320.0

    /// The farthest the finger got from where it pressed (units).
    var reach: Double {
        guard let first = events.first else { return 0 }
        return events.map { hypot($0.x - first.x, $0.y - first.y) }.max() ?? 0
    }

    /// Lift position less press position (units).
    var net: (x: Double, y: Double) {
        guard let first = events.first, let last = events.last else { return (0, 0) }
        return (last.x - first.x, last.y - first.y)
    }
}

/// Reads every `*.csv` in a folder of Touchalytics files.
enum GestureData {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The strokes of every person, and how many presses had no lift or
    /// lifts no press (they are reported, not replayed).
    static func load(folder: URL) throws -> (strokes: [GestureStroke], unpaired: Int) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw Failure(description: "can’t read the gesture data at \(folder.path): \(error.localizedDescription)")
        }
        let files = names.filter { $0.hasSuffix(".csv") }.sorted()
        guard !files.isEmpty else { throw Failure(description: "no .csv files in \(folder.path)") }
        var strokes: [GestureStroke] = []
        var unpaired = 0
        for name in files {
            let file = folder.appendingPathComponent(name)
            let (found, open) = try read(file, person: String(name.dropLast(4)))
            strokes += found
            unpaired += open
        }
        return (strokes, unpaired)
    }

    private static func read(_ file: URL, person: String) throws -> ([GestureStroke], Int) {
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw Failure(description: "can’t read \(file.path): \(error.localizedDescription)")
        }
        var strokes: [GestureStroke] = []
        var current: (document: Int, events: [GestureStroke.Event])?
        var unpaired = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let row = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if row.isEmpty { continue }
            let fields = row.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 11, let document = Int(fields[2]), let time = Double(fields[3]),
                  let action = Int(fields[4]), let x = Double(fields[6]), let y = Double(fields[7]) else {
                throw Failure(description: "\(file.path):\(index + 1): not a Touchalytics row (11 fields: phone, user, document, time_ms, action, orientation, x, y, …)")
            }
            let event = GestureStroke.Event(time: time, x: x, y: y)
            switch action {
            case 0:
                if current != nil { unpaired += 1 }
                current = (document, [event])
            case 2:
                current?.events.append(event)
            case 1:
                guard let stroke = current else { unpaired += 1; continue }  // a lift without a press
                strokes.append(GestureStroke(person: person, document: stroke.document, events: stroke.events + [event]))
                current = nil
            default:
                throw Failure(description: "\(file.path):\(index + 1): unknown action \(action) (0 down, 1 up, 2 move)")
            }
        }
        if current != nil { unpaired += 1 }
        return (strokes, unpaired)
    }
}
