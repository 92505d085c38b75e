import CGtk
import Testing
@testable import flick

/// Keys to actions: → likes an undecided card and moves on from a decided
/// one (when the model offers Next); L always likes; in the overview only
/// the keys that act there.
@Suite struct ActionKeyTests {
    private let right = UInt32(GDK_KEY_Right), letterL = UInt32(GDK_KEY_l)

    @Test func rightMovesOnFromADecidedCardAndLAlwaysLikes() {
        #expect(FlickAction.forKey(right) == .like)
        #expect(FlickAction.forKey(right, movesOn: true) == .next)
        #expect(FlickAction.forKey(letterL, movesOn: true) == .like)
        #expect(FlickAction.forKey(letterL, inOverview: true) == .like)
        #expect(FlickAction.forKey(right, inOverview: true, movesOn: true) == nil, "the grid's arrows move between tiles")
    }

    @Test func arrowsStepThroughAStackAndKKeepsOne() {
        let left = UInt32(GDK_KEY_Left)
        #expect(FlickAction.forKey(left) == .delete, "off a stack ← deletes, as ever")
        #expect(FlickAction.forKey(left, onStack: true) == .previousMember)
        #expect(FlickAction.forKey(right, movesOn: true, onStack: true) == .nextMember)
        #expect(FlickAction.forKey(UInt32(GDK_KEY_bracketleft)) == .previousMember)
        #expect(FlickAction.forKey(UInt32(GDK_KEY_bracketright)) == .nextMember)
        #expect(FlickAction.forKey(UInt32(GDK_KEY_K)) == .keepThis)
        #expect(FlickAction.forKey(left, shift: true, onStack: true) == .seekBack, "Shift+← still seeks")
        #expect(FlickAction.forKey(letterL, onStack: true) == .like, "L likes the whole stack")
        #expect(FlickAction.forKey(right, inOverview: true, onStack: true) == nil)
    }
}
