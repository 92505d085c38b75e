import FlickApp
import Foundation
import Testing
@testable import flick

/// How a folder is listed and named: the subfolder choice's note for the
/// terminal, and the place a recent folder is shown with.
@Suite struct FolderChoiceTests {
    @Test func theTerminalIsToldWhenTheListingIsNotThePlainOne() {
        #expect(Subfolders.note(flag: nil, remembered: nil) == nil)
        #expect(Subfolders.note(flag: nil, remembered: false) == nil)
        #expect(Subfolders.note(flag: true, remembered: true) == nil)
        #expect(Subfolders.note(flag: true, remembered: nil) == nil)
        #expect(Subfolders.note(flag: nil, remembered: true)?.hasPrefix("Including subfolders, as Flick last opened") == true)
        #expect(Subfolders.note(flag: true, remembered: false)?.hasPrefix("--recursive:") == true)
        #expect(Subfolders.note(flag: false, remembered: true)?.hasPrefix("--no-recursive:") == true)
    }

    @Test func aRecentFolderIsPlacedByItsParentWithHomeAsATilde() {
        let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path
        #expect(RecentFolder.name(home + "/Phone/DCIM/Camera") == "Camera")
        #expect(RecentFolder.place(home + "/Phone/DCIM/Camera") == "~/Phone/DCIM")
        #expect(RecentFolder.place(home + "/Camera") == "~")
        #expect(RecentFolder.place("/media/card/Camera") == "/media/card")
        #expect(RecentFolder.place(home + "x/Camera") == home + "x")
    }
}
