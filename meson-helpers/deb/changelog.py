#!/usr/bin/env python3
"""The package's changelog, written from the metainfo's <releases>: one
Debian changelog entry per release, its notes as the entry's items, so the
release notes are written once.

    changelog.py METAINFO "NAME <EMAIL>" > changelog
"""
import email.utils
import re
import sys
import textwrap
import xml.etree.ElementTree as ET
from datetime import datetime, timezone


def items(release):
    """The release's notes: each paragraph and list item, as plain text."""
    description = release.find("description")
    if description is None:
        return ["Release " + release.get("version")]
    texts = [el.text or "" for el in description.iter() if el.tag in ("p", "li")]
    return [re.sub(r"\s+", " ", t).strip() for t in texts if t.strip()]


def entry(release, maintainer):
    when = datetime.strptime(release.get("date"), "%Y-%m-%d").replace(tzinfo=timezone.utc)
    lines = [f"flick ({release.get('version')}) unstable; urgency=medium", ""]
    for item in items(release):
        lines += textwrap.wrap(item, width=78, initial_indent="  * ", subsequent_indent="    ")
    lines += ["", f" -- {maintainer}  {email.utils.format_datetime(when)}", ""]
    return "\n".join(lines)


def main():
    metainfo, maintainer = sys.argv[1], sys.argv[2]
    releases = ET.parse(metainfo).getroot().find("releases")
    sys.stdout.write("\n".join(entry(r, maintainer) for r in releases.findall("release")))


if __name__ == "__main__":
    main()
