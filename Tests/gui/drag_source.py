#!/usr/bin/python3
"""A stand-in for the Files app in the drag-and-drop test: a small GTK 4
window titled "Drag source" whose label drags PATH as text/uri-list, as
Files does over X11.

  drag_source.py PATH
"""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402


def main(path):
    uri = Gio.File.new_for_path(path).get_uri()
    app = Gtk.Application(application_id="io.github.flick.tests.DragSource")

    def activate(app):
        window = Gtk.ApplicationWindow(application=app, title="Drag source")
        window.set_default_size(240, 160)
        label = Gtk.Label(label=path)
        source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
        source.connect("prepare", lambda *_: Gdk.ContentProvider.new_for_bytes(
            "text/uri-list", GLib.Bytes.new((uri + "\r\n").encode())))
        label.add_controller(source)
        window.set_child(label)
        window.present()

    app.connect("activate", activate)
    return app.run([])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
