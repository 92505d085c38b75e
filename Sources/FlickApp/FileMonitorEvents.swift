import CGio
import Foundation
import GObjectKit

/// A GFileMonitor's "changed" signal, for the folder under review: GIO
/// (not GTK), delivered by the GLib main context of the thread that made
/// the monitor. The handler lives as long as the monitor (released with
/// the signal's data when the monitor goes).
enum FileMonitorEvents {
    /// The event type and the base names (raw bytes, as on disk) of the
    /// file and of the other file (a rename's new name), or nil.
    typealias Handler = @MainActor (GFileMonitorEvent, [UInt8]?, [UInt8]?) -> Void

    /// Calls `handler` for each event `monitor` reports.
    static func connect(_ monitor: ObjectRef<UnsafeMutablePointer<GFileMonitor>>, _ handler: @escaping Handler) {
        let box = Unmanaged.passRetained(Box(handler)).toOpaque()
        let id = g_signal_connect_data(monitor.pointer.rawObject, "changed", unsafeBitCast(thunk, to: GCallback.self), box, release,
                                       GConnectFlags(rawValue: 0))
        if id == 0 {
            // GLib already logged the unknown signal and did not take the box.
            Unmanaged<Box>.fromOpaque(box).release()
        }
    }

    private final class Box {
        let handler: Handler
        init(_ handler: @escaping Handler) { self.handler = handler }
    }

    private static let thunk: @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = {
        _, file, other, event, data in
        guard let data else { return }
        let handler = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().handler
        let name = baseName(file), otherName = baseName(other)
        MainActor.assumeIsolated { handler(event, name, otherName) }
    }

    private static let release: GClosureNotify = { data, _ in
        guard let data else { return }
        Unmanaged<Box>.fromOpaque(data).release()
    }

    /// The base name of `file` as the bytes the file system holds.
    private static func baseName(_ file: gpointer?) -> [UInt8]? {
        guard let file, let name = g_file_get_basename(OpaquePointer(file)) else { return nil }
        defer { g_free(name) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: strlen(name)))
    }
}
