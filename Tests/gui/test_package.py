"""Flick as a Debian package on a bare Debian 12: `dev.sh deb` builds it (a
release build, Depends from dpkg-shlibdeps, lintian clean), a minimal
bookworm made by debootstrap installs it with `apt-get install ./flick.deb`
— which must bring everything Flick needs, nothing from this tree — and
inside it `flick --version`, `flick status` on real clips, the window
playing the first clip under Xvfb, `man flick` and the completions work;
`apt-get purge flick` then leaves none of its files behind.

Skips only when no Debian mirror can be reached (bare_debian.py)."""
import json
import os
import re
import shutil
import subprocess
import time
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bare_debian import BareDebian, configured_mirror, mirror_unreachable
from harness import ROOT, image_stats, pixels_changed, wait_until

# Real footage, openly licensed, from Debian's opencv-doc (OpenCV's samples;
# data/screenshots/README.md): a street scene (MS-MPEG4 v3, 768×576), a tree
# in the wind (Cinepak, 320×240) — both need gstreamer1.0-libav — and a photo.
OPENCV_DATA = Path("/usr/share/doc/opencv-doc/examples/data")
CLIPS = {"01_street.avi": "vtest.avi", "02_tree.avi": "tree.avi", "03_fruits.jpg": "fruits.jpg"}
# Sources whose change makes a new package (anything newer than the .deb).
PACKAGE_SOURCES = ["Package.swift", "Sources", "Resources", "data", "meson-helpers", "po"]
BUILD_TIMEOUT_S = 3600
# Seconds for the window to come up and its first clip to play in the bare
# system (a cold start: fonts, icon theme and GStreamer's registry are built).
WINDOW_TIMEOUT_S = 60
# A card showing footage has thousands of colours; Flick's own chrome
# (header, buttons, text) a few hundred.
MIN_PICTURE_COLOURS = 3000
# Pixels that change between two looks at a playing street scene.
MIN_PIXELS_MOVING = 500
SESSION_BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
"""


def newest_source_mtime():
    newest = 0.0
    for name in PACKAGE_SOURCES:
        path = ROOT / name
        for p in [path] if path.is_file() else path.rglob("*"):
            if p.is_file():
                newest = max(newest, p.stat().st_mtime)
    return newest


# What `dev.sh deb` printed while it made the package in this run (None: reused).
BUILD_LOG = {"stderr": None}


@pytest.fixture(scope="module")
def bare_base(tmp_path_factory):
    """The mirror, and the cached bare bookworm being made (when missing) in
    the background while the package builds: debootstrap waits mostly on the
    network and the disk, the package on the CPU. None when no mirror."""
    mirror = configured_mirror()
    why = mirror_unreachable(mirror)
    if why:
        yield mirror, why, None
        return
    with ThreadPoolExecutor(max_workers=1) as pool:
        yield mirror, None, pool.submit(BareDebian(tmp_path_factory.mktemp("bare-base"), mirror).ensure_base)


@pytest.fixture(scope="module")
def package(bare_base):
    """The .deb of this tree: the one `dev.sh deb` made when it is newer than
    every source, else made now (then BUILD_LOG holds what it printed)."""
    built = sorted(ROOT.glob("flick_*_*.deb"), key=lambda p: p.stat().st_mtime)
    if built and built[-1].stat().st_mtime > newest_source_mtime():
        return built[-1]
    res = subprocess.run(["bash", str(ROOT / "meson-helpers" / "dev.sh"), "deb"], capture_output=True, text=True,
                         timeout=BUILD_TIMEOUT_S)
    assert res.returncode == 0, f"dev.sh deb failed:\n{res.stdout[-3000:]}\n{res.stderr[-6000:]}"
    path = Path(res.stdout.strip().splitlines()[-1])
    assert path.is_file() and re.fullmatch(r"flick_[\d.]+_amd64\.deb", path.name), res.stdout
    BUILD_LOG["stderr"] = res.stderr
    return path


@pytest.fixture(scope="module")
def system(package, bare_base, tmp_path_factory):
    """A bare bookworm with the package installed by apt, as a user would."""
    mirror, why, base_made = bare_base
    if why:
        pytest.skip(f"no Debian system to install into: {why}")
    base_made.result()
    with BareDebian(tmp_path_factory.mktemp("bare-debian"), mirror) as bare:
        bare.prepare(package)
        assert not bare.path("/usr/bin/flick").exists()
        shutil.copy(package, bare.path("/tmp") / package.name)
        bare.install = bare.run("apt-get", "install", "-y", "-q", f"./tmp/{package.name}", timeout=1800)
        clips = bare.path("/root/clips")
        clips.mkdir(parents=True)
        for name, source in CLIPS.items():
            shutil.copy(OPENCV_DATA / source, clips / name)
        yield bare


def test_lintian_finds_no_errors(package):
    """dev.sh deb fails on a lintian error, so a package it made in this run
    passed; one made earlier is checked here."""
    if BUILD_LOG["stderr"] is not None:
        assert "==> lintian" in BUILD_LOG["stderr"] and "lintian is not installed" not in BUILD_LOG["stderr"]
        return
    res = subprocess.run(["lintian", "--fail-on", "error", str(package)], capture_output=True, text=True, timeout=600)
    assert res.returncode == 0 and not re.search(r"^E: ", res.stdout, re.M), res.stdout + res.stderr


def test_control_names_dependencies_from_the_binary_and_the_plugins(package):
    fields = subprocess.run(["dpkg-deb", "--field", str(package)], capture_output=True, text=True, check=True).stdout
    depends = re.search(r"^Depends: (.*)$", fields, re.M).group(1)
    for library in ("libgtk-4-1", "libadwaita-1-0", "libgstreamer1.0-0", "libsqlite3-0", "libavcodec59", "libavformat59", "libswscale6"):
        assert re.search(rf"\b{re.escape(library)} \(>=", depends), f"{library} missing from Depends: {depends}"
    recommends = re.search(r"^Recommends: (.*)$", fields, re.M).group(1)
    for plugin in ("gstreamer1.0-plugins-good", "gstreamer1.0-libav", "heif-gdk-pixbuf", "webp-pixbuf-loader"):
        assert plugin in recommends
    # Nothing in the package is a developer's: no /opt, no build path.
    listing = subprocess.run(["dpkg-deb", "--contents", str(package)], capture_output=True, text=True, check=True).stdout
    assert " ./opt/" not in listing and ".build" not in listing


def test_apt_installs_it_with_what_it_needs(system):
    assert "Setting up flick" in system.install.stdout
    for needed in ("libgtk-4-1", "libadwaita-1-0", "gstreamer1.0-libav", "gstreamer1.0-plugins-good"):
        status = system.run("dpkg-query", "-W", "-f=${Status}", needed, check=False).stdout
        assert status == "install ok installed", f"{needed}: {status!r}"
    assert not system.path("/opt/swift").exists()


def test_version(system):
    out = system.run("flick", "--version").stdout.strip()
    metainfo = (ROOT / "data" / "io.github.flick.Flick.metainfo.xml.in").read_text()
    assert out == re.search(r'<release version="([^"]+)"', metainfo).group(1)


def test_status_reads_real_clips(system):
    res = system.run("flick", "status", "/root/clips", "--json")
    state = json.loads(res.stdout)
    assert state["total"] == 3
    assert [c["path"] for c in state["clips"]] == list(CLIPS)
    assert [c["kind"] for c in state["clips"]] == ["video", "video", "photo"]
    assert all(c["error"] is None for c in state["clips"]), state["clips"]
    text = system.run("flick", "status", "/root/clips").stdout
    assert "3" in text and "01_street.avi" in text, text


def test_window_plays_the_first_clip(system, artifacts, tmp_path):
    procs = []
    try:
        read_fd, write_fd = os.pipe()
        procs.append(subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x900x24",
                                       "-nolisten", "tcp", "-noreset"], pass_fds=(write_fd,), start_new_session=True,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        os.close(write_fd)
        with os.fdopen(read_fd) as f:
            display = ":" + f.readline().strip()
        # A session bus whose socket is inside the system, activating nothing
        # (the host's services are not the bare system's).
        bus = system.path("/run/flick-session-bus")
        config = tmp_path / "session.conf"
        config.write_text(SESSION_BUS_CONFIG.format(socket=bus))
        procs.append(subprocess.Popen(["dbus-daemon", f"--config-file={config}", "--nofork", "--nopidfile"],
                                      start_new_session=True,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_until(bus.exists, 10, what="the session bus")
        runtime = system.path("/run/user/0")
        runtime.mkdir(parents=True, exist_ok=True, mode=0o700)
        log = open(tmp_path / "flick.log", "w")
        procs.append(system.spawn("flick", "/root/clips", log=log, env={
            "DISPLAY": display, "GDK_BACKEND": "x11", "XDG_RUNTIME_DIR": "/run/user/0",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/flick-session-bus", "GSETTINGS_BACKEND": "memory",
            # No accessibility bus in the bare system (the screen-reader tests cover it).
            "GTK_A11Y": "none"}))
        host = dict(os.environ, DISPLAY=display)

        def window():
            assert procs[-1].poll() is None, (tmp_path / "flick.log").read_text()
            ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Flick"], env=host,
                                 capture_output=True, text=True).stdout.split()
            return ids[0] if ids else None
        wid = wait_until(window, WINDOW_TIMEOUT_S, what="Flick's window from the package")
        shots = [tmp_path / "a.png", tmp_path / "b.png"]

        def playing():
            for shot in shots:
                subprocess.run(["import", "-display", display, "-window", wid, str(shot)], env=host,
                               capture_output=True, timeout=30)
                time.sleep(0.5)
            return (all(s.exists() for s in shots) and image_stats(shots[1])[1] >= MIN_PICTURE_COLOURS
                    and pixels_changed(*shots) >= MIN_PIXELS_MOVING)
        wait_until(playing, WINDOW_TIMEOUT_S, interval=0.5, what="the street clip playing on the top card")
        shutil.copy(shots[1], artifacts / "package-window.png")
        flick_log = (tmp_path / "flick.log").read_text(errors="replace")
        assert "not installed" not in flick_log and "Gtk-CRITICAL" not in flick_log, flick_log
    finally:
        for proc in procs:
            if proc.poll() is None:
                os.killpg(proc.pid, 9)
                proc.wait()


def test_man_page_and_completions(system):
    page = system.run("man", "-P", "cat", "flick", env={"MANWIDTH": "100"}).stdout
    help_text = system.run("flick", "--help").stdout
    for sub in ("status", "apply", "export"):
        assert f"flick {sub}" in page
        # Every option --help lists for the subcommand is in the page.
        for option in set(re.findall(r"--[a-z][a-z-]+", system.run("flick", "help", sub).stdout)) - {"--help"}:
            assert option in page, f"{option} of flick {sub} is not in man flick"
    assert re.search(r"^OVERVIEW: (.*)$", help_text, re.M).group(1).rstrip(".") in page.replace("\n", " ")
    # Bash calls the completion function with the command, the word being
    # completed and the one before it.
    complete = ("source /usr/share/bash-completion/completions/flick; COMP_WORDS=({words}); COMP_CWORD={n}; "
                "_flick flick {cur} {prev}; printf '%s\\n' \"${{COMPREPLY[@]}}\"")
    assert system.run("bash", "-c", complete.format(words="flick st", n=1, cur="st", prev="flick")).stdout.split() == ["status"]
    assert system.run("bash", "-c", complete.format(words="flick status --j", n=2, cur="--j",
                                                    prev="status")).stdout.split() == ["--json"]
    for path in ("/usr/share/zsh/vendor-completions/_flick", "/usr/share/fish/vendor_completions.d/flick.fish"):
        text = system.path(path).read_text()
        assert "status" in text and "export" in text, path


def test_purge_leaves_no_flick_file(system):
    listed = system.run("dpkg", "-L", "flick").stdout.split("\n")
    files = [p for p in listed if p and not system.path(p).is_dir()]
    own_dirs = [p for p in listed if p and system.path(p).is_dir() and "flick" in Path(p).name.lower()]
    assert "/usr/bin/flick" in files and "/usr/share/flick" in own_dirs
    system.run("apt-get", "purge", "-y", "-q", "flick", timeout=600)
    left = [p for p in files + own_dirs if os.path.lexists(system.path(p))]
    assert not left, f"left behind by apt-get purge: {left}"
    assert system.run("dpkg-query", "-W", "flick", check=False).returncode != 0


@pytest.fixture(scope="module")
def unpacked(package, tmp_path_factory):
    """The package's files, as dpkg-deb unpacks them."""
    into = tmp_path_factory.mktemp("unpacked")
    subprocess.run(["dpkg-deb", "--extract", str(package), str(into)], check=True, timeout=120)
    return into


# What appstreamcli may still say about the metainfo: GNOME's own apps have
# an upper-case last part in their ID too.
ALLOWED_APPSTREAM_NOTES = {"cid-contains-uppercase-letter"}


def test_metainfo_is_store_ready(unpacked):
    metainfo = unpacked / "usr/share/metainfo/io.github.flick.Flick.metainfo.xml"
    res = subprocess.run(["appstreamcli", "validate", "--pedantic", "--no-net", str(metainfo)],
                         capture_output=True, text=True, timeout=120)
    notes = set(re.findall(r"^[EWIP]: \S+:\d*:? ?(\S+)", res.stdout, re.M))
    assert res.returncode == 0 and notes <= ALLOWED_APPSTREAM_NOTES, res.stdout
    component = ET.parse(metainfo).getroot()
    summary = component.findtext("summary")
    assert 10 <= len(summary) <= 25 and not summary.endswith("."), summary
    schemes = {c.get("scheme_preference") for c in component.iter("color") if c.get("type") == "primary"}
    assert schemes == {"light", "dark"}
    assert component.find("content_rating").get("type") == "oars-1.1"
    assert component.find("categories") is not None and len(component.find("keywords")) >= 3
    for release in component.iter("release"):
        assert release.find("description") is not None and len(list(release.find("description").iter("li"))) >= 3
    shots = list(component.iter("screenshot"))
    assert 3 <= len(shots) <= 6 and [s.get("type") for s in shots].count("default") == 1
    for shot in shots:
        assert shot.findtext("caption"), "a screenshot without a caption"
        name = Path(shot.findtext("image")).name
        # Shipped in the package, and the same picture as data/screenshots.
        shipped = unpacked / "usr/share/flick/screenshots" / name
        assert shipped.read_bytes() == (ROOT / "data" / "screenshots" / name).read_bytes()
        size = subprocess.run(["identify", "-format", "%w %h", str(shipped)], capture_output=True, text=True).stdout
        w, h = map(int, size.split())
        assert w <= 1000 and h <= 700, f"{name} is {w}×{h}"
    # Nobody else's address: only what the build was given (none by default).
    text = metainfo.read_text()
    assert "github.com/flick" not in text and "githubusercontent" not in text
