import FlickCore
import Foundation

/// Live Photos: a still (HEIC, HEIF or JPEG) and a clip (MOV or MP4) with
/// the same name but for the extension, in the same folder
/// (`IMG_0042.HEIC` + `IMG_0042.MOV`). Where both halves carry Apple's
/// content identifier (a UUID the phone writes into each) and they
/// differ, they are not one Live Photo.
public enum LivePhoto {
    static let stillExtensions: Set<String> = ["heic", "heif", "jpg", "jpeg"]
    static let clipExtensions: Set<String> = ["mov", "mp4"]

    /// Pairs of indices (still, clip) in `items`.
    public static func pairs(_ items: [AnalysisItem]) -> [(Int, Int)] {
        var stills: [String: [Int]] = [:], clips: [String: [Int]] = [:]
        for (index, item) in items.enumerated() {
            let name = item.path as NSString
            let base = name.deletingPathExtension.lowercased()
            let ext = name.pathExtension.lowercased()
            if item.kind == .photo && stillExtensions.contains(ext) { stills[base, default: []].append(index) }
            if item.kind == .video && clipExtensions.contains(ext) { clips[base, default: []].append(index) }
        }
        var found: [(Int, Int)] = []
        for (base, still) in stills {
            // One of each: two stills or two clips under one name are not a pair.
            guard still.count == 1, let clip = clips[base], clip.count == 1 else { continue }
            let a = ContentIdentifier.read(path: items[still[0]].path), b = ContentIdentifier.read(path: items[clip[0]].path)
            if let a, let b, a != b { continue }
            found.append((still[0], clip[0]))
        }
        return found.sorted { $0.0 < $1.0 }
    }
}
