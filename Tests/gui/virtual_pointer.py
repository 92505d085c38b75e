"""A zwlr_virtual_pointer_v1 client: pointer motion, buttons, finger-source
axis frames (a two-finger touchpad swipe) and wheel detents, as a wlroots
compositor passes them on to the focused client like a real device's.

Needs wayland_tools.ensure_tools() first (pywayland and the generated protocol).
"""
import time

from wayland_tools import Unavailable

OUTPUT = (1280, 800)
# Wayland protocol values.
BTN_LEFT, PRESSED, RELEASED = 0x110, 1, 0
AXIS_VERTICAL, AXIS_HORIZONTAL = 0, 1
SOURCE_WHEEL, SOURCE_FINGER = 0, 1
WHEEL_STEP = 15.0  # axis value of one wheel detent, as libinput reports it
FRAME = 0.016  # seconds between input frames, one display frame at 60 Hz


class VirtualPointer:
    """A zwlr_virtual_pointer_v1 on the compositor's seat, in absolute output
    coordinates. Event times are the monotonic clock in ms, as libinput's."""

    def __init__(self, socket, output=OUTPUT):
        from pywayland.client import Display
        from flick_vpointer.wayland import WlSeat
        from flick_vpointer.wlr_virtual_pointer_unstable_v1 import ZwlrVirtualPointerManagerV1
        self.output = output
        self.display = Display(str(socket))
        self.display.connect()
        registry = self.display.get_registry()
        found = {}
        registry.dispatcher["global"] = lambda reg, name, iface, version: found.setdefault(iface, name)
        self.display.roundtrip()
        if "zwlr_virtual_pointer_manager_v1" not in found:
            raise Unavailable("the compositor offers no zwlr_virtual_pointer_manager_v1")
        seat = registry.bind(found["wl_seat"], WlSeat, 1)
        manager = registry.bind(found["zwlr_virtual_pointer_manager_v1"], ZwlrVirtualPointerManagerV1, 1)
        self.pointer = manager.create_virtual_pointer(seat)
        self.position = (output[0] // 2, output[1] // 2)

    @staticmethod
    def now():
        return int(time.monotonic() * 1000) & 0xFFFFFFFF

    def _frame(self):
        self.pointer.frame()
        self.display.flush()

    def move_to(self, x, y, at=None):
        """`at`: the event's time (ms, this clock), for strokes replayed with
        their own timing whatever the test's scheduling; now by default."""
        self.position = (x, y)
        w, h = self.output
        self.pointer.motion_absolute(self.now() if at is None else at & 0xFFFFFFFF, max(0, min(int(round(x)), w - 1)), max(0, min(int(round(y)), h - 1)), w, h)
        self._frame()

    def button(self, pressed, at=None):
        self.pointer.button(self.now() if at is None else at & 0xFFFFFFFF, BTN_LEFT, PRESSED if pressed else RELEASED)
        self._frame()

    def axis(self, dx, dy):
        """One frame of finger-source axis motion (scroll units)."""
        self.pointer.axis_source(SOURCE_FINGER)
        if dx:
            self.pointer.axis(self.now(), AXIS_HORIZONTAL, dx)
        if dy:
            self.pointer.axis(self.now(), AXIS_VERTICAL, dy)
        self._frame()

    def wheel(self, clicks_x, clicks_y):
        """One frame of mouse-wheel detents (discrete, no axis_stop follows)."""
        self.pointer.axis_source(SOURCE_WHEEL)
        for axis, clicks in ((AXIS_HORIZONTAL, clicks_x), (AXIS_VERTICAL, clicks_y)):
            if clicks:
                self.pointer.axis_discrete(self.now(), axis, clicks * WHEEL_STEP, int(clicks))
        self._frame()

    def axis_stop(self):
        """The fingers lift: GTK sees scroll-end, then decelerate."""
        self.pointer.axis_source(SOURCE_FINGER)
        self.pointer.axis_stop(self.now(), AXIS_HORIZONTAL)
        self.pointer.axis_stop(self.now(), AXIS_VERTICAL)
        self._frame()

    def close(self):
        try:
            self.pointer.destroy()
            self.display.flush()
        finally:
            self.display.disconnect()
