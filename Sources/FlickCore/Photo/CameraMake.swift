import Foundation

/// The camera a photo says it came from: EXIF `Make` (tag 0x010F) and
/// `Model` (0x0110) of IFD0, from a JPEG's APP1 "Exif" segment, a TIFF
/// file's own IFD0, a WebP's EXIF chunk, a PNG's `eXIf` chunk or a HEIF
/// or AVIF file's Exif item, with bounds-checked reads. A screenshot has
/// none; every phone and camera writes them.
///
///     CameraMake.read(path: "IMG_2001.JPG")  // "Google Pixel 7"
///     CameraMake.read(path: "Screenshot_20240101-120000.png")  // nil
///
/// GIF and BMP hold no EXIF: nil.
public enum CameraMake {
    static let makeTag = 0x010F
    static let modelTag = 0x0110

    /// "Make Model" of the regular file at `path` (either alone when the
    /// other is missing), or nil when it names no camera.
    public static func read(path: String) -> String? {
        guard let file = try? FileBytes(path: path) else { return nil }
        return read(file)
    }

    public static func read(_ source: some ByteSource) -> String? {
        switch PhotoFormat.sniff(source.bytes(at: 0, count: PhotoFormat.headerBytes)) {
        case .png: ExifBlock.inPNG(source, camera(in:))
        case .heif, .avif: HeifExif.inHEIF(source, camera(in:))
        default: CaptureTime.exif(source, camera(in:))
        }
    }

    /// "Make Model" of a TIFF block's IFD0.
    private static func camera(in tiff: any ByteSource) -> String? {
        guard let (bigEndian, ifd0) = ExifBlock.tiffStart(tiff) else { return nil }
        let words = [makeTag, modelTag].compactMap { tag in
            CaptureTime.text(tag, in: tiff, at: ifd0, bigEndian: bigEndian)?.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
