"""Decisions leave Flick: `flick export --mlt/--otio` makes a timeline of the
likes that MLT's own player (`melt`) loads and renders, and `--xmp` writes
ratings that `exiftool` and `exiv2` read back, merged into sidecars that
already exist and restored when a decision goes. Real clips, real clients."""
import json
import os
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cli import Cli, duration, make_clip
from mounts import mounts  # noqa: F401  (the fixture)

ODD = os.fsdecode(b"odd \xff.mp4")  # not UTF-8
AMP = "rally & <final>.mp4"


@pytest.fixture
def cli(tmp_path):
    return Cli(tmp_path)


def named(path, make, **options):
    """Makes a clip under a plain name (gst-launch splits on spaces), then
    gives it `path`'s name, whatever its bytes."""
    plain = Path(os.fsdecode(path)).with_name("plain" + Path(os.fsdecode(path)).suffix)
    make(plain, **options)
    os.rename(plain, path)
    return path


def make_clip_with_sound(path, seconds, width=320, height=240, fps=25):
    """A WebM clip with picture (VP8) and sound (Vorbis)."""
    pipeline = (f"videotestsrc num-buffers={seconds * fps} ! video/x-raw,width={width},height={height},framerate={fps}/1 "
                f"! vp8enc deadline=1 ! webmmux name=mux ! filesink location={path} "
                f"audiotestsrc num-buffers={int(seconds * 44100 / 1024)} samplesperbuffer=1024 ! audioconvert ! vorbisenc ! mux.")
    subprocess.run(["gst-launch-1.0", "-q", *pipeline.split(" ")], check=True, timeout=60, capture_output=True)
    return Path(path)


def make_photo(path, width=320, height=240):
    pipeline = f"videotestsrc num-buffers=1 ! video/x-raw,width={width},height={height} ! pngenc ! filesink location={path}"
    subprocess.run(["gst-launch-1.0", "-q", *pipeline.split(" ")], check=True, timeout=60, capture_output=True)
    return Path(path)


def rating(tool, sidecar):
    """xmp:Rating as exiftool or exiv2 reads it ("" when there is none)."""
    if tool == "exiftool":
        out = subprocess.run(["exiftool", "-s3", "-XMP-xmp:Rating", os.fsencode(sidecar)], capture_output=True, timeout=60)
    else:
        out = subprocess.run(["exiv2", "-q", "-K", "Xmp.xmp.Rating", "-Pv", os.fsencode(sidecar)], capture_output=True, timeout=60)
    return out.stdout.decode().strip()


def melt_duration(project, out):
    """Renders `project` with melt; returns the rendered file's seconds."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run(["melt", str(project), "-consumer", f"avformat:{out}", "vcodec=mpeg4", "acodec=aac"],
                            capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "failed to load" not in result.stderr, result.stderr[-2000:]
    return duration(out)


def test_the_mlt_project_is_what_melt_renders_at_the_length_of_the_likes(cli, tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    named(deck / "a serve.webm", make_clip_with_sound, seconds=2)
    named(deck / "b miss.mp4", make_clip, seconds=1)
    named(deck / AMP, make_clip, seconds=3, width=320, height=240)
    named(deck / "d board.png", make_photo)
    named(deck / "e huddle.mp4", make_clip, seconds=1, width=320, height=240)
    cli.drive(deck, "like", "delete", "like", "like", "like")
    project = tmp_path / "out" / "likes.mlt"
    project.parent.mkdir()
    result = cli.run("export", deck, "--mlt", project, "--photo-seconds", "2", check=0)
    assert "Wrote" in result.stdout and "4 clips" in result.stdout, result.stdout

    root = ET.parse(project).getroot()
    profile = root.find("profile")
    # Three of the four clips are 320×240; they all run at 25 fps.
    assert (profile.get("width"), profile.get("height"), profile.get("frame_rate_num")) == ("320", "240", "25")
    resources = [p.findtext("property[@name='resource']") for p in root.findall("producer") if p.get("id") != "black"]
    # Deck order (natural name order): a, (b deleted), d, e, rally.
    assert resources == [str(deck / n) for n in ("a serve.webm", "d board.png", "e huddle.mp4", AMP)]
    entries = root.find("playlist[@id='playlist0']").findall("entry")
    assert [int(e.get("out")) - int(e.get("in")) + 1 for e in entries] == [50, 50, 25, 75]
    tractor = root.find("tractor")
    assert [t.get("producer") for t in tractor.findall("track")] == ["background", "playlist0"]

    expected = 2 + 3 + 2 + 1
    rendered = melt_duration(project, tmp_path / "out" / "render.mp4")
    assert abs(rendered - expected) <= 0.2 * 4, (rendered, expected)
    discovered = subprocess.run(["gst-discoverer-1.0", str(tmp_path / "out" / "render.mp4")], capture_output=True,
                                text=True, timeout=60).stdout
    assert "audio" in discovered, discovered  # the first clip's sound came along


def test_the_otio_timeline_has_the_clips_in_order_and_any_name(cli, tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    make_clip(deck / "a.mp4", seconds=2)
    named(deck / AMP, make_clip, seconds=1)
    named(os.fsencode(deck) + b"/" + os.fsencode(ODD), make_clip, seconds=3)
    cli.drive(deck, "like", "like", "like")
    out = tmp_path / "out"
    out.mkdir()
    result = cli.run("export", deck, "--otio", out / "likes.otio", "--mlt", out / "likes.mlt", check=0)
    timeline = json.loads((out / "likes.otio").read_text())
    assert timeline["OTIO_SCHEMA"] == "Timeline.1"
    assert timeline["tracks"]["OTIO_SCHEMA"] == "Stack.1"
    track = timeline["tracks"]["children"][0]
    assert (track["OTIO_SCHEMA"], track["kind"]) == ("Track.1", "Video")
    clips = track["children"]
    # Natural order: "a.mp4", "odd …", "rally …".
    urls = [c["media_reference"]["target_url"] for c in clips]
    quoted = os.fsencode(deck).decode()
    assert urls == [f"file://{quoted}/a.mp4", f"file://{quoted}/odd%20%FF.mp4",
                    f"file://{quoted}/rally%20%26%20%3Cfinal%3E.mp4"]
    assert all(c["OTIO_SCHEMA"] == "Clip.1" and c["media_reference"]["OTIO_SCHEMA"] == "ExternalReference.1" for c in clips)
    seconds = [c["source_range"]["duration"]["value"] / c["source_range"]["duration"]["rate"] for c in clips]
    assert [round(s, 1) for s in seconds] == [2.0, 3.0, 1.0]
    # MLT XML can't hold a name that is not UTF-8: left out, and said so.
    assert "odd \\xFF.mp4 from the MLT project: its name is not UTF-8" in result.stderr, result.stderr
    mlt = ET.parse(out / "likes.mlt").getroot()
    assert [p.findtext("property[@name='resource']") for p in mlt.findall("producer")][1:] == [str(deck / "a.mp4"), str(deck / AMP)]


def test_a_timeline_follows_the_rules_of_every_export(cli, tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    make_clip(deck / "a.mp4")
    cli.drive(deck, "like")
    inside = cli.run("export", deck, "--mlt", deck / "likes.mlt", "--force")
    assert inside.returncode == 3 and "reviewed folder" in inside.stderr, inside.stderr
    taken = tmp_path / "likes.otio"
    taken.write_text("mine")
    refused = cli.run("export", deck, "--otio", taken)
    assert refused.returncode == 3 and "already exists" in refused.stderr, refused.stderr
    assert taken.read_text() == "mine"
    cli.run("export", deck, "--otio", taken, "--force", check=0)
    assert json.loads(taken.read_text())["OTIO_SCHEMA"] == "Timeline.1"
    assert sorted(os.listdir(deck)) == ["a.mp4"]
    assert not [n for n in os.listdir(tmp_path) if n.startswith(".flick")]  # no partial file left
    assert cli.run("export", deck, "--like-rating", "3").returncode == 1
    assert cli.run("export", deck, "--xmp", "--like-rating", "6").returncode == 1
    assert cli.run("export", deck, "--otio", tmp_path / "x.otio", "--photo-seconds", "0").returncode == 1


@pytest.mark.parametrize("tool", ["exiftool", "exiv2"])
def test_ratings_read_back_in_exiftool_and_exiv2(cli, tmp_path, tool):
    deck = tmp_path / "deck"
    deck.mkdir()
    for name in ("a.mp4", AMP, ODD, "s.mp4", "u.mp4"):
        (deck / name).write_bytes(b"x" * 10)
    cli.drive(deck, "like", "delete", "like", "skip")  # natural order: a, odd, rally, s, u
    result = cli.run("export", deck, "--xmp", "--like-rating", "4", check=0)
    assert "Rated 3 XMP sidecars" in result.stdout, result.stdout
    assert rating(tool, deck / "a.mp4.xmp") == "4"
    assert rating(tool, deck / (ODD + ".xmp")) == "-1"
    assert rating(tool, deck / (AMP + ".xmp")) == "4"
    assert not (deck / "s.mp4.xmp").exists() and not (deck / "u.mp4.xmp").exists()


def test_an_existing_sidecar_keeps_its_keywords_and_gets_its_rating_back(cli, tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "a.mp4").write_bytes(b"x" * 10)
    sidecar = deck / "a.mp4.xmp"
    subprocess.run(["exiftool", "-q", "-XMP-dc:Subject=beach", "-XMP-dc:Subject=final", "-XMP-xmp:Rating=2", str(sidecar)],
                   check=True, timeout=60)
    original = sidecar.read_bytes()
    cli.drive(deck, "delete")
    cli.run("export", deck, "--xmp", check=0)
    assert rating("exiftool", sidecar) == "-1" and rating("exiv2", sidecar) == "-1"
    subjects = subprocess.run(["exiftool", "-s3", "-XMP-dc:Subject", str(sidecar)], capture_output=True, text=True).stdout
    assert subjects.strip() == "beach, final"
    # exiftool writes the element form: only its text changed.
    assert sidecar.read_bytes() == original.replace(b"<xmp:Rating>2</xmp:Rating>", b"<xmp:Rating>-1</xmp:Rating>")
    cli.drive(deck, "undo")
    result = cli.run("export", deck, "--xmp", check=0)
    assert "restored 1" in result.stdout, result.stdout
    assert sidecar.read_bytes() == original
    assert not [n for n in os.listdir(deck) if n.startswith(".")]  # no partial file left


def test_a_read_only_folder_names_each_sidecar_and_keeps_the_decisions(cli, tmp_path, mounts):
    deck = tmp_path / "deck"
    deck.mkdir()
    for name in ("a.mp4", "b.mp4"):
        (deck / name).write_bytes(b"x" * 10)
    card = mounts.bind(deck, tmp_path / "card", read_only=True)
    cli.drive(card, "like", "delete")
    result = cli.run("export", card, "--xmp")
    assert result.returncode == 3
    for name in ("a.mp4", "b.mp4"):
        assert f"Can’t update the XMP sidecar “{card / name}.xmp”: read-only file system." in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and "Fatal" not in result.stderr
    assert cli.decisions(card) == {"a.mp4": "like", "b.mp4": "delete"}
    assert sorted(os.listdir(deck)) == ["a.mp4", "b.mp4"]


def test_status_mentions_clips_rejected_in_their_sidecars(cli, tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    for name in ("a.mp4", "b.mp4", "c.mp4"):
        (deck / name).write_bytes(b"x" * 10)
    for name in ("b.mp4", "c.mp4"):
        subprocess.run(["exiftool", "-q", "-XMP-xmp:Rating=-1", str(deck / (name + ".xmp"))], check=True, timeout=60)
    status = cli.run("status", deck, check=0).stdout
    assert "2 undecided clips are rejected in their XMP sidecars" in status, status
    assert cli.decisions(deck) == {"a.mp4": None, "b.mp4": None, "c.mp4": None}  # offered, never applied
    cli.drive(deck, "skip", "like")
    assert "1 undecided clip is rejected in its XMP sidecar" in cli.run("status", deck, check=0).stdout


PREMIERE = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 7.1-c000 79.dabacbb, 2021/04/14-00:39:44        ">
   <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about=""
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
         <xmp:CreatorTool>Adobe Premiere Pro 2022.0 (Windows)</xmp:CreatorTool>
         <xmpMM:Pantry>
            <rdf:Bag>
               <rdf:li>
                  <rdf:Description xmp:Rating="5" xmpMM:InstanceID="xmp.iid:9f8e"/>
               </rdf:li>
            </rdf:Bag>
         </xmpMM:Pantry>
         <xmp:Rating>2</xmp:Rating>
      </rdf:Description>
   </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""


def test_a_premiere_sidecars_ingredient_is_neither_read_nor_written_as_the_clips_rating(cli, tmp_path):
    """Premiere keeps an ingredient's own xmp:Rating in its xmpMM:Pantry: the
    clip's rating is the element on the top-level description."""
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "a.mp4").write_bytes(b"x" * 10)
    sidecar = deck / "a.mp4.xmp"
    sidecar.write_text(PREMIERE)
    (deck / "b.mp4").write_bytes(b"y" * 10)
    (deck / "b.mp4.xmp").write_text(PREMIERE.replace("<xmp:Rating>2</xmp:Rating>", "<xmp:Rating>5</xmp:Rating>")
                                     .replace('xmp:Rating="5"', 'xmp:Rating="-1"'))
    # A 5-star clip whose ingredient is rejected is not "rejected in its XMP sidecar".
    assert "rejected" not in cli.run("status", deck, check=0).stdout
    assert rating("exiftool", sidecar) == "2" and rating("exiv2", sidecar) == "2"
    cli.drive(deck, "delete")
    result = cli.run("export", deck, "--xmp", check=0)
    assert "Rated 1 XMP sidecar" in result.stdout, result.stdout
    assert sidecar.read_text() == PREMIERE.replace("<xmp:Rating>2</xmp:Rating>", "<xmp:Rating>-1</xmp:Rating>")
    assert rating("exiftool", sidecar) == "-1" and rating("exiv2", sidecar) == "-1"
    cli.drive(deck, "undo")
    cli.run("export", deck, "--xmp", check=0)
    assert sidecar.read_text() == PREMIERE


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_a_utf16_sidecar_is_rated_in_its_own_encoding(cli, tmp_path, encoding):
    """exiftool's sidecar (several top-level descriptions), re-encoded: the
    rating changes, the file stays in its encoding, exiftool reads it."""
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "a.mp4").write_bytes(b"x" * 10)
    made = tmp_path / "made.xmp"
    subprocess.run(["exiftool", "-q", "-o", made, "-XMP-dc:Subject=beach", "-XMP-xmp:Rating=2", "-XMP-xmp:Label=Red"],
                   check=True, timeout=60)
    text = made.read_text(encoding="utf-8")
    assert text.count("<rdf:Description") >= 2 and "<xmp:Rating>2</xmp:Rating>" in text
    sidecar = deck / "a.mp4.xmp"
    sidecar.write_bytes(text.encode(encoding))  # "utf-16" and "utf-32": with a byte order mark
    cli.drive(deck, "delete")
    result = cli.run("export", deck, "--xmp", check=0)
    assert "Rated 1 XMP sidecar" in result.stdout and "not valid" not in result.stderr, (result.stdout, result.stderr)
    assert sidecar.read_bytes() == text.replace("<xmp:Rating>2</xmp:Rating>", "<xmp:Rating>-1</xmp:Rating>").encode(encoding)
    if encoding != "utf-32":  # exiftool reads UTF-16 sidecars, not UTF-32 ones
        assert rating("exiftool", sidecar) == "-1"


def test_a_broken_utf16_sidecar_is_named_as_utf16(cli, tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "a.mp4").write_bytes(b"x" * 10)
    sidecar = deck / "a.mp4.xmp"
    sidecar.write_bytes(PREMIERE.encode("utf-16") + b"\x00\xd8")  # a lone surrogate at the end
    cli.drive(deck, "delete")
    result = cli.run("export", deck, "--xmp")
    assert result.returncode == 3
    assert f"Can’t update the XMP sidecar “{sidecar}”: it starts as UTF-16 text but is not valid UTF-16." in result.stderr, result.stderr
    assert "not valid XMP" not in result.stderr


def test_a_sidecar_exiv2_wrote_changes_only_its_rating_attribute(cli, tmp_path):
    """exiv2 writes one top-level description with the rating as an
    attribute, and a struct (xmpMM:DerivedFrom) nested in it."""
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "a.mp4").write_bytes(b"x" * 10)
    sidecar = deck / "a.mp4.xmp"
    subprocess.run(["exiftool", "-q", "-o", sidecar, "-XMP-dc:Subject=beach"], check=True, timeout=60)
    subprocess.run(["exiv2", "-q", "-M", "set Xmp.xmp.Rating 2", "-M", "set Xmp.xmpMM.DerivedFrom/stRef:instanceID xmp.iid:1",
                    sidecar], check=True, timeout=60)
    original = sidecar.read_bytes()
    assert b'xmp:Rating="2"' in original and b"<xmpMM:DerivedFrom" in original, original
    cli.drive(deck, "delete")
    cli.run("export", deck, "--xmp", check=0)
    assert sidecar.read_bytes() == original.replace(b'xmp:Rating="2"', b'xmp:Rating="-1"')
    assert rating("exiv2", sidecar) == "-1" and rating("exiftool", sidecar) == "-1"


OPENCV_DATA = Path("/usr/share/doc/opencv-doc/examples/data")


def picture_box(png):
    """(left, top, width, height) of what is not black in a rendered frame."""
    out = subprocess.run(["convert", str(png), "-fuzz", "8%", "-trim", "-format", "%X %Y %w %h", "info:"],
                         capture_output=True, text=True, timeout=60, check=True).stdout.split()
    left, top, width, height = (int(v.lstrip("+")) for v in out)
    return left, top, width, height


def test_every_clip_and_still_sits_centred_in_the_rendered_timeline_and_heic_is_named(cli, tmp_path):
    """As Shotcut shows them: a portrait clip and a 4:3 photo in a 16:9
    project are fitted whole and centred (pillarboxed), never pinned to the
    top-left corner; a HEIC photo, which MLT can't load, is left out and
    named instead of rendering as INVALID."""
    deck = tmp_path / "deck"
    deck.mkdir()
    make_clip(deck / "a wide.mp4", seconds=1, width=320, height=180)
    make_clip(deck / "b portrait.mp4", seconds=1, width=180, height=320)
    photo = OPENCV_DATA / "aero1.jpg"  # a real 640×480 (4:3) photo
    (deck / "c aerial.jpg").write_bytes(photo.read_bytes())
    subprocess.run(["heif-enc", "-q", "40", str(photo), "-o", str(deck / "d phone.heic")], check=True,
                   capture_output=True, timeout=60)
    cli.drive(deck, "like", "like", "like", "like")
    project = tmp_path / "likes.mlt"
    result = cli.run("export", deck, "--mlt", project, "--photo-seconds", "1", check=0)
    said = result.stdout + result.stderr
    assert "d phone.heic" in said and "HEIC" in said, said
    assert "heic" not in project.read_text().lower(), "no producer MLT would show as INVALID"

    frames = tmp_path / "frames"
    frames.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    render = subprocess.run(["melt", str(project), "-consumer", f"avformat:{frames}/f%03d.png",
                             "vcodec=png", "f=image2", "real_time=0"], capture_output=True, text=True, timeout=300, env=env)
    assert render.returncode == 0, render.stderr[-2000:]
    assert "failed to load" not in render.stderr.lower(), render.stderr[-2000:]
    # 25 fps: the portrait clip is frames 26–50, the photo 51–75 (1-based).
    width, height = 320, 180
    for frame, shape, name in ((38, 180 / 320, "portrait clip"), (63, 640 / 480, "4:3 photo")):
        left, top, box_width, box_height = picture_box(frames / f"f{frame:03d}.png")
        expected_width = round(height * shape)
        assert abs(box_width - expected_width) <= 6 and box_height >= height - 6, (name, left, top, box_width, box_height)
        centre = left + box_width / 2
        assert abs(centre - width / 2) <= 3, f"the {name} is not centred: it spans x {left}–{left + box_width} of {width}"
