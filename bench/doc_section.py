#!/usr/bin/env python3
"""Writes a benchmark's figures into a doc as its own section: standard input (Markdown) becomes the
part of DOC between `<!-- MARKER: begin -->` and `<!-- MARKER: end -->`, under `## TITLE`; the
section is added at the end of DOC the first time.

    doc_section.py DOC MARKER TITLE < TABLE
"""
import sys


def write_section(path, marker, title, body):
    begin, end = f"<!-- {marker}: begin -->", f"<!-- {marker}: end -->"
    section = f"{begin}\n## {title}\n\n{body.rstrip()}\n{end}\n"
    try:
        text = open(path).read()
    except FileNotFoundError:
        text = ""
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        text = head + section + rest.split(end, 1)[1].lstrip("\n")
    else:
        text = text.rstrip("\n") + "\n\n" + section
    with open(path, "w") as f:
        f.write(text)


if __name__ == "__main__":
    doc, marker, title = sys.argv[1:4]
    write_section(doc, marker, title, sys.stdin.read())
