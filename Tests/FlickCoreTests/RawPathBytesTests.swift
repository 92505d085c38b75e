import Foundation
import Testing
@testable import FlickCore

/// Names are bytes: one String per name, compared byte for byte, shown
/// escaped, written as exact URIs.
@Suite struct RawPathBytesTests {
    @Test func aRealEscapeCharacterInANameIsNotMistakenForAByte() {
        let real = Array("\u{F7E9}.mp4".utf8)  // EF 9F A9, a private-use character
        let byte: [UInt8] = [0xE9] + Array(".mp4".utf8)
        #expect(RawPath.bytes(RawPath.decode(real)) == real)
        #expect(RawPath.bytes(RawPath.decode(byte)) == byte)
        #expect(!RawPath.same(RawPath.decode(real), RawPath.decode(byte)))
    }

    @Test func nfcAndNfdAreDifferentNames() {
        let nfc = "caf\u{E9}.mp4", nfd = "cafe\u{301}.mp4"
        #expect(nfc == nfd)  // what Swift says, and why Flick never asks it
        #expect(!RawPath.same(nfc, nfd))
        #expect(RawPath.key(nfc) != RawPath.key(nfd))
        #expect(RawPath.same(nfc, "caf\u{E9}.mp4"))
    }

    @Test func pathKeysTellEveryByteApart() {
        let nfc = "caf\u{E9}.mp4", nfd = "cafe\u{301}.mp4"
        let escaped = RawPath.decode([0xE9] + Array(".mp4".utf8)), real = RawPath.decode(Array("\u{F7E9}.mp4".utf8))
        let keys = Set([nfc, nfd, escaped, real, "a.mp4", "a.mp4"].map(PathKey.init))
        #expect(keys.count == 5)
        #expect(keys.contains(PathKey("caf" + "\u{E9}.mp4")))
        #expect(!keys.contains(PathKey("b.mp4")))
        #expect(PathKey(nfc) != PathKey(nfd))
        #expect(RawPath.same("", ""))
        #expect(!RawPath.same("a", "ab"))
    }

    @Test func cStringsAreTheNamesBytes() {
        let names: [[UInt8]] = [Array("plain.mp4".utf8), Array("caf\u{E9}.mp4".utf8), [0xFF, 0x41], Array("\u{F7E9}.mp4".utf8)]
        for name in names {
            let path = RawPath.decode(name)
            #expect(RawPath.c(path) == name.map { CChar(bitPattern: $0) } + [0])
            #expect(RawPath.withCString(path) { Array(UnsafeBufferPointer(start: $0, count: strlen($0))) } == name.map { CChar(bitPattern: $0) })
        }
    }

    @Test func printableEscapesWhatCouldDriveATerminal() {
        let path = RawPath.decode(Array("a\nb\u{1B}[2J\t\\".utf8) + [0xFF] + Array("\u{202E}.mp4".utf8))
        #expect(RawPath.printable(path) == "a\\nb\\x1B[2J\\t\\\\\\xFF\\u{202E}.mp4")
        #expect(RawPath.printable("plain café.mp4") == "plain café.mp4")
    }

    @Test func fileURIsPercentEncodeEveryOddByte() {
        let path = RawPath.decode(Array("/v/new\nline ".utf8) + [0xFF] + Array("%.mp4".utf8))
        #expect(RawPath.fileURI(path) == "file:///v/new%0Aline%20%FF%25.mp4")
    }

    @Test func insideComparesWholeComponents() {
        #expect(RawPath.isInside("/a/b/c", root: "/a/b"))
        #expect(RawPath.isInside("/a/b", root: "/a/b"))
        #expect(!RawPath.isInside("/a/bc", root: "/a/b"))
        #expect(!RawPath.isInside("/a/cafe\u{301}/x", root: "/a/caf\u{E9}"))
    }
}
