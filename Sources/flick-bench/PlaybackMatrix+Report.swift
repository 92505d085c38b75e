import Foundation

/// The playback matrix as measurements (`--json`) and as two tables.
extension PlaybackMatrix {
    /// The targets, printed next to the figures.
    enum Target {
        /// Flick's CPU ÷ Clapper's under cairo, every clip and window.
        static let cairoVsClapper = 0.35
        /// Flick's CPU ÷ gst-play's at the same picture size, under cairo.
        static let cairoVsGstPlay = 1.5
        /// Flick's CPU outside llvmpipe ÷ Clapper's same figure, under GL.
        static let glOutsideVsClapper = 1.0
        /// Flick's main thread under GL, seconds per 10 s.
        static let glMainThread = 0.5
        /// Paused, nothing moving, seconds per 10 s.
        static let idle = 0.05
    }

    /// How the frame figures are worked out (said in the output).
    static let framesHow = "painted: the frames Flick's window painted (its frame clock, frames.log of FLICK_BENCH_DIR) per second measured; "
        + "dropped: the clip's fps × seconds − painted, at least 0"

    static func measurements(_ cells: [Cell]) -> [Measurement] {
        var results: [Measurement] = []
        for cell in cells {
            let cpu = cell.cpu
            let base = ["clip": cell.clip.label, "window": cell.window.name, "renderer": cell.renderer.rawValue,
                        "measured_s": String(format: "%g", cell.seconds)]
            func add(_ bench: String, _ value: Double, _ unit: String, _ extra: [String: String] = [:]) {
                results.append(Measurement(bench: bench, value: value, unit: unit, extra: base.merging(extra) { $1 }))
            }
            let picture = "\(cell.flick.picture.width)x\(cell.flick.picture.height)"
            add("media.cpu_10s_deck", cpu.whole, "s", ["picture": picture, "renderer_seen": cell.flick.rendererSeen])
            add("media.cpu_10s_deck_main_thread", cpu.main, "s", cell.renderer == .gl ? ["target": "\(Target.glMainThread)"] : [:])
            add("media.cpu_10s_deck_llvmpipe", cpu.llvmpipe, "s")
            add("media.cpu_10s_deck_outside_llvmpipe", cpu.outsideLlvmpipe, "s")
            for (name, seconds) in cell.flick.threads.sorted(by: { $0.value > $1.value }) where seconds >= 0.01 {
                add("media.cpu_10s_deck_thread", seconds * span / cell.seconds, "s", ["thread": name])
            }
            add("media.frames_painted_per_s", cell.paintedPerSecond, "fps", ["clip_fps": "\(cell.clip.fps)", "how": framesHow])
            add("media.frames_dropped", Double(cell.dropped), "frames",
                ["expected": "\(Int(Double(cell.clip.fps) * cell.seconds))", "how": framesHow])
            if let idle = cell.flick.idle {
                add("media.cpu_10s_idle", idle * span / cell.seconds, "s", ["state": "paused, nothing moving", "target": "\(Target.idle)"])
            }
            if let clapper = cell.clapperCPU {
                add("media.cpu_10s_clapper", clapper.whole, "s")
                add("media.cpu_10s_clapper_main_thread", clapper.main, "s")
                add("media.cpu_10s_clapper_llvmpipe", clapper.llvmpipe, "s")
                add("media.cpu_10s_clapper_outside_llvmpipe", clapper.outsideLlvmpipe, "s")
                add("media.cpu_ratio_vs_clapper", cpu.whole / clapper.whole, "x",
                    cell.renderer == .cairo ? ["target": "\(Target.cairoVsClapper)"] : [:])
                add("media.cpu_ratio_vs_clapper_outside_llvmpipe", cpu.outsideLlvmpipe / clapper.outsideLlvmpipe, "x",
                    cell.renderer == .gl ? ["target": "\(Target.glOutsideVsClapper)"] : [:])
            }
            if let same = cell.gstPlaySameSize {
                let value = same * span / cell.seconds
                add("media.cpu_10s_gst_play_same_size", value, "s", ["picture": picture])
                add("media.cpu_ratio_vs_gst_play", cpu.whole / value, "x",
                    ["picture": picture].merging(cell.renderer == .cairo ? ["target": "\(Target.cairoVsGstPlay)"] : [:]) { $1 })
            }
            if let unscaled = cell.gstPlayUnscaled {
                let value = unscaled * span / cell.seconds
                add("media.cpu_10s_gst_play_unscaled", value, "s")
                add("media.cpu_ratio_vs_gst_play_unscaled", cpu.whole / value, "x")
            }
        }
        return results
    }

    /// The two tables: CPU per 10 s by process and thread group, then the
    /// ratios and frames against the targets.
    static func tables(_ cells: [Cell]) -> String {
        func f(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "–" }
        /// A figure and whether it meets its target ("0.18 ok ≤0.35").
        func against(_ value: Double?, most: Double?) -> String {
            guard let value else { return "–" }
            guard let most else { return String(format: "%.2f", value) }
            return String(format: "%.2f", value) + (value <= most ? " ok" : " OVER") + " ≤\(most)"
        }
        var cpu = TextTable(["clip", "window", "GSK", "picture", "Flick", "main", "llvmpipe", "outside llvmpipe",
                             "Clapper", "main", "llvmpipe", "outside llvmpipe", "gst-play same size", "unscaled"])
        var ratios = TextTable(["clip", "window", "GSK", "Flick÷Clapper", "outside llvmpipe ÷", "Flick÷gst-play same size",
                                "Flick main s", "painted fps", "dropped", "idle s"])
        for cell in cells {
            let flick = cell.cpu, clapper = cell.clapperCPU
            let same = cell.gstPlaySameSize.map { $0 * span / cell.seconds }
            let unscaled = cell.gstPlayUnscaled.map { $0 * span / cell.seconds }
            let key = [cell.clip.label, cell.window.name, cell.renderer.rawValue]
            cpu.add(key + ["\(cell.flick.picture.width)x\(cell.flick.picture.height)", f(flick.whole), f(flick.main), f(flick.llvmpipe),
                           f(flick.outsideLlvmpipe), f(clapper?.whole), f(clapper?.main), f(clapper?.llvmpipe), f(clapper?.outsideLlvmpipe),
                           f(same), f(unscaled)])
            let cairo = cell.renderer == .cairo
            let fps = String(format: "%.1f", cell.paintedPerSecond)
                + (cell.clip.fps == 60 ? (cell.paintedPerSecond >= 59.5 ? " ok" : " UNDER") + " =60" : "")
            ratios.add(key + [against(clapper.map { flick.whole / $0.whole }, most: cairo ? Target.cairoVsClapper : nil),
                              against(clapper.map { flick.outsideLlvmpipe / $0.outsideLlvmpipe }, most: cairo ? nil : Target.glOutsideVsClapper),
                              against(same.map { flick.whole / $0 }, most: cairo ? Target.cairoVsGstPlay : nil),
                              against(flick.main, most: cairo ? nil : Target.glMainThread),
                              fps, "\(cell.dropped)",
                              against(cell.flick.idle.map { $0 * span / cell.seconds }, most: cell.flick.idle == nil ? nil : Target.idle)])
        }
        let seconds = cells.first.map { String(format: "%g", $0.seconds) } ?? "?"
        return """
            CPU seconds per 10 s (measured over \(seconds) s; Flick and Clapper split by thread: main, Mesa's llvmpipe-*, \
            and outside llvmpipe = the process − llvmpipe; Clapper's whole figure is its tree with dbus-run-session; \
            gst-play draws with ximagesink, not GTK: one figure per clip and picture for both renderers)
            \(cpu.text)

            Ratios, frames and targets (cairo: Flick ≤ \(Target.cairoVsClapper)× Clapper and ≤ \(Target.cairoVsGstPlay)× gst-play \
            at the same picture size; GL: Flick outside llvmpipe ≤ \(Target.glOutsideVsClapper)× Clapper's, main thread ≤ \
            \(Target.glMainThread) s per 10 s; 60 fps clips: 60 frames painted per second where gst-play keeps up; \
            idle ≤ \(Target.idle) s per 10 s)
            \(framesHow)
            \(ratios.text)
            """
    }
}

/// A plain text table: columns padded to their widest cell.
struct TextTable {
    private var rows: [[String]]

    init(_ header: [String]) { rows = [header] }

    mutating func add(_ row: [String]) { rows.append(row) }

    var text: String {
        let widths = rows[0].indices.map { column in rows.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return rows.enumerated().map { index, row in
            let line = row.enumerated().map { column, cell in cell.padding(toLength: widths[column], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
            return index == 0 ? line + "\n" + String(repeating: "-", count: line.count) : line
        }.joined(separator: "\n")
    }
}
