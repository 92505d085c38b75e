import Foundation

/// The real photos and clips the stack tests judge, made once per run in a
/// scratch folder from Debian's opencv-doc examples: each photo re-saved
/// smaller, as WebP, as HEIC, cropped and brightened; bursts cut from a
/// real fixed-camera clip with EXIF capture times; clips trimmed,
/// re-encoded, given black intros. Needs ffmpeg, cwebp, heif-enc and
/// exiftool (docs/testing.md).
enum RealMedia {
    static let data = "/usr/share/doc/opencv-doc/examples/data"

    /// Photos re-saved five ways each: one family per photo.
    static let originals = ["baboon.jpg", "fruits.jpg", "HappyFish.jpg", "home.jpg", "building.jpg", "butterfly.jpg",
                            "messi5.jpg", "orange.jpg", "starry_night.jpg", "squirrel_cls.jpg", "stuff.jpg", "smarties.png"]
    /// Real near-duplicates as opencv-doc ships them: a stereo pair,
    /// consecutive video frames, a photo and its edit.
    static let pairs: [[String]] = [["aloeL.jpg", "aloeR.jpg"], ["basketball1.png", "basketball2.png"],
                                    ["rubberwhale1.png", "rubberwhale2.png"], ["ela_original.jpg", "ela_modified.jpg"]]
    /// Wide stereo pairs (a chessboard held half a metre from two cameras
    /// a hand apart: a sixth of the frame between the views). Not counted
    /// in recall — two viewpoints, not one picture — and not against
    /// precision; reported (docs/stacks.md).
    static let wideStereo: [[String]] = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "11", "12", "13", "14"]
        .map { ["left\($0).jpg", "right\($0).jpg"] }
    /// Photos that are no one's duplicate: the same box alone and in
    /// clutter, two views of one street, of one town, of one wall.
    static let loners = ["box.png", "box_in_scene.png", "leuvenA.jpg", "leuvenB.jpg", "aero1.jpg", "aero3.jpg",
                         "graf1.png", "graf3.png", "left.jpg", "right.jpg", "apple.jpg", "board.jpg", "pic1.png",
                         "chicky_512.png", "notes.png", "sudoku.png", "licenseplate_motion.jpg"]

    /// A photo of the set and the moment it shows (files of one moment share it).
    struct Photo {
        let path: String
        let moment: String
    }

    /// The photo set, made once.
    static let photos: Result<[Photo], any Error> = Result { try makePhotos() }

    static func makePhotos() throws(RealMediaError) -> [Photo] {
        let folder = try scratch("photos")
        var made: [Photo] = []
        for name in originals {
            let source = "\(data)/\(name)", stem = (name as NSString).deletingPathExtension
            let out = { (suffix: String) in "\(folder)/\(stem)-\(suffix)" }
            try run("ffmpeg", "-v", "error", "-y", "-i", source, "-q:v", "3", out("original.jpg"))
            try run("ffmpeg", "-v", "error", "-y", "-i", source, "-vf", "scale=iw/2:-2", "-q:v", "12", out("chat.jpg"))
            try run("cwebp", "-quiet", "-q", "50", "-resize", "320", "0", out("original.jpg"), "-o", out("copy.webp"))
            try run("heif-enc", "-q", "40", out("original.jpg"), "-o", out("copy.heic"))
            try run("ffmpeg", "-v", "error", "-y", "-i", source, "-vf", "crop=iw*0.92:ih*0.92", "-q:v", "4", out("crop.jpg"))
            try run("ffmpeg", "-v", "error", "-y", "-i", source, "-vf", "eq=brightness=0.12:gamma=1.3", "-q:v", "4", out("bright.jpg"))
            for suffix in ["original.jpg", "chat.jpg", "copy.webp", "copy.heic", "crop.jpg", "bright.jpg"] {
                made.append(Photo(path: out(suffix), moment: stem))
            }
        }
        for (index, pair) in pairs.enumerated() {
            for name in pair { made.append(Photo(path: "\(data)/\(name)", moment: "pair\(index)")) }
        }
        for (index, pair) in wideStereo.enumerated() {
            for name in pair { made.append(Photo(path: "\(data)/\(name)", moment: "wide\(index)")) }
        }
        for name in loners where FileManager.default.fileExists(atPath: "\(data)/\(name)") {
            made.append(Photo(path: "\(data)/\(name)", moment: name))
        }
        // Bursts from a fixed camera: three shots a quarter second apart,
        // and the same view 30 s later and 3 hours later (other moments).
        let shots: [(at: String, stamp: String, sub: String, moment: String)] = [
            ("10.00", "2024:05:01 12:00:10", "00", "burst"), ("10.25", "2024:05:01 12:00:10", "25", "burst"),
            ("10.50", "2024:05:01 12:00:10", "50", "burst"), ("40.00", "2024:05:01 12:00:40", "00", "later"),
            ("10.00", "2024:05:01 15:00:10", "00", "hours"),
        ]
        for (index, shot) in shots.enumerated() {
            let path = "\(folder)/burst-\(index).jpg"
            try run("ffmpeg", "-v", "error", "-y", "-ss", shot.at, "-i", "\(data)/vtest.avi", "-frames:v", "1", "-q:v", "3", path)
            try run("exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=\(shot.stamp)", "-SubSecTimeOriginal=\(shot.sub)", path)
            made.append(Photo(path: path, moment: shot.moment))
        }
        // Different scenes a moment apart (the phone turned): never one moment.
        // Each is a copy of a photo above, so it shares that photo's moment.
        let turned: [(source: String, sub: String, moment: String)] = [("box.png", "10", "box.png"), ("box_in_scene.png", "60", "box_in_scene.png"),
                                                                       ("fruits.jpg", "20", "fruits"), ("baboon.jpg", "70", "baboon")]
        for (index, shot) in turned.enumerated() {
            let path = "\(folder)/turned-\(index).jpg"
            try run("ffmpeg", "-v", "error", "-y", "-i", "\(data)/\(shot.source)", "-q:v", "3", path)
            try run("exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2024:05:01 12:00:\(index < 2 ? "20" : "30")",
                    "-SubSecTimeOriginal=\(shot.sub)", path)
            made.append(Photo(path: path, moment: shot.moment))
        }
        return made
    }

    /// A scratch folder of this run under `$TMPDIR`.
    static func scratch(_ name: String) throws(RealMediaError) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flick-stacks-\(getpid())-\(name)").path
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw RealMediaError(what: "cannot make \(path)")
        }
        return path
    }

    /// Runs a tool from /usr/bin; its failure names the command.
    static func run(_ tool: String, _ arguments: String...) throws(RealMediaError) {
        try run(tool, arguments)
    }

    static func run(_ tool: String, _ arguments: [String]) throws(RealMediaError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { throw RealMediaError(what: "\(tool) is missing (see docs/testing.md)") }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw RealMediaError(what: "\(tool) \(arguments.joined(separator: " ")) failed") }
    }
}

struct RealMediaError: Error, CustomStringConvertible {
    let what: String
    var description: String { what }
}
