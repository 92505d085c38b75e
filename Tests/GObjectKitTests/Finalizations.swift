import CGObject
import GObjectKit

/// Counts how often GLib finalizes the objects it watches (a weak
/// reference's notify runs once per finalization), and reads their
/// reference counts.
final class Finalizations {
    private(set) var count = 0

    /// Counts `object`'s finalization (the counter must outlive it).
    func watch(_ object: UnsafeMutableRawPointer) {
        g_object_weak_ref(object.assumingMemoryBound(to: GObject.self), { data, _ in
            guard let data else { return }
            Unmanaged<Finalizations>.fromOpaque(data).takeUnretainedValue().count += 1
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// A new GObject, counted; `floating` makes it a GInitiallyUnowned (as a
    /// new widget or GStreamer element is), else a plain GObject (ref count 1).
    func make(floating: Bool) -> UnsafeMutableRawPointer {
        let unowned = g_initially_unowned_get_type()
        let type = floating ? unowned : g_type_parent(unowned)
        guard let object = g_object_new_with_properties(type, 0, nil, nil) else { fatalError("g_object_new failed") }
        let raw = UnsafeMutableRawPointer(object)
        watch(raw)
        return raw
    }

    static func references(_ object: UnsafeMutableRawPointer) -> UInt32 {
        object.assumingMemoryBound(to: GObject.self).pointee.ref_count
    }

    static func isFloating(_ object: UnsafeMutableRawPointer) -> Bool {
        g_object_is_floating(object) != 0
    }
}
