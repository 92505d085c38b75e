import FlickCore
import Foundation

/// Counts for one card size and one group of people.
struct GestureTally {
    var flicks = 0
    var meant = 0
    var sprungBack: [String: Int] = [:]
    var wrong: [String: Int] = [:]
    var reading = 0
    var readingSideways = 0
    var readingDecided = 0
    var wobbles = 0
    var wobblesDecided = 0

    var sprungBackCount: Int { sprungBack.values.reduce(0, +) }
    var wrongCount: Int { wrong.values.reduce(0, +) }

    /// Adds one stroke and what the rules decided for it.
    mutating func add(_ stroke: GestureStroke, _ resolution: Resolution) {
        let decided: SwipeDirection? = if case .commit(let direction) = resolution { direction } else { nil }
        if stroke.reach < GestureReplay.wobbleReach {
            wobbles += 1
            if decided != nil { wobblesDecided += 1 }
            return
        }
        switch stroke.intent {
        case .read:
            reading += 1
            if decided != nil { readingDecided += 1 }
            if decided?.isHorizontal == true { readingSideways += 1 }
        case .flick:
            let net = stroke.net
            guard hypot(net.x, net.y) >= GestureReplay.flickNet else { return }
            flicks += 1
            let meantDirection: SwipeDirection = net.x > 0 ? .right : .left
            switch decided {
            case meantDirection?: meant += 1
            case nil: sprungBack[GestureReplay.cause(of: stroke), default: 0] += 1
            case let other?: wrong[other.isHorizontal ? "the other way" : "decided \(other.rawValue)", default: 0] += 1
            }
        }
    }
}
