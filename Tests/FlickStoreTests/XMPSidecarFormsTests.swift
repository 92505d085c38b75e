import Foundation
import Testing
@testable import FlickStore

/// The clip's own rating, in sidecars as real programs write them: only a
/// top-level `rdf:Description` describes the file; a nested one (an
/// ingredient, a face region, a history event) is never read or written.
/// The exiftool and exiv2 forms are their output, copied; the Premiere,
/// digiKam and darktable ones follow those programs' published output.
/// Real exiftool and exiv2 read Flick's writes in Tests/gui/test_editors_cli.py.
@Suite struct XMPSidecarFormsTests {
    /// Premiere Pro: the clip's rating is an element; its Pantry keeps an
    /// ingredient (another clip) with a rating of its own, and History and
    /// DerivedFrom are nested too.
    static let premiere = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 7.1-c000 79.dabacbb, 2021/04/14-00:39:44        ">
           <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""
                    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
                    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
                    xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#"
                    xmlns:stRef="http://ns.adobe.com/xap/1.0/sType/ResourceRef#">
                 <xmp:CreatorTool>Adobe Premiere Pro 2022.0 (Windows)</xmp:CreatorTool>
                 <xmpMM:History>
                    <rdf:Seq>
                       <rdf:li>
                          <rdf:Description stEvt:action="saved" xmp:Rating="4"
                                stEvt:instanceID="xmp.iid:1b2c"/>
                       </rdf:li>
                    </rdf:Seq>
                 </xmpMM:History>
                 <xmpMM:DerivedFrom rdf:parseType="Resource">
                    <stRef:instanceID>xmp.iid:0a1b</stRef:instanceID>
                 </xmpMM:DerivedFrom>
                 <xmpMM:Pantry>
                    <rdf:Bag>
                       <rdf:li>
                          <rdf:Description xmp:Rating="5" xmpMM:InstanceID="xmp.iid:9f8e">
                             <xmp:Label>Ingredient</xmp:Label>
                          </rdf:Description>
                       </rdf:li>
                    </rdf:Bag>
                 </xmpMM:Pantry>
                 <xmp:Rating>2</xmp:Rating>
              </rdf:Description>
           </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """

    /// `exiftool -o x.xmp -XMP:Rating=3 clip.mp4` (ExifTool 12.57): one
    /// top-level description per namespace, the rating in the third.
    static let exiftool = """
        <?xpacket begin='\u{FEFF}' id='W5M0MpCehiHzreSzNTczkc9d'?>
        <x:xmpmeta xmlns:x='adobe:ns:meta/' x:xmptk='Image::ExifTool 12.57'>
        <rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>

         <rdf:Description rdf:about=''
          xmlns:LImage='http://ns.leiainc.com/photos/1.0/image/'>
          <LImage:MinorVersion>0.2.0</LImage:MinorVersion>
         </rdf:Description>

         <rdf:Description rdf:about=''
          xmlns:tiff='http://ns.adobe.com/tiff/1.0/'>
          <tiff:ImageLength>64</tiff:ImageLength>
         </rdf:Description>

         <rdf:Description rdf:about=''
          xmlns:xmp='http://ns.adobe.com/xap/1.0/'>
          <xmp:Rating>3</xmp:Rating>
         </rdf:Description>
        </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end='w'?>
        """

    /// exiv2 0.27 (`exiv2 -M "set Xmp.xmp.Rating 1" -M "set
    /// Xmp.xmpMM.DerivedFrom/stRef:instanceID xmp.iid:1"`), the derived-from
    /// reference given a rating of its own.
    static let exiv2 = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
            xmlns:stRef="http://ns.adobe.com/xap/1.0/sType/ResourceRef#">
           <xmpMM:DerivedFrom>
            <rdf:Description stRef:instanceID="xmp.iid:1"
              xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="-1"/>
           </xmpMM:DerivedFrom>
          </rdf:Description>
          <rdf:Description rdf:about=""
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
           xmp:Rating="1"/>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """

    /// digiKam: an unrated photo whose face region (Microsoft's region
    /// schema, each region a nested description) carries a rating.
    static let digikam = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:digiKam="http://www.digikam.org/ns/1.0/"
            xmlns:MP="http://ns.microsoft.com/photo/1.2/"
            xmlns:MPRI="http://ns.microsoft.com/photo/1.2/t/RegionInfo#"
            xmlns:MPReg="http://ns.microsoft.com/photo/1.2/t/Region#"
            xmlns:xmp="http://ns.adobe.com/xap/1.0/">
           <digiKam:TagsList><rdf:Seq><rdf:li>People/Anna</rdf:li></rdf:Seq></digiKam:TagsList>
           <MP:RegionInfo rdf:parseType="Resource">
            <MPRI:Regions>
             <rdf:Bag>
              <rdf:li>
               <rdf:Description MPReg:PersonDisplayName="Anna" MPReg:Rectangle="0.1, 0.2, 0.3, 0.4" xmp:Rating="-1"/>
              </rdf:li>
             </rdf:Bag>
            </MPRI:Regions>
           </MP:RegionInfo>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """

    /// darktable: the attribute form, with its history beside it.
    static let darktable = """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
            xmlns:darktable="http://darktable.sf.net/"
            xmp:Rating="1"
            xmpMM:DerivedFrom="IMG_0001.CR2"
            darktable:xmp_version="5"
            darktable:history_end="1">
           <darktable:history>
            <rdf:Seq>
             <rdf:li darktable:num="0" darktable:operation="exposure" darktable:enabled="1"/>
            </rdf:Seq>
           </darktable:history>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """

    func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func premieresIngredientIsNotTheClip() throws {
        let before = utf8(Self.premiere)
        #expect(try XMPRating.rating(in: before) == "2")
        let after = try XMPRating.setting("-1", in: before)
        #expect(after == utf8(Self.premiere.replacingOccurrences(of: "<xmp:Rating>2</xmp:Rating>", with: "<xmp:Rating>-1</xmp:Rating>")))
        #expect(try XMPRating.setting(nil, in: after) == utf8(Self.premiere.replacingOccurrences(of: "\n         <xmp:Rating>2</xmp:Rating>", with: "")))
    }

    @Test func exiftoolsRatingInItsThirdDescriptionIsFoundAndChangedThere() throws {
        let before = utf8(Self.exiftool)
        #expect(try XMPRating.rating(in: before) == "3")
        #expect(try XMPRating.setting("5", in: before)
                == utf8(Self.exiftool.replacingOccurrences(of: "<xmp:Rating>3</xmp:Rating>", with: "<xmp:Rating>5</xmp:Rating>")))
        // Without one, it goes on the first top-level description.
        let unrated = Self.exiftool.replacingOccurrences(of: "\n  <xmp:Rating>3</xmp:Rating>", with: "")
        #expect(try XMPRating.rating(in: utf8(unrated)) == nil)
        let rated = try XMPRating.setting("-1", in: utf8(unrated))
        #expect(rated == utf8(unrated.replacingOccurrences(
            of: "xmlns:LImage='http://ns.leiainc.com/photos/1.0/image/'>",
            with: "xmlns:LImage='http://ns.leiainc.com/photos/1.0/image/'\n    xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"\n    xmp:Rating=\"-1\">")))
        #expect(try XMPRating.rating(in: rated) == "-1")
    }

    @Test func exiv2sDerivedFromReferenceKeepsItsRating() throws {
        let before = utf8(Self.exiv2)
        #expect(try XMPRating.rating(in: before) == "1")
        #expect(try XMPRating.setting("-1", in: before) == utf8(Self.exiv2.replacingOccurrences(of: "xmp:Rating=\"1\"", with: "xmp:Rating=\"-1\"")))
    }

    @Test func aDigikamFaceRegionsRatingIsNotThePhotos() throws {
        let before = utf8(Self.digikam)
        #expect(try XMPRating.rating(in: before) == nil)
        let after = try XMPRating.setting("3", in: before)
        // On the photo's description (xmp is bound there already), the region as it was.
        #expect(after == utf8(Self.digikam.replacingOccurrences(
            of: "xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">", with: "xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"\n    xmp:Rating=\"3\">")))
        #expect(try XMPRating.rating(in: after) == "3")
        #expect(try XMPRating.setting(nil, in: after) == before)
    }

    @Test func darktablesAttributeChangesAlone() throws {
        let before = utf8(Self.darktable)
        #expect(try XMPRating.rating(in: before) == "1")
        #expect(try XMPRating.setting("-1", in: before) == utf8(Self.darktable.replacingOccurrences(of: "xmp:Rating=\"1\"", with: "xmp:Rating=\"-1\"")))
    }

    @Test func aTopLevelDescriptionNamedByAnOldUUIDStillDescribesTheFile() throws {
        let old = Self.darktable.replacingOccurrences(of: "rdf:about=\"\"", with: "rdf:about=\"uuid:faf5bdd5-ba3d-11da-ad31-d33d75182f1b\"")
        #expect(try XMPRating.rating(in: utf8(old)) == "1")
    }

    // MARK: encodings

    /// `text` in UTF-16 or UTF-32, with or without a byte order mark.
    static func encoded(_ text: String, _ encoding: String.Encoding, mark: [UInt8]) -> [UInt8] {
        mark + Array(text.data(using: encoding) ?? Data())
    }

    static let encodings: [(String.Encoding, [UInt8])] = [
        (.utf16LittleEndian, [0xFF, 0xFE]), (.utf16BigEndian, [0xFE, 0xFF]), (.utf16LittleEndian, []), (.utf16BigEndian, []),
        (.utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00]), (.utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF]), (.utf8, [0xEF, 0xBB, 0xBF]),
    ]

    @Test(arguments: 0..<encodings.count)
    func aSidecarInAnyUnicodeEncodingIsReadAndWrittenBackInIt(_ index: Int) throws {
        let (encoding, mark) = Self.encodings[index]
        // The declaration, the ingredient and a name outside the BMP keep their bytes.
        let original = Self.premiere.replacingOccurrences(of: "<?xpacket", with: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<?xpacket")
            .replacingOccurrences(of: "Ingredient", with: "Ingrédient 🎬")
        let before = Self.encoded(original, encoding, mark: mark)
        #expect(try XMPRating.rating(in: before) == "2")
        let after = try XMPRating.setting("-1", in: before)
        #expect(after == Self.encoded(original.replacingOccurrences(of: "<xmp:Rating>2</xmp:Rating>", with: "<xmp:Rating>-1</xmp:Rating>"),
                                      encoding, mark: mark))
    }

    @Test func brokenUTF16IsNamedAsUTF16() {
        var broken = Self.encoded(Self.darktable, .utf16LittleEndian, mark: [0xFF, 0xFE])
        broken += [0x00, 0xD8, 0x41, 0x00]  // a lone high surrogate, then "A"
        #expect(throws: XMPRating.Malformed.notText("UTF-16")) { try XMPRating.rating(in: broken) }
        #expect(throws: XMPRating.Malformed.notText("UTF-16")) { try XMPRating.rating(in: [0xFE, 0xFF, 0x00, 0x3C, 0x00]) }
    }
}
