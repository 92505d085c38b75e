#!/usr/bin/python3
"""A throwaway GTK 4.8 window that tells an outcome to a screen reader in one
of several ways, to learn what Orca 43 really speaks (see
docs/orca-findings.md and probe_orca.py).

    announce_probe.py MODE

A focused "card" button ("Clip 1 of 4: a.mp4"); each press of L is an
outcome: "Liked a.mp4" for the first two presses (the same text twice, as for
two clips of one name), then "Liked b.mp4", "Liked c.mp4". MODE says how the
outcome is told:

  desc          the focused button's accessible DESCRIPTION := outcome
  desc-reset    the same, but DESCRIPTION := "" first, in the same turn
  name          the focused button's accessible LABEL := outcome
  button-label  gtk_button_set_label(focused, outcome) (the visible label)
  alert         a label built with role ALERT: set_text(outcome)
  alert-show    the ALERT label hidden, then text set and shown
  described-by  a label DESCRIBED_BY-related to the focused button: set_text
  labelled-by   a label LABELLED_BY-related to the focused button: set_text
  focus         a new card button gets the focus (name: next card)
  focus-desc    a new card button, DESCRIPTION := outcome, then focus
  focus-desc-after  a new card button gets focus, then DESCRIPTION := outcome
  status-focus  a focusable status widget (button, label = outcome) gets focus
  stable        focus never moves: LABEL := next card, then DESCRIPTION := ""
                and := outcome (what one persistent focused widget would do)
  stable-one    focus never moves: only DESCRIPTION := "" then
                := "outcome. next card"
  stable-desc-first  focus never moves: DESCRIPTION := ""/outcome, then
                LABEL := next card
  pulse         focus never moves: DESCRIPTION := outcome, then := "" at once
                (nothing stale left for a later focus to re-read)
  focus-pulse-after   new card gets focus, then pulse on the NEW card
  focus-pulse-before  pulse on the OLD card, then the new card gets focus
                      (the old one leaves the tree)
  focus-early   the next card is built with DESCRIPTION := outcome in one
                main-loop turn and gets the focus 0.3 s later
  static-desc   two more buttons with a DESCRIPTION set at construction
                (Tab between them: is a static description read twice?)
  tree          widgets whose internal names GTK 4.8 exposes, with and
                without the fixes (read with atspi_client.py tree python3)

P is a second action ("Paused.") told the same way, to see interruption.
"""
import ctypes
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Adw", "1")
from gi.repository import Adw, GLib, Gtk  # noqa: E402

MODE = sys.argv[1] if len(sys.argv) > 1 else "desc"
CLIPS = ["a.mp4", "a.mp4", "b.mp4", "c.mp4", "d.mp4"]
_gtk = ctypes.CDLL("libgtk-4.so.1")
_gtk.gtk_accessible_update_relation.restype = None
ctypes.pythonapi.PyCapsule_GetPointer.restype = ctypes.c_void_p
ctypes.pythonapi.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def ptr(obj):
    return ctypes.c_void_p(ctypes.pythonapi.PyCapsule_GetPointer(obj.__gpointer__, None))


def relate(widget, relation, other):
    _gtk.gtk_accessible_update_relation(ptr(widget), ctypes.c_int(int(relation)), ptr(other),
                                        ctypes.c_void_p(None), ctypes.c_int(-1))


def set_prop(widget, prop, text):
    widget.update_property([prop], [text])


def pulse(widget, text):
    """The announcement candidate: the description carries the text for one
    change event, then is empty again."""
    set_prop(widget, Gtk.AccessibleProperty.DESCRIPTION, text)
    set_prop(widget, Gtk.AccessibleProperty.DESCRIPTION, "")


class Probe:
    def __init__(self, app):
        self.win = Gtk.ApplicationWindow(application=app, title="Probe")
        self.win.set_default_size(600, 400)
        self.box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
        self.win.set_child(self.box)
        self.count = 0
        self.card = self.new_card(0)
        self.box.append(self.card)
        self.status = None
        if MODE in ("alert", "alert-show"):
            self.status = Gtk.Label(accessible_role=Gtk.AccessibleRole.ALERT)
            self.status.set_visible(MODE == "alert")
        elif MODE in ("described-by", "labelled-by"):
            self.status = Gtk.Label(label="Ready.")
        if self.status is not None:
            self.box.append(self.status)
        if MODE == "described-by":
            relate(self.card, Gtk.AccessibleRelation.DESCRIBED_BY, self.status)
        if MODE == "labelled-by":
            relate(self.card, Gtk.AccessibleRelation.LABELLED_BY, self.status)
        if MODE == "static-desc":
            for name in ("Previous", "Delete"):
                b = Gtk.Button(label=name)
                set_prop(b, Gtk.AccessibleProperty.DESCRIPTION, f"{name} hint")
                self.box.append(b)
        keys = Gtk.EventControllerKey()
        keys.set_propagation_phase(Gtk.PropagationPhase.CAPTURE)
        keys.connect("key-pressed", self.on_key)
        self.win.add_controller(keys)
        self.win.present()
        self.card.grab_focus()

    def new_card(self, i):
        b = Gtk.Button(label=f"Clip {i + 1} of {len(CLIPS)}: {CLIPS[i]}")
        b.set_vexpand(True)
        return b

    def on_key(self, _ctrl, keyval, _code, _state):
        name = Gtk.accelerator_name(keyval, 0)
        if name == "l":
            text = f"Liked {CLIPS[self.count]}"
            self.count += 1
        elif name == "p":
            text = "Paused."
        else:
            return False
        self.tell(text)
        return True

    def tell(self, text):
        card = self.card
        if MODE == "desc":
            set_prop(card, Gtk.AccessibleProperty.DESCRIPTION, text)
        elif MODE == "desc-reset":
            set_prop(card, Gtk.AccessibleProperty.DESCRIPTION, "")
            set_prop(card, Gtk.AccessibleProperty.DESCRIPTION, text)
        elif MODE == "name":
            set_prop(card, Gtk.AccessibleProperty.LABEL, text)
        elif MODE == "button-label":
            card.set_label(text)
        elif MODE == "alert":
            self.status.set_text(text)
        elif MODE == "alert-show":
            self.status.set_visible(False)
            self.status.set_text(text)
            self.status.set_visible(True)
        elif MODE in ("described-by", "labelled-by"):
            self.status.set_text(text)
        elif MODE == "stable":
            set_prop(card, Gtk.AccessibleProperty.LABEL, f"Clip {self.count + 1} of {len(CLIPS)}: {CLIPS[min(self.count, len(CLIPS) - 1)]}")
            set_prop(card, Gtk.AccessibleProperty.DESCRIPTION, "")
            set_prop(card, Gtk.AccessibleProperty.DESCRIPTION, text)
        elif MODE == "stable-desc-first":
            set_prop(card, Gtk.AccessibleProperty.DESCRIPTION, "")
            set_prop(card, Gtk.AccessibleProperty.DESCRIPTION, text)
            set_prop(card, Gtk.AccessibleProperty.LABEL, f"Clip {self.count + 1} of {len(CLIPS)}: {CLIPS[min(self.count, len(CLIPS) - 1)]}")
        elif MODE == "pulse":
            pulse(card, text)
        elif MODE in ("focus-pulse-after", "focus-pulse-before"):
            nxt = self.new_card(min(self.count, len(CLIPS) - 1))
            if MODE == "focus-pulse-before":
                pulse(card, text)
            self.box.remove(card)
            self.box.prepend(nxt)
            self.card = nxt
            nxt.grab_focus()
            if MODE == "focus-pulse-after":
                pulse(nxt, text)
        elif MODE == "stable-one":
            set_prop(card, Gtk.AccessibleProperty.DESCRIPTION, "")
            set_prop(card, Gtk.AccessibleProperty.DESCRIPTION,
                     f"{text}. Clip {self.count + 1} of {len(CLIPS)}: {CLIPS[min(self.count, len(CLIPS) - 1)]}")
        elif MODE == "focus-early":
            nxt = self.new_card(min(self.count, len(CLIPS) - 1))
            set_prop(nxt, Gtk.AccessibleProperty.DESCRIPTION, text)
            self.box.append(nxt)

            def move():
                self.box.remove(card)
                self.card = nxt
                nxt.grab_focus()
                return False
            GLib.timeout_add(300, move)
        elif MODE.startswith("focus"):
            nxt = self.new_card(min(self.count, len(CLIPS) - 1))
            if MODE == "focus-desc":
                set_prop(nxt, Gtk.AccessibleProperty.DESCRIPTION, text)
            self.box.remove(card)
            self.box.prepend(nxt)
            self.card = nxt
            nxt.grab_focus()
            if MODE == "focus-desc-after":
                set_prop(nxt, Gtk.AccessibleProperty.DESCRIPTION, text)
        elif MODE == "status-focus":
            if self.status is None:
                self.status = Gtk.Button(label=text)
                self.box.append(self.status)
            else:
                self.status.set_label(text)
            self.status.grab_focus()


def build_tree(app):
    """Widgets GTK 4.8 names after their type when they have no name, each
    plain and with a candidate fix."""
    win = Adw.ApplicationWindow(application=app, title="Probe")
    win.set_default_size(600, 400)
    toasts = Adw.ToastOverlay()
    outer = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    toasts.set_child(outer)
    win.set_content(toasts)

    def labelled(widget, name):
        widget.update_property([Gtk.AccessibleProperty.LABEL], [name])
        return widget

    # 1. stack pages: plain / role NONE? (GtkStackPage is not a widget; name the page)
    stack = Gtk.Stack()
    stack.add_titled(Gtk.Button(label="In plain page"), "plain", "")
    stack.add_titled(Gtk.Button(label="In titled page"), "titled", "Cards")
    outer.append(stack)
    # 2. picture / overlay / empty label: plain, role PRESENTATION, role NONE, labelled
    for suffix, kw in (("plain", {}), ("presentation", {"accessible_role": Gtk.AccessibleRole.PRESENTATION}),
                       ("none", {"accessible_role": Gtk.AccessibleRole.NONE})):
        row = Gtk.Box(**kw)
        row.append(Gtk.Picture(**kw))
        ov = Gtk.Overlay(**kw)
        ov.set_child(Gtk.Button(label=f"Button in overlay {suffix}"))
        row.append(ov)
        row.append(Gtk.Label(**kw))
        outer.append(row)
    pic = labelled(Gtk.Picture(), "Named picture")
    outer.append(pic)
    hidden = Gtk.Picture()
    hidden.update_state([Gtk.AccessibleState.HIDDEN], [True])
    outer.append(hidden)
    # named page (gtk_stack_add_named: no title), then the fixes: a LABEL on
    # the GtkStackPage; HIDDEN on the page object / on its child
    stack.add_named(Gtk.Button(label="In named page"), "named")
    labelled(stack.add_named(Gtk.Button(label="In labelled page"), "labelled"), "Labelled page")
    hidden_page = stack.add_named(Gtk.Button(label="In page hidden by its page object"), "hidden-page")
    hidden_page.update_state([Gtk.AccessibleState.HIDDEN], [True])
    child = Gtk.Button(label="In page hidden by its child")
    stack.add_named(child, "hidden-child")
    child.update_state([Gtk.AccessibleState.HIDDEN], [True])
    # overlay with other roles (PRESENTATION/NONE above drop the whole subtree)
    for role in (Gtk.AccessibleRole.GENERIC, Gtk.AccessibleRole.GROUP):
        ov = Gtk.Overlay(accessible_role=role)
        ov.set_child(Gtk.Button(label=f"Button in overlay {role.value_nick}"))
        outer.append(ov)
    outer.append(Gtk.Picture(accessible_role=Gtk.AccessibleRole.GENERIC))
    # an explicit empty LABEL (settable at any time, unlike the role)
    empty = Gtk.Box()
    empty.append(labelled(Gtk.Picture(), ""))
    ov = labelled(Gtk.Overlay(), "")
    ov.set_child(Gtk.Button(label="Button in overlay with empty label"))
    empty.append(ov)
    empty.append(labelled(Gtk.Label(), ""))
    outer.append(empty)
    outer.append(Gtk.Label(accessible_role=Gtk.AccessibleRole.GENERIC))
    # 3. buttons: plain / explicit LABEL / mnemonic / mnemonic + fixes
    outer.append(Gtk.Button(label="Undo"))
    outer.append(labelled(Gtk.Button(label="Redo"), "Redo"))
    outer.append(labelled(Gtk.Button(icon_name="edit-undo-symbolic"), "Undo icon"))
    outer.append(Gtk.Button(label="_Mnemonic", use_underline=True))
    fixed = Gtk.Button(label="_Reset", use_underline=True)
    fixed.reset_relation(Gtk.AccessibleRelation.LABELLED_BY)
    outer.append(fixed)
    outer.append(labelled(Gtk.Button(label="_Labelled", use_underline=True), "Labelled"))
    win.present()
    toast = Adw.Toast(title="Marked a.mp4 for deletion", button_label="Undo", timeout=0)
    toasts.add_toast(toast)
    if "fix" in sys.argv[2:]:
        GLib.timeout_add(500, fix_toast, toasts)


def walk(widget):
    yield widget
    child = widget.get_first_child()
    while child is not None:
        yield from walk(child)
        child = child.get_next_sibling()


def fix_toast(toasts):
    """The toast's buttons: drop LABELLED_BY (one name), name the close button."""
    for w in walk(toasts):
        if isinstance(w, Gtk.Button):
            if w.get_label():
                w.reset_relation(Gtk.AccessibleRelation.LABELLED_BY)
            else:
                w.update_property([Gtk.AccessibleProperty.LABEL], ["Dismiss"])
        elif type(w).__name__ in ("ToastWidget", "Bin") or "Toast" in type(w).__name__:
            w.update_property([Gtk.AccessibleProperty.LABEL], [""])
    return False


def main():
    app = Adw.Application(application_id="org.example.FlickProbe")
    app.connect("activate", lambda a: build_tree(a) if MODE == "tree" else setattr(a, "probe", Probe(a)))
    return app.run([])


if __name__ == "__main__":
    sys.exit(main())
