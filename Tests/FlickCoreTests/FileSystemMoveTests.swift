import Foundation
import Testing
@testable import FlickCore

/// The moves that must never delete or replace a file another program put
/// in place meanwhile, and the mount facts the Trash is chosen by.
@Suite struct FileSystemMoveTests {
    private func folder() throws -> (URL, Int32) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-fs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let fd = open(url.path, O_RDONLY | O_DIRECTORY)
        #expect(fd >= 0)
        return (url, fd)
    }

    /// The hard-link way of moving (where RENAME_NOREPLACE is refused): a
    /// file renamed over the old name between the link and the removal of
    /// that name stays, under that name; the linked file is at the target.
    @Test func aFileRenamedOverTheOldNameAfterTheLinkIsNeverRemoved() throws {
        let (url, fd) = try folder()
        defer { close(fd); try? FileManager.default.removeItem(at: url) }
        try Data("marked".utf8).write(to: url.appendingPathComponent("a.mp4"))
        try Data("liked".utf8).write(to: url.appendingPathComponent("b.mp4"))
        #expect(linkat(fd, "a.mp4", fd, "moved.mp4", 0) == 0)
        #expect(rename(url.appendingPathComponent("b.mp4").path, url.appendingPathComponent("a.mp4").path) == 0)
        #expect(FileSystem.removeLinked(fd, Array("a.mp4".utf8CString), fd, Array("moved.mp4".utf8CString)) == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        #expect(names == ["a.mp4", "moved.mp4"])
        #expect(try Data(contentsOf: url.appendingPathComponent("a.mp4")) == Data("liked".utf8))
        #expect(try Data(contentsOf: url.appendingPathComponent("moved.mp4")) == Data("marked".utf8))
    }

    @Test func theLinkedNameIsRemovedWhenItIsStillTheSameFile() throws {
        let (url, fd) = try folder()
        defer { close(fd); try? FileManager.default.removeItem(at: url) }
        try Data("marked".utf8).write(to: url.appendingPathComponent("a.mp4"))
        #expect(linkat(fd, "a.mp4", fd, "moved.mp4", 0) == 0)
        #expect(FileSystem.removeLinked(fd, Array("a.mp4".utf8CString), fd, Array("moved.mp4".utf8CString)) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path) == ["moved.mp4"])
    }

    @Test func aFolderIsItsOwnMountTopOnlyWhenMountedThere() throws {
        let (url, fd) = try folder()
        defer { close(fd); try? FileManager.default.removeItem(at: url) }
        let facts = FileSystem.mountFacts(fd, "")
        #expect(facts?.isImmutable == false)
        if let id = facts?.mountID {
            #expect(FileSystem.mountFacts(AT_FDCWD, url.deletingLastPathComponent().path)?.mountID == id)
            #expect(FileSystem.mountTop(of: url.path) != url.path)
        }
    }
}
