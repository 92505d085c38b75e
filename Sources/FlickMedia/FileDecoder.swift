import CGst
import FlickCore
import Foundation
import GObjectKit

/// A decoding pipeline over one file, for the readers that pull pictures
/// from an appsink (a poster, the frames a clip is compared by):
///
///     try FileDecoder.run("uridecodebin name=src ! videoconvert ! … ! appsink name=sink",
///                         path: path, name: name) { pipeline, sink in … }
///
/// `description` names its source `src` (a uridecodebin, pointed at
/// `path`) and its sink `sink`. The pipeline and both elements are owned
/// here and the pipeline is set to NULL when `body` returns or throws, so
/// the pointers `body` gets are good for exactly that long.
public enum FileDecoder {
    public static func run<Result>(_ description: String, path: String, name: String,
                                   _ body: (UnsafeMutablePointer<GstElement>, UnsafeMutablePointer<GstAppSink>) throws(MediaError) -> Result)
        throws(MediaError) -> Result {
        var error: UnsafeMutablePointer<GError>?
        // A pipeline can come back with a recoverable error: not kept (its owner releases it).
        let built = ObjectRef(taking: gst_parse_launch(description, &error))
        guard let owner = built, error == nil else {
            g_clear_error(&error)
            throw .notAVideo(file: name, reason: .noDecoder)
        }
        defer { gst_element_set_state(owner.pointer, GST_STATE_NULL) }
        let bin = UnsafeMutableRawPointer(owner.pointer).assumingMemoryBound(to: GstBin.self)
        // Each element found is released by its owner on every way out, a failed guard too.
        guard let source = ObjectRef(taking: gst_bin_get_by_name(bin, "src")),
              let sinkElement = ObjectRef(taking: gst_bin_get_by_name(bin, "sink")) else { throw .notAVideo(file: name, reason: .noDecoder) }
        guard let uri = g_filename_to_uri(RawPath.c(path), nil, nil) else { throw .unreadable(file: name, reason: .noURI) }
        defer { g_free(uri) }
        flick_gst_set_string(source.pointer.rawObject, "uri", uri)
        let sink = sinkElement.pointer.rawObject.assumingMemoryBound(to: GstAppSink.self)
        return try withExtendedLifetime((owner, source, sinkElement)) { () throws(MediaError) -> Result in
            try body(owner.pointer, sink)
        }
    }
}
