import CGst
import GObjectKit

/// GStreamer's mini objects (caps, samples, buffers, messages, queries) as
/// `CountedRef` kinds: each owner releases with `gst_mini_object_unref`,
/// once. GStreamer's elements, pads and buses are GObjects: `ObjectRef`s.
///
/// ```swift
/// guard let caps = CapsRef(taking: gst_caps_from_string(text)) else { return nil }
/// return refusedSize(caps.pointer)
/// ```
///
/// `SampleRef` and `MessageRef` are public: FlickAnalysis pulls samples
/// and reads bus messages of its own pipelines.
public protocol MiniObjectKind: ReferenceCounted where Pointer: GObjectPointer {}

public extension MiniObjectKind {
    static func retain(_ pointer: Pointer) { _ = gst_mini_object_ref(miniObject(pointer)) }
    static func release(_ pointer: Pointer) { gst_mini_object_unref(miniObject(pointer)) }

    /// The value's GstMiniObject header (every mini object starts with one).
    private static func miniObject(_ pointer: Pointer) -> UnsafeMutablePointer<GstMiniObject> {
        pointer.rawObject.assumingMemoryBound(to: GstMiniObject.self)
    }
}

enum CapsKind: MiniObjectKind { typealias Pointer = UnsafeMutablePointer<GstCaps> }
/// GstSample is opaque in C, so Swift sees an `OpaquePointer`.
public enum SampleKind: MiniObjectKind { public typealias Pointer = OpaquePointer }
enum BufferKind: MiniObjectKind { typealias Pointer = UnsafeMutablePointer<GstBuffer> }
public enum MessageKind: MiniObjectKind { public typealias Pointer = UnsafeMutablePointer<GstMessage> }
enum QueryKind: MiniObjectKind { typealias Pointer = UnsafeMutablePointer<GstQuery> }

typealias CapsRef = CountedRef<CapsKind>
public typealias SampleRef = CountedRef<SampleKind>
typealias BufferRef = CountedRef<BufferKind>
public typealias MessageRef = CountedRef<MessageKind>
typealias QueryRef = CountedRef<QueryKind>
