import FlickCore
import Foundation
import Testing
@testable import FlickStore

/// A FAT or exFAT card gives a file another mtime when mounted again: a
/// time before 1980 comes back as 1980 (exFAT through exfat-fuse), one
/// after 2107 as whatever the driver wraps it to, a time in 2 s steps, a
/// local time read in another time zone. A decided file whose bytes are
/// the same keeps its decision; a decision that matches no file is counted
/// (`SyncResult.unmatched`), not dropped. The file's mtime is set as the
/// remount shows it; real exFAT and FAT mounts are in
/// Tests/gui/test_mount_identity.py.
@Suite struct CardTimeIdentityTests {
    /// a.mp4 written at `written` and marked for deletion; then shown at `shown`.
    static func remounted(written: Double, shown: Double, rewrite: Bool = false) throws -> (Fixture, Store, SyncResult) {
        let fixture = try Fixture(files: [])
        try Data(repeating: 1, count: 200_000).write(to: URL(fileURLWithPath: fixture.path("a.mp4")))
        try Data(repeating: 2, count: 200_000).write(to: URL(fileURLWithPath: fixture.path("b.mp4")))
        for name in ["a.mp4", "b.mp4"] { try setTime(written, of: fixture.path(name)) }
        let store = try fixture.openStore()
        _ = try fixture.decide(.delete, ["a.mp4"], store: store)
        if rewrite {
            // Another file under the name, as big, its bytes different.
            try Data(repeating: 3, count: 200_000).write(to: URL(fileURLWithPath: fixture.path("a.mp4")))
        }
        try setTime(shown, of: fixture.path("a.mp4"))
        let (_, sync, _) = try fixture.open(store)
        return (fixture, store, sync)
    }

    static func setTime(_ seconds: Double, of path: String) throws {
        let whole = seconds.rounded(.down)
        var times = [timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9)),
                     timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))]
        guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw POSIXError(.EINVAL) }
    }

    static let jan2_1970: Double = 86_400
    static let exFATFirst: Double = 315_532_800  // 1980-01-01 00:00 UTC
    static let present: Double = 1_700_000_001.37

    /// (written, shown after the remount)
    static let cardTimes: [(Double, Double)] = [
        (jan2_1970, exFATFirst),  // exFAT's first date
        (jan2_1970, exFATFirst - 3_600),  // 1980 in the card's local time
        (5_680_281_600, 1_640_908_800),  // 2150 written, 2021-12-31 read back (exfat-fuse wraps the year)
        (present, 1_700_000_000),  // FAT's 2 s steps
        (present, 1_700_000_000 + 3_600),  // read an hour off (the card keeps local time)
        (present, 1_700_000_000 - 19_800),  // …or five and a half
    ]

    @Test(arguments: cardTimes)
    func aDecisionFollowsItsBytesThroughATimeTheCardChanged(_ times: (Double, Double)) throws {
        let (fixture, store, sync) = try Self.remounted(written: times.0, shown: times.1)
        #expect(sync.clips.map(\.relativePath) == ["a.mp4", "b.mp4"])
        #expect(sync.clips.map(\.decision) == [.delete, nil])
        #expect(sync.unmatched.isEmpty && sync.added == 0)
        // The row learned the new time: Apply moves the file.
        let record = try store.folder(at: fixture.folder)
        let items = try FileOperations.check(store.clipsToDelete(in: record), folder: record.path).items
        #expect(items.map(\.relativePath) == ["a.mp4"])
    }

    @Test func anotherFileUnderTheNameIsNotMatchedAndTheDecisionIsCounted() throws {
        let (fixture, store, sync) = try Self.remounted(written: Self.jan2_1970, shown: Self.exFATFirst, rewrite: true)
        #expect(sync.clips.map(\.decision) == [nil, nil])
        #expect(sync.unmatched.map(\.relativePath) == ["a.mp4"] && sync.unmatched(subfolders: false) == 1)
        // Kept, not deleted: it comes back with its bytes (after the other file left).
        try FileManager.default.removeItem(atPath: fixture.path("a.mp4"))
        #expect(try fixture.open(store).1.unmatched.count == 1)
        try Data(repeating: 1, count: 200_000).write(to: URL(fileURLWithPath: fixture.path("a.mp4")))
        try Self.setTime(Self.exFATFirst, of: fixture.path("a.mp4"))
        let (_, again, _) = try fixture.open(store)
        #expect(again.clips.map(\.decision) == [.delete, nil])
        #expect(again.unmatched.isEmpty)
    }

    @Test func aCopyWithTheSameBytesAndAnUnrelatedNewTimeIsStillAnotherFile() throws {
        let (_, _, sync) = try Self.remounted(written: Self.present, shown: Self.present + 12_345)
        #expect(sync.clips.map(\.decision) == [nil, nil])
        #expect(sync.unmatched(subfolders: true) == 1)
    }

    @Test func aDecidedClipInASubfolderTheDeckDidNotListIsNotCounted() throws {
        let fixture = try Fixture(files: ["a.mp4", "sub/b.mp4"])
        let store = try fixture.openStore()
        let record = try store.folder(at: fixture.folder)
        let all = try FolderScan.scan(fixture.folder, recursive: true)
        var session = try store.session(for: record, deck: store.sync(record, with: all).clips)
        try store.perform(.delete, on: &session, folder: record)
        try store.perform(.delete, on: &session, folder: record)
        let own = try store.sync(record, with: FolderScan.scan(fixture.folder, recursive: false))
        #expect(own.unmatched.map(\.relativePath) == ["sub/b.mp4"])
        #expect(own.unmatched(subfolders: false) == 0 && own.unmatched(subfolders: true) == 1)
    }

    static let rewrites: [(Double, Double, Bool)] = [
        (86_400, 315_532_800, true), (1_700_000_000.5, 1_700_000_000, true), (1_700_000_000, 1_700_000_000 + 45 * 60, true),
        (1_700_000_000, 1_700_000_000 - 14 * 3_600 + 1, true), (1_700_000_000, 1_700_000_010, false),
        (1_700_000_000, 1_700_000_000 + 3_600 + 60, false), (1_700_000_000, 1_700_000_000 + 2 * 86_400, false),
        (1_700_000_000, 1_700_003_600.25, false), (86_400, 1_700_000_000.001, false),
    ]

    @Test(arguments: rewrites)
    func whichTimesACardMayGiveBack(_ sample: (Double, Double, Bool)) {
        #expect(FileIdentity.isCardRewrite(of: sample.0, as: sample.1) == sample.2)
    }
}
