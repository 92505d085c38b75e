import FlickCore
import Foundation

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

    static let shared = ResourceLocator.locate()
    private static let schemaSource = "data/io.github.flick.Flick.gschema.xml"

    private static func locate() -> ResourceLocator {
        let fm = FileManager.default
        if let dir = ProcessInfo.processInfo.environment["FLICK_DATA_DIR"] {
            let base = URL(fileURLWithPath: dir)
            let cache = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
                ?? fm.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
            return ResourceLocator(resources: base.appendingPathComponent("Resources"), samples: base.appendingPathComponent("data/samples"),
                                   schemaDirectories: [.init(compiled: cache.appendingPathComponent("flick/schemas"),
                                                             sourceXML: base.appendingPathComponent(schemaSource))])
        }
        let exe = URL(fileURLWithPath: (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var dir = exe.deletingLastPathComponent()
        while dir.path != "/" {
            if fm.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                return ResourceLocator(resources: dir.appendingPathComponent("Resources"), samples: dir.appendingPathComponent("data/samples"),
                                       schemaDirectories: [.init(compiled: dir.appendingPathComponent(".build/schemas"),
                                                                 sourceXML: dir.appendingPathComponent(schemaSource))])
            }
            dir.deleteLastPathComponent()
        }
        let prefixShare = exe.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share")
        let share = prefixShare.appendingPathComponent("flick")
        return ResourceLocator(resources: share.appendingPathComponent("resources"), samples: share.appendingPathComponent("samples"),
                               schemaDirectories: [.init(compiled: prefixShare.appendingPathComponent("glib-2.0/schemas"), sourceXML: nil)],
                               locale: prefixShare.appendingPathComponent("locale"))
    }
}
