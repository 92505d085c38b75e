import CGtk
import FlickCore
import GtkKit

/// The window's frame: the header bar's buttons, fullscreen, playback
/// paused while hidden or minimized, and the size kept for next time.
extension MainWindow {
    /// The header bar (window.ui): Open Folder and Overview at the start,
    /// the title, the main menu at the end. Buttons bound to an action take
    /// its tooltip and keys from FlickAction.
    static func fill(header ui: Builder) {
        let openButton = ui.widget("open-folder")
        gtk_widget_set_tooltip_text(openButton, FlickAction.openFolder.tooltip)
        Accessibility.setKeyShortcuts(openButton, FlickAction.openFolder.ariaShortcuts)
        let toggle = ui.widget("overview-toggle")
        gtk_widget_set_tooltip_text(toggle, FlickAction.overview.tooltip)
        Accessibility.setLabel(toggle, FlickAction.overview.label)
        Accessibility.setKeyShortcuts(toggle, FlickAction.overview.ariaShortcuts)
        checkMenuLabels(ui)
        if let popover = gtk_menu_button_get_popover(ui.widget("main-menu-button").opaque) {
            Accessibility.setLabel(popover, tr("Main Menu"))
            // Its pages (GTK's menu keeps one per submenu) are not read as
            // "GtkStackPage panel" on every F10.
            Accessibility.unnameStackPages(popover)
        }
    }

    // MARK: Fullscreen

    var isFullscreen: Bool { gtk_window_is_fullscreen(window.cast()) != 0 }

    /// F11 or F: the stage fills the screen; the player and action bars stay.
    func setFullscreen(_ fullscreen: Bool) {
        if fullscreen { gtk_window_fullscreen(window.cast()) } else { gtk_window_unfullscreen(window.cast()) }
    }

    /// The header bar goes while fullscreen (Escape, F11 or the player's
    /// button leave); the stage re-lays the cards in the same frame. The
    /// window's state is win.fullscreen's; the header, the page and the
    /// player bar's button follow the action.
    func followFullscreen() {
        connect(window, .notify("fullscreened")) { [unowned self] _ in updateEnabled() }
        guard let action = registered[.fullscreen] else { return }
        connect(action, .notify("state")) { [unowned self] _ in
            let fullscreen = Actions.state(of: action)
            gtk_widget_set_visible(header.widget, fullscreen ? 0 : 1)
            page.setFullscreen(fullscreen)
            page.stack.onStateChange()
        }
    }

    /// Pauses playback while the window is hidden or minimized.
    func watchVisibility() {
        connect(window, .unmap) { [unowned self] in model.setHidden(true) }
        connect(window, .map) { [unowned self] in
            model.setHidden(false)
            guard !watchingSurface, let surface = gtk_native_get_surface(window.opaque) else { return }
            watchingSurface = true
            if FrameSync.disableWithoutManagerSupport(surface) {
                Log.debug("X11 frame sync off: the window manager does not support _NET_WM_FRAME_DRAWN", category: "window")
            }
            connect(surface, .notify("state")) { [unowned self] _ in
                let state = gdk_toplevel_get_state(surface)
                model.setHidden(state.rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0)
            }
        }
    }

    /// Saves the window's size and maximized state when it closes.
    func rememberSize() {
        connect(window, .closeRequest) { [unowned self] in
            var width: Int32 = 0
            var height: Int32 = 0
            gtk_window_get_default_size(window.cast(), &width, &height)
            let maximized = gtk_window_is_maximized(window.cast()) != 0
            let saved = Settings.shared.windowSize
            // A maximized window keeps the size it will return to.
            Settings.shared.windowSize = maximized ? (saved.width, saved.height, true) : (Int(width), Int(height), false)
            return false
        }
    }

}
