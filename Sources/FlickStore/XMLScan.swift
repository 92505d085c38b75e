/// A small XML scanner for sidecars: the elements of a text with their
/// attributes, namespaces in scope and byte ranges, so an edit can touch
/// exactly the bytes it means to. It checks what an edit relies on (tags
/// close in order, attributes are quoted, the text is UTF-8) and throws
/// `XMPRating.Malformed` otherwise; it does not expand entities or
/// validate names beyond that.
///
/// Threading: a value; any thread.
struct XMLScan {
    struct Attribute {
        let name: String
        /// The value between the quotes.
        let value: Range<Int>
        /// The blank before the name, the name, `=` and the quoted value.
        let whole: Range<Int>
    }

    struct Element {
        let name: String
        var attributes: [Attribute] = []
        /// Namespace prefix → URI in scope here ("" is the default namespace).
        var scope: [String: String] = [:]
        let parent: Int?
        /// Just after the last attribute (or the name): where one is added.
        var attributesEnd = 0
        /// Between the start tag and the end tag; nil for `<empty/>`.
        var content: Range<Int>?
        /// The blank before the start tag through the end tag.
        var whole: Range<Int> = 0..<0
    }

    private(set) var elements: [Element] = []
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: [UInt8]) throws(XMPRating.Malformed) {
        bytes = text
        guard String(validating: text, as: UTF8.self) != nil else {
            throw XMPRating.Malformed.notUTF8
        }
        var open: [Int] = []
        while let next = find(UInt8(ascii: "<"), from: index) {
            index = next
            if starts("<?") {
                index = try skip(past: "?>", what: .processingInstruction)
            } else if starts("<!--") {
                index = try skip(past: "-->", what: .comment)
            } else if starts("<![CDATA[") {
                index = try skip(past: "]]>", what: .cdata)
            } else if starts("<!") {
                index = try skip(past: ">", what: .declaration)
            } else if starts("</") {
                try close(&open)
            } else {
                try start(&open)
            }
        }
        if let last = open.last { throw XMPRating.Malformed.unclosed(elements[last].name) }
        if elements.isEmpty { throw XMPRating.Malformed.noElements }
    }

    /// Whether `element` is `local` in namespace `uri`.
    func `is`(_ element: Element, _ uri: String, _ local: String) -> Bool {
        let (prefix, name) = Self.split(element.name)
        return name == local && element.scope[prefix] == uri
    }

    /// Whether `attribute` (of `element`) is `local` in namespace `uri`;
    /// an attribute without a prefix is in no namespace.
    func `is`(attribute: Attribute, of element: Element, _ uri: String, _ local: String) -> Bool {
        let (prefix, name) = Self.split(attribute.name)
        return !prefix.isEmpty && name == local && element.scope[prefix] == uri
    }

    private static func split(_ qualified: String) -> (prefix: String, local: String) {
        guard let colon = qualified.firstIndex(of: ":") else { return ("", qualified) }
        return (String(qualified[..<colon]), String(qualified[qualified.index(after: colon)...]))
    }

    // MARK: tags

    private mutating func start(_ open: inout [Int]) throws(XMPRating.Malformed) {
        let tagStart = index
        index += 1
        let name = try readName(.element)
        var element = Element(name: name, scope: open.last.map { elements[$0].scope } ?? ["xml": "http://www.w3.org/XML/1998/namespace"],
                              parent: open.last)
        element.attributesEnd = index
        while true {
            let blank = index
            skipBlanks()
            guard index < bytes.count else { throw XMPRating.Malformed.endsInTag(name) }
            if starts("/>") || bytes[index] == UInt8(ascii: ">") { break }
            guard index > blank else { throw XMPRating.Malformed.noSpaceBeforeAttribute(name) }
            let attribute = try readAttribute(blank: blank, in: name)
            if attribute.name == "xmlns" || attribute.name.hasPrefix("xmlns:") {
                let prefix = attribute.name == "xmlns" ? "" : String(attribute.name.dropFirst(6))
                element.scope[prefix] = String(decoding: bytes[attribute.value], as: UTF8.self)
            }
            element.attributes.append(attribute)
            element.attributesEnd = index
        }
        element.whole = blankBefore(tagStart)..<index
        if starts("/>") {
            index += 2
            element.whole = element.whole.lowerBound..<index
            elements.append(element)
        } else {
            index += 1
            element.content = index..<index
            elements.append(element)
            open.append(elements.count - 1)
        }
    }

    private mutating func close(_ open: inout [Int]) throws(XMPRating.Malformed) {
        let tagStart = index
        index += 2
        let name = try readName(.endTag)
        skipBlanks()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            throw XMPRating.Malformed.endTagNotClosed(name)
        }
        index += 1
        guard let last = open.popLast() else { throw XMPRating.Malformed.closesNothing(name) }
        guard elements[last].name == name else {
            throw XMPRating.Malformed.closesOther(name, open: elements[last].name)
        }
        let contentStart = elements[last].content?.lowerBound ?? tagStart
        elements[last].content = contentStart..<tagStart
        elements[last].whole = elements[last].whole.lowerBound..<index
    }

    private mutating func readAttribute(blank: Int, in element: String) throws(XMPRating.Malformed) -> Attribute {
        let name = try readName(.attribute(of: element))
        skipBlanks()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
            throw XMPRating.Malformed.noValue(attribute: name, element: element)
        }
        index += 1
        skipBlanks()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw XMPRating.Malformed.notQuoted(attribute: name, element: element)
        }
        let quote = bytes[index]
        let valueStart = index + 1
        guard let end = find(quote, from: valueStart), !bytes[valueStart..<end].contains(UInt8(ascii: "<")) else {
            throw XMPRating.Malformed.valueNotClosed(attribute: name, element: element)
        }
        index = end + 1
        return Attribute(name: name, value: valueStart..<end, whole: blank..<index)
    }

    // MARK: bytes

    private mutating func readName(_ what: XMPRating.Malformed.Part) throws(XMPRating.Malformed) -> String {
        let start = index
        while index < bytes.count, !Self.isBlank(bytes[index]),
              ![UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "<")].contains(bytes[index]) {
            index += 1
        }
        guard index > start else { throw XMPRating.Malformed.nameless(what) }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func find(_ byte: UInt8, from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes[start...].firstIndex(of: byte)
    }

    private func starts(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { $0.elementsEqual(bytes[index..<index + count]) }
    }

    private mutating func skip(past end: StaticString, what: XMPRating.Malformed.Part) throws(XMPRating.Malformed) -> Int {
        let count = end.utf8CodeUnitCount
        var at = index + 1
        while at + count <= bytes.count {
            if end.withUTF8Buffer({ $0.elementsEqual(bytes[at..<at + count]) }) { return at + count }
            at += 1
        }
        throw XMPRating.Malformed.endsInside(what)
    }

    private mutating func skipBlanks() {
        while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
    }

    /// The start of the run of blanks just before `position`.
    private func blankBefore(_ position: Int) -> Int {
        var start = position
        while start > 0, Self.isBlank(bytes[start - 1]) { start -= 1 }
        return start
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
