import Foundation
import Testing
@testable import FlickCore

@Suite struct NaturalOrderTests {
    @Test func numbersCompareByValue() {
        let names = ["clip10.mp4", "clip2.mp4", "Clip1.mp4", "clip02b.mp4", "a.mp4", "clip100.mp4"]
        #expect(names.sorted(by: NaturalOrder.less) == ["a.mp4", "Clip1.mp4", "clip2.mp4", "clip02b.mp4", "clip10.mp4", "clip100.mp4"])
    }

    @Test func caseDoesNotSplitTheOrder() {
        #expect(NaturalOrder.less("apple.mp4", "Banana.mp4"))
        #expect(NaturalOrder.less("Apple.mp4", "banana.mp4"))
    }

    @Test func orderIsTotalAndAntisymmetric() {
        let names = ["x1", "X1", "x01", "x001", "x1a", "x"]
        for a in names {
            #expect(!NaturalOrder.less(a, a))
            for b in names where a != b {
                #expect(NaturalOrder.less(a, b) != NaturalOrder.less(b, a), "\(a) vs \(b)")
            }
        }
    }

    @Test func longNumbersDoNotOverflow() {
        #expect(NaturalOrder.less("v99999999999999999999998", "v99999999999999999999999"))
    }

    /// `sorted` (the deck's sort, on bytes) puts names where `less` does.
    @Test func sortedAgreesWithLess() {
        var names = ["clip_000010.mp4", "clip_000009.mp4", "clip_0.mp4", "clip_.mp4", "clip_00.mp4", "clip_a.mp4", "Clip_1.mp4",
                     "clip_1a.mp4", "clip_1.mp4", "clip_01.mp4", "clip", "clip_", "clip_/x.mp4", "clip_ 1.mp4", "clip_9999999999999999999.mp4",
                     "clip_10000000000000000000.mp4", "CAFÉ 2.jpg", "café 10.jpg", "cafe\u{301} 3.jpg", "\u{212A}elvin.mkv", "kelvin.mkv",
                     "日本 2.mp4", "日本 10.mp4", "a\u{F7FF}b.mp4", "a0", "a00", "a", "a0b", "a_b", "a/b", "A", "0", "00", "", "9", "x9y", "x10y"]
        for i in 0..<300 { names.append("IMG_\(i * 7919 % 1000)\(i % 3 == 0 ? "" : "_\(i % 11)").JPG") }
        var generator = SystemRandomNumberGenerator()
        names.shuffle(using: &generator)
        #expect(NaturalOrder.sorted(names) { $0 } == names.sorted(by: NaturalOrder.less))
        #expect(NaturalOrder.sorted(["b10", "b9"]) { $0 } == ["b9", "b10"])
        #expect(NaturalOrder.sorted([String]()) { $0 }.isEmpty)
    }
}

@Suite struct ClipKindTests {
    @Test(arguments: ["a.mp4", "B.MOV", "c.webm", "d.mkv", "e.m4v"])
    func videos(_ name: String) { #expect(ClipKind(fileName: name) == .video) }

    @Test(arguments: ["a.jpg", "b.JPEG", "c.png", "d.webp", "e.heic"])
    func photos(_ name: String) { #expect(ClipKind(fileName: name) == .photo) }

    @Test(arguments: ["notes.txt", "mp4", ".mp4", "archive.mp4.zip", "README"])
    func others(_ name: String) { #expect(ClipKind(fileName: name) == nil) }

    /// Names that are not all ASCII: the extension is lowercased as text
    /// (the Kelvin sign is a "k"), and a dot joined to a mark is no dot.
    @Test func nonASCIINames() {
        #expect(ClipKind(fileName: "été.MP4") == .video)
        #expect(ClipKind(fileName: "clip.m\u{212A}v") == .video)
        #expect(ClipKind(fileName: "photo.jpg\u{301}") == nil)
        #expect(ClipKind(fileName: "clip.\u{301}mp4") == nil)
        #expect(ClipKind(fileName: "日本.webm") == .video)
    }
}

@Suite struct FolderScanTests {
    /// A fresh folder with `files` (relative paths), removed after the test.
    func makeFolder(_ files: [String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-scan-\(UUID().uuidString)")
        for file in files {
            let url = dir.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func listsDirectChildrenInNaturalOrder() throws {
        let dir = try makeFolder(["rally_10.mp4", "rally_2.mp4", "team.jpg", "notes.txt", ".hidden.mp4", "sub/deep.mp4"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let clips = try FolderScan.scan(dir)
        #expect(clips.map(\.relativePath) == ["rally_2.mp4", "rally_10.mp4", "team.jpg"])
        #expect(clips.map(\.kind) == [.video, .video, .photo])
    }

    @Test func recursiveIncludesSubfolders() throws {
        let dir = try makeFolder(["b.mp4", "sub/a.mp4", "sub/inner/c.webm"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let clips = try FolderScan.scan(dir, recursive: true)
        #expect(clips.map(\.relativePath) == ["b.mp4", "sub/a.mp4", "sub/inner/c.webm"])
    }

    @Test func dateOrderFollowsModificationTime() throws {
        let dir = try makeFolder(["a.mp4", "b.mp4", "c.mp4"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let now = Date()
        for (name, age) in [("a.mp4", 10.0), ("b.mp4", 30.0), ("c.mp4", 20.0)] {
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: dir.appendingPathComponent(name).path)
        }
        #expect(try FolderScan.scan(dir, order: .date).map(\.relativePath) == ["b.mp4", "c.mp4", "a.mp4"])
    }

    /// Biggest first; files of one size in natural name order (img10
    /// after img2); a link counts what it points to.
    @Test func sizeOrderPutsTheBiggestFirst() throws {
        let dir = try makeFolder(["small.mp4", "big.jpg", "img10.mp4", "img2.mp4"])
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, bytes) in [("small.mp4", 10), ("big.jpg", 5_000), ("img10.mp4", 300), ("img2.mp4", 300)] {
            try Data(count: bytes).write(to: dir.appendingPathComponent(name))
        }
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.mp4").path, withDestinationPath: "big.jpg")
        #expect(try FolderScan.scan(dir, order: .size).map(\.relativePath) == ["big.jpg", "link.mp4", "img2.mp4", "img10.mp4", "small.mp4"])
    }

    @Test func oddFileNamesAreKept() throws {
        let names = ["with space.mp4", "quote\"d.mp4", "it's.mp4", "new\nline.mp4", "ünïcödé.mp4"]
        let dir = try makeFolder(names)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(Set(try FolderScan.scan(dir).map(\.relativePath)) == Set(names))
    }

    /// A folder big enough to be looked up on every core lists what one
    /// thread lists: the same clips, identities, sizes (a link's target's)
    /// and order.
    @Test func aParallelScanListsWhatOneThreadLists() throws {
        let count = FolderScan.parallelStatEntries + FolderScan.statSliceEntries / 2
        let dir = try makeFolder([])
        defer { try? FileManager.default.removeItem(at: dir) }
        for index in 0..<count {
            let name = index % 10 == 0 ? "notes \(index).txt" : "clip \(index).\(index % 3 == 0 ? "jpg" : "mp4")"
            let fd = open(dir.appendingPathComponent(name).path, O_CREAT | O_WRONLY, 0o644)
            if index % 7 == 0 { _ = write(fd, "xy", 2) }
            close(fd)
        }
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.mp4").path, withDestinationPath: "clip 7.mp4")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try Data("x".utf8).write(to: dir.appendingPathComponent("sub/inner.webm"))
        for recursive in [false, true] {
            let one = try FolderScan.scan(dir, recursive: recursive)
            #expect(one.count == (0..<count).filter { $0 % 10 != 0 }.count + 1 + (recursive ? 1 : 0))  // clips, the link, sub/
            #expect(try FolderScan.scan(dir, recursive: recursive, parallel: true) == one)
        }
        let link = try #require(try FolderScan.scan(dir, parallel: true).first { $0.relativePath == "link.mp4" })
        #expect(link.contentSize == 2 && link.identity.size == Int64("clip 7.mp4".utf8.count))
    }

    @Test func missingFolderIsNotFound() {
        #expect(throws: FolderError.notFound(path: "/no/such/folder")) {
            try FolderScan.scan(URL(fileURLWithPath: "/no/such/folder"))
        }
    }

    @Test func fileIsNotAFolder() throws {
        let dir = try makeFolder(["clip.mp4"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("clip.mp4")
        #expect(throws: FolderError.notAFolder(path: file.path)) { try FolderScan.scan(file) }
    }

    /// Root reads every folder, so the real-permission case needs a normal user;
    /// the mapping itself is checked below for every user.
    @Test(.enabled(if: geteuid() != 0)) func unreadableFolderSaysPermissionDenied() throws {
        let dir = try makeFolder(["clip.mp4"])
        defer {
            chmod(dir.path, 0o755)
            try? FileManager.default.removeItem(at: dir)
        }
        chmod(dir.path, 0)
        #expect(throws: FolderError.unreadable(path: dir.path, errno: EACCES)) { try FolderScan.scan(dir) }
    }

    @Test func errorsCarryThePathAndTheReason() {
        #expect(FolderError(path: "/x", errno: EACCES) == .unreadable(path: "/x", errno: EACCES))
        #expect(FolderError(path: "/x", errno: ENOENT) == .notFound(path: "/x"))
        #expect(FolderError(path: "/x", errno: ENOTDIR) == .notAFolder(path: "/x"))
        #expect(FolderError(path: "/x", errno: EIO) == .unreadable(path: "/x", errno: EIO))
        #expect(FolderError(path: "/x", errno: EIO).path == "/x")
    }
}

@Suite struct LogTests {
    @Test func levelsParseFromTheEnvironment() {
        #expect(Log.Level(environment: "debug") == .debug)
        #expect(Log.Level(environment: "ERROR") == .error)
        #expect(Log.Level(environment: nil) == .warning)
        #expect(Log.Level(environment: "loud") == .warning)
    }

    @Test func lineNamesLevelAndCategory() {
        #expect(Log.line(.info, "scan", "12 clips") == "flick[info] scan: 12 clips\n")
    }
}

/// Links among folders: every folder is listed once, the scan always ends.
extension FolderScanTests {
    private func link(_ name: String, to target: String, in dir: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent(name).path, withDestinationPath: target)
    }

    @Test(.timeLimit(.minutes(1))) func aLinkToItsOwnFolderAddsNoCopies() throws {
        let dir = try makeFolder(["a.mp4", "sub/b.mp4"])
        defer { try? FileManager.default.removeItem(at: dir) }
        try link("again", to: ".", in: dir)
        #expect(try FolderScan.scan(dir, recursive: true).map(\.relativePath) == ["a.mp4", "sub/b.mp4"])
    }

    @Test(.timeLimit(.minutes(1))) func twoLinksBackUpTheTreeEndWithEachClipOnce() throws {
        let dir = try makeFolder(["a.mp4", "sub/b.mp4", "sub/deeper/c.webm"])
        defer { try? FileManager.default.removeItem(at: dir) }
        try link("loop1", to: ".", in: dir)
        try link("sub/loop2", to: "..", in: dir)
        try link("sub/deeper/loop3", to: "../..", in: dir)
        for parallel in [false, true] {
            #expect(try FolderScan.scan(dir, recursive: true, parallel: parallel).map(\.relativePath)
                == ["a.mp4", "sub/b.mp4", "sub/deeper/c.webm"])
        }
    }

    /// x/toY → y and y/toX → x: each folder under its own name, once.
    @Test(.timeLimit(.minutes(1))) func foldersLinkedToEachOtherAreListedOnceUnderTheirOwnNames() throws {
        let dir = try makeFolder(["x/1.mp4", "y/2.mp4"])
        defer { try? FileManager.default.removeItem(at: dir) }
        try link("x/toY", to: "../y", in: dir)
        try link("y/toX", to: "../x", in: dir)
        try link("a", to: "b", in: dir)
        try link("b", to: "a", in: dir)
        #expect(try FolderScan.scan(dir, recursive: true).map(\.relativePath) == ["x/1.mp4", "y/2.mp4"])
    }

    /// A folder outside, linked twice, is listed once: under the first link
    /// in natural order, whatever order the directory keeps.
    @Test(.timeLimit(.minutes(1))) func aFolderOutsideLinkedTwiceIsListedOnce() throws {
        let dir = try makeFolder(["a.mp4"])
        let outside = try makeFolder(["c.mp4", "inner/d.mp4"])
        defer {
            try? FileManager.default.removeItem(at: dir)
            try? FileManager.default.removeItem(at: outside)
        }
        try link("match 10", to: outside.path, in: dir)
        try link("match 2", to: outside.path, in: dir)
        try link("inner-again", to: outside.appendingPathComponent("inner").path, in: outside)
        #expect(try FolderScan.scan(dir, recursive: true).map(\.relativePath) == ["a.mp4", "match 2/c.mp4", "match 2/inner/d.mp4"])
        #expect(try FolderScan.scan(dir).map(\.relativePath) == ["a.mp4"])
    }
}
