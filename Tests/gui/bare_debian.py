"""A bare Debian 12 to install Flick's package in: `debootstrap
--variant=minbase bookworm` from the machine's own Debian mirror, made once
and kept under ~/.cache/flick-tests/, then used for each run through an
overlay (the cached system is never changed by a test) with /proc, /dev and
apt's downloaded packages mounted in, every mount undone at the end.

Installing GTK, GStreamer and the rest into a bare system takes minutes on
two cores, so what `apt-get install ./flick.deb` brought in is kept too, as
a second layer named by the package's Depends and Recommends: made by
exactly that command on the bare system (then Flick purged and the test's
man-db added), and made again whenever those fields change.

    with BareDebian(tmp, mirror) as system:
        system.prepare(deb)       # the layer for this package's dependencies
        system.run("apt-get", "install", "-y", "./tmp/flick.deb")
"""
import hashlib
import os
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path

CACHE = Path(os.environ.get("FLICK_TEST_CACHE", Path.home() / ".cache" / "flick-tests"))
BASE = CACHE / "bookworm-minbase"
# apt's downloaded .debs, shared by every run (apt checks each against the index).
ARCHIVES = CACHE / "bookworm-archives"
SUITE = "bookworm"
# The package index is refreshed when older than this (a point release
# replaces packages, and the old files leave the mirror).
INDEX_MAX_AGE_S = 24 * 3600
# debootstrap downloads and unpacks ~90 packages; apt installs ~200.
DEBOOTSTRAP_TIMEOUT_S = 1800
APT_TIMEOUT_S = 1800
# dpkg syncs every file it writes by default; a throwaway system needs no
# such care, and on a busy shared disk the syncs wait on everyone's writes
# (debootstrap: 96 s with them, 60 s without at load 12; no difference at
# load 5). unsafe-io skips them: the files are the same, only a crash would
# lose them. dpkg's defaults (downgrade, security-mac) are kept, as
# DPKG_FORCE replaces them.
DPKG_FORCE = "unsafe-io,downgrade,security-mac"
# The same for apt's dpkg calls inside the system, as dpkg configuration.
UNSAFE_IO_CONFIG = "etc/dpkg/dpkg.cfg.d/flick-tests-unsafe-io"


def configured_mirror():
    """The first Debian archive the machine's apt sources use for bookworm
    (deb822 .sources or one-line sources.list), or None."""
    candidates = []
    sources = Path("/etc/apt/sources.list.d")
    for path in sorted(sources.glob("*.sources")) if sources.is_dir() else []:
        for stanza in path.read_text(errors="replace").split("\n\n"):
            fields = dict(line.split(":", 1) for line in stanza.splitlines() if ":" in line and not line.startswith("#"))
            fields = {k.strip(): v.strip() for k, v in fields.items()}
            if SUITE in fields.get("Suites", "").split() and "main" in fields.get("Components", "").split():
                candidates += fields.get("URIs", "").split()
    for path in [Path("/etc/apt/sources.list"), *sorted(sources.glob("*.list"))] if sources.is_dir() else []:
        if not path.exists():
            continue
        for line in path.read_text(errors="replace").splitlines():
            words = [w for w in line.split() if not w.startswith("[")]
            if len(words) >= 4 and words[0] == "deb" and words[2] == SUITE and "main" in words[3:]:
                candidates.append(words[1])
    return next((c.rstrip("/") for c in candidates if c.startswith(("http://", "https://"))), None)


def mirror_unreachable(mirror):
    """Why the mirror cannot serve bookworm, or None when it can."""
    if not mirror:
        return "the machine's apt sources name no Debian mirror for bookworm"
    try:
        with urllib.request.urlopen(f"{mirror}/dists/{SUITE}/Release", timeout=15) as reply:
            reply.read(64)
    except OSError as error:
        return f"the Debian mirror {mirror} is unreachable: {error}"
    return None


class BareDebian:
    def __init__(self, tmp, mirror):
        self.tmp = Path(tmp)
        self.mirror = mirror
        self.root = self.tmp / "root"
        self.mounts = []

    def __enter__(self):
        return self

    def prepare(self, deb):
        """Mounts this run's system: the bare bookworm, the layer of what the
        package `deb` pulls in (made first when missing), and a fresh top."""
        try:
            self.ensure_base()
            layer = self.ensure_layer(deb)
            self.mount_overlay([layer, BASE], self.tmp)
        except BaseException:
            self.unmount()
            raise

    def __exit__(self, *exc):
        self.unmount()

    # -- the cached system ---------------------------------------------------
    def ensure_base(self):
        if not (BASE / "usr" / "bin" / "apt-get").exists():
            staging = BASE.with_name(BASE.name + ".tmp")
            shutil.rmtree(staging, ignore_errors=True)
            CACHE.mkdir(parents=True, exist_ok=True)
            res = subprocess.run(["debootstrap", "--variant=minbase", SUITE, str(staging), self.mirror],
                                 capture_output=True, text=True, timeout=DEBOOTSTRAP_TIMEOUT_S,
                                 env=dict(os.environ, DPKG_FORCE=DPKG_FORCE))
            assert res.returncode == 0, f"debootstrap failed:\n{res.stdout[-3000:]}{res.stderr[-3000:]}"
            # No service starts inside the test's chroot (Debian's policy-rc.d hook).
            policy = staging / "usr" / "sbin" / "policy-rc.d"
            policy.write_text("#!/bin/sh\nexit 101\n")
            policy.chmod(0o755)
            staging.rename(BASE)
        unsafe_io = BASE / UNSAFE_IO_CONFIG
        if not unsafe_io.exists():
            unsafe_io.write_text("# A test's throwaway system: no sync after each file (bare_debian.py).\nforce-unsafe-io\n")
        lists = BASE / "var" / "lib" / "apt" / "lists"
        fresh = [p for p in lists.glob("*_Packages*")] if lists.is_dir() else []
        if not fresh or time.time() - min(p.stat().st_mtime for p in fresh) > INDEX_MAX_AGE_S:
            shutil.copy("/etc/resolv.conf", BASE / "etc" / "resolv.conf")
            res = subprocess.run(["chroot", str(BASE), "apt-get", "update", "-qq"], capture_output=True, text=True,
                                 timeout=APT_TIMEOUT_S, env=self.env())
            assert res.returncode == 0, f"apt-get update in {BASE} failed:\n{res.stdout}{res.stderr}"

    def ensure_layer(self, deb):
        """The files `apt-get install ./DEB` adds to the bare system, for the
        Depends and Recommends DEB has."""
        fields = subprocess.run(["dpkg-deb", "--field", str(deb), "Depends", "Recommends"], capture_output=True,
                                text=True, check=True).stdout
        layer = CACHE / f"bookworm-deps-{hashlib.sha256(fields.encode()).hexdigest()[:16]}"
        if (layer / "upper").is_dir():
            return layer / "upper"
        staging = layer.with_name(layer.name + ".tmp")
        shutil.rmtree(staging, ignore_errors=True)
        self.mount_overlay([BASE], staging)
        try:
            shutil.copy(deb, self.path("/tmp") / deb.name)
            self.run("apt-get", "install", "-y", "-q", f"./tmp/{deb.name}", timeout=APT_TIMEOUT_S)
            self.run("dpkg", "--purge", "flick")
            self.run("apt-get", "install", "-y", "-q", "--no-install-recommends", "man-db", timeout=APT_TIMEOUT_S)
            (self.path("/tmp") / deb.name).unlink()
        finally:
            self.unmount()
        shutil.rmtree(staging / "work", ignore_errors=True)
        for old in CACHE.glob("bookworm-deps-*"):
            if old != staging:
                shutil.rmtree(old, ignore_errors=True)
        staging.rename(layer)
        return layer / "upper"

    # -- this run's system ---------------------------------------------------
    def mount(self, *args, target):
        target.mkdir(parents=True, exist_ok=True)
        subprocess.run(["mount", *args, str(target)], check=True, capture_output=True, timeout=60)
        self.mounts.append(target)

    def mount_overlay(self, lowers, top):
        """The system at self.root: `lowers` (read-only, first on top) under a
        writable `top`/upper."""
        for d in ("upper", "work"):
            (top / d).mkdir(parents=True, exist_ok=True)
        self.root.mkdir(parents=True, exist_ok=True)
        options = f"lowerdir={':'.join(map(str, lowers))},upperdir={top / 'upper'},workdir={top / 'work'}"
        self.mount("-t", "overlay", "overlay", "-o", options, target=self.root)
        self.mount("-t", "proc", "proc", target=self.root / "proc")
        self.mount("--bind", "/dev", target=self.root / "dev")
        ARCHIVES.mkdir(parents=True, exist_ok=True)
        self.mount("--bind", str(ARCHIVES), target=self.root / "var" / "cache" / "apt" / "archives")
        shutil.copy("/etc/resolv.conf", self.root / "etc" / "resolv.conf")

    def unmount(self):
        for target in reversed(self.mounts):
            res = subprocess.run(["umount", str(target)], capture_output=True, timeout=60)
            if res.returncode != 0:
                subprocess.run(["umount", "-l", str(target)], capture_output=True, timeout=60)
        self.mounts.clear()

    # -- inside it -------------------------------------------------------------
    @staticmethod
    def env(**extra):
        env = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/root",
               "LANG": "C.UTF-8", "DEBIAN_FRONTEND": "noninteractive"}
        env.update(extra)
        return env

    def run(self, *cmd, timeout=120, env=None, check=True):
        res = subprocess.run(["chroot", str(self.root), *cmd], capture_output=True, text=True,
                             timeout=timeout, env=self.env(**(env or {})))
        if check:
            assert res.returncode == 0, f"{' '.join(cmd)} failed ({res.returncode}):\n{res.stdout[-4000:]}\n{res.stderr[-4000:]}"
        return res

    def spawn(self, *cmd, env=None, log=None):
        return subprocess.Popen(["chroot", str(self.root), *cmd], env=self.env(**(env or {})),
                                stdout=log or subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True)

    def path(self, inside):
        """A path inside the system, seen from outside."""
        return self.root / str(inside).lstrip("/")
