#!/usr/bin/env python3
"""Regenerates po/flick.pot from the files in po/POTFILES:

    meson compile -C build flick-pot      (or: python3 meson-helpers/update-pot.py . [OUTPUT])

Swift sources mark text with tr("…") and trn("one", "many", n, …), always
with plain one-line literals (the functions take StaticString); xgettext has
no Swift parser, so this reads those calls itself. The GSettings schema and
the GtkBuilder files (Resources/ui/*.ui, strings marked translatable="yes")
go through xgettext, which knows their formats."""
import re
import subprocess
import sys
from pathlib import Path

LITERAL = r'"((?:[^"\\]|\\.)*)"'
CALL = re.compile(r'\b(trn?)\(\s*' + LITERAL + r'(?:\s*,\s*' + LITERAL + r')?')


def unescape(text):
    return text.replace('\\"', '"').replace("\\\\", "\\")


def po_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def main(root, target=None):
    root = Path(root)
    files = [line.strip() for line in (root / "po" / "POTFILES").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    messages = {}  # (msgid, plural) -> [references]
    for name in files:
        if not name.endswith(".swift"):
            continue
        for number, line in enumerate((root / name).read_text().splitlines(), 1):
            for call in CALL.finditer(line):
                kind, first, second = call.groups()
                key = (unescape(first), unescape(second) if kind == "trn" and second is not None else None)
                messages.setdefault(key, []).append(f"{name}:{number}")
    out = ['# Flick\'s translatable text.', '# This file is distributed under the same license as Flick.', '#',
           '#, fuzzy', 'msgid ""', 'msgstr ""',
           '"Project-Id-Version: flick\\n"', '"Report-Msgid-Bugs-To: https://github.com/flick/flick/issues\\n"',
           '"Language: \\n"', '"MIME-Version: 1.0\\n"', '"Content-Type: text/plain; charset=UTF-8\\n"',
           '"Content-Transfer-Encoding: 8bit\\n"', '"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"', '']
    for (msgid, plural), references in messages.items():
        out.append("#: " + " ".join(references))
        if "%" in msgid:
            out.append("#, c-format")
        out.append("msgid " + po_string(msgid))
        if plural is not None:
            out += ["msgid_plural " + po_string(plural), 'msgstr[0] ""', 'msgstr[1] ""']
        else:
            out.append('msgstr ""')
        out.append("")
    swift_pot = Path(str(target or root / "po" / "flick.pot") + ".swift.tmp")
    swift_pot.write_text("\n".join(out))
    schemas = [name for name in files if name.endswith((".gschema.xml", ".ui"))]
    target = Path(target) if target else root / "po" / "flick.pot"
    try:
        if schemas:
            schema_pot = Path(str(target) + ".schema.tmp")
            subprocess.run(["xgettext", "--from-code=UTF-8", "-o", str(schema_pot.resolve()), *schemas],
                           check=True, cwd=root)
            subprocess.run(["msgcat", "--use-first", "-o", str(target), str(swift_pot), str(schema_pot)], check=True)
            schema_pot.unlink()
        else:
            swift_pot.rename(target)
    finally:
        swift_pot.unlink(missing_ok=True)
    print(f"{target}: {len(messages)} messages from Swift" + (f" + {schemas}" if schemas else ""))


if __name__ == "__main__":
    # update-pot.py [ROOT [OUTPUT]]
    main(sys.argv[1] if len(sys.argv) > 1 else ".", sys.argv[2] if len(sys.argv) > 2 else None)
