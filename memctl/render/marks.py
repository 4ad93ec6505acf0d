"""The page's two primitives: memory text made safe, and a figure marked with where it comes from."""

from __future__ import annotations

import html
import json
from typing import Any

from memctl.model.secrets import redact


def esc(text: object) -> str:
    """Memory text for the page: credentials cut to four characters (as `emit` does), then escaped
    (memory is untrusted: a heading `<script>` is shown, never run)."""
    return html.escape(redact(str(text)), quote=True)


def num(value: Any, key: str, pct: bool = False) -> str:
    """A figure of the report: `data-n` its place in the report value (`homes.0.status.index.tokens`),
    `data-v` its value as JSON, the text as a person reads it (`4,549`; a share as `24%`)."""
    if value is None:
        shown = "—"
    elif pct:
        shown = f"{value:.0%}"
    else:
        shown = f"{value:,}"
    kind = ' data-f="pct"' if pct else ""
    return f'<span class="n" data-n="{esc(key)}" data-v="{esc(json.dumps(value))}"{kind}>{shown}</span>'


def room(entry: dict[str, Any], key: str) -> str:
    """Headroom that cannot be misread: `82% used, 4,429 left`, or `OVER by 45` (shown as minus
    `left`, marked `data-f="neg"`)."""
    if entry["over"]:
        return (f'<span class="over">OVER by <span class="n" data-n="{esc(key)}.left" data-v="{entry["left"]}" '
                f'data-f="neg">{-entry["left"]:,}</span></span>')
    share = entry["used"] / entry["limit"]
    used = f"{share:.1%}" if 0.99 <= share < 1 or 0 < share < 0.01 else f"{share:.0%}"
    left = num(entry["left"], key + ".left")
    return f'<span class="{"warn" if share >= 0.9 else "ok"}">{used} used, {left} left</span>'
