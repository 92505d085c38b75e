import FlickCore
import Foundation
import GtkKit

/// Finds Flick's bundled files, installed or running from a source checkout.
///
/// Order: `$FLICK_DATA_DIR` (a folder holding `Resources/` and `data/`), then
/// the source tree above the executable (`.build/debug/flick`), then the
/// install prefix (`PREFIX/bin/flick` → `PREFIX/share/flick/`).
struct ResourceLocator {
    let resources: URL
    let samples: URL
    /// Where compiled GSettings schemas may be, in order (Settings).
    var schemaDirectories: [SchemaDirectory] = []
    /// Compiled translations (`PREFIX/share/locale`), when installed.
    var locale: URL?
    /// The user interface files' bundle (`.ui` files in a GResource).
    let interface: InterfaceBundle

    static let shared = ResourceLocator.locate()
    private static let schemaSource = "data/io.github.flick.Flick.gschema.xml"
    private static let bundleSource = "Resources/flick.gresource.xml"

    private static func locate() -> ResourceLocator {
        let fm = FileManager.default
        if let dir = ProcessInfo.processInfo.environment["FLICK_DATA_DIR"] {
            let base = URL(fileURLWithPath: dir)
            let cache = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
                ?? fm.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
            // One compiled bundle per data folder: two trees never share one.
            let bundle = cache.appendingPathComponent("flick/resources-\(InterfaceBundle.key(of: base.standardizedFileURL.path))")
            return ResourceLocator(resources: base.appendingPathComponent("Resources"), samples: base.appendingPathComponent("data/samples"),
                                   schemaDirectories: [.init(compiled: cache.appendingPathComponent("flick/schemas"),
                                                             sourceXML: base.appendingPathComponent(schemaSource))],
                                   interface: .init(compiled: bundle.appendingPathComponent(InterfaceBundle.fileName),
                                                    sourceXML: base.appendingPathComponent(bundleSource)))
        }
        let exe = URL(fileURLWithPath: (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var dir = exe.deletingLastPathComponent()
        while dir.path != "/" {
            if fm.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                return ResourceLocator(resources: dir.appendingPathComponent("Resources"), samples: dir.appendingPathComponent("data/samples"),
                                       schemaDirectories: [.init(compiled: dir.appendingPathComponent(".build/schemas"),
                                                                 sourceXML: dir.appendingPathComponent(schemaSource))],
                                       interface: .init(compiled: dir.appendingPathComponent(".build/\(InterfaceBundle.fileName)"),
                                                        sourceXML: dir.appendingPathComponent(bundleSource)))
            }
            dir.deleteLastPathComponent()
        }
        let prefixShare = exe.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share")
        let share = prefixShare.appendingPathComponent("flick")
        return ResourceLocator(resources: share.appendingPathComponent("resources"), samples: share.appendingPathComponent("samples"),
                               schemaDirectories: [.init(compiled: prefixShare.appendingPathComponent("glib-2.0/schemas"), sourceXML: nil)],
                               locale: prefixShare.appendingPathComponent("locale"),
                               interface: .init(compiled: share.appendingPathComponent("resources/\(InterfaceBundle.fileName)"), sourceXML: nil))
    }
}

/// The compiled bundle of Flick's `.ui` files. Installed, meson compiled it;
/// from a source tree (or `$FLICK_DATA_DIR`) it is compiled here with
/// `glib-compile-resources` whenever a source file is newer, as the
/// GSettings schema is.
struct InterfaceBundle {
    static let fileName = "flick.gresource"
    /// Where the `.ui` files are inside the bundle.
    static let prefix = "/io/github/flick/Flick/"

    let compiled: URL
    /// `Resources/flick.gresource.xml`, when the sources are at hand.
    let sourceXML: URL?

    /// Compiles the bundle if it is missing or older than its sources, and
    /// registers it; false (with the reason logged) when neither worked.
    @MainActor
    func register() -> Bool {
        if let sourceXML, isStale(comparedTo: sourceXML) { compile(sourceXML) }
        do {
            try ResourceBundle.register(path: compiled.path)
            return true
        } catch {
            Log.error("can’t load the user interface from \(compiled.path): \(error)", category: "app")
            return false
        }
    }

    /// The resource path of a file in the bundle ("ui/window.ui").
    static func path(_ name: String) -> String { prefix + name }

    private func isStale(comparedTo xml: URL) -> Bool {
        let fm = FileManager.default
        guard let built = (try? fm.attributesOfItem(atPath: compiled.path))?[.modificationDate] as? Date else { return true }
        let folder = xml.deletingLastPathComponent()
        let sources = [xml] + ((try? fm.subpathsOfDirectory(atPath: folder.appendingPathComponent("ui").path)) ?? [])
            .map { folder.appendingPathComponent("ui/\($0)") }
        return sources.contains { ((try? fm.attributesOfItem(atPath: $0.path))?[.modificationDate] as? Date ?? .distantPast) > built }
    }

    /// Compiles beside the target and renames it in place, so another
    /// Flick starting at the same time never reads half a file.
    private func compile(_ xml: URL) {
        let fm = FileManager.default
        let staged = compiled.deletingLastPathComponent().appendingPathComponent(".\(Self.fileName).\(getpid())")
        do {
            try fm.createDirectory(at: compiled.deletingLastPathComponent(), withIntermediateDirectories: true)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["glib-compile-resources", "--sourcedir=\(xml.deletingLastPathComponent().path)",
                                 "--target=\(staged.path)", xml.path]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                Log.error("glib-compile-resources failed on \(xml.path) (is libglib2.0-dev-bin installed?)", category: "app")
                return
            }
            guard rename(staged.path, compiled.path) == 0 else {
                Log.error("can’t write \(compiled.path): \(String(cString: strerror(errno)))", category: "app")
                try? fm.removeItem(at: staged)
                return
            }
        } catch {
            Log.error("can’t compile \(xml.path): \(error)", category: "app")
            try? fm.removeItem(at: staged)
        }
    }

    /// A short, stable name for a folder (FNV-1a of its path).
    static func key(of path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
