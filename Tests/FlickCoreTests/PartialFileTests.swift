import Foundation
import Testing
@testable import FlickCore

/// Stale-partial cleanup removes only what Flick itself made.
@Suite struct PartialFileTests {
    /// A pid no process can have (above any pid_max).
    static let deadPID = "2147483646"

    func makeFolder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-partial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.path
    }

    /// A real partial, renamed as if the process that wrote it had died.
    func staleFlickPartial(in folder: String, tag: String = "dead") throws -> String {
        let created = try PartialFile.create(in: folder).get()
        close(created.fd)
        let stale = folder + "/.flick-partial-\(Self.deadPID)-\(tag)"
        #expect(rename(created.path, stale) == 0)
        PartialFile.discard(created.path)  // no longer this process's
        return stale
    }

    func names(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func aUsersFileNamedLikeAStalePartialSurvives() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mine = folder + "/.flick-partial-\(Self.deadPID)-notes"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: mine))
        #expect(PartialFile.removeStale(in: folder) == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: mine)) == Data("mine".utf8))
    }

    @Test func aPartialOfADeadProcessIsRemovedAndALiveOneKept() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try staleFlickPartial(in: folder)
        let live = try PartialFile.create(in: folder).get()
        close(live.fd)
        defer { PartialFile.discard(live.path) }
        #expect(PartialFile.removeStale(in: folder) == 1)
        #expect(try names(folder) == [(live.path as NSString).lastPathComponent])
    }

    /// A link named like a stale partial, to a real one, is not followed:
    /// neither the link nor what it points to is removed.
    @Test func aLinkToAMarkedPartialIsNotFollowed() throws {
        let folder = try makeFolder()
        let elsewhere = try makeFolder()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: elsewhere)
        }
        let target = try staleFlickPartial(in: elsewhere, tag: "target")
        #expect(symlink(target, folder + "/.flick-partial-\(Self.deadPID)-link") == 0)
        #expect(PartialFile.removeStale(in: folder) == 0)
        #expect(FileManager.default.fileExists(atPath: target))
    }

    @Test func everyPartialInProgressCanBeDiscardedAtOnce() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try PartialFile.create(in: folder).get(), second = try PartialFile.create(in: folder).get()
        close(first.fd)
        close(second.fd)
        #expect(PartialFile.discardAllInProgress() == 2)
        #expect(try names(folder).isEmpty)
    }

    /// tmpfs keeps user extended attributes (Linux 6.6 and later): the
    /// mark is set and read there too.
    @Test(.enabled(if: geteuid() == 0, "mounting a tmpfs needs root")) func theMarkWorksOnTmpfs() throws {
        let mountPoint = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: mountPoint) }
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint]
        try mount.run()
        mount.waitUntilExit()
        try #require(mount.terminationStatus == 0, "mount -t tmpfs failed")
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [mountPoint]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        let mine = mountPoint + "/.flick-partial-\(Self.deadPID)-mine"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: mine))
        _ = try staleFlickPartial(in: mountPoint)
        #expect(PartialFile.removeStale(in: mountPoint) == 1)
        #expect(try names(mountPoint) == [(mine as NSString).lastPathComponent])
    }
}
