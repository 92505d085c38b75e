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
