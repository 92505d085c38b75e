/// The encoding of a sidecar's bytes, as XML tells it (XML 1.0, appendix
/// F): a byte order mark, else the first character `<` (or a blank) as
/// its encoding spells it. XMP allows UTF-8, UTF-16 and UTF-32; a sidecar
/// is read as UTF-8 text and written back in its own encoding, with its
/// own byte order mark (or none), so every character Flick does not
/// change keeps its bytes.
///
/// Threading: a value; any thread.
enum XMPEncoding: Sendable, Equatable {
    case utf8
    case utf16(bigEndian: Bool)
    case utf32(bigEndian: Bool)

    /// How people name it ("UTF-16"): the error says which text it is not.
    var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16: "UTF-16"
        case .utf32: "UTF-32"
        }
    }

    /// The encoding of `bytes` and the length of its byte order mark
    /// (kept apart for UTF-16 and UTF-32; a UTF-8 one is just text).
    static func detect(_ bytes: [UInt8]) -> (encoding: XMPEncoding, mark: Int) {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && bytes.prefix(prefix.count).elementsEqual(prefix) }
        if starts([0x00, 0x00, 0xFE, 0xFF]) { return (.utf32(bigEndian: true), 4) }
        if starts([0xFF, 0xFE, 0x00, 0x00]) { return (.utf32(bigEndian: false), 4) }
        if starts([0xFE, 0xFF]) { return (.utf16(bigEndian: true), 2) }
        if starts([0xFF, 0xFE]) { return (.utf16(bigEndian: false), 2) }
        // Without a mark: the first character (ASCII, so never NUL in UTF-8).
        if bytes.count >= 4, bytes[0] == 0, bytes[1] == 0, bytes[2] == 0, bytes[3] != 0 { return (.utf32(bigEndian: true), 0) }
        if bytes.count >= 4, bytes[0] != 0, bytes[1] == 0, bytes[2] == 0, bytes[3] == 0 { return (.utf32(bigEndian: false), 0) }
        if bytes.count >= 2, bytes[0] == 0, bytes[1] != 0 { return (.utf16(bigEndian: true), 0) }
        if bytes.count >= 2, bytes[0] != 0, bytes[1] == 0 { return (.utf16(bigEndian: false), 0) }
        return (.utf8, 0)
    }

    /// A sidecar's text: its UTF-8 (without a UTF-16/32 mark), and how to
    /// give an edited UTF-8 text back its own bytes.
    struct Text {
        let utf8: [UInt8]
        let encoding: XMPEncoding
        /// The byte order mark the file started with (empty: none).
        let mark: [UInt8]

        /// `bytes` as UTF-8; throws when they are not text in the
        /// encoding they announce.
        init(_ bytes: [UInt8]) throws(XMPRating.Malformed) {
            let (encoding, markLength) = XMPEncoding.detect(bytes)
            self.encoding = encoding
            mark = Array(bytes.prefix(markLength))
            let body = bytes.dropFirst(markLength)
            var utf8: [UInt8] = []
            utf8.reserveCapacity(body.count)
            let failed: Bool
            switch encoding {
            case .utf8:
                guard String(validating: body, as: UTF8.self) != nil else { throw XMPRating.Malformed.notUTF8 }
                self.utf8 = Array(body)
                return
            case .utf16(let bigEndian):
                guard body.count % 2 == 0 else { throw XMPRating.Malformed.notText(encoding.name) }
                let units = stride(from: body.startIndex, to: body.endIndex, by: 2).map { index -> UInt16 in
                    let (high, low) = bigEndian ? (body[index], body[index + 1]) : (body[index + 1], body[index])
                    return UInt16(high) << 8 | UInt16(low)
                }
                failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { utf8.append($0) }
            case .utf32(let bigEndian):
                guard body.count % 4 == 0 else { throw XMPRating.Malformed.notText(encoding.name) }
                let units = stride(from: body.startIndex, to: body.endIndex, by: 4).map { index -> UInt32 in
                    let ordered = bigEndian ? Array(body[index..<index + 4]) : body[index..<index + 4].reversed()
                    return ordered.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                }
                failed = transcode(units.makeIterator(), from: UTF32.self, to: UTF8.self, stoppingOnError: true) { utf8.append($0) }
            }
            guard !failed else { throw XMPRating.Malformed.notText(encoding.name) }
            self.utf8 = utf8
        }

        /// `edited` (UTF-8, from `utf8`) in the file's own encoding and mark.
        func bytes(_ edited: [UInt8]) -> [UInt8] {
            switch encoding {
            case .utf8:
                return mark + edited
            case .utf16(let bigEndian):
                var out = mark
                out.reserveCapacity(mark.count + edited.count * 2)
                _ = transcode(edited.makeIterator(), from: UTF8.self, to: UTF16.self, stoppingOnError: false) { unit in
                    out += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
                }
                return out
            case .utf32(let bigEndian):
                var out = mark
                out.reserveCapacity(mark.count + edited.count * 4)
                _ = transcode(edited.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: false) { unit in
                    let big = [UInt8(unit >> 24), UInt8(unit >> 16 & 0xFF), UInt8(unit >> 8 & 0xFF), UInt8(unit & 0xFF)]
                    out += bigEndian ? big : big.reversed()
                }
                return out
            }
        }
    }
}
