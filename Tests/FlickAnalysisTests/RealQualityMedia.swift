import Foundation

/// Real photos and clips for the `dark` and `blurry` suggestions, made once
/// per run from Debian's opencv-doc examples (each photo first brought to at
/// most 480 px, a phone picture as a screen shows it):
/// - sharp: 32 real photos of many kinds (fur, fruit, rooms, streets, a
///   painting, aerial views, chessboards, renders, text), a smooth sky
///   (the top of a real street photo), low-contrast and night versions
///   (correctly exposed, dark but with their lights) of half of them;
/// - blurry: a Gaussian defocus (sigma 4 px) and a motion blur (a shake
///   at a steady speed: 15 px across or down, by turns) of each
///   sharp photo, and opencv-doc's own real defocused and shaken photos;
/// - dark: a third of the photos at 8 % of their exposure (3.6 stops
///   under: a pocket, a finger on the lens), a black lens
///   cap with sensor noise, and clips: three real clips blacked out the
///   same way (a pocket) and a lens-cap clip with noise; beside them,
///   good clips: the same three as shot, a night version of one, and one
///   opening on three seconds of black.
///
/// Every item has an index (a photo's versions that of their source, so
/// night and low-contrast versions of every other photo alternate between
/// parts); thresholds were tuned on the even ones and are checked on the
/// odd ones (`QualityTests`).
enum RealQualityMedia {
    static let data = RealMedia.data
    static let sharp = ["baboon.jpg", "fruits.jpg", "HappyFish.jpg", "home.jpg", "building.jpg", "butterfly.jpg", "messi5.jpg",
                        "orange.jpg", "starry_night.jpg", "squirrel_cls.jpg", "stuff.jpg", "aloeL.jpg", "apple.jpg", "board.jpg",
                        "box_in_scene.png", "leuvenA.jpg", "aero1.jpg", "graf1.png", "left.jpg", "left01.jpg", "left06.jpg",
                        "right12.jpg", "Blender_Suzanne1.jpg", "basketball1.png", "rubberwhale1.png", "ela_original.jpg",
                        "pca_test1.jpg", "smarties.png", "chicky_512.png", "sudoku.png", "box.png", "blox.jpg"]
    /// opencv-doc's own blurred photos (a defocused and a shaken page of text).
    static let realBlurred = ["text_defocus.jpg", "text_motion.jpg"]

    /// The length of the motion blur, in pixels of a 480-pixel photo (3 %).
    static let shakeTaps = 15

    enum Kind: String { case sharp, blurry, dark }

    struct Item {
        let path: String
        let kind: Kind
        let isClip: Bool
        /// Tuned on (even) or checked on (odd).
        let index: Int
    }

    static let items: Result<[Item], any Error> = Result { try make() }

    static func make() throws(RealMediaError) -> [Item] {
        let folder = try RealMedia.scratch("quality")
        var made: [Item] = []
        /// `source`: the sharp photo it is made from (its versions fall in one part), else counted by kind.
        func add(_ path: String, _ kind: Kind, clip: Bool = false, source: Int? = nil) {
            made.append(Item(path: path, kind: kind, isClip: clip, index: source ?? made.filter { $0.kind == kind && $0.isClip == clip }.count))
        }
        for (index, name) in sharp.enumerated() {
            let stem = "\(folder)/\((name as NSString).deletingPathExtension)"
            // One ffmpeg run: the sharp copy, its defocus, and (for half) night and low-contrast versions.
            var graph = "[0:v]scale='min(480,iw)':'min(480,ih)':force_original_aspect_ratio=decrease,format=rgb24,split=5[s][d][n][l][k];"
                + "[d]gblur=sigma=4[do];[n]eq=gamma=0.45:brightness=-0.12[no];[l]eq=contrast=0.3[lo];[k]lutrgb=r=val*0.08:g=val*0.08:b=val*0.08[ko]"
            var outputs = ["-map", "[s]", "-q:v", "2", "\(stem)-sharp.jpg", "-map", "[do]", "-q:v", "2", "\(stem)-defocus.jpg"]
            if index % 2 == 0 {
                outputs += ["-map", "[no]", "-q:v", "2", "\(stem)-night.jpg", "-map", "[lo]", "-q:v", "2", "\(stem)-lowcontrast.jpg"]
            } else {
                graph += ";[no]nullsink;[lo]nullsink"
            }
            if index % 3 == 0 { outputs += ["-map", "[ko]", "-q:v", "2", "\(stem)-dark.jpg"] } else { graph += ";[ko]nullsink" }
            try RealMedia.run("ffmpeg", ["-v", "error", "-y", "-i", "\(data)/\(name)", "-filter_complex", graph] + outputs)
            // A shake at a steady speed: a line of `shakeTaps` pixels, across or down by turns.
            let line = Array(repeating: "1", count: shakeTaps).joined(separator: " "), mode = index % 2 == 0 ? "row" : "column"
            let shake = (0..<3).map { "\($0)m='\(line)':\($0)rdiv=1/\(shakeTaps):\($0)mode=\(mode)" }.joined(separator: ":")
            try RealMedia.run("ffmpeg", "-v", "error", "-y", "-i", "\(stem)-sharp.jpg", "-vf", "convolution=\(shake)", "-q:v", "2", "\(stem)-motion.jpg")
            add("\(stem)-sharp.jpg", .sharp, source: index)
            add("\(stem)-defocus.jpg", .blurry, source: index)
            add("\(stem)-motion.jpg", .blurry, source: index)
            if index % 2 == 0 {
                add("\(stem)-night.jpg", .sharp, source: index / 2)
                add("\(stem)-lowcontrast.jpg", .sharp, source: index / 2)
            }
            if index % 3 == 0 { add("\(stem)-dark.jpg", .dark, source: index / 3) }
        }
        for name in realBlurred { add("\(data)/\(name)", .blurry) }
        // A smooth sky: the top of a real street photo.
        try RealMedia.run("ffmpeg", "-v", "error", "-y", "-i", "\(data)/building.jpg", "-vf", "crop=iw:ih/5:0:0", "-q:v", "2", "\(folder)/sky.jpg")
        add("\(folder)/sky.jpg", .sharp)
        // A lens cap: black with sensor noise, a photo and a clip.
        let noise = ["-f", "lavfi", "-i", "color=c=black:s=640x480:d=3:r=25,noise=alls=12:allf=t+u"]
        try RealMedia.run("ffmpeg", ["-v", "error", "-y"] + noise + ["-frames:v", "1", "-q:v", "2", "\(folder)/lenscap.jpg"])
        add("\(folder)/lenscap.jpg", .dark)
        let x264 = ["-an", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
        try RealMedia.run("ffmpeg", ["-v", "error", "-y"] + noise + x264 + ["\(folder)/lenscap.mp4"])
        add("\(folder)/lenscap.mp4", .dark, clip: true)
        // Real clips as shot, blacked out (a pocket), at night, and after a black intro.
        for (source, start) in [("vtest.avi", "20"), ("Megamind.avi", "2"), ("tree.avi", "0")] {
            let stem = "\(folder)/\((source as NSString).deletingPathExtension)"
            try RealMedia.run("ffmpeg", ["-v", "error", "-y", "-ss", start, "-t", "4", "-i", "\(data)/\(source)", "-filter_complex",
                                         "[0:v]scale=320:-2,split=2[a][b];[b]eq=brightness=-0.9[c]",
                                         "-map", "[a]"] + x264 + ["\(stem).mp4", "-map", "[c]"] + x264 + ["\(stem)-pocket.mp4"])
            add("\(stem).mp4", .sharp, clip: true)
            add("\(stem)-pocket.mp4", .dark, clip: true)
        }
        try RealMedia.run("ffmpeg", ["-v", "error", "-y", "-i", "\(folder)/vtest.mp4", "-vf", "eq=gamma=0.45:brightness=-0.12"] + x264
            + ["\(folder)/vtest-night.mp4"])
        add("\(folder)/vtest-night.mp4", .sharp, clip: true)
        try RealMedia.run("ffmpeg", ["-v", "error", "-y", "-i", "\(folder)/Megamind.mp4", "-vf", "tpad=start_duration=1:color=black"] + x264
            + ["\(folder)/Megamind-intro.mp4"])
        add("\(folder)/Megamind-intro.mp4", .sharp, clip: true)
        return made
    }
}
