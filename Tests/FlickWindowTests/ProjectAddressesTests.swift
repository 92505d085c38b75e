import Foundation
import Testing
@testable import flick

/// The addresses About Flick shows: only what the build was given
/// (meson's options, installed as `share/flick/resources/addresses`).
@Suite struct ProjectAddressesTests {
    @Test func theInstalledFileNamesTheHomepageAndBugtracker() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("addresses-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "homepage=https://flick.example/\nbugtracker=https://flick.example/issues\nvcs-browser=\n"
            .write(to: folder.appendingPathComponent(ProjectAddresses.fileName), atomically: true, encoding: .utf8)
        let addresses = ProjectAddresses.installed(in: folder)
        #expect(addresses.homepage == "https://flick.example/")
        #expect(addresses.bugtracker == "https://flick.example/issues")
    }

    @Test func anEmptyOrMissingAddressIsLeftOut() {
        #expect(ProjectAddresses.parse("homepage=\nbugtracker=  \n").homepage == nil)
        #expect(ProjectAddresses.parse("homepage=\nbugtracker=  \n").bugtracker == nil)
        let missing = ProjectAddresses.installed(in: URL(fileURLWithPath: "/nonexistent-flick-resources"))
        #expect(missing.homepage == nil && missing.bugtracker == nil)
    }

    @Test func otherLinesAreIgnored() {
        let addresses = ProjectAddresses.parse("# comment\nnonsense\nhomepage=https://a.example/x=y\n")
        #expect(addresses.homepage == "https://a.example/x=y")
        #expect(addresses.bugtracker == nil)
    }
}
