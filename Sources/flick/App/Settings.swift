import CGtk
import FlickAnalysis
import FlickCore
import Foundation
import GtkKit

/// Flick's preferences in GSettings (`io.github.flick.Flick`,
/// data/io.github.flick.Flick.gschema.xml).
///
/// The schema is found where GLib looks (an install, or
/// `GSETTINGS_SCHEMA_DIR`), then beside an installed binary
/// (`PREFIX/share/glib-2.0/schemas`), then — running from a source checkout —
/// compiled from data/ into `.build/schemas` on first use. When none of that
/// works (no `glib-compile-schemas`), Flick runs on the defaults and says so.
@MainActor
final class Settings {
    static let schemaID = FlickApplication.applicationID
    static let shared = Settings()

    /// nil when no schema could be found: every getter returns its default.
    let gsettings: UnsafeMutablePointer<GSettings>?

    private init() {
        gsettings = Self.open()
        if gsettings == nil {
            Log.warning("the settings schema \(Self.schemaID) is not installed; preferences are not saved", category: "settings")
        }
    }

    // MARK: keys

    /// Fraction of the card's width a sideways drag must travel to decide.
    var swipeDistance: Double {
        get { double("swipe-distance", default: 0.35) }
        set { set("swipe-distance", double: newValue) }
    }
    /// Release speed (card widths per second) at which a short flick decides.
    var flingSpeed: Double {
        get { double("fling-speed", default: SwipeTuning().flingWidthsPerSecond) }
        set { set("fling-speed", double: newValue) }
    }
    var startMuted: Bool { bool("start-muted", default: true) }
    var loopClips: Bool { bool("loop-clips", default: true) }
    var includePhotos: Bool { bool("include-photos", default: true) }
    var includeSubfolders: Bool { bool("include-subfolders", default: false) }
    /// Whether similar photos and clips are found and shown as one card (a stack).
    var groupSimilar: Bool { bool("group-similar", default: true) }
    var confirmApply: Bool { bool("confirm-apply", default: true) }
    var undoToasts: Bool { bool("undo-toasts", default: true) }
    /// Whether decisions are written to XMP sidecars as they are made.
    var xmpSidecars: Bool { bool("xmp-sidecars", default: false) }
    /// The rating (1…5) a liked clip gets in its XMP sidecar.
    var xmpLikeRating: Int { Int(double("xmp-like-rating", default: 1).rounded()) }
    /// Clips shorter than this (seconds) are suggested as short.
    var shortClipSeconds: Double { double("short-clip-seconds", default: Suggestions.shortClipSeconds) }

    /// The window's size and maximized state, saved when it closes.
    var windowSize: (width: Int, height: Int, maximized: Bool) {
        get {
            (Int(int("window-width", default: 900)), Int(int("window-height", default: 760)),
             bool("window-maximized", default: false))
        }
        set {
            guard let gsettings else { return }
            g_settings_set_int(gsettings, "window-width", Int32(clamping: newValue.width))
            g_settings_set_int(gsettings, "window-height", Int32(clamping: newValue.height))
            g_settings_set_boolean(gsettings, "window-maximized", newValue.maximized ? 1 : 0)
        }
    }

    /// Folders opened lately, newest first.
    var recentFolders: [String] {
        get {
            guard let gsettings, let strv = g_settings_get_strv(gsettings, "recent-folders") else { return [] }
            defer { g_strfreev(strv) }
            var folders: [String] = []
            var index = 0
            while let item = strv[index] {
                folders.append(String(cString: item))
                index += 1
            }
            return folders
        }
        set {
            guard let gsettings else { return }
            withCStringArray(newValue) { array in _ = g_settings_set_strv(gsettings, "recent-folders", array) }
        }
    }

    static let maxRecentFolders = 8

    /// The folder the last export was written to; nil before the first
    /// (the export's file chooser then starts where GTK chooses).
    var lastExportFolder: String? {
        get {
            guard let gsettings, let value = g_settings_get_string(gsettings, "last-export-folder") else { return nil }
            defer { g_free(value) }
            let path = String(cString: value)
            return path.isEmpty ? nil : path
        }
        set {
            if let gsettings { g_settings_set_string(gsettings, "last-export-folder", newValue ?? "") }
        }
    }

    /// Puts `path` first in the recent folders (at most eight, no repeats).
    func remember(folder path: String) {
        recentFolders = Array(([path] + recentFolders.filter { $0 != path }).prefix(Self.maxRecentFolders))
    }

    /// The tuning with the user's thresholds: the vertical distance keeps
    /// the default ratio to the horizontal one (25 : 35).
    func apply(to tuning: inout SwipeTuning) {
        let defaults = SwipeTuning()
        tuning.horizontalCommitFraction = swipeDistance
        tuning.verticalCommitFraction = swipeDistance * defaults.verticalCommitFraction / defaults.horizontalCommitFraction
        tuning.flingWidthsPerSecond = flingSpeed
    }

    /// Calls `handler` whenever `key` changes (from the Preferences window,
    /// `gsettings set`, or another instance).
    func onChange(_ key: String, _ handler: @escaping @MainActor () -> Void) {
        guard let gsettings else { return }
        connect(gsettings, .settingsChanged(key)) { _ in handler() }
    }

    /// Binds `key` to a GObject property both ways (switch "active",
    /// adjustment "value").
    func bind(_ key: String, to object: some GObjectPointer, property: String) {
        guard let gsettings else { return }
        g_settings_bind(gsettings, key, object.rawObject, property, G_SETTINGS_BIND_DEFAULT)
    }

    // MARK: GSettings

    private func double(_ key: String, default value: Double) -> Double {
        gsettings.map { g_settings_get_double($0, key) } ?? value
    }
    private func set(_ key: String, double value: Double) {
        if let gsettings { g_settings_set_double(gsettings, key, value) }
    }
    private func bool(_ key: String, default value: Bool) -> Bool {
        gsettings.map { g_settings_get_boolean($0, key) != 0 } ?? value
    }
    private func int(_ key: String, default value: Int32) -> Int32 {
        gsettings.map { g_settings_get_int($0, key) } ?? value
    }

    private static func open() -> UnsafeMutablePointer<GSettings>? {
        if let source = g_settings_schema_source_get_default(),
           SettingsSchemaRef(taking: g_settings_schema_source_lookup(source, schemaID, 1)) != nil {
            return g_settings_new(schemaID)
        }
        for directory in ResourceLocator.shared.schemaDirectories {
            if let settings = settings(from: directory) { return settings }
        }
        return nil
    }

    /// Settings from the compiled schemas in `directory`, compiling the
    /// source tree's schema there first when it is newer.
    private static func settings(from directory: SchemaDirectory) -> UnsafeMutablePointer<GSettings>? {
        let compiled = directory.compiled.appendingPathComponent("gschemas.compiled").path
        if let sourceXML = directory.sourceXML, isStale(compiled, comparedTo: sourceXML.path) {
            compile(sourceXML, into: directory.compiled)
        }
        guard FileManager.default.fileExists(atPath: compiled) else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let source = SettingsSchemaSourceRef(taking: g_settings_schema_source_new_from_directory(
            directory.compiled.path, g_settings_schema_source_get_default(), 0, &error)) else {
            if let error {
                Log.warning("cannot read \(compiled): \(String(cString: error.pointee.message))", category: "settings")
                g_error_free(error)
            }
            return nil
        }
        guard let schema = SettingsSchemaRef(taking: g_settings_schema_source_lookup(source.pointer, schemaID, 0)) else { return nil }
        return g_settings_new_full(schema.pointer, nil, nil)
    }

    private static func isStale(_ compiled: String, comparedTo source: String) -> Bool {
        let fm = FileManager.default
        guard let built = (try? fm.attributesOfItem(atPath: compiled))?[.modificationDate] as? Date else { return true }
        let edited = (try? fm.attributesOfItem(atPath: source))?[.modificationDate] as? Date ?? .distantPast
        return edited > built
    }

    private static func compile(_ xml: URL, into directory: URL) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let staged = directory.appendingPathComponent(xml.lastPathComponent)
            try? FileManager.default.removeItem(at: staged)
            try FileManager.default.copyItem(at: xml, to: staged)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["glib-compile-schemas", "--strict", directory.path]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                Log.warning("glib-compile-schemas failed on \(xml.path) (exit \(process.terminationStatus))", category: "settings")
            }
        } catch {
            Log.warning("cannot compile \(xml.path) into \(directory.path): \(error)", category: "settings")
        }
    }
}

/// A folder of compiled schemas, and for a source checkout the schema it
/// is compiled from.
struct SchemaDirectory {
    let compiled: URL
    let sourceXML: URL?
}
