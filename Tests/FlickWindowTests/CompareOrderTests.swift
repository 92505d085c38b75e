import Testing
@testable import flick

/// Which member of a stack Compare shows next on the other side: the next
/// one after it in deck order (round the end), never the kept one, never
/// one already marked for deletion; none when nothing is left to compare.
@Suite struct CompareOrderTests {
    @Test func theNextMemberComesRoundTheEndAndSkipsTheKeptOne() {
        let members: [Int64] = [1, 2, 3, 4]
        #expect(CompareView.nextCandidate(after: 2, in: members, excluding: 3, skipping: { _ in false }) == 4)
        #expect(CompareView.nextCandidate(after: 4, in: members, excluding: 1, skipping: { _ in false }) == 2)
    }

    @Test func membersMarkedForDeletionAreSkippedAndNoneLeftIsNil() {
        let members: [Int64] = [1, 2, 3]
        #expect(CompareView.nextCandidate(after: 1, in: members, excluding: 1, skipping: { $0 == 2 }) == 3)
        #expect(CompareView.nextCandidate(after: 3, in: members, excluding: 1, skipping: { $0 != 1 }) == nil)
        #expect(CompareView.nextCandidate(after: 9, in: [], excluding: 1, skipping: { _ in false }) == nil)
    }
}
