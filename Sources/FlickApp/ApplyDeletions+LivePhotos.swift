import FlickCore
import FlickStore
import Foundation

/// Live Photos in Apply: one decision for both files.
///
/// - A still or video marked for deletion takes its other half with it
///   when that half is undecided or skipped (the `companion`, moved only
///   once its partner has moved, and only if it is still not liked:
///   FlickStore reads both rows again in the move's transaction).
/// - A Live Photo with a liked half is never moved: its marked half is
///   left out, with why (`PairHold.partnerLiked`).
/// - A half the check refuses (changed, gone, a link…) or whose move fails
///   keeps the other where it is (`PairHold.partnerNotMoved`); both are
///   checked as any file is. Only when the second half fails after the
///   first has moved is a Live Photo split: the first is in the Trash,
///   where the Files app restores it.
extension ApplyDeletions {
    /// The other halves, not marked themselves, of `marked`'s Live Photos
    /// among `present` (by name: those sharing a marked file's name key).
    static func partners(of marked: [StoredClip], among present: [StoredClip]) -> [StoredClip] {
        let markedIDs = Set(marked.map(\.id))
        let keys = Set(marked.map { LivePhotoPairs.key($0.relativePath) })
        return NaturalOrder.sorted(present.filter { !markedIDs.contains($0.id) && keys.contains(LivePhotoPairs.key($0.relativePath)) }) {
            $0.relativePath
        }
    }

    /// `clips` (marked ones, and their partners) as `check` looks at them:
    /// the files to check, each pair's first half followed by its second;
    /// the pairs; the halves held back by a liked partner.
    static func pair(_ clips: [StoredClip], folder: String) -> (clips: [StoredClip], pairs: [LivePhotoPair], held: [PairHold]) {
        let marked = clips.filter { $0.decision == .delete }
        guard clips.count > 1 else { return (marked, [], []) }
        let files = clips.map { LivePhotoPairs.File(clipID: $0.id, relativePath: $0.relativePath, folder: folder, kind: $0.kind) }
        let found = LivePhotoPairs.find(files, keys: Set(marked.map { LivePhotoPairs.key($0.relativePath) }))
        let byID = Dictionary(clips.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var pairs: [LivePhotoPair] = [], held: [PairHold] = [], leftOut: Set<Int64> = []
        for pair in found {
            guard let still = byID[pair.stillID], let video = byID[pair.videoID],
                  still.decision == .delete || video.decision == .delete else { continue }
            if still.decision == .like || video.decision == .like {
                for half in [still, video] where half.decision == .delete {
                    held.append(PairHold(path: half.relativePath, partner: pair.partner(of: half.id) ?? "",
                                         isStill: pair.isStill(half.id), reason: .partnerLiked))
                }
                leftOut.formUnion([still.id, video.id])
                continue
            }
            let first = still.decision == .delete ? still.id : video.id
            let other = first == still.id ? video : still
            pairs.append(LivePhotoPair(still: still.relativePath, video: video.relativePath, stillID: still.id, videoID: video.id,
                                       first: first, companion: other.decision == .delete ? nil : other.id))
        }
        let secondOf = Dictionary(pairs.map { ($0.first, $0.second) }, uniquingKeysWith: { first, _ in first })
        let seconds = Set(secondOf.values)
        var ordered: [StoredClip] = []
        for clip in marked where !leftOut.contains(clip.id) && !seconds.contains(clip.id) {
            ordered.append(clip)
            if let second = secondOf[clip.id], let half = byID[second] { ordered.append(half) }
        }
        return (ordered, pairs, held)
    }

    /// After the check: a pair with a refused half keeps its other half
    /// too. The items and pairs left, and the halves held back.
    static func whole(_ items: [FileItem], refused: [FileFailure], pairs: [LivePhotoPair])
        -> (items: [FileItem], pairs: [LivePhotoPair], held: [PairHold]) {
        let refusedNames = Set(refused.map { RawPath.key($0.path) })
        var kept = pairs, held: [PairHold] = [], dropped: Set<Int64> = []
        kept.removeAll { pair in
            let stillRefused = refusedNames.contains(RawPath.key(pair.still)), videoRefused = refusedNames.contains(RawPath.key(pair.video))
            guard stillRefused || videoRefused else { return false }
            if stillRefused != videoRefused {
                let stays = stillRefused ? pair.videoID : pair.stillID
                dropped.insert(stays)
                held.append(PairHold(path: stillRefused ? pair.video : pair.still, partner: stillRefused ? pair.still : pair.video,
                                     isStill: !stillRefused, reason: .partnerNotMoved))
            }
            return true
        }
        return (items.filter { !dropped.contains($0.clipID) }, kept, held)
    }

    /// The halves of `plan`'s pairs a run left where they were because
    /// their first half was not moved (its failure says why).
    static func heldInRun(_ moves: MoveReport, plan: Plan) -> [PairHold] {
        let failed = Set(moves.failures.map { RawPath.key($0.path) })
        let done = Set(moves.moved.map(\.clipID) + moves.alreadyMoved.map(\.item.clipID))
        let planned = Set(plan.items.map(\.clipID))
        return plan.pairs.compactMap { pair in
            let firstPath = pair.first == pair.stillID ? pair.still : pair.video
            let secondPath = pair.first == pair.stillID ? pair.video : pair.still
            guard planned.contains(pair.second), failed.contains(RawPath.key(firstPath)),
                  !done.contains(pair.second), !failed.contains(RawPath.key(secondPath)) else { return nil }
            return PairHold(path: secondPath, partner: firstPath, isStill: pair.isStill(pair.second), reason: .partnerNotMoved)
        }
    }
}

extension ApplyDeletions.Plan {
    /// Of `kept` (files the user left checked in the window's list), those
    /// whose Live Photo, if any, is kept whole: unchecking either half
    /// keeps both.
    public func whole(_ kept: [FileItem]) -> [FileItem] {
        let ids = Set(kept.map(\.clipID))
        return kept.filter { item in
            guard let pair = pairs.first(where: { $0.contains(item.clipID) }) else { return true }
            return ids.contains(pair.stillID) && ids.contains(pair.videoID)
        }
    }

    /// The Live Photo `clipID` is a half of, if any.
    public func pair(of clipID: Int64) -> LivePhotoPair? { pairs.first { $0.contains(clipID) } }
}
