import FlickCore
import Foundation
import Testing
@testable import FlickStore

/// Several Flick processes (the window, `flick status` in a terminal, a
/// bench) share one `flick.db`. These tests use a real second process
/// (Python's sqlite3, as another Flick would open the file) and assert what
/// that process reads back: every decision the first one made.
@Suite struct SharedStoreTests {
    /// Runs Python's sqlite3 on `database` in another process and returns
    /// each present clip's path and decision ("-" for none), sorted.
    static func readInAnotherProcess(_ database: String, sql: String? = nil) throws -> [String] {
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            rows = db.execute("select path, ifnull(decision, '-') from clip where state = 'present' order by path").fetchall()
            db.close()
            print("\\n".join(p + "=" + d for p, d in rows))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, database]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Files this process holds open that were deleted from their folder.
    static func deletedOpenFiles() -> [String] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0) }
            .filter { $0.hasSuffix("(deleted)") }
    }

    @Test func aTerminalReadingTheStoreAfterTheWindowAppliedLosesNoLaterDecision() throws {
        let fixture = try Fixture()
        let window = try fixture.openStore()
        var (folder, _, session) = try fixture.open(window)
        try window.perform(.delete, on: &session, folder: folder)
        // Apply Deletions… → Move to Trash: the window's Apply opens the store again.
        let items = try FileOperations.check(window.clipsToDelete(in: folder), folder: folder.path).items
        let report = Apply.run(items, folder: folder, storePath: fixture.databasePath, environment: fixture.environment)
        #expect(report.moved.map(\.relativePath) == ["a.mp4"])
        // `flick status FOLDER` in a terminal.
        _ = try Self.readInAnotherProcess(fixture.databasePath)
        // L and S in the window.
        try window.perform(.like, on: &session, folder: folder)
        try window.perform(.skip, on: &session, folder: folder)
        #expect(Self.deletedOpenFiles().filter { $0.contains(fixture.databasePath) } == [])
        #expect(try Self.readInAnotherProcess(fixture.databasePath) == ["b.mp4=like", "c.jpg=skip", "d.webm=-"])
    }

    @Test func twoStoresOfOneProcessShareOneConnection() throws {
        let fixture = try Fixture()
        let first = try fixture.openStore()
        var (folder, _, session) = try fixture.open(first)
        do {
            let second = try fixture.openStore()
            _ = try fixture.open(second)
        }
        _ = try Self.readInAnotherProcess(fixture.databasePath)
        try first.perform(.like, on: &session, folder: folder)
        #expect(try Self.readInAnotherProcess(fixture.databasePath).first == "a.mp4=like")
    }

    @Test func aStoreReplacedUnderAnOpenOneIsReopenedNotWrittenIntoTheOldFile() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        var (folder, _, session) = try fixture.open(store)
        try store.perform(.like, on: &session, folder: folder)
        try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        // Someone moves the store aside: the next decision is refused, not
        // written into the file that is no longer the store.
        let path = fixture.databasePath
        try FileManager.default.moveItem(atPath: path, toPath: path + ".aside")
        #expect(throws: StoreError.self) { try store.perform(.delete, on: &session, folder: folder) }
        #expect(try Self.readInAnotherProcess(path + ".aside").prefix(2) == ["a.mp4=like", "b.mp4=-"])
        // … and put back (a restore from a copy): decisions go to it again.
        try FileManager.default.copyItem(atPath: path + ".aside", toPath: path)
        try store.perform(.skip, on: &session, folder: folder)
        #expect(try Self.readInAnotherProcess(path).prefix(3) == ["a.mp4=like", "b.mp4=-", "c.jpg=skip"])
    }

    @Test func aJournalRemovedUnderAnOpenStoreIsNeverWrittenInto() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        var (folder, _, session) = try fixture.open(store)
        try store.perform(.like, on: &session, folder: folder)
        try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let path = fixture.databasePath
        try FileManager.default.removeItem(atPath: path + "-wal")
        try FileManager.default.removeItem(atPath: path + "-shm")
        try store.perform(.skip, on: &session, folder: folder)
        #expect(Self.deletedOpenFiles().filter { $0.contains(path) } == [])
        #expect(try Self.readInAnotherProcess(path).prefix(2) == ["a.mp4=like", "b.mp4=skip"])
    }
}
