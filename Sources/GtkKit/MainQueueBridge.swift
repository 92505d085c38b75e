import CGtk
import Glibc

/// Drains the Dispatch main queue from inside the GLib main loop.
///
/// On Linux, `g_application_run` / `g_main_loop_run` never let libdispatch
/// drain its main queue, so `DispatchQueue.main.async`, `Task { @MainActor in }`
/// and `await MainActor.run` would never run. libdispatch signals an eventfd
/// whenever the main queue has work; the bridge watches that fd with a GLib
/// source, reads it (without the read the source fires forever and burns a
/// core) and then drains the queue.
public enum MainQueueBridge {
    /// The GLib source id, once installed.
    @MainActor private static var sourceID: guint = 0

    /// Installs the bridge on the default main context. Idempotent.
    @MainActor public static func install() {
        guard sourceID == 0 else { return }
        let fd = _dispatch_get_main_queue_handle_4CF()
        sourceID = g_unix_fd_add(fd, G_IO_IN, { fd, _, _ in
            var counter: UInt64 = 0
            _ = read(fd, &counter, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
            return 1 // G_SOURCE_CONTINUE
        }, nil)
    }

    /// Removes the bridge (tests use this to prove it is what makes tasks run).
    @MainActor public static func uninstall() {
        guard sourceID != 0 else { return }
        g_source_remove(sourceID)
        sourceID = 0
    }
}
