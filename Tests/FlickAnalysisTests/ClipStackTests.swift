import FlickCore
import Foundation
import Testing
@testable import FlickAnalysis

/// Similar clips on real footage (`RealClips`): a trimmed, resized,
/// re-encoded copy stacks with its original; two moments of one fixed
/// camera do not, nor do two unrelated clips that open on black.
@Suite struct ClipStackTests {
    static let prints: Result<[String: ClipPrint], any Error> = Result {
        let folder = try RealClips.folder.get()
        var prints: [String: ClipPrint] = [:]
        for name in [RealClips.moment, RealClips.trimmed, RealClips.otherMoment, RealClips.movieIntro, RealClips.treeIntro, RealClips.movieCopy] {
            let item = AnalysisItem(path: "\(folder)/\(name)", kind: .video, identity: FileIdentity())
            guard case .clip(let print) = StackAnalysis.print(of: item, cancelled: { false }).print else {
                throw RealMediaError(what: "\(name) has no print")
            }
            prints[name] = print
        }
        return prints
    }

    static func print(_ name: String) throws -> ClipPrint {
        try #require(try prints.get()[name])
    }

    @Test func aTrimmedSmallerReencodedCopyStacksWithItsOriginal() throws {
        #expect(ClipMatch.matches(try Self.print(RealClips.moment), try Self.print(RealClips.trimmed)))
        #expect(ClipMatch.matches(try Self.print(RealClips.movieIntro), try Self.print(RealClips.movieCopy)))
    }

    @Test func twoMomentsOfOneFixedCameraDoNotStack() throws {
        let other = try Self.print(RealClips.otherMoment)
        #expect(!ClipMatch.matches(try Self.print(RealClips.moment), other))
        #expect(!ClipMatch.matches(try Self.print(RealClips.trimmed), other))
    }

    @Test func blackIntrosDoNotMakeUnrelatedClipsStack() throws {
        let movie = try Self.print(RealClips.movieIntro), tree = try Self.print(RealClips.treeIntro)
        // Their first frames are one picture: a first-frame print would stack them.
        #expect(movie.frames[0].hash == tree.frames[0].hash)
        // The intros themselves are flat, and left out.
        #expect(movie.frames.prefix(2 * ClipPrint.rate).allSatisfy { !$0.informative })
        #expect(!ClipMatch.matches(movie, tree))
    }

    @Test func aClipPrintSurvivesTheStore() throws {
        let print = try Self.print(RealClips.trimmed)
        #expect(ClipPrint(text: print.text) == print)
    }
}
