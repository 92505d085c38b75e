import Foundation

/// The camera a photo says it came from: EXIF `Make` (tag 0x010F) and
/// `Model` (0x0110) of IFD0, from a JPEG's APP1 "Exif" segment, a TIFF
/// file's own IFD0 or a WebP's EXIF chunk, with bounds-checked reads. A
/// screenshot has none; every phone and camera writes them.
///
///     CameraMake.read(path: "IMG_2001.JPG")  // "Google Pixel 7"
///     CameraMake.read(path: "Screenshot_20240101-120000.png")  // nil
///
/// PNG (its `eXIf` chunk), GIF, BMP, HEIF and AVIF are not read: nil.
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
        CaptureTime.exif(source) { tiff -> String? in
            guard let (bigEndian, ifd0) = ExifBlock.tiffStart(tiff) else { return nil }
            let words = [makeTag, modelTag].compactMap { tag in
                CaptureTime.text(tag, in: tiff, at: ifd0, bigEndian: bigEndian)?.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
            return words.isEmpty ? nil : words.joined(separator: " ")
        }
    }
}
