import Foundation

/// Reads and edits the one property Flick shares with photo managers,
/// `xmp:Rating`, in the text of an XMP sidecar — in place, so everything
/// else in the file stays byte for byte as it was.
///
/// The file's rating lives on a top-level `rdf:Description` (a child of
/// `rdf:RDF`; a file may have several, and the rating may be on any of
/// them). Descriptions nested deeper describe something else — Premiere's
/// `xmpMM:Pantry` ingredients, `xmpMM:DerivedFrom`, digiKam's and MWG's
/// face regions, `xmpMM:History` — and are never read or written.
/// The rating is found in either form XMP allows: an attribute of the
/// description (`xmp:Rating="3"`) or a child element
/// (`<xmp:Rating>3</xmp:Rating>`), by namespace (whatever prefix the file
/// binds to `http://ns.adobe.com/xap/1.0/`), not by spelling. Setting it
/// edits that attribute's value or that element's text; when the file has
/// none, the attribute is added to the first top-level description (with
/// the namespace declared there if it is not in scope). Removing it takes
/// out just that attribute or element.
///
/// The text may be UTF-8 (with or without a byte order mark), UTF-16 or
/// UTF-32 (`XMPEncoding`); an edit is written back in the same encoding.
/// The scanner (`XMLScan`) is a small well-formedness checker, not a full
/// XML parser: it follows tags, attributes, comments, CDATA and processing
/// instructions, and refuses what is not well formed (unclosed or crossed
/// tags, a text that is not in its encoding) with a `Malformed` value,
/// never by crashing.
///
/// Threading: stateless; any thread.
public enum XMPRating {
    static let xmpNamespace = "http://ns.adobe.com/xap/1.0/"
    static let rdfNamespace = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    /// Why a sidecar's text cannot be read or edited, with the names
    /// the text uses (the app words it).
    public enum Malformed: Error, Sendable, Equatable {
        /// A part of the text that is cut short or has no name.
        public enum Part: Sendable, Equatable {
            case processingInstruction, comment, cdata, declaration, element, endTag
            case attribute(of: String)
        }

        case notUTF8
        /// It announces UTF-16 or UTF-32 (a byte order mark, or its first
        /// character) but is not text in it.
        case notText(String)
        /// It ends before the element is closed.
        case unclosed(String)
        case noElements
        /// It ends inside the tag.
        case endsInTag(String)
        /// The tag has no space before an attribute.
        case noSpaceBeforeAttribute(String)
        /// The end tag is not closed.
        case endTagNotClosed(String)
        /// The end tag closes nothing.
        case closesNothing(String)
        /// The end tag closes another element, `open`.
        case closesOther(String, open: String)
        case noValue(attribute: String, element: String)
        case notQuoted(attribute: String, element: String)
        case valueNotClosed(attribute: String, element: String)
        case nameless(Part)
        case endsInside(Part)
        /// It has no rdf:Description to hold a rating.
        case noDescription
    }

    /// A sidecar holding only `rating` (a new file): what Flick writes
    /// where there was no sidecar.
    public static func fresh(rating: String) -> [UInt8] {
        Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Flick">
         <rdf:RDF xmlns:rdf="\(rdfNamespace)">
          <rdf:Description rdf:about=""
            xmlns:xmp="\(xmpNamespace)"
            xmp:Rating="\(rating)"/>
         </rdf:RDF>
        </x:xmpmeta>

        """.utf8)
    }

    /// The rating as written in `text` ("-1", "3"), or nil when it has none.
    public static func rating(in text: [UInt8]) throws(Malformed) -> String? {
        let decoded = try XMPEncoding.Text(text)
        let scan = try XMLScan(decoded.utf8)
        guard let found = ratings(in: scan).first else { return nil }
        return String(decoding: decoded.utf8[found.value], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `text` with its rating set to `rating`, or removed when nil; every
    /// other byte as it was (in the file's own encoding). Unchanged when
    /// there is nothing to do.
    public static func setting(_ rating: String?, in text: [UInt8]) throws(Malformed) -> [UInt8] {
        let decoded = try XMPEncoding.Text(text)
        let scan = try XMLScan(decoded.utf8)
        var edited = decoded.utf8
        let found = ratings(in: scan)
        if !found.isEmpty {
            // From the end, so each range is still where the scan saw it.
            for place in found.sorted(by: { $0.value.lowerBound > $1.value.lowerBound }) {
                if let rating {
                    edited.replaceSubrange(place.value, with: Array(rating.utf8))
                } else {
                    edited.removeSubrange(place.whole)
                }
            }
            return decoded.bytes(edited)
        }
        guard let rating else { return text }
        guard let description = topLevelDescriptions(in: scan).first.map({ scan.elements[$0] }) else {
            throw Malformed.noDescription
        }
        var insertion = ""
        let prefix: String
        // A prefix bound to the namespace (an attribute without one is in none).
        if let bound = description.scope.filter({ $0.value == xmpNamespace && !$0.key.isEmpty }).keys.min() {
            prefix = bound
        } else {
            prefix = description.scope["xmp"] == nil ? "xmp" : "flickxmp"
            insertion += "\n    xmlns:\(prefix)=\"\(xmpNamespace)\""
        }
        insertion += "\n    \(prefix):Rating=\"\(rating)\""
        edited.insert(contentsOf: Array(insertion.utf8), at: description.attributesEnd)
        return decoded.bytes(edited)
    }

    /// The `rdf:Description` elements that describe the file itself: the
    /// children of `rdf:RDF`, in document order. A description nested
    /// deeper is a value of some property — an ingredient in
    /// `xmpMM:Pantry`, the `stRef` of `xmpMM:DerivedFrom`, a face region,
    /// an `xmpMM:History` event — and its `xmp:Rating` is that thing's,
    /// not the file's.
    static func topLevelDescriptions(in scan: XMLScan) -> [Int] {
        scan.elements.indices.filter { index in
            let element = scan.elements[index]
            guard scan.is(element, rdfNamespace, "Description"), let parent = element.parent else { return false }
            return scan.is(scan.elements[parent], rdfNamespace, "RDF")
        }
    }

    /// Where the file's rating is, in document order: each value
    /// (attribute value or element text) and the whole of it with the
    /// blank before it (what removing takes out). Only the top-level
    /// descriptions are looked in; the rating may be in any of them (it
    /// should be in one; if a file has it twice, both are set).
    private static func ratings(in scan: XMLScan) -> [(value: Range<Int>, whole: Range<Int>)] {
        var found: [(value: Range<Int>, whole: Range<Int>)] = []
        let descriptions = topLevelDescriptions(in: scan)
        for index in descriptions {
            let description = scan.elements[index]
            for attribute in description.attributes where scan.is(attribute: attribute, of: description, xmpNamespace, "Rating") {
                found.append((attribute.value, attribute.whole))
            }
        }
        let owners = Set(descriptions)
        for element in scan.elements where scan.is(element, xmpNamespace, "Rating") {
            guard let parent = element.parent, owners.contains(parent), let content = element.content else { continue }
            found.append((content, element.whole))
        }
        return found.sorted { $0.value.lowerBound < $1.value.lowerBound }
    }
}
