import CGst

/// The largest picture Flick decodes. A decoder keeps several full-size
/// pictures in flight, whatever size the card shows, so a clip's memory
/// grows with its frame size: a 16384×16384 clip (268 megapixels, about
/// 400 MB a decoded picture) peaked at 2.4 GB. Such clips are refused before
/// a decoder is configured for them, with `MediaError.tooLarge`.
///
/// Used by `VideoPlayer` (on the caps a decoder is given, and again on the
/// decoded caps) and by `PosterFrame` (on the size discovery reports).
public enum DecodeLimit {
    /// Pixels in one picture (width × height); DCI 8K, 8192×4320, is the
    /// largest size allowed, so every 8K camera's clips still play.
    public static let maxPixels = 8192 * 4320

    /// Whether a picture of `width`×`height` is too large to decode.
    public static func refuses(width: Int, height: Int) -> Bool {
        width * height > maxPixels
    }

    /// The picture size in `caps` when it is too large to decode; nil when
    /// it is allowed or the caps do not say.
    static func refusedSize(_ caps: UnsafeMutablePointer<GstCaps>) -> (width: Int, height: Int)? {
        guard gst_caps_get_size(caps) > 0, let structure = gst_caps_get_structure(caps, 0) else { return nil }
        var width: gint = 0, height: gint = 0
        guard gst_structure_get_int(structure, "width", &width) != 0,
              gst_structure_get_int(structure, "height", &height) != 0,
              refuses(width: Int(width), height: Int(height)) else { return nil }
        return (Int(width), Int(height))
    }

    /// `refusedSize` of caps written as text, e.g. "video/x-h264,width=16384,height=16384".
    static func refusedSize(caps text: String) -> (width: Int, height: Int)? {
        guard let caps = gst_caps_from_string(text) else { return nil }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(caps).assumingMemoryBound(to: GstMiniObject.self)) }
        return refusedSize(caps)
    }
}
