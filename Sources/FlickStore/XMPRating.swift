import Foundation

/// Reads and edits the one property Flick shares with photo managers,
/// `xmp:Rating`, in the text of an XMP sidecar — in place, so everything
/// else in the file stays byte for byte as it was.
///
/// The rating is found in either form XMP allows: an attribute of an
/// `rdf:Description` (`xmp:Rating="3"`) or a child element
/// (`<xmp:Rating>3</xmp:Rating>`), by namespace (whatever prefix the file
/// binds to `http://ns.adobe.com/xap/1.0/`), not by spelling. Setting it
/// edits that attribute's value or that element's text; when the file has
/// none, the attribute is added to the first `rdf:Description` (with the
/// namespace declared there if it is not in scope). Removing it takes out
/// just that attribute or element.
///
/// The scanner (`XMLScan`) is a small well-formedness checker, not a full
/// XML parser: it follows tags, attributes, comments, CDATA and processing
/// instructions, and refuses what is not well formed (unclosed or crossed
/// tags, a text that is not UTF-8) with a `Malformed` value, never by crashing.
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
        let scan = try XMLScan(text)
        guard let found = find(in: scan) else { return nil }
        return String(decoding: text[found.value], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `text` with its rating set to `rating`, or removed when nil; every
    /// other byte as it was. Unchanged when there is nothing to do.
    public static func setting(_ rating: String?, in text: [UInt8]) throws(Malformed) -> [UInt8] {
        let scan = try XMLScan(text)
        if let found = find(in: scan) {
            var edited = text
            if let rating {
                edited.replaceSubrange(found.value, with: Array(rating.utf8))
            } else {
                edited.removeSubrange(found.whole)
            }
            return edited
        }
        guard let rating else { return text }
        guard let description = scan.elements.first(where: { scan.is($0, rdfNamespace, "Description") }) else {
            throw Malformed.noDescription
        }
        var insertion = ""
        let prefix: String
        if let bound = description.scope.first(where: { $0.value == xmpNamespace })?.key {
            prefix = bound
        } else {
            prefix = description.scope["xmp"] == nil ? "xmp" : "flickxmp"
            insertion += "\n    xmlns:\(prefix)=\"\(xmpNamespace)\""
        }
        insertion += "\n    \(prefix):Rating=\"\(rating)\""
        var edited = text
        edited.insert(contentsOf: Array(insertion.utf8), at: description.attributesEnd)
        return edited
    }

    /// Where the rating is: its value (attribute value or element text) and
    /// the whole of it with the blank before it (what removing takes out).
    private static func find(in scan: XMLScan) -> (value: Range<Int>, whole: Range<Int>)? {
        for element in scan.elements where scan.is(element, rdfNamespace, "Description") {
            if let attribute = element.attributes.first(where: { scan.is(attribute: $0, of: element, xmpNamespace, "Rating") }) {
                return (attribute.value, attribute.whole)
            }
        }
        for element in scan.elements where scan.is(element, xmpNamespace, "Rating") {
            guard let parent = element.parent, scan.is(scan.elements[parent], rdfNamespace, "Description"),
                  let content = element.content else { continue }
            return (content, element.whole)
        }
        return nil
    }
}
