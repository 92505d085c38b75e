"""Acts at one exact read of a file by another process: fanotify permission
events (FAN_OPEN_PERM, FAN_ACCESS_PERM) on the file's inode hold the
reading process inside its open()/read() until this helper answers, so an
action (a rename over the file, a symlink swap) happens at that moment,
deterministically, with no sleeps. inotify only reports after the fact,
which would leave the reader running on meanwhile.

    with FileReads(path, at=3, action=swap) as reads:
        run flick ...
    reads.events   # ["open", "read", "read", "open", ...] seen by then

`opens_only=True` watches opens alone (a database read page by page is
held at its opens, not at each read); `at` may be a callable, asked with
the events seen so far at each event, that says when to act (once).
`child_of(proc)` names the process a supervised `flick` command works in.

Needs root (CAP_SYS_ADMIN), as the mount tests do. Events of this test
process itself are let through uncounted."""
import ctypes
import os
import select
import struct
import threading

FAN_CLOEXEC = 0x1
FAN_CLASS_CONTENT = 0x4
FAN_MARK_ADD = 0x1
FAN_OPEN_PERM = 0x10000
FAN_ACCESS_PERM = 0x20000
FAN_ONDIR = 0x40000000
FAN_ALLOW = 0x1
AT_FDCWD = -100
METADATA = struct.Struct("=IBBHQii")  # struct fanotify_event_metadata
RESPONSE = struct.Struct("=iI")  # struct fanotify_response

_libc = ctypes.CDLL(None, use_errno=True)
_libc.fanotify_mark.argtypes = [ctypes.c_int, ctypes.c_uint, ctypes.c_uint64, ctypes.c_int, ctypes.c_char_p]


class FileReads:
    def __init__(self, path, at=None, action=None, pid=None, opens_only=False):
        """Calls `action()` while another process is held at its `at`-th
        open or read (1-based) of `path` (of process `pid` only, if given;
        a callable is asked at each event)."""
        self.path = os.fspath(path)
        self.at = at
        self.mask = FAN_OPEN_PERM if opens_only else FAN_OPEN_PERM | FAN_ACCESS_PERM
        if os.path.isdir(self.path):
            self.mask |= FAN_ONDIR  # the folder's own opens (a folder is opened, not read)
        self.action = action
        self.pid = pid
        self.events = []
        self.acted = threading.Event()
        self.error = None
        self._acting = None
        self._stop_r, self._stop_w = os.pipe()

    def __enter__(self):
        self.fd = _libc.fanotify_init(FAN_CLASS_CONTENT | FAN_CLOEXEC, os.O_RDONLY)
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), "fanotify_init (needs root)")
        if _libc.fanotify_mark(self.fd, FAN_MARK_ADD, self.mask, AT_FDCWD, self.path.encode()) != 0:
            raise OSError(ctypes.get_errno(), f"fanotify_mark {self.path}")
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        if self._acting:
            self._acting.join(timeout=60)
        os.write(self._stop_w, b"x")
        self.thread.join(timeout=30)
        os.close(self.fd)  # lets any event still pending through
        os.close(self._stop_r)
        os.close(self._stop_w)
        if self.error:
            raise self.error

    def _watched(self, pid):
        if pid == os.getpid():
            return False
        if self.pid is None:
            return True
        return pid == (self.pid() if callable(self.pid) else self.pid)

    def _loop(self):
        while True:
            ready, _, _ = select.select([self.fd, self._stop_r], [], [])
            if self._stop_r in ready:
                return
            data = os.read(self.fd, 4096)
            offset = 0
            while offset + METADATA.size <= len(data):
                length, _, _, _, mask, fd, pid = METADATA.unpack_from(data, offset)
                offset += length
                if self._watched(pid):
                    self.events.append("open" if mask & FAN_OPEN_PERM else "read")
                    if self.action and not self._acting and self._due():
                        # The reader waits for the action, which may read the
                        # file too (another Flick): those reads are answered here.
                        self._acting = threading.Thread(target=self._act, args=(fd,), daemon=True)
                        self._acting.start()
                        continue
                self._allow(fd)

    def _due(self):
        if callable(self.at):
            return self.at(list(self.events))
        return len(self.events) == self.at

    def _act(self, fd):
        try:
            self.action()
            self.acted.set()
        except Exception as error:  # reported when the block ends
            self.error = error
        finally:
            self._allow(fd)

    def _allow(self, fd):
        os.write(self.fd, RESPONSE.pack(fd, FAN_ALLOW))
        if fd >= 0:
            os.close(fd)


def child_of(proc):
    """The pid of the process `proc` (a supervised `flick status|apply|export`)
    runs its command in, or None before it has started it."""
    pids = []
    try:
        for task in os.listdir(f"/proc/{proc.pid}/task"):
            with open(f"/proc/{proc.pid}/task/{task}/children") as children:
                pids += children.read().split()
    except OSError:
        return None
    return int(pids[0]) if pids else None


def signal_reached_a_thread(pid, number):
    """Whether signal `number` waits, sent to one thread of process `pid`
    (the command's worker, held in a system call, that it was passed to)."""
    bit = 1 << (number - 1)
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return False
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/status") as status:
                for line in status:
                    if line.startswith("SigPnd:") and int(line.split()[1], 16) & bit:
                        return True
        except OSError:
            continue
    return False
