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

    static let shared = ResourceLocator.locate()

    private static func locate() -> ResourceLocator {
        let fm = FileManager.default
        if let dir = ProcessInfo.processInfo.environment["FLICK_DATA_DIR"] {
            let base = URL(fileURLWithPath: dir)
            return ResourceLocator(resources: base.appendingPathComponent("Resources"), samples: base.appendingPathComponent("data/samples"))
        }
        let exe = URL(fileURLWithPath: (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var dir = exe.deletingLastPathComponent()
        while dir.path != "/" {
            if fm.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                return ResourceLocator(resources: dir.appendingPathComponent("Resources"), samples: dir.appendingPathComponent("data/samples"))
            }
            dir.deleteLastPathComponent()
        }
        let share = exe.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/flick")
        return ResourceLocator(resources: share.appendingPathComponent("resources"), samples: share.appendingPathComponent("samples"))
    }
}
