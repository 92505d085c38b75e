import Foundation
import Testing
@testable import FlickStore

/// Only `xmp:Rating` changes in a sidecar; every other byte stays.
@Suite struct XMPRatingTests {
    static let attributeForm = """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:darktable="http://darktable.sf.net/"
            xmp:Rating="3"
            darktable:xmp_version="5">
           <dc:subject xmlns:dc="http://purl.org/dc/elements/1.1/"><rdf:Bag><rdf:li>beach</rdf:li></rdf:Bag></dc:subject>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """

    static let elementForm = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
          <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:xap="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
              <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Final &amp; point</rdf:li></rdf:Alt></dc:title>
              <xap:Rating>4</xap:Rating>
              <!-- <xap:Rating>9</xap:Rating> -->
            </rdf:Description>
          </rdf:RDF>
        </x:xmpmeta>
        """

    static let noRating = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
            dc:format="video/mp4"/>
         </rdf:RDF>
        </x:xmpmeta>
        """

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func theAttributeFormChangesOnlyItsValue() throws {
        let before = Array(Self.attributeForm.utf8)
        #expect(try XMPRating.rating(in: before) == "3")
        let after = try XMPRating.setting("-1", in: before)
        #expect(text(after) == Self.attributeForm.replacingOccurrences(of: "xmp:Rating=\"3\"", with: "xmp:Rating=\"-1\""))
        #expect(try XMPRating.rating(in: after) == "-1")
    }

    @Test func theElementFormChangesOnlyItsText() throws {
        let before = Array(Self.elementForm.utf8)
        #expect(try XMPRating.rating(in: before) == "4")
        let after = try XMPRating.setting("1", in: before)
        #expect(text(after) == Self.elementForm.replacingOccurrences(of: "<xap:Rating>4</xap:Rating>", with: "<xap:Rating>1</xap:Rating>"))
        // The commented-out rating is not a rating.
        #expect(text(after).contains("<!-- <xap:Rating>9</xap:Rating> -->"))
    }

    @Test func removingARatingTakesOutJustThatAttributeOrElement() throws {
        let attribute = try XMPRating.setting(nil, in: Array(Self.attributeForm.utf8))
        #expect(text(attribute) == Self.attributeForm.replacingOccurrences(of: "\n    xmp:Rating=\"3\"", with: ""))
        let element = try XMPRating.setting(nil, in: Array(Self.elementForm.utf8))
        #expect(text(element) == Self.elementForm.replacingOccurrences(of: "\n      <xap:Rating>4</xap:Rating>", with: ""))
        #expect(try XMPRating.rating(in: element) == nil)
    }

    @Test func aSidecarWithoutRatingGetsTheAttributeOnItsFirstDescription() throws {
        let before = Array(Self.noRating.utf8)
        #expect(try XMPRating.rating(in: before) == nil)
        let after = try XMPRating.setting("-1", in: before)
        #expect(try XMPRating.rating(in: after) == "-1")
        let expected = Self.noRating.replacingOccurrences(
            of: "dc:format=\"video/mp4\"/>",
            with: "dc:format=\"video/mp4\"\n    xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"\n    xmp:Rating=\"-1\"/>")
        #expect(text(after) == expected)
        // Taking it out again gives back a file that still parses, without a rating.
        #expect(try XMPRating.rating(in: try XMPRating.setting(nil, in: after)) == nil)
    }

    @Test func aFreshSidecarHoldsTheRating() throws {
        #expect(try XMPRating.rating(in: XMPRating.fresh(rating: "2")) == "2")
    }

    @Test(arguments: [
        ("<x:xmpmeta><rdf:RDF>", XMPRating.Malformed.unclosed("rdf:RDF")),
        ("<a><b></a></b>", .closesOther("a", open: "b")),
        ("<a x=1/>", .notQuoted(attribute: "x", element: "a")),
        ("just text", .noElements),
        ("<a><!-- open", .endsInside(.comment)),
        ("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>", .noDescription),
    ])
    func aMalformedSidecarIsAClearErrorNotACrash(_ sample: (String, XMPRating.Malformed)) {
        #expect(throws: sample.1) { try XMPRating.setting("1", in: Array(sample.0.utf8)) }
    }

    @Test func aSidecarThatIsNotUTF8IsRefused() {
        #expect(throws: XMPRating.Malformed.notUTF8) { try XMPRating.rating(in: [0x3C, 0x61, 0xFF, 0x2F, 0x3E]) }
    }
}
