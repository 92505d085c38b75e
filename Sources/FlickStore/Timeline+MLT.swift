import FlickCore
import Foundation

/// The timeline as an MLT XML project, laid out as Shotcut saves one (and
/// Kdenlive and `melt` read): the profile; a black background track; one
/// producer per clip (its path as written, XML-escaped; a video read by
/// `avformat`, a photo by whichever image producer MLT has); the video
/// track `playlist0` with the clips in order; and a tractor that stacks
/// the two with an audio mix and a video composite that fits each clip
/// and still whole into the profile and centres it (letterboxed or
/// pillarboxed), as Shotcut's preview shows it: `fill`, no `distort`,
/// `halign`/`valign` centre. Without them `composite` pins a picture of
/// another shape to the top-left corner (its default alignment).
/// Shotcut itself writes `qtblend`, from MLT's Qt module, which a `melt`
/// without X11 can't load; `composite` renders the same frame anywhere.
extension Timeline {
    /// The project's XML. Clips that `mltRefusal` names are the caller's
    /// to leave out (and say so); they are written as they are otherwise.
    public var mltXML: String {
        let total = max(totalFrames, 1)
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <mlt LC_NUMERIC="C" version="7.0.0" title="\(Self.escaped(title))">
          \(mltProfile)
          <playlist id="main_bin">
            <property name="xml_retain">1</property>
          </playlist>
          <producer id="black" in="0" out="\(total - 1)">
            <property name="length">\(total)</property>
            <property name="eof">pause</property>
            <property name="resource">0</property>
            <property name="aspect_ratio">1</property>
            <property name="mlt_service">color</property>
            <property name="mlt_image_format">rgba</property>
            <property name="set.test_audio">0</property>
          </producer>
          <playlist id="background">
            <entry producer="black" in="0" out="\(total - 1)"/>
          </playlist>

        """
        var entries = ""
        for (index, clip) in clips.enumerated() {
            let length = frames(clip.seconds)
            xml += mltProducer(clip, id: "producer\(index)", length: length)
            entries += "    <entry producer=\"producer\(index)\" in=\"0\" out=\"\(length - 1)\"/>\n"
        }
        xml += """
          <playlist id="playlist0">
            <property name="shotcut:video">1</property>
            <property name="shotcut:name">V1</property>
        \(entries)  </playlist>
          <tractor id="tractor0" title="\(Self.escaped(title))" in="0" out="\(total - 1)">
            <property name="shotcut">1</property>
            <track producer="background"/>
            <track producer="playlist0"/>
            <transition id="transition0">
              <property name="a_track">0</property>
              <property name="b_track">1</property>
              <property name="mlt_service">mix</property>
              <property name="always_active">1</property>
              <property name="sum">1</property>
            </transition>
            <transition id="transition1">
              <property name="a_track">0</property>
              <property name="b_track">1</property>
              <property name="mlt_service">composite</property>
              <property name="always_active">1</property>
              <property name="fill">1</property>
              <property name="distort">0</property>
              <property name="halign">centre</property>
              <property name="valign">centre</property>
            </transition>
          </tractor>
        </mlt>

        """
        return xml
    }

    private var mltProfile: String {
        let (width, height, rate) = (profile.width, profile.height, profile.frameRate)
        let divisor = Self.gcd(width, height)
        let fps = rate.denominator == 1 ? "\(rate.numerator)" : String(format: "%.2f", rate.value)
        return "<profile description=\"\(width)x\(height) \(fps) fps\" width=\"\(width)\" height=\"\(height)\" progressive=\"1\" "
            + "sample_aspect_num=\"1\" sample_aspect_den=\"1\" display_aspect_num=\"\(width / divisor)\" "
            + "display_aspect_den=\"\(height / divisor)\" frame_rate_num=\"\(rate.numerator)\" "
            + "frame_rate_den=\"\(rate.denominator)\" colorspace=\"\(height >= 720 ? 709 : 601)\"/>"
    }

    private func mltProducer(_ clip: Clip, id: String, length: Int) -> String {
        var lines = [
            "  <producer id=\"\(id)\" in=\"0\" out=\"\(length - 1)\">",
            "    <property name=\"length\">\(length)</property>",
            "    <property name=\"eof\">pause</property>",
            "    <property name=\"resource\">\(Self.escaped(clip.path))</property>",
        ]
        // A photo's producer is MLT's choice (qimage, else pixbuf).
        if clip.kind == .video { lines.append("    <property name=\"mlt_service\">avformat</property>") }
        lines.append("    <property name=\"shotcut:caption\">\(Self.escaped(clip.name))</property>")
        lines.append("  </producer>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` for XML content or a quoted attribute: `& < > " '` as
    /// entities, a carriage return as a character reference (so it is not
    /// read back as a newline), stray bytes as "�".
    static func escaped(_ text: String) -> String {
        escaping(text) { xmlSpellings[$0] }
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? max(a, 1) : gcd(b, a % b) }
}
