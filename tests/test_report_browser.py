"""`memctl report` in a real browser (issue 30): Debian's chromium, headless, renders a fleet's page.
It must render (a screenshot of many colours), show status's, history's and lint's figures in its
DOM, and ask the network for nothing. Two launches: the page, and a control page that does fetch,
so the request check is seen to catch one.

`make test` installs chromium (apt-get, as root) when /usr/bin/chromium is missing. Without it
this test fails, in CI and as root; only a developer's machine without root, outside CI, skips it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.report_fleet import (
    CHROMIUM,
    TODAY,
    Page,
    build_fleet,
    check_figures,
    chromium,
    page_requests,
    png_shape,
    reports_of,
    required,
)

FLEET = ["fleet/arc-repo/memory", "fleet/claude-code/home/.claude/projects/-work-acme-billing/memory",
         "fleet/openclaw/workspace", "fleet/recipes", "fleet/volute/home"]


@pytest.fixture
def browser() -> str:
    if os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    why = (f"{CHROMIUM} is not installed: `make test` installs Debian's chromium when it runs as root "
           "(apt-get install -y chromium)")
    if os.environ.get("CI") or os.geteuid() == 0:
        pytest.fail(f"{why}; the browser test cannot run without it")
    pytest.skip(f"{why}; skipped on this machine (not root, not CI)")


def test_the_fleet_page_renders_in_chromium_with_status_s_figures_and_no_request(browser, cli, tmp_path,
                                                                                 monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", TODAY)
    build_fleet(tmp_path / "fleet")
    monkeypatch.chdir(tmp_path)
    page = tmp_path / "fleet.html"
    result = cli("report", "--fleet", "fleet", "-o", str(page))
    assert result.exit_code == 0, result.stderr
    html = page.read_text(encoding="utf-8")
    assert "http://" not in html and "https://" not in html and "url(" not in html and "@import" not in html

    shot, netlog = tmp_path / "fleet.png", tmp_path / "net.json"
    dom = chromium(page, tmp_path, f"--screenshot={shot}", "--dump-dom", f"--log-net-log={netlog}")

    width, height, colours, commonest = png_shape(shot)
    assert (width, height) == (1200, 2000) and shot.stat().st_size > 20_000
    assert colours >= 16 and commonest < 0.98  # text, bars and the background, not one colour

    rendered = Page(dom)
    assert "script" not in rendered.tags and rendered.sources == [f"#home-{n}" for n in range(1, 6)]
    homes = [reports_of(cli, path) for path in FLEET]
    seen = check_figures(rendered, homes)  # every figure in the browser's DOM is the commands' own
    for n, home in enumerate(homes):
        assert required(home, f"homes.{n}") <= seen
    assert {key for key, *_ in rendered.figures} == {key for key, *_ in Page(html).figures}
    assert page_requests(netlog) == []


def test_the_request_check_sees_a_page_that_fetches(browser, tmp_path):
    control = tmp_path / "control.html"
    control.write_text('<!DOCTYPE html><p>x</p><img src="http://images.example/a.png">'
                       '<link rel="stylesheet" href="https://fonts.example/a.css">')
    netlog = tmp_path / "net.json"
    chromium(control, tmp_path, f"--log-net-log={netlog}", "--dump-dom", size="400,300")
    assert sorted(page_requests(netlog)) == ["http://images.example/a.png", "https://fonts.example/a.css"]


def test_the_screenshot_reader_tells_one_colour_from_many(tmp_path):
    """png_shape on PNGs made here with zlib: one colour, and two (each filter type in turn)."""
    import struct
    import zlib

    def png(rows: list[bytes]) -> Path:
        def chunk(kind: bytes, body: bytes) -> bytes:
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

        path = tmp_path / f"{len(list(tmp_path.iterdir()))}.png"
        header = struct.pack(">IIBBBBB", 4, len(rows), 8, 2, 0, 0, 0)
        path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows)))
                         + chunk(b"IEND", b""))
        return path

    white = b"\xff" * 12
    assert png_shape(png([b"\x00" + white] * 3)) == (4, 3, 1, 1.0)
    red_first = b"\xff\x00\x00" + b"\xff" * 9
    # row 2 Sub-filtered, rows 3 and 4 Up- and Paeth-filtered (the row above again): red, then white
    sub = b"\x01" + bytes([0xFF, 0, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0])
    up, paeth = b"\x02" + bytes(12), b"\x04" + bytes(12)
    width, height, colours, commonest = png_shape(png([b"\x00" + red_first, sub, up, paeth]))
    assert (width, height, colours) == (4, 4, 2) and commonest == 0.75
