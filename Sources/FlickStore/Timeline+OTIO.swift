import FlickCore
import Foundation

/// The timeline as OpenTimelineIO JSON (`.otio`): a `Timeline.1` whose
/// `Stack.1` holds one video `Track.1` of `Clip.1`s, each pointing at its
/// file through an `ExternalReference.1` (a percent-encoded `file://` URI,
/// so any name survives) with its `TimeRange.1` in `RationalTime.1`s at
/// the project's frame rate.
extension Timeline {
    public var otioJSON: String {
        let rate = Self.number(profile.frameRate.value)
        let children = clips.map { clip -> String in
            let range = timeRange(frames(clip.seconds), rate: rate)
            return """
                    {
                      "OTIO_SCHEMA": "Clip.1",
                      "name": \(Self.json(clip.name)),
                      "metadata": {"flick": {"kind": "\(clip.kind.rawValue)"}},
                      "source_range": \(range),
                      "effects": [],
                      "markers": [],
                      "enabled": true,
                      "media_reference": {
                        "OTIO_SCHEMA": "ExternalReference.1",
                        "name": \(Self.json(clip.name)),
                        "metadata": {},
                        "available_range": \(clip.kind == .video ? range : "null"),
                        "target_url": \(Self.json(RawPath.fileURI(clip.path)))
                      }
                    }
            """
        }
        return """
        {
          "OTIO_SCHEMA": "Timeline.1",
          "name": \(Self.json(title)),
          "metadata": {},
          "global_start_time": null,
          "tracks": {
            "OTIO_SCHEMA": "Stack.1",
            "name": "tracks",
            "metadata": {},
            "source_range": null,
            "effects": [],
            "markers": [],
            "enabled": true,
            "children": [
              {
                "OTIO_SCHEMA": "Track.1",
                "name": "V1",
                "kind": "Video",
                "metadata": {},
                "source_range": null,
                "effects": [],
                "markers": [],
                "enabled": true,
                "children": [
        \(children.joined(separator: ",\n"))
                ]
              }
            ]
          }
        }

        """
    }

    private func timeRange(_ frames: Int, rate: String) -> String {
        "{\"OTIO_SCHEMA\": \"TimeRange.1\", "
            + "\"start_time\": {\"OTIO_SCHEMA\": \"RationalTime.1\", \"rate\": \(rate), \"value\": 0.0}, "
            + "\"duration\": {\"OTIO_SCHEMA\": \"RationalTime.1\", \"rate\": \(rate), \"value\": \(frames).0}}"
    }

    /// A JSON number with a point ("25.0", "29.97002997002997").
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(format: "%.1f", value) : "\(value)"
    }

    /// A JSON string: quotes, backslashes and control characters escaped,
    /// stray bytes as "�".
    static func json(_ text: String) -> String {
        "\"" + escaping(text, jsonSpelling) + "\""
    }
}
