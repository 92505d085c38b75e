import Foundation

/// Real clips for the clips' `blurry` suggestion, made once per run from
/// opencv-doc's clips at their own size (a street from a tripod, a film
/// scene, a tree in the wind): each as shot, the same out of focus (a
/// Gaussian defocus, sigma 6 px, or a box blur 13 px wide), and a street
/// clip out of focus for its first 1.5 s only (the focus hunting, then
/// found: most of it is sharp).
enum RealBlurredClips {
    static let data = RealMedia.data

    enum Kind { case sharp, blurry }

    struct Clip {
        let path: String
        let kind: Kind
    }

    static let clips: Result<[Clip], any Error> = Result { try make() }

    static func make() throws(RealMediaError) -> [Clip] {
        let folder = try RealMedia.scratch("blurred-clips")
        let x264 = ["-an", "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p"]
        var made: [Clip] = []
        for (source, start) in [("vtest.avi", "20"), ("Megamind.avi", "2"), ("tree.avi", "0")] {
            let stem = "\(folder)/\((source as NSString).deletingPathExtension)"
            try RealMedia.run("ffmpeg", ["-v", "error", "-y", "-ss", start, "-t", "4", "-i", "\(data)/\(source)", "-filter_complex",
                                         "[0:v]split=3[a][b][c];[b]gblur=sigma=6[d];[c]boxblur=6[e]",
                                         "-map", "[a]"] + x264 + ["\(stem).mp4", "-map", "[d]"] + x264 + ["\(stem)-defocus.mp4",
                                         "-map", "[e]"] + x264 + ["\(stem)-box.mp4"])
            made += [Clip(path: "\(stem).mp4", kind: .sharp), Clip(path: "\(stem)-defocus.mp4", kind: .blurry),
                     Clip(path: "\(stem)-box.mp4", kind: .blurry)]
        }
        try RealMedia.run("ffmpeg", ["-v", "error", "-y", "-i", "\(folder)/vtest.mp4", "-vf", "gblur=sigma=6:enable='lt(t,1.5)'"] + x264
            + ["\(folder)/vtest-focusing.mp4"])
        made.append(Clip(path: "\(folder)/vtest-focusing.mp4", kind: .sharp))
        return made
    }
}
