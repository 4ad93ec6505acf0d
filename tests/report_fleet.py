"""A fleet with a past, for `memctl report --fleet`: the homes of fixtures/homes copied into one git
repository, each index grown over five commits in November 2026 to what the fixture holds, and a
dispatch record in two of them. The browser test renders it; the screenshot in docs/ is of it:

    python -m tests.report_fleet docs/report-fleet.png
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOMES = ROOT / "fixtures" / "homes"
TODAY = "2026-11-23"
DAYS = ("2026-11-10", "2026-11-13", "2026-11-16", "2026-11-19", "2026-11-22")
SHARES = (0.5, 0.62, 0.75, 0.88, 1.0)  # of each index's lines, commit by commit
INDEXES = {  # each copied home's index, relative to the fleet
    "recipes": "recipes/MEMORY.md",
    "arc-repo": "arc-repo/memory/MEMORY.md",
    "volute": "volute/home/MEMORY.md",
    "openclaw": "openclaw/workspace/MEMORY.md",
    "claude-code": "claude-code/home/.claude/projects/-work-acme-billing/memory/MEMORY.md",
}
RECORDS = {  # dispatches, as `assemble --record` writes them: (day, tokens, files)
    "recipes": [("2026-11-20", 640, ["MEMORY.md", "topics/weeknight-recipes.md"]),
                ("2026-11-21", 590, ["MEMORY.md", "topics/weeknight-recipes.md"]),
                ("2026-11-23", 1010, ["MEMORY.md", "topics/weeknight-recipes.md", "topics/kitchen-log.md"])],
    "arc-repo": [("2026-11-18", 900, ["MEMORY.md", "topics/deploys.md"]),
                 ("2026-11-22", 870, ["MEMORY.md", "topics/deploys.md", "topics/incidents.md"])],
}


def git(root: Path, *args: str, day: str | None = None) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_CONFIG_GLOBAL": os.devnull}
    if day is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = f"{day}T12:00:00+00:00"
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)


def build_fleet(root: Path) -> Path:
    """The fleet in `root` (made), its working tree the fixtures' homes as they are."""
    root.mkdir(parents=True)
    for name in INDEXES:
        shutil.copytree(HOMES / name, root / name, ignore=shutil.ignore_patterns(".git", ".memctl"))
    (root / ".gitignore").write_text(".memctl/\n")
    whole = {name: (root / rel).read_text(encoding="utf-8") for name, rel in INDEXES.items()}
    git(root, "init", "-q", "-b", "main")
    for day, share in zip(DAYS, SHARES, strict=True):
        for name, rel in INDEXES.items():
            lines = whole[name].splitlines(keepends=True)
            (root / rel).write_text("".join(lines[: max(1, round(len(lines) * share))]), encoding="utf-8")
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", f"memory on {day}", day=day)
    for name, rows in RECORDS.items():
        state = (root / INDEXES[name]).parent / ".memctl"
        state.mkdir()
        lines = [json.dumps({"time": f"{day}T09:30:00+00:00", "skills": [], "topics": [], "query": None,
                             "tokens": tokens, "budget": 2000, "files": [{"path": p} for p in files],
                             "omitted": []}) + "\n" for day, tokens, files in rows]
        (state / "dispatches.jsonl").write_text("".join(lines), encoding="utf-8")
    return root


CHROMIUM = "/usr/bin/chromium"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
         "--host-resolver-rules=MAP * ~NOTFOUND")


def chromium(page: Path, scratch: Path, *extra: str, size: str = "1200,2000", timeout: float = 90) -> str:
    """Run Debian's chromium headless on a page (a fresh profile in `scratch`); its stdout."""
    profile = tempfile.mkdtemp(prefix="profile-", dir=scratch)
    done = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", f"--window-size={size}", *extra,
                           page.resolve().as_uri()], capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"chromium exited {done.returncode}: {done.stderr[-500:]}")
    return done.stdout


def page_requests(netlog: Path) -> list[str]:
    """The URLs a page asked for, from chromium's net log (`--log-net-log`): the requests made for
    a frame whose site is the file:// page (chromium's own, its update and sign-in checks, belong to
    no page and are left out). A file:// load is not a URL request: a page that fetches nothing
    has none."""
    data = json.loads(netlog.read_text(encoding="utf-8"))
    start = data["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    urls = []
    for event in data["events"]:
        params = event.get("params") or {}
        if event["type"] == start and "url" in params:
            page = "file://" in str(params.get("network_isolation_key", "")) or \
                "site=file://" in str(params.get("site_for_cookies", ""))
            if page:
                urls.append(str(params["url"]))
    return urls


def png_shape(path: Path, rows: int = 300) -> tuple[int, int, int, float]:
    """Width, height, the number of colours in the first `rows` rows, and the share of the commonest
    one, read with the standard library (zlib): the PNG chromium writes, 8-bit RGB or RGBA."""
    import struct
    import zlib
    from collections import Counter

    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, chunks, header = 8, [], b""
    while at < len(data):
        size, kind = struct.unpack(">I4s", data[at: at + 8])
        body = data[at + 8: at + 8 + size]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        at += 12 + size
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour in (2, 6), (depth, colour)
    step = 3 if colour == 2 else 4
    stride = width * step
    raw = zlib.decompress(b"".join(chunks))
    previous = bytearray(stride)
    counts: Counter[bytes] = Counter()
    for row in range(min(rows, height)):
        kind = raw[row * (stride + 1)]
        line = bytearray(raw[row * (stride + 1) + 1: (row + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up = previous[i]
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                corner = previous[i - step] if i >= step else 0
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))
                line[i] = (line[i] + near[2]) & 0xFF
        counts.update(bytes(line[i: i + 3]) for i in range(0, stride, step))
        previous = line
    return width, height, len(counts), counts.most_common(1)[0][1] / sum(counts.values())


def main(out: str) -> None:
    """Build the fleet, write its report, and screenshot the top of the page to `out`."""
    from typer.testing import CliRunner

    from memctl.cli.main import app

    target = Path(out).resolve()
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        fleet = build_fleet(base / "fleet")
        page = base / "fleet.html"
        os.chdir(base)
        env = {"MEMCTL_TODAY": TODAY, "MEMCTL_CACHE_DIR": str(base / "cache"), "COLUMNS": "100"}
        result = CliRunner().invoke(app, ["report", "--fleet", fleet.name, "-o", str(page)], env=env)
        if result.exit_code != 0:
            raise SystemExit(result.stderr)
        chromium(page, base, f"--screenshot={target}", size="1200,1500")
    print(f"{out}: {target.stat().st_size:,} bytes")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "report-fleet.png")


# --- reading a page back ---------------------------------------------------------------------------

class Page(HTMLParser):
    """What a test reads of a report page: every marked figure (data-n, data-v, its text), the ids,
    the links, the tags, and the text."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.figures: list[tuple[str, Any, str, str | None]] = []
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.sources: list[str] = []
        self.tags: set[str] = set()
        self.text: list[str] = []
        self._open: list[list[Any]] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tags.add(tag)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "a" and found.get("href") is not None:
            self.links.append(str(found["href"]))
        for name in ("src", "href", "xlink:href", "action", "data", "poster"):
            if found.get(name) is not None:
                self.sources.append(str(found[name]))
        if tag == "span":
            figure = [found["data-n"], json.loads(str(found["data-v"])), "", found.get("data-f")] \
                if "data-n" in found else None
            self._open.append(figure)  # type: ignore[arg-type]

    def handle_endtag(self, tag: str) -> None:
        if tag == "span" and self._open:
            figure = self._open.pop()
            if figure is not None:
                self.figures.append((figure[0], figure[1], figure[2], figure[3]))

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        for figure in self._open:
            if figure is not None:
                figure[2] += data


def shown(value: Any, kind: str | None) -> str:
    """How the page writes a figure (marks.num, marks.room)."""
    if value is None:
        return "—"
    if kind == "pct":
        return f"{value:.0%}"
    if kind == "neg":
        return f"{-value:,}"
    return f"{value:,}"


def at(value: Any, key: str) -> Any:
    for part in key.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def check_figures(page: Page, homes: list[dict[str, Any]]) -> set[str]:
    """Every figure on the page is the value at its place in `homes` (each home's status, history
    and lint JSON, as the commands print them), and written as that value; a fleet row's count of
    topics over budget is the count in status's topics. The places seen."""
    report = {"homes": [{**home, "summary": {"over_budget": sum(t["over_budget"] for t in home["status"]["topics"])}}
                        for home in homes]}
    assert page.figures, "no figure marked on the page"
    for key, value, text, kind in page.figures:
        assert at(report, key) == value, key
        assert text == shown(value, kind), (key, text)
    return {key for key, _, _, _ in page.figures}


def reports_of(cli: Any, path: str) -> dict[str, Any]:
    """A home's figures as the three commands print them (`--format json`)."""
    def as_json(*args: str) -> Any:
        result = cli(*args, "--format", "json")
        assert result.exit_code in (0, 1), result.stderr
        return json.loads(result.stdout)

    return {"status": as_json("status", path), "history": as_json("history", path, "--dispatches"),
            "lint": as_json("lint", path)}


def required(home: dict[str, Any], k: str) -> set[str]:
    """The figures a home's section must show, by their place (`k` the home's: `homes.0`)."""
    status, history = home["status"], home["history"]
    index = status["index"]
    keys = {f"{k}.lint.summary.{name}" for name in ("errors", "warnings", "files")}
    keys |= {f"{k}.status.index.headroom.{m}.{f}" for m, room in index["headroom"].items() if room
             for f in ("used", "limit", "left")}
    keys |= {f"{k}.status.index.sections.{n}.{f}" for n in range(len(index["sections"]))
             for f in ("tokens", "lines", "share")}
    keys |= {f"{k}.status.topics.{n}.tokens" for n in range(len(status["topics"]))}
    keys |= {f"{k}.status.totals.always_loaded.{n}.tokens" for n in range(len(status["totals"]["always_loaded"]))}
    keys.add(f"{k}.status.totals.always_loaded_tokens")
    if index["load_cap"]["capped"]:
        keys.add(f"{k}.status.index.load_cap.loaded_lines")
    for n, _ in enumerate((status.get("stack") or {}).get("files", [])):
        keys.add(f"{k}.status.stack.files.{n}.tokens")
    for n, _ in enumerate((status.get("bootstrap") or {}).get("files", [])):
        keys |= {f"{k}.status.bootstrap.files.{n}.{f}" for f in ("raw", "injected", "tokens")}
    for n, period in enumerate(history["periods"]):
        keys.add(f"{k}.history.periods.{n}.commits")
        if period["index"]:
            keys |= {f"{k}.history.periods.{n}.index.{m}" for m in ("counted_lines", "bytes", "tokens")}
    if history["dispatches"]:
        keys.add(f"{k}.history.dispatches.dispatches")
        keys |= {f"{k}.history.dispatches.most_loaded.{n}.dispatches"
                 for n in range(len(history["dispatches"]["most_loaded"]))}
    return keys
