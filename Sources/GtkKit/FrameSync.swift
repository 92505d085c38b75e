import CGtk

/// X11 frame synchronisation for a toplevel.
///
/// At the end of every frame GTK 4.8's X11 backend asks whether the window
/// manager supports `_NET_WM_FRAME_DRAWN`. With no window manager to ask
/// (a bare X server, a kiosk session) it finds no manager window, keeps no
/// answer, and asks again with a synchronous `XGetWindowProperty` on the
/// next frame: one X round trip for each video frame and each frame of a
/// drag. GTK only synchronises with a manager that has the hint, so when
/// the manager lacks it frame sync is switched off for the surface, which
/// skips the question and changes nothing else.
public enum FrameSync {
    /// Checks once, when `surface` (a toplevel's) is mapped; does nothing
    /// outside X11. Returns whether frame sync was switched off.
    @MainActor @discardableResult
    public static func disableWithoutManagerSupport(_ surface: OpaquePointer) -> Bool {
        let raw = UnsafeMutableRawPointer(surface).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(raw, gdk_x11_surface_get_type()) != 0,
              let display = gdk_surface_get_display(surface),
              let screen = gdk_x11_display_get_screen(display) else { return false }
        guard gdk_x11_screen_supports_net_wm_hint(screen, "_NET_WM_FRAME_DRAWN") == 0 else { return false }
        gdk_x11_surface_set_frame_sync_enabled(surface, 0)
        return true
    }
}
