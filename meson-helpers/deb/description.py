#!/usr/bin/env python3
"""The control file's Description from the metainfo: its summary as the
synopsis, its paragraphs as the extended description (so the package and
the app store say the same).

    description.py METAINFO
"""
import re
import sys
import textwrap
import xml.etree.ElementTree as ET


def main():
    component = ET.parse(sys.argv[1]).getroot()
    paragraphs = [re.sub(r"\s+", " ", p.text or "").strip() for p in component.find("description").findall("p")]
    lines = [f"Description: {component.findtext('summary').strip()}"]
    for number, paragraph in enumerate(paragraphs):
        if number:
            lines.append(" .")
        lines += [" " + line for line in textwrap.wrap(paragraph, width=78, break_on_hyphens=False)]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
