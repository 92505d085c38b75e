import ArgumentParser
import FlickAnalysis
import FlickCore
import FlickStore
import Foundation

/// `flick-bench stacks`: stack analysis on real media it makes from
/// Debian's opencv-doc photos and clip. Photos: `--photos` 12-megapixel
/// JPEGs (4000×3000, as a phone's), each of a dozen real pictures saved
/// large, told apart by bytes after their end so that each is decoded
/// (no two share a size, so no content hash is needed); clips: `--clips`
/// 1080p H.264 clips of `--clip-seconds` s cut from vtest.avi at
/// different moments. Figures: photos and clips analysed per second on a
/// fresh store (`workers` threads), the same folder again from the store,
/// and the process's peak resident memory.
///
/// `--undated`: the photos are made from 60 real pictures instead of 12,
/// their metadata dropped (no capture time, so each is compared with every
/// other), among them 27 views of one chessboard: an undated folder of
/// chat copies and screenshots, where many photos share a layout.
struct StacksBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stacks", abstract: "Stack analysis: photos/s and clips/s on real media, from the store, memory.")

    static let data = "/usr/share/doc/opencv-doc/examples/data"
    static let sources = ["baboon.jpg", "fruits.jpg", "HappyFish.jpg", "home.jpg", "building.jpg", "butterfly.jpg",
                          "messi5.jpg", "orange.jpg", "starry_night.jpg", "squirrel_cls.jpg", "stuff.jpg", "aloeL.jpg"]
    /// `--undated`'s pictures: the above, a chessboard seen 27 ways, and others.
    static let undatedSources = sources + ["01", "02", "03", "04", "05", "06", "07", "08", "09", "11", "12", "13", "14"]
        .flatMap { ["left\($0).jpg", "right\($0).jpg"] } + ["chessboard.png"]
        + ["box.png", "box_in_scene.png", "leuvenA.jpg", "leuvenB.jpg", "aero1.jpg", "aero3.jpg", "graf1.png", "graf3.png",
           "left.jpg", "right.jpg", "apple.jpg", "board.jpg", "pic1.png", "notes.png", "sudoku.png", "licenseplate_motion.jpg",
           "basketball1.png", "rubberwhale1.png", "ela_original.jpg", "smarties.png", "chicky_512.png"]

    @OptionGroup var output: OutputOptions

    @Option(help: "12-megapixel photos analysed.")
    var photos = 300

    @Option(help: "1080p clips analysed.")
    var clips = 10

    @Option(help: "Seconds of each clip.")
    var clipSeconds = 6

    @Option(help: "Analysis threads (the CLI uses the machine's cores, at most 4).")
    var workers = 2

    @Option(help: "Keep the media in this folder and use it again next time (made there when missing).")
    var keepMedia: String?

    @Flag(help: "Photos of 60 different pictures (27 of one chessboard) with no capture time: each is compared with every other.")
    var undated = false

    @Flag(help: "The baseline without the dark and blurry suggestions: prints only, from the smaller decode they need (nothing kept, so no figures from the store).")
    var withoutSuggestions = false

    func run() throws {
        let root = keepMedia ?? FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-stacks-\(getpid())").path
        defer { if keepMedia == nil { try? FileManager.default.removeItem(atPath: root) } }
        let photoFolder = root + (undated ? "/photos-undated" : "/photos"), clipFolder = root + "/clips"
        try makePhotos(in: photoFolder)
        try makeClips(in: clipFolder)
        var results: [Measurement] = []
        let photoItems = try Self.items(photoFolder, count: photos)
        let photoRun = try analyse(photoItems)
        results.append(Measurement(bench: "stacks.photos_per_second", value: Double(photos) / photoRun.seconds, unit: "photos/s",
                                   extra: ["photos": "\(photos)", "workers": "\(workers)", "megapixels": "12", "undated": "\(undated)",
                                           "stacks": "\(photoRun.stacks)", "suggestions": withoutSuggestions ? "off" : "on"]))
        results.append(Measurement(bench: "stacks.seconds_per_1000_photos", value: 1000 * photoRun.seconds / Double(photos), unit: "s"))
        results.append(Measurement(bench: "stacks.cpu_seconds_per_1000_photos", value: 1000 * photoRun.cpu / Double(photos), unit: "s",
                                   extra: ["note": "CPU time of the whole process; the wall time on 2 free cores is about half"]))
        if !withoutSuggestions {
            results.append(Measurement(bench: "stacks.photos_again_from_store", value: photoRun.again * 1000, unit: "ms"))
            results.append(Measurement(bench: "stacks.photos_again_cpu", value: photoRun.againCPU, unit: "s",
                                       extra: ["note": "CPU time of the same photos again from the store: reading it, then grouping"]))
        }
        let compared = photoRun.comparisons
        results.append(Measurement(bench: "stacks.photo_full_comparisons", value: Double(compared.fine), unit: "pairs",
                                   extra: ["pairs": "\(compared.pairs)", "identical": "\(compared.identical)", "hash_close": "\(compared.candidates)",
                                           "coarse": "\(compared.coarse)", "screened": "\(compared.middle)"]))
        let clipItems = try Self.items(clipFolder, count: clips)
        let clipRun = try analyse(clipItems)
        results.append(Measurement(bench: "stacks.clips_per_second", value: Double(clips) / clipRun.seconds, unit: "clips/s",
                                   extra: ["clips": "\(clips)", "seconds": "\(clipSeconds)", "size": "1920x1080"]))
        results.append(Measurement(bench: "stacks.cpu_seconds_per_clip", value: clipRun.cpu / Double(clips), unit: "s"))
        results.append(Measurement(bench: "stacks.load_average", value: Self.loadAverage(), unit: "runnable",
                                   extra: ["note": "the machine's 1-minute load when done: figures on a shared machine are slower"]))
        results.append(Measurement(bench: "stacks.peak_rss", value: Double(Self.peakResident()) / 1_048_576, unit: "MiB"))
        output.report(results)
    }

    /// Seconds to analyse `items` on a fresh store, and again from it.
    private func analyse(_ items: [AnalysisItem]) throws
        -> (seconds: Double, cpu: Double, again: Double, againCPU: Double, stacks: String, comparisons: PhotoComparisons) {
        let storePath = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-stacks-\(getpid())-\(UUID().uuidString).db").path
        defer { for suffix in ["", "-wal", "-shm"] { unlink(storePath + suffix) } }
        let store = try Store(path: storePath)
        let start = Date(), cpuStart = Self.cpuSeconds()
        let found = try FolderStacks.find(items, store: store, workers: workers, quality: !withoutSuggestions)
        let seconds = Date().timeIntervalSince(start), cpu = Self.cpuSeconds() - cpuStart
        guard found.analysed == items.count else { throw ValidationError("only \(found.analysed) of \(items.count) analysed") }
        let again = Date(), againCPU = Self.cpuSeconds()
        // Without suggestions nothing is kept: the second look would be the first again.
        if !withoutSuggestions { _ = try FolderStacks.find(items, store: store, workers: workers) }
        let againSeconds = Date().timeIntervalSince(again), againCPUSeconds = Self.cpuSeconds() - againCPU
        // The stacks' sizes, largest first: old and new builds must agree.
        let sizes = found.stacks.map(\.members.count).sorted(by: >).map(String.init).joined(separator: ",")
        return (seconds, cpu, againSeconds, againCPUSeconds, sizes, found.photoComparisons)
    }

    private func makePhotos(in folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let sources = undated ? Self.undatedSources : Self.sources
        for (index, source) in sources.enumerated() where !FileManager.default.fileExists(atPath: "\(folder)/base-\(index).jpg") {
            // No metadata kept: no capture time.
            _ = try Run.program("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", "\(Self.data)/\(source)", "-map_metadata", "-1",
                                                   "-vf", "scale=4000:3000", "-q:v", "3", "\(folder)/base-\(index).jpg"])
        }
        if undated, let dated = sources.indices.first(where: { CaptureTime.read(path: "\(folder)/base-\($0).jpg") != nil }) {
            throw ValidationError("\(folder)/base-\(dated).jpg has a capture time")
        }
        let bases = try sources.indices.map { try Data(contentsOf: URL(fileURLWithPath: "\(folder)/base-\($0).jpg")) }
        for index in 0..<photos where !FileManager.default.fileExists(atPath: Self.name(folder, index, "jpg")) {
            // Bytes after the picture's end: read by nobody, but no two files are one size.
            var bytes = bases[index % bases.count]
            bytes.append(Data(repeating: 0, count: index + 1))
            try bytes.write(to: URL(fileURLWithPath: Self.name(folder, index, "jpg")))
        }
    }

    private func makeClips(in folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<clips where !FileManager.default.fileExists(atPath: Self.name(folder, index, "mp4")) {
            _ = try Run.program("/usr/bin/ffmpeg", ["-v", "error", "-y", "-ss", "\(index * 7 % 70)", "-t", "\(clipSeconds)",
                                                   "-i", "\(Self.data)/vtest.avi", "-vf", "scale=1920:1080,fps=30", "-an", "-c:v", "libx264",
                                                   "-preset", "ultrafast", Self.name(folder, index, "mp4")])
        }
    }

    private static func name(_ folder: String, _ index: Int, _ ext: String) -> String {
        String(format: "%@/IMG_%04d.%@", folder, index, ext)
    }

    /// The first `count` files of the folder as analysis items.
    private static func items(_ folder: String, count: Int) throws -> [AnalysisItem] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("IMG_") }.sorted().prefix(count).map { name in
            var info = stat()
            guard stat("\(folder)/\(name)", &info) == 0 else { throw ValidationError("cannot read \(folder)/\(name)") }
            return AnalysisItem(path: "\(folder)/\(name)", kind: name.hasSuffix(".mp4") ? .video : .photo, identity: FileIdentity(info))
        }
    }

    /// CPU seconds (user and system) this process used so far.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    private static func loadAverage() -> Double {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) > 0 ? loads[0] : 0
    }

    /// This process's peak resident memory (VmHWM), in bytes.
    private static func peakResident() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }
}
