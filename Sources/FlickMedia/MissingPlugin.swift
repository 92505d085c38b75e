/// Turns GStreamer's missing-plugin details into a message that names what
/// is missing and the Debian package that provides it.
enum MissingPlugin {
    /// `installerDetail` is GStreamer's string, e.g.
    /// "gstreamer|1.0|app|AV1 decoder|decoder-video/x-av1".
    static func error(file: String, installerDetail: String) -> MediaError {
        let fields = installerDetail.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let what = fields.count > 3 ? fields[3].replacingOccurrences(of: " decoder", with: "") : "this format"
        let need = fields.count > 4 ? fields[4] : ""
        let mediaType = need.split(separator: "-", maxSplits: 1).last.map { String($0.split(separator: ",")[0]) } ?? ""
        return .missingDecoder(file: file, what: what, package: package(for: mediaType))
    }

    /// The Debian package with a decoder for `mediaType` ("video/x-av1").
    static func package(for mediaType: String) -> String {
        switch mediaType {
        case "video/x-av1": "gstreamer1.0-plugins-bad"
        case "video/x-vp8", "video/x-vp9", "video/x-dv", "image/jpeg", "audio/x-flac": "gstreamer1.0-plugins-good"
        case "video/x-theora", "audio/x-vorbis", "audio/x-opus": "gstreamer1.0-plugins-base"
        case "audio/x-ac3", "audio/x-private1-ac3": "gstreamer1.0-plugins-ugly"
        default: "gstreamer1.0-libav"
        }
    }
}
