import ArgumentParser
import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// The AdwApplication: single instance over D-Bus, one main window.
///
/// A second `flick FOLDER` forwards its arguments to the running instance
/// (G_APPLICATION_HANDLES_COMMAND_LINE), which re-parses them, opens the folder
/// and presents its window; a second `flick` without a folder only presents it.
@MainActor
final class FlickApplication {
    static let applicationID = "io.github.flick.Flick"

    private let app: UnsafeMutablePointer<AdwApplication>
    /// The application's one reference, dropped as `run()` returns: while
    /// this object is alive, so the signals the application's teardown
    /// emits still find it.
    private var owner: ObjectRef<UnsafeMutablePointer<AdwApplication>>?
    private var window: MainWindow?

    init() {
        Localization.setUp(localeDirectory: ResourceLocator.shared.locale)
        g_set_application_name("Flick")
        let made = ObjectRef(taking: adw_application_new(Self.applicationID, G_APPLICATION_HANDLES_COMMAND_LINE) as UnsafeMutablePointer<AdwApplication>)
        app = made.pointer
        owner = made
        connect(app, .startup) { [unowned self] in startup() }
        connect(app, .commandLine) { [unowned self] commandLine in
            handle(commandLine: commandLine?.cast(to: GApplicationCommandLine.self))
        }
    }

    /// Runs the main loop on the process's own argv (GLib forwards it to a
    /// running instance); returns the exit status.
    func run() -> Int32 {
        MainQueueBridge.install()
        defer { owner = nil }
        return g_application_run(app.cast(), CommandLine.argc, CommandLine.unsafeArgv)
    }

    private func startup() {
        // GStreamer's first start scans every plugin (a second or so with a
        // new cache): do it beside the folder scan, not before the first card.
        Thread.detachNewThread { GStreamer.initialize() }
        // The .ui files (window, menus, preferences): without them there is
        // no window to show.
        guard ResourceLocator.shared.interface.register() else {
            Log.error("the user interface files are missing; reinstall Flick or run it from its source tree", category: "app")
            exit(1)
        }
        if let provider = ObjectRef(taking: gtk_css_provider_new()) {
            gtk_css_provider_load_from_path(provider.pointer, ResourceLocator.shared.resources.appendingPathComponent("style.css").path)
            if let display = gdk_display_get_default() {
                // The display keeps its own reference.
                gtk_style_context_add_provider_for_display(display, provider.pointer.opaque, UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            }
        }
        Actions.add(to: app, name: FlickAction.quit.rawValue) { [unowned self] in
            if let window { gtk_window_close(window.window.cast()) }
            g_application_quit(app.cast())
        }
    }

    /// Handles the command line of this or a forwarded invocation. A folder
    /// opens in the window; without one a new window reopens the last folder
    /// (or shows the start page) and a running one is only presented. A
    /// path that is not a folder (the terminal said why) shows the error
    /// page only in a window that had nothing open; exit status 2.
    private func handle(commandLine: UnsafeMutablePointer<GApplicationCommandLine>?) -> Int32 {
        guard let commandLine else { return 1 }
        Log.phase("command line")
        var argc: Int32 = 0
        let argv = g_application_command_line_get_arguments(commandLine, &argc)
        defer { g_strfreev(argv) }
        let arguments = (1..<Int(max(argc, 1))).compactMap { index in argv?[index].map { String(cString: $0) } }
        let cwd = g_application_command_line_get_cwd(commandLine).map { String(cString: $0) }
            ?? FileManager.default.currentDirectoryPath

        let isNew = window == nil
        let window = window ?? MainWindow(application: app)
        self.window = window
        var status: Int32 = 0
        do {
            let options = try OpenOptions.parse(arguments)
            window.stacksOff = !options.stacks
            if let folder = options.folderURL(relativeTo: cwd) {
                if let problem = OpenOptions.problem(with: folder) {
                    status = 2
                    if isNew { window.showError(ErrorText.folder(problem)) }
                } else {
                    window.open(folder: folder, recursive: options.recursive, order: options.order)
                }
            } else if isNew {
                window.openLast()
            }
        } catch {
            // The local process already validated the arguments; this only
            // happens when an older or newer flick forwards something odd.
            Log.error(OpenOptions.message(for: error), category: "app")
            if isNew { window.openLast() }
        }
        window.present()
        return status
    }
}
