import FlickApp
import FlickCore
import Foundation
import Testing

/// The scan started with the process: taken by the first open of its
/// folder, listed the same way; any other open scans for itself.
@MainActor
@Suite struct EarlyScanTests {
    @Test func onlyTheFolderItWasStartedForTakesTheScanAndOnlyOnce() throws {
        let fixture = try AppFixture([("b.mp4", Data("b".utf8)), ("a.jpg", Data("a".utf8)), ("a.mp4", Data("a".utf8))])
        EarlyScan.start(fixture.folder, choice: false, fallback: true, order: .name)
        #expect(EarlyScan.claim(fixture.root, order: .name) == nil)
        #expect(EarlyScan.claim(fixture.folder, order: .name) == nil)  // the other claim dropped it

        EarlyScan.start(fixture.folder, choice: false, fallback: true, order: .name)
        let scan = try #require(EarlyScan.claim(fixture.folder, order: .name))
        #expect(EarlyScan.claim(fixture.folder, order: .name) == nil)
        #expect(scan.clips(of: [.video], recursive: false)?.map(\.relativePath) == ["a.mp4", "b.mp4"])
        #expect(scan.clips(of: [.video, .photo], recursive: false)?.count == 3)
        #expect(scan.clips(of: [.video], recursive: true) == nil)  // listed the other way: the caller scans again
    }
}
