"""Reading a home's history from git itself: commits, trees and blobs, nothing checked out."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import NamedTuple

from memctl.errors import MemctlError


class Commit(NamedTuple):
    sha: str
    time: int  # committer time, seconds since the epoch


class Repo:
    """A git repository seen from a folder inside it."""

    def __init__(self, top: Path, prefix: str, shallow: bool):
        self.top = top
        self.prefix = prefix  # the home, relative to the top, with `/` ("" at the top)
        self.shallow = shallow

    @classmethod
    def find(cls, folder: Path) -> Repo | None:
        """The repository holding `folder`, or None when it is not in one (or git is missing). Where a
        `.git` is there and git fails on it (`.git/objects` another user's or at mode 000, a `.git`
        file naming a folder that is gone), git cannot tell the history: said, not "not in one"."""
        try:
            out = _git(folder, "rev-parse", "--show-toplevel", "--is-shallow-repository", "--show-prefix")
        except MemctlError as error:
            marker = next((up / ".git" for up in (folder, *folder.parents) if os.path.lexists(up / ".git")), None)
            if marker is None or error.message.startswith("cannot run git") or not _a_repository(marker):
                return None
            said = error.message.removeprefix("fatal: ").strip()
            raise MemctlError(f"git cannot tell the history: it failed on this repository ({said})",
                              marker) from None
        top, shallow, prefix = (out.splitlines() + ["", "", ""])[:3]
        return cls(Path(top), prefix.rstrip("/"), shallow.strip() == "true")

    def timeline(self) -> list[tuple[Commit, dict[str, str | None]]]:
        """Every commit that touched the home, oldest first, with the files it changed there
        (path relative to the home -> new blob id, or None when deleted): one `git log` call.

        Merges are followed along their first parent; symlinks are left out (never followed).
        """
        try:
            out = _git(self.top, "log", "--reverse", "--first-parent", "-m", "--root", "--raw", "-z", "--no-renames",
                       "--no-abbrev", "--format=%x00commit %H %ct", "--", self.prefix or ".")
        except MemctlError as error:
            if "does not have any commits" in str(error):
                return []
            raise
        cut = len(self.prefix) + 1 if self.prefix else 0
        timeline: list[tuple[Commit, dict[str, str | None]]] = []
        fields = out.split("\0")
        i = 0
        while i < len(fields):
            field = fields[i].strip("\n")
            i += 1
            if field.startswith("commit "):
                _, sha, when = field.split()
                timeline.append((Commit(sha, int(when)), {}))
            elif field.startswith(":") and timeline:
                _, new_mode, _, new_blob, status = field[1:].split()[:5]
                path = fields[i][cut:]
                i += 1
                gone = status.startswith("D") or new_mode == "120000"
                timeline[-1][1][path] = None if gone else new_blob
        return timeline

    def blobs(self, ids: list[str]) -> dict[str, bytes]:
        """The contents of many blobs through one `git cat-file --batch`."""
        if not ids:
            return {}
        request = "".join(f"{blob}\n" for blob in ids).encode()
        result = subprocess.run(["git", "-C", str(self.top), "cat-file", "--batch"], input=request,
                                capture_output=True, check=False)
        if result.returncode != 0:
            raise MemctlError(f"git cat-file failed: {result.stderr.decode(errors='replace').strip()}", self.top)
        data, position, out = result.stdout, 0, {}
        for _ in ids:
            header_end = data.index(b"\n", position)
            header = data[position:header_end].decode().split()
            if len(header) != 3:  # "<id> missing": not in this (shallow) repository
                position = header_end + 1
                continue
            sha, _, size = header
            start = header_end + 1
            out[sha] = data[start : start + int(size)]
            position = start + int(size) + 1
        return out


def _a_repository(marker: Path) -> bool:
    """Whether a `.git` is a repository's (a folder holding `objects`, or a `gitdir:` file), not a
    bare marker (`.git/HEAD` alone, as a project's root is marked): a marker is no repository."""
    if not os.path.isdir(marker):
        return os.path.isfile(marker)
    try:
        os.lstat(marker / "objects")
    except FileNotFoundError:
        return False
    except OSError:
        return True  # `.git` itself cannot be entered (mode 000, another user's): git cannot read it either
    return True


def _git(folder: Path, *args: str) -> str:
    try:
        result = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, check=False)
    except OSError as exc:
        raise MemctlError(f"cannot run git ({exc.strerror})") from None
    if result.returncode != 0:
        raise MemctlError(result.stderr.decode(errors="replace").strip().splitlines()[-1] if result.stderr else
                          f"git {args[0]} failed", folder)
    return result.stdout.decode("utf-8", errors="replace")
