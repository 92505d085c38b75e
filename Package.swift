// swift-tools-version: 6.0
// Flick — review a folder of clips one card at a time.
//
// Layers are targets, so the compiler keeps them apart:
//   CGtk, CGst, CGObject, CFFmpeg   system libraries (pkg-config) with tiny static-inline shims
//   FlickCore    Foundation only: deck, physics, undo, logging — no GTK
//   GObjectKit   GObject ownership below GTK and GStreamer: ObjectRef, WeakObjectRef,
//                CountedRef (no hand ref/unref anywhere else)
//   GtkKit       GLib/GTK interop: signals, actions, ticks, accessibility, main-queue bridge
//                (re-exports GObjectKit)
//   FlickMedia   the only GStreamer user: discovery, playback, export stitching
//                (GStreamer's mini objects owned as CountedRefs)
//   FlickStore   the only SQLite user and the only place that moves files (Trash, export)
//   FlickAnalysis  stacks: exact copies, similar photos and clips, Live Photos (no GTK)
//   FlickApp     the folder under review (scan, store, decisions, GIO monitor) and the use
//                cases the window and the command line share (Apply, Export), no GTK
//   flick        the app and its command line
//   flick-bench  benchmarks (`--json`; docs/performance.md)
import PackageDescription

let package = Package(
    name: "Flick",
    products: [
        .executable(name: "flick", targets: ["flick"]),
        .executable(name: "flick-bench", targets: ["flick-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4 libadwaita-1",
            providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]
        ),
        .systemLibrary(
            name: "CGst",
            pkgConfig: "gstreamer-1.0 gstreamer-app-1.0 gstreamer-video-1.0 gstreamer-pbutils-1.0 gdk-pixbuf-2.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev", "libgdk-pixbuf-2.0-dev"])]
        ),
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat libavcodec libswscale libavutil",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]
        ),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CGObject", pkgConfig: "gobject-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "FlickCore"),
        .target(name: "FlickStore", dependencies: ["FlickCore", "CSQLite", "CGio"]),
        .target(name: "GObjectKit", dependencies: ["CGObject"]),
        .target(name: "GtkKit", dependencies: ["GObjectKit", "CGtk"]),
        .target(name: "FlickMedia", dependencies: ["CGst", "FlickCore", "GObjectKit"]),
        .target(name: "FlickAnalysis", dependencies: ["FlickCore", "FlickMedia", "FlickStore", "GObjectKit", "CGst", "CFFmpeg"]),
        .target(name: "FlickApp", dependencies: ["FlickCore", "FlickStore", "FlickMedia", "FlickAnalysis", "GObjectKit", "CGio"]),
        .executableTarget(
            name: "flick",
            dependencies: [
                "FlickCore", "FlickStore", "GtkKit", "FlickMedia", "FlickAnalysis", "FlickApp", "CGtk",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "flick-bench",
            dependencies: [
                "FlickCore", "FlickStore", "FlickMedia", "FlickAnalysis",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "FlickCoreTests",
            dependencies: [
                "FlickCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "GObjectKitTests", dependencies: ["GObjectKit", "CGObject"]),
        .testTarget(name: "GtkKitTests", dependencies: ["GtkKit", "CGtk"]),
        .testTarget(name: "FlickMediaTests", dependencies: ["FlickMedia", "CGst"]),
        .testTarget(name: "FlickAnalysisTests", dependencies: ["FlickAnalysis", "FlickCore", "FlickMedia", "FlickStore", "CGst"]),
        .testTarget(name: "FlickStoreTests", dependencies: ["FlickStore", "FlickCore"]),
        .testTarget(name: "FlickAppTests", dependencies: ["FlickApp", "FlickCore", "FlickStore", "FlickMedia", "FlickAnalysis", "CGio"]),
        .testTarget(name: "FlickWindowTests", dependencies: ["flick", "FlickApp", "FlickCore", "FlickStore", "FlickMedia"]),
    ]
)
