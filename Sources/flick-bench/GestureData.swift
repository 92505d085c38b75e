import Foundation

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
