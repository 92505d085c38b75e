"""Real mounts for Flick's CLI tests: bind mounts, bindfs mirrors, tmpfs,
FAT images through the kernel or fusefat, exFAT images through exfat-fuse.
Each mount is undone when its test ends, even when the test fails; a test skips only where this kernel or machine lacks
the file system or the tool (never for any other reason)."""
import os
import shutil
import subprocess

import pytest


def _run(*args):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=60)


def _supported(fs):
    with open("/proc/filesystems") as f:
        return any(line.split()[-1] == fs for line in f if line.strip())


class Mounts:
    def __init__(self):
        self.points = []
        self.loops = []

    def _mount(self, *args, point, what):
        result = _run(*args)
        if result.returncode != 0:
            raise AssertionError(f"{what} failed: {' '.join(map(str, args))}: {result.stderr}")
        self.points.append(point)
        return point

    def bind(self, source, point, read_only=False):
        point.mkdir(parents=True, exist_ok=True)
        self._mount("mount", "--bind", source, point, point=point, what="bind mount")
        if read_only:
            self.remount_read_only(point, bind=True)
        return point

    def bindfs(self, source, point):
        if not shutil.which("bindfs") or not os.path.exists("/dev/fuse"):
            pytest.skip("bindfs or /dev/fuse is missing on this machine")
        point.mkdir(parents=True, exist_ok=True)
        return self._mount("bindfs", source, point, point=point, what="bindfs")

    def tmpfs(self, point, size="16m"):
        point.mkdir(parents=True, exist_ok=True)
        return self._mount("mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", point, point=point, what="tmpfs")

    def remount_read_only(self, point, bind=False):
        options = "remount,ro,bind" if bind else "remount,ro"
        result = _run("mount", "-o", options, point)
        assert result.returncode == 0, f"read-only remount failed: {result.stderr}"

    def fat(self, image, point, size_mb=16):
        """A FAT image, through the kernel's vfat when it has one, else fusefat."""
        if not shutil.which("mkfs.vfat"):
            pytest.skip("mkfs.vfat (dosfstools) is missing on this machine")
        subprocess.run(["truncate", "-s", f"{size_mb}M", str(image)], check=True)
        subprocess.run(["mkfs.vfat", "-n", "FLICK", str(image)], check=True, capture_output=True)
        point.mkdir(parents=True, exist_ok=True)
        if _supported("vfat"):
            return self._mount("mount", "-o", "loop", image, point, point=point, what="vfat mount")
        if not shutil.which("fusefat") or not os.path.exists("/dev/fuse"):
            pytest.skip("this kernel has no vfat, and fusefat or /dev/fuse is missing")
        return self._mount("fusefat", "-o", "rw+", image, point, point=point, what="fusefat")

    def ext4(self, image, point, size_mb=32):
        """A new ext4 image, mounted with `loop_mount`."""
        if not shutil.which("mkfs.ext4") or not shutil.which("losetup"):
            pytest.skip("mkfs.ext4 or losetup is missing on this machine")
        subprocess.run(["truncate", "-s", f"{size_mb}M", str(image)], check=True)
        subprocess.run(["mkfs.ext4", "-q", "-F", str(image)], check=True, capture_output=True)
        return self.loop_mount(image, point)

    def loop_mount(self, image, point):
        """Mounts `image` from a loop device of its own; earlier devices stay
        attached until the test ends, so each mount has another st_dev."""
        device = _run("losetup", "--find", "--show", image)
        assert device.returncode == 0, f"losetup failed: {device.stderr}"
        self.loops.append(device.stdout.strip())
        point.mkdir(parents=True, exist_ok=True)
        self._mount("mount", self.loops[-1], point, point=point, what="loop mount")
        return os.stat(point).st_dev

    def fat_again(self, image, point, hours_east=0):
        """Mounts a FAT image made by `fat` again, the same way (its inode
        numbers are then given anew, in lookup order); `hours_east`: its
        local times read as a time zone that many hours east of UTC
        (vfat's time_offset, fusefat's TZ)."""
        if _supported("vfat"):
            options = "loop" + (f",time_offset={hours_east * 60}" if hours_east else "")
            return self._mount("mount", "-o", options, image, point, point=point, what="vfat mount")
        if hours_east:
            return self._mount("env", f"TZ=UTC{-hours_east:+d}", "fusefat", "-o", "rw+", image, point, point=point, what="fusefat")
        return self._mount("fusefat", "-o", "rw+", image, point, point=point, what="fusefat")

    def exfat(self, image, point, size_mb=16):
        """A new exFAT image (mkfs.exfat), mounted through exfat-fuse with `exfat_again`."""
        if not shutil.which("mkfs.exfat") or not shutil.which("mount.exfat-fuse") or not os.path.exists("/dev/fuse"):
            pytest.skip("mkfs.exfat (exfatprogs), mount.exfat-fuse (exfat-fuse) or /dev/fuse is missing on this machine")
        subprocess.run(["truncate", "-s", f"{size_mb}M", str(image)], check=True)
        subprocess.run(["mkfs.exfat", str(image)], check=True, capture_output=True)
        return self.exfat_again(image, point)

    def exfat_again(self, image, point):
        """Mounts an exFAT image through exfat-fuse, from a loop device of
        its own (exfat-fuse wants a block device)."""
        device = _run("losetup", "--find", "--show", image)
        assert device.returncode == 0, f"losetup failed: {device.stderr}"
        self.loops.append(device.stdout.strip())
        point.mkdir(parents=True, exist_ok=True)
        return self._mount("mount.exfat-fuse", self.loops[-1], point, point=point, what="exfat-fuse mount")

    def unmount(self, point):
        result = _run("fusermount", "-u", point) if _is_fuse(point) else _run("umount", point)
        assert result.returncode == 0, f"unmounting {point} failed: {result.stderr}"
        self.points.remove(point)

    def undo(self):
        for point in reversed(self.points):
            if _run("umount", point).returncode != 0:
                _run("umount", "-l", point)
        self.points.clear()
        for device in self.loops:
            _run("losetup", "-d", device)
        self.loops.clear()


def _is_fuse(point):
    with open("/proc/self/mounts") as f:
        return any(line.split()[1] == str(point) and line.split()[2].startswith("fuse") for line in f)


@pytest.fixture
def mounts():
    """Mounting needs root, as CI runs: without it these tests fail, loudly."""
    m = Mounts()
    try:
        yield m
    finally:
        m.undo()
