#!/usr/bin/python3
"""AT-SPI client for Flick's GUI tests: runs as its own process, like a
screen reader, and talks to the app only over the accessibility bus.

  atspi_client.py serve                     answer the commands below, one JSON
                                             list a line on stdin (see serve())
  atspi_client.py tree APP_NAME [ROLE]      print the app's tree as JSON (only its
                                             windows with ROLE, e.g. "dialog", when given)
  atspi_client.py windows APP_NAME           the app's windows alone, as `find` tells them
  atspi_client.py do APP_NAME ROLE NAME ACT [NEAR]  run action ACT on the first
                                             node with that role and name (whose
                                             parent also holds a node named NEAR)
  atspi_client.py set-value APP_NAME ROLE NAME V  set the Value of that node
  atspi_client.py find APP_NAME WINDOW_ROLE ROLE...  the nodes with one of the ROLEs in
                                             the app's windows with WINDOW_ROLE (name,
                                             role, focused, sensitive, checked, extents): a
                                             quick look at a long list, reading only those
                                             (a ROLE written !ROLE: not looked inside;
                                             --no-extents: without their places)
"""
import json
import sys

import pyatspi

MAX_DEPTH = 40
NO_EXTENTS = "--no-extents"


def find_app(name):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name and app.name.lower() == name.lower():
            return app
    return None


def safe(call, default):
    """Widgets come and go while a tree is read; a vanished one reads as empty."""
    try:
        return call()
    except Exception:
        return default


def windows_of(app):
    """The app's windows, all asked for before any is read. GTK 4.8's
    accessibility root does not check the index it is asked for: asked for
    a window at an index that a window closing meanwhile has left, it
    crashes the app. Walking the main window first and asking for the next
    index afterwards left seconds for a dialog to close; here the count is
    read again just before each ask, and nothing runs in between."""
    found = []
    i = 0
    while i < safe(lambda: app.childCount, 0):
        window = safe(lambda: app.getChildAtIndex(i), None)
        if window is not None:
            found.append(window)
        i += 1
    return found


def children_of(acc, role):
    if role == "application":
        return windows_of(acc)
    found = []
    for i in range(safe(lambda: acc.childCount, 0)):
        child = safe(lambda: acc.getChildAtIndex(i), None)
        if child is not None:
            found.append(child)
    return found


def node(acc, depth=0):
    def read_actions():
        action = acc.queryAction()
        return [action.getName(i) for i in range(action.nActions)]
    actions = safe(read_actions, [])
    try:
        attrs = dict(a.split(":", 1) for a in acc.getAttributes() if ":" in a)
    except Exception:
        attrs = {}
    states = safe(acc.getState, None)

    def read_labels():
        # What Orca reads before a node's own name: its labelled-by targets.
        names = []
        for relation in acc.getRelationSet():
            if relation.getRelationType() == pyatspi.RELATION_LABELLED_BY:
                names += [relation.getTarget(i).name or "" for i in range(relation.getNTargets())]
        return names
    out = {
        "role": safe(acc.getRoleName, ""),
        "name": safe(lambda: acc.name, "") or "",
        "description": safe(lambda: acc.description, "") or "",
        "actions": actions,
        "attributes": attrs,
        "focused": bool(states and states.contains(pyatspi.STATE_FOCUSED)),
        "showing": bool(states and states.contains(pyatspi.STATE_SHOWING)),
        "sensitive": bool(states and states.contains(pyatspi.STATE_SENSITIVE)),
        "pressed": bool(states and states.contains(pyatspi.STATE_PRESSED)),
        "selected": bool(states and states.contains(pyatspi.STATE_SELECTED)),
        # A check box's tick, or a toggle button held down (GTK says "pressed").
        "checked": bool(states and (states.contains(pyatspi.STATE_CHECKED) or states.contains(pyatspi.STATE_PRESSED))),
        "extents": safe(lambda: list(acc.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)), None),
        "labelled_by": safe(read_labels, []),
        "children": [],
    }
    if out["role"] in ("slider", "progress bar", "spin button"):
        # Where a slider or bar stands (a seek bar's position in seconds).
        out["value"] = safe(lambda: acc.queryValue().currentValue, None)
    if depth < MAX_DEPTH:
        out["children"] = [node(child, depth + 1) for child in children_of(acc, out["role"])]
    return out


def walk(acc):
    yield acc
    for child in children_of(acc, safe(acc.getRoleName, "")):
        yield from walk(child)


def has_near(acc, text):
    """Whether `acc`'s parent holds a node named `text` (a toast's button
    beside its title)."""
    parent = safe(lambda: acc.parent, None)
    return parent is not None and any(safe(lambda: n.name, "") == text for n in walk(parent))


def brief(acc, role, extents=True):
    """What `find` tells of a node: role, name, focused, sensitive, checked,
    (with `extents`) where it is, and a slider's or bar's value."""
    states = safe(acc.getState, None)
    out = {"role": role, "name": safe(lambda: acc.name, "") or "",
           "focused": bool(states and states.contains(pyatspi.STATE_FOCUSED)),
           "sensitive": bool(states and states.contains(pyatspi.STATE_SENSITIVE)),
           "checked": bool(states and (states.contains(pyatspi.STATE_CHECKED) or
                                       states.contains(pyatspi.STATE_PRESSED)))}
    if extents:
        out["extents"] = safe(lambda: list(acc.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)), None)
    if role in ("slider", "progress bar", "spin button"):
        out["value"] = safe(lambda: acc.queryValue().currentValue, None)
    return out


def find(app, window_role, roles, skip=frozenset(), extents=True):
    """The nodes with one of `roles` in the app's windows with `window_role`;
    nodes with a role in `skip` are looked at but not inside (a grid of
    thousands of tiles, when what is sought is around it). Without
    `extents` their places are not asked for (two calls a node fewer)."""
    found = []

    def visit(acc):
        role = safe(acc.getRoleName, "")
        if role in roles:
            found.append(brief(acc, role, extents))
        if role in skip:
            return
        for child in children_of(acc, role):
            visit(child)
    for window in windows_of(app):
        if safe(window.getRoleName, "") == window_role:
            visit(window)
    return found


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 1
    app = find_app(argv[2])
    if app is None:
        print(json.dumps({"error": "app not on the accessibility bus"}))
        return 3
    if argv[1] == "tree" and len(argv) == 4:
        # Only the windows with that role: a dialog is read without the
        # whole main window behind it (a grid of many tiles is slow to walk).
        tree = dict(node(app, MAX_DEPTH), children=[node(w, 1) for w in windows_of(app)
                                                      if safe(w.getRoleName, "") == argv[3]])
        print(json.dumps(tree))
        return 0
    if argv[1] == "tree":
        print(json.dumps(node(app)))
        return 0
    if argv[1] == "find" and len(argv) >= 5:
        asked = [r for r in argv[4:] if r != NO_EXTENTS]
        roles = {r for r in asked if not r.startswith("!")}
        skip = {r[1:] for r in asked if r.startswith("!")}
        print(json.dumps(find(app, argv[3], roles, skip, extents=NO_EXTENTS not in argv[4:])))
        return 0
    if argv[1] == "windows":
        print(json.dumps([brief(w, safe(w.getRoleName, "")) for w in windows_of(app)]))
        return 0
    if argv[1] == "do" and len(argv) in (6, 7):
        role, name, act = argv[3], argv[4], argv[5]
        near = argv[6] if len(argv) == 7 else None
        for acc in walk(app):
            if acc.getRoleName() == role and acc.name == name and (near is None or has_near(acc, near)):
                action = acc.queryAction()
                for i in range(action.nActions):
                    if action.getName(i) == act:
                        action.doAction(i)
                        print(json.dumps({"done": True}))
                        return 0
        print(json.dumps({"error": f"no {role} named {name} with action {act}"}))
        return 4
    if argv[1] == "set-value" and len(argv) == 6:
        role, name, value = argv[3], argv[4], float(argv[5])
        for acc in walk(app):
            # A control named "Title: what it does" (Preferences) or "Title:
            # its value" (the seek bar) answers to its title.
            if acc.getRoleName() == role and (acc.name == name or acc.name.startswith(name + ": ")):
                acc.queryValue().currentValue = value
                print(json.dumps({"done": True, "value": acc.queryValue().currentValue}))
                return 0
        print(json.dumps({"error": f"no {role} named {name}"}))
        return 4
    print(__doc__, file=sys.stderr)
    return 1


def serve():
    """One request a line on stdin (a JSON list: the arguments after the
    program's name), one answer a line on stdout ({"code", "out", "err"}:
    what the one-shot command would have exited with and printed). The
    test harness keeps one such process per session: each ask then costs
    the walk over the bus, not a Python start and pyatspi's import.
    Nothing is cached between asks: without a running AT-SPI main loop
    libatspi fetches every property afresh, as the one-shot command does."""
    import io
    import traceback
    from contextlib import redirect_stdout
    for line in sys.stdin:
        out, err, code = io.StringIO(), "", 1
        try:
            with redirect_stdout(out):
                code = main(["atspi_client.py", *json.loads(line)])
        except Exception:
            err = traceback.format_exc()
        sys.__stdout__.write(json.dumps({"code": code, "out": out.getvalue(), "err": err}) + "\n")
        sys.__stdout__.flush()
    return 0


if __name__ == "__main__":
    sys.exit(serve() if sys.argv[1:] == ["serve"] else main(sys.argv))
