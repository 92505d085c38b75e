/// What a photo's header says, read without decoding the picture: its
/// format, how its stored pixels turn upright, and — for HEIF and AVIF,
/// whose decoder turns the picture itself — the size it decodes to.
///
///     let header = try PhotoHeader.read(path: "IMG_0001.JPG")
///     header.orientation  // .rotatedClockwise for a phone's portrait photo
public struct PhotoHeader: Equatable, Sendable {
    public var format: PhotoFormat?
    /// The turn to apply to the decoded pixels (`.up` when the decoder
    /// already applies the file's own rotation, as for HEIF).
    public var orientation: PhotoOrientation
    /// HEIF and AVIF: the primary picture's size once decoded (the file's
    /// crop and rotation applied); nil for other formats or when unread.
    public var decodedWidth: Int?
    public var decodedHeight: Int?

    public init(format: PhotoFormat?, orientation: PhotoOrientation = .up, decodedWidth: Int? = nil, decodedHeight: Int? = nil) {
        self.format = format
        self.orientation = orientation
        self.decodedWidth = decodedWidth
        self.decodedHeight = decodedHeight
    }

    /// Reads the header of `source` (a file's bytes).
    public static func read(_ source: some ByteSource) -> PhotoHeader {
        let format = PhotoFormat.sniff(source.bytes(at: 0, count: PhotoFormat.headerBytes))
        var header = PhotoHeader(format: format)
        switch format {
        case .jpeg: header.orientation = ExifOrientation.fromJPEG(source) ?? .up
        case .tiff: header.orientation = ExifOrientation.fromTIFF(source) ?? .up
        case .webp: header.orientation = ExifOrientation.fromWebP(source) ?? .up
        case .heif, .avif:
            if let size = HeifGeometry.displayedSize(source) {
                header.decodedWidth = size.width
                header.decodedHeight = size.height
            }
        case .png, .gif, .bmp, nil:
            break
        }
        return header
    }

    /// Reads the header of the regular file at `path`.
    public static func read(path: String) throws(FileBytes.Failure) -> PhotoHeader {
        read(try FileBytes(path: path))
    }
}
