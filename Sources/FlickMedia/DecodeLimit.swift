import CGst
import GObjectKit

/// The largest picture Flick decodes. A decoder keeps several full-size
/// pictures in flight, whatever size the card shows, so a clip's memory
/// grows with its frame size: a 16384×16384 clip (268 megapixels, about
/// 400 MB a decoded picture) peaked at 2.4 GB. Such clips are refused before
/// a decoder is configured for them, with `MediaError.tooLarge`.
///
/// Used by `VideoPlayer` (on the caps a decoder is given, and again on the
/// decoded caps), by `ClipDiscovery` (whose GstDiscoverer would otherwise
/// decode an image codec's first picture at full size: 800 MB for a
/// 16384×16384 Motion JPEG) and by `PosterFrame` (on the size discovery reports).
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

    /// Pixels above which a decoder runs one thread: each of libav's frame
    /// threads keeps full-size pictures of its own (an 8192×4320 H.264
    /// clip peaked at 625 MB with the default threads on 2 cores, 312 MB
    /// with one). Below it (4K UHD and less) threads keep playback smooth.
    public static let singleThreadPixels = 3840 * 2160

    /// Makes `decoder` run one thread for pictures over `singleThreadPixels`
    /// (read from the caps it is given, before it opens its codec).
    static func limitThreads(of decoder: UnsafeMutablePointer<GstElement>) {
        let object = UnsafeMutableRawPointer(decoder).assumingMemoryBound(to: GObject.self)
        guard g_object_class_find_property(UnsafeMutableRawPointer(object.pointee.g_type_instance.g_class).assumingMemoryBound(to: GObjectClass.self), "max-threads") != nil,
              let pad = ObjectRef(taking: gst_element_get_static_pad(decoder, "sink")) else { return }
        gst_pad_add_probe(pad.pointer, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, oneThreadWhenLarge, nil, nil)
    }

    /// On a decoder's sink pad: caps over `singleThreadPixels` set its `max-threads` to 1.
    private static let oneThreadWhenLarge: GstPadProbeCallback = { pad, info, _ in
        guard let pad, let info, let event = gst_pad_probe_info_get_event(info), flick_gst_event_type(event) == GST_EVENT_CAPS else { return GST_PAD_PROBE_OK }
        var caps: UnsafeMutablePointer<GstCaps>?
        gst_event_parse_caps(event, &caps)
        guard let caps, let (width, height) = DecodeLimit.size(caps), width * height > DecodeLimit.singleThreadPixels,
              let element = ObjectRef(taking: gst_pad_get_parent_element(pad)) else { return GST_PAD_PROBE_OK }
        var one = GValue()
        g_value_init(&one, flick_gst_type_int())
        g_value_set_int(&one, 1)
        g_object_set_property(element.pointer.cast(to: GObject.self), "max-threads", &one)
        g_value_unset(&one)
        return GST_PAD_PROBE_OK
    }

    /// The picture size `caps` give, if they do.
    private static func size(_ caps: UnsafeMutablePointer<GstCaps>) -> (Int, Int)? {
        guard gst_caps_get_size(caps) > 0, let structure = gst_caps_get_structure(caps, 0) else { return nil }
        var width: gint = 0, height: gint = 0
        guard gst_structure_get_int(structure, "width", &width) != 0, gst_structure_get_int(structure, "height", &height) != 0 else { return nil }
        return (Int(width), Int(height))
    }

    /// Keeps `discoverer` from decoding pictures over `singleThreadPixels`
    /// (GstDiscoverer decodes a first picture of H.264 and image codecs:
    /// 800 MB for a 16384×16384 Motion JPEG, 280–400 MB for 8K H.264): its
    /// uridecodebin stops autoplugging at such caps, so the stream is
    /// reported with its size and codec, undecoded. Streaming threads call
    /// the handlers; they keep no state but a mark on the uridecodebin.
    static func guardDecoding(in discoverer: UnsafeMutablePointer<GstDiscoverer>) {
        g_signal_connect_data(UnsafeMutableRawPointer(discoverer), "source-setup", unsafeBitCast(sourceSetup, to: GCallback.self),
                              nil, nil, GConnectFlags(rawValue: 0))
    }

    /// The discoverer made its source: watch the uridecodebin that holds it.
    private static let sourceSetup: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GstElement>?, UnsafeMutableRawPointer?) -> Void = { _, source, _ in
        guard let source, let parent = ObjectRef(taking: gst_object_get_parent(UnsafeMutableRawPointer(source).assumingMemoryBound(to: GstObject.self))) else { return }
        DecodeLimit.watch(uridecodebin: parent.pointer.rawObject)
    }

    /// Stops autoplugging at large pictures (the pad is exposed undecoded).
    private static let autoplugContinue: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<GstCaps>?, UnsafeMutableRawPointer?) -> gboolean = { _, _, caps, _ in
        guard let caps, let (width, height) = DecodeLimit.size(caps), width * height > DecodeLimit.singleThreadPixels else { return 1 }
        return 0
    }

    private static func watch(uridecodebin bin: UnsafeMutableRawPointer) {
        guard let factory = gst_element_get_factory(bin.assumingMemoryBound(to: GstElement.self)),
              let factoryName = gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self)) else { return }
        defer { g_free(factoryName) }
        let object = bin.assumingMemoryBound(to: GObject.self)
        guard String(cString: factoryName) == "uridecodebin", g_object_get_data(object, guardKey) == nil else { return }
        // The discoverer keeps its uridecodebin for every URI: one handler.
        g_object_set_data(object, guardKey, bin)
        g_signal_connect_data(bin, "autoplug-continue", unsafeBitCast(autoplugContinue, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
    }

    private static let guardKey = "flick-decode-limit"

    /// `refusedSize` of caps written as text, e.g. "video/x-h264,width=16384,height=16384".
    static func refusedSize(caps text: String) -> (width: Int, height: Int)? {
        guard let caps = CapsRef(taking: gst_caps_from_string(text)) else { return nil }
        return refusedSize(caps.pointer)
    }
}
