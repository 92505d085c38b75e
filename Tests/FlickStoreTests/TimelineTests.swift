import FlickCore
import Foundation
import Testing
@testable import FlickStore

/// The liked clips as an MLT project and an OpenTimelineIO timeline.
@Suite struct TimelineTests {
    func video(_ path: String, _ seconds: Double, _ width: Int = 1280, _ height: Int = 720, fps: Int = 25) -> Timeline.Clip {
        Timeline.Clip(path: path, kind: .video, seconds: seconds, width: width, height: height,
                      frameRate: Timeline.Fraction(fps, 1), hasAudio: true)
    }

    @Test func theProfileIsTheMostCommonVideoSizeAndRate() {
        let clips = [video("/v/a.mp4", 1, 3840, 2160, fps: 60), video("/v/b.mp4", 1, fps: 30), video("/v/c.mp4", 1, fps: 30),
                     Timeline.Clip(path: "/v/p.jpg", kind: .photo, seconds: 5, width: 4000, height: 3000)]
        let profile = Timeline.profile(for: clips)
        #expect(profile == Timeline.Profile(width: 1280, height: 720, frameRate: Timeline.Fraction(30, 1)))
    }

    @Test func photosAloneSetTheSizeAndOddSizesAreMadeEven() {
        let profile = Timeline.profile(for: [Timeline.Clip(path: "/p/a.png", kind: .photo, seconds: 5, width: 641, height: 481)])
        #expect(profile == Timeline.Profile(width: 640, height: 480, frameRate: Timeline.Fraction(30, 1)))
    }

    @Test func lengthsAreWholeFramesAtTheProjectRate() {
        let timeline = Timeline(title: "t", clips: [video("/v/a.mp4", 2.02), video("/v/b.mp4", 0.01)])
        #expect(timeline.frames(2.02) == 51)
        #expect(timeline.frames(0.01) == 1)
        #expect(timeline.totalFrames == 52)
    }

    @Test func mltNamesAreEscaped() throws {
        let timeline = Timeline(title: "a & b", clips: [video("/v/x & <y> \"z\".mp4", 1)])
        let xml = timeline.mltXML
        #expect(xml.contains("<property name=\"resource\">/v/x &amp; &lt;y&gt; &quot;z&quot;.mp4</property>"))
        #expect(xml.contains("title=\"a &amp; b\""))
        #expect(xml.contains("frame_rate_num=\"25\""))
        #expect(xml.contains("<entry producer=\"producer0\" in=\"0\" out=\"24\"/>"))
        // It parses as XML (the scanner checks that tags nest and close).
        _ = try XMLScan(Array(xml.utf8))
    }

    @Test func aNameMLTCannotHoldIsNamedForTheCaller() {
        #expect(Timeline.mltRefusal(video(RawPath.decode(Array("/v/odd".utf8) + [0xFF] + Array(".mp4".utf8)), 1)) == .notUTF8)
        #expect(Timeline.mltRefusal(video("/v/tab\there.mp4", 1)) == nil)
        #expect(Timeline.mltRefusal(video("/v/bell\u{7}.mp4", 1)) == .controlCharacters)
    }

    @Test func otioIsJSONWithTheClipsInOrder() throws {
        let odd = RawPath.decode(Array("/v/o dd".utf8) + [0xFF] + Array("&<\".mp4".utf8))
        let timeline = Timeline(title: "likes", clips: [video("/v/a.mp4", 2), video(odd, 1),
                                                         Timeline.Clip(path: "/v/p.jpg", kind: .photo, seconds: 5)])
        let object = try JSONSerialization.jsonObject(with: Data(timeline.otioJSON.utf8)) as? [String: Any]
        #expect(object?["OTIO_SCHEMA"] as? String == "Timeline.1")
        let stack = object?["tracks"] as? [String: Any]
        let track = (stack?["children"] as? [[String: Any]])?.first
        #expect(track?["OTIO_SCHEMA"] as? String == "Track.1")
        let clips = track?["children"] as? [[String: Any]] ?? []
        #expect(clips.count == 3)
        let urls = clips.map { ($0["media_reference"] as? [String: Any])?["target_url"] as? String }
        #expect(urls == ["file:///v/a.mp4", "file:///v/o%20dd%FF%26%3C%22.mp4", "file:///v/p.jpg"])
        let durations = clips.map { ((($0["source_range"] as? [String: Any])?["duration"]) as? [String: Any])?["value"] as? Double }
        #expect(durations == [50, 25, 125])
    }
}
