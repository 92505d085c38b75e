"""A real network share that stops answering: sshfs to an sshd of the test's
own (a free port, a generated host key and client key, no system config
touched), whose SFTP server for the connection is stopped with SIGSTOP.
Everything is undone when the test ends, even when it fails: the server is
resumed (so processes waiting on the share finish), the share unmounted and
sshd killed.

    with StalledShare(tmp_path) as share:
        (share.served / "clips").mkdir()   # the server's side, never stalls
        folder = share.mount / "clips"     # the client's side
        share.stall()                      # every request on it now waits
"""
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

SSHD = "/usr/sbin/sshd"
# Seconds between sshfs's keepalives: longer than any test, so only the
# test decides when the share answers again.
KEEPALIVE_SECONDS = 600


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _children(pid):
    """Every process descended from `pid`."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                pass
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        for child, its_parent in parents.items():
            if its_parent == parent:
                found.append(child)
                frontier.append(child)
    return found


def _cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


# Where the kernel keeps a thread whose FUSE request is not answered: the
# request itself, or the lock of a folder another request holds.
FUSE_WAITS = ("request_wait_answer", "fuse_lock_inode", "d_alloc_parallel", "fuse_wait_on_page_writeback")


def waits_on_the_share(pid):
    """Whether `pid` or a process it started has a thread waiting for the
    FUSE file system (a request the stopped server never answers)."""
    for process in [pid, *_children(pid)]:
        try:
            tasks = os.listdir(f"/proc/{process}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{process}/task/{task}/wchan") as f:
                    if f.read().strip() in FUSE_WAITS:
                        return True
            except OSError:
                pass
    return False


class StalledShare:
    def __init__(self, tmp_path):
        for tool in (SSHD, "sshfs", "ssh-keygen", "fusermount"):
            if not shutil.which(tool):
                pytest.skip(f"{tool} is missing (openssh-server and sshfs are test packages)")
        if not os.path.exists("/dev/fuse"):
            pytest.skip("/dev/fuse is missing on this machine")
        self.base = tmp_path / "sshfs"
        self.served = self.base / "served"
        self.mount = self.base / "mount"
        self.sshd = None
        self.stopped = []
        self.mounted = False

    def __enter__(self):
        try:
            self._start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def _start(self):
        self.served.mkdir(parents=True)
        self.mount.mkdir()
        keys = self.base / "keys"
        keys.mkdir(mode=0o700)
        for name in ("host", "client"):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(keys / name)], check=True, timeout=30)
        shutil.copy(keys / "client.pub", keys / "authorized_keys")
        config = self.base / "sshd_config"
        config.write_text(f"HostKey {keys / 'host'}\nListenAddress 127.0.0.1\nAuthorizedKeysFile {keys / 'authorized_keys'}\n"
                          "PasswordAuthentication no\nKbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n"
                          f"UsePAM no\nStrictModes no\nPidFile none\nSubsystem sftp {self._sftp_server()}\n")
        os.makedirs("/run/sshd", mode=0o755, exist_ok=True)  # sshd's privilege separation folder
        port = _free_port()
        self.sshd = subprocess.Popen([SSHD, "-D", "-e", "-f", str(config), "-p", str(port)],
                                     stdout=subprocess.DEVNULL, stderr=open(self.base / "sshd.log", "w"))
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if self.sshd.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"sshd did not start: {(self.base / 'sshd.log').read_text()}")
                time.sleep(0.05)
        options = (f"IdentityFile={keys / 'client'},StrictHostKeyChecking=no,UserKnownHostsFile=/dev/null,BatchMode=yes,"
                   f"LogLevel=ERROR,ServerAliveInterval={KEEPALIVE_SECONDS},port={port},dir_cache=no")
        result = subprocess.run(["sshfs", "-o", options, f"root@127.0.0.1:{self.served}", str(self.mount)],
                                capture_output=True, text=True, timeout=30)
        assert result.returncode == 0, f"sshfs failed: {result.stderr}"
        self.mounted = True

    @staticmethod
    def _sftp_server():
        for path in ("/usr/lib/openssh/sftp-server", "/usr/libexec/sftp-server", "/usr/lib/ssh/sftp-server"):
            if os.path.exists(path):
                return path
        pytest.skip("sftp-server is missing (openssh-sftp-server)")

    def stall(self):
        """Stops the SFTP server of the mount's connection: from now on every
        request on the share waits, as with a server that went away."""
        servers = [pid for pid in _children(self.sshd.pid) if "sftp-server" in _cmdline(pid)]
        assert servers, "no sftp-server runs for the mount"
        for pid in servers:
            os.kill(pid, signal.SIGSTOP)
            self.stopped.append(pid)

    def resume(self):
        for pid in self.stopped:
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
        self.stopped.clear()

    def close(self):
        self.resume()
        if self.mounted:
            subprocess.run(["fusermount", "-uz", str(self.mount)], capture_output=True, timeout=30)
            self.mounted = False
        if self.sshd:
            sessions = _children(self.sshd.pid)
            self.sshd.kill()
            self.sshd.wait(timeout=10)
            for pid in sessions:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            self.sshd = None
