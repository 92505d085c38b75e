import Foundation

/// When a photo was taken, from its EXIF block: `DateTimeOriginal` (tag
/// 0x9003, "YYYY:MM:DD HH:MM:SS", the camera's local time) and, when
/// present, `SubSecTimeOriginal` (0x9291, decimal digits of a second).
/// Read from a JPEG's APP1 "Exif" segment, a TIFF file's own IFDs or a
/// WebP's EXIF chunk, with bounds-checked reads; nil when there is none.
///
///     CaptureTime.read(path: "IMG_2001.JPG")  // 1_700_000_000.25
///
/// The value is seconds since 1970 as if the local time were UTC: only
/// differences between two photos of one camera mean anything.
public enum CaptureTime {
    static let exifPointerTag = 0x8769
    static let dateTimeOriginalTag = 0x9003
    static let subSecondTag = 0x9291
    /// Bytes the first JPEG segments are looked for in (EXIF sits at the start).
    static let jpegHeadBytes = 256 * 1024

    /// The capture time of the regular file at `path`, or nil.
    public static func read(path: String) -> Double? {
        guard let file = try? FileBytes(path: path) else { return nil }
        return read(file)
    }

    public static func read(_ source: some ByteSource) -> Double? {
        exif(source) { fromTIFF($0) }
    }

    /// What `read` finds in the EXIF (TIFF) block of `source`: a JPEG's
    /// APP1 "Exif" segments in turn, a TIFF file itself, a WebP's EXIF
    /// chunk; nil for other formats or when `read` finds nothing.
    static func exif<Found>(_ source: some ByteSource, _ read: (any ByteSource) -> Found?) -> Found? {
        switch PhotoFormat.sniff(source.bytes(at: 0, count: PhotoFormat.headerBytes)) {
        case .jpeg: return ExifBlock.inJPEG(source, read)
        case .tiff: return read(source)
        case .webp: return ExifBlock.inWebP(source, read)
        default: return nil
        }
    }

    /// IFD0's EXIF sub-IFD, then its two tags.
    static func fromTIFF(_ tiff: some ByteSource) -> Double? {
        guard let (bigEndian, ifd0) = ExifBlock.tiffStart(tiff),
              let exif = entry(exifPointerTag, in: tiff, at: ifd0, bigEndian: bigEndian),
              let exifOffset = Bytes.u32(exif, 8, bigEndian: bigEndian),
              let date = text(dateTimeOriginalTag, in: tiff, at: exifOffset, bigEndian: bigEndian),
              var seconds = parse(date) else { return nil }
        if let digits = text(subSecondTag, in: tiff, at: exifOffset, bigEndian: bigEndian)?
            .trimmingCharacters(in: .whitespaces), !digits.isEmpty, digits.allSatisfy(\.isNumber),
           let fraction = Double("0." + digits) {
            seconds += fraction
        }
        return seconds
    }

    /// The 12-byte entry of `tag` in the IFD at `offset`.
    static func entry(_ tag: Int, in tiff: some ByteSource, at offset: Int, bigEndian: Bool) -> [UInt8]? {
        guard let count = Bytes.u16(tiff.bytes(at: offset, count: 2), 0, bigEndian: bigEndian) else { return nil }
        let entries = tiff.bytes(at: offset + 2, count: min(count, ExifOrientation.maxEntries) * 12)
        for start in stride(from: 0, to: entries.count - 11, by: 12) where Bytes.u16(entries, start, bigEndian: bigEndian) == tag {
            return Array(entries[start..<start + 12])
        }
        return nil
    }

    /// An ASCII tag's text (in the entry itself when 4 bytes or fewer).
    static func text(_ tag: Int, in tiff: some ByteSource, at offset: Int, bigEndian: Bool) -> String? {
        guard let found = entry(tag, in: tiff, at: offset, bigEndian: bigEndian),
              Bytes.u16(found, 2, bigEndian: bigEndian) == 2, let count = Bytes.u32(found, 4, bigEndian: bigEndian),
              count > 0, count <= 64 else { return nil }
        let bytes = count <= 4 ? Array(found[8..<8 + count]) : tiff.bytes(at: Bytes.u32(found, 8, bigEndian: bigEndian) ?? -1, count: count)
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// "2024:05:01 13:45:07" as seconds (the calendar's days, no time zone).
    static func parse(_ text: String) -> Double? {
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
        guard parts.count == 6, (1...12).contains(parts[1]), (1...31).contains(parts[2]), parts[0] > 1900 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
        (components.hour, components.minute, components.second) = (parts[3], parts[4], parts[5])
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        return calendar.date(from: components)?.timeIntervalSince1970
    }
}
