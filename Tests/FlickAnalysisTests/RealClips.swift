import Foundation

/// Real clips for the stack tests, cut from opencv-doc's clips with ffmpeg
/// once per run: two moments of one fixed camera (vtest.avi, a street from
/// a tripod), a trimmed, smaller, re-encoded copy of one of them, and two
/// unrelated clips that both open on three seconds of black, with a copy
/// of one re-encoded without its intro.
enum RealClips {
    static let data = RealMedia.data

    /// File names of the set, by role.
    static let moment = "street-0005.mp4", trimmed = "street-0005-trimmed.mp4", otherMoment = "street-0045.mp4"
    static let movieIntro = "movie-intro.mp4", treeIntro = "tree-intro.mp4", movieCopy = "movie-copy.mkv"

    static let folder: Result<String, any Error> = Result { try make() }

    static func make() throws(RealMediaError) -> String {
        let folder = try RealMedia.scratch("clips")
        let x264 = ["-an", "-c:v", "libx264", "-preset", "ultrafast"]
        func cut(_ source: String, _ out: String, _ options: [String]) throws(RealMediaError) {
            let arguments = ["-v", "error", "-y"] + options.prefix { $0 != "--" } + ["-i", "\(data)/\(source)"]
                + options.drop { $0 != "--" }.dropFirst() + ["\(folder)/\(out)"]
            try RealMedia.run("ffmpeg", arguments)
        }
        try cut("vtest.avi", moment, ["-ss", "5", "-t", "10", "--"] + x264 + ["-crf", "23"])
        try cut("vtest.avi", trimmed, ["-ss", "7.3", "-t", "6", "--", "-vf", "scale=384:-2"] + x264 + ["-crf", "32"])
        try cut("vtest.avi", otherMoment, ["-ss", "45", "-t", "10", "--"] + x264 + ["-crf", "23"])
        try cut("Megamind.avi", movieIntro, ["-t", "8", "--", "-vf", "tpad=start_duration=3:color=black"] + x264)
        try cut("tree.avi", treeIntro, ["-t", "8", "--", "-vf", "tpad=start_duration=3:color=black"] + x264)
        try cut("Megamind.avi", movieCopy, ["-ss", "1", "-t", "6", "--", "-vf", "scale=360:-2", "-an", "-c:v", "mpeg4", "-q:v", "8"])
        return folder
    }
}
