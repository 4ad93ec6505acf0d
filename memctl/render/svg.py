"""Inline SVG for the report page: bars, sparklines, a growth chart. No script, no external
reference; every text that goes in is escaped by the caller's `esc`."""

from __future__ import annotations

from collections.abc import Callable, Sequence

OK, WARN, OVER, TRACK, INK, SOFT = "#2e7d32", "#e0a100", "#c62828", "#e6e8eb", "#1f2933", "#5f6b7a"
LINE, FORECAST = "#1565c0", "#7b8794"


def color(share: float) -> str:
    return OVER if share > 1 else WARN if share >= 0.9 else OK


def bar(used: int, limit: int, width: int = 220, height: int = 12, fill: str | None = None) -> str:
    """`used` of `limit`: the share filled; past the limit the bar is full, with a mark where the
    limit falls (245 of 200: the mark at 82%)."""
    share = used / limit if limit else 0.0
    shown = min(share, 1.0) * width
    mark = f'<rect x="{width / share - 1:.1f}" width="2" height="{height}" fill="{INK}"/>' if share > 1 else ""
    return (f'<svg class="bar" width="{width}" height="{height}" viewBox="0 0 {width} {height}" aria-hidden="true">'
            f'<rect width="{width}" height="{height}" rx="2" fill="{TRACK}"/>'
            f'<rect width="{shown:.1f}" height="{height}" rx="2" fill="{fill or color(share)}"/>{mark}</svg>')


def budget_bar(value: int, budget: int | None, scale: int, width: int = 220, height: int = 12) -> str:
    """A topic's size on a scale shared by its home's topics, with its budget as a line."""
    share = value / scale if scale else 0.0
    over = bool(budget and value > budget)
    line = ""
    if budget:
        x = min(budget / scale, 1.0) * width if scale else 0
        line = f'<rect x="{max(x - 1, 0):.1f}" width="2" height="{height}" fill="{INK}"/>'
    return (f'<svg class="bar" width="{width}" height="{height}" viewBox="0 0 {width} {height}" aria-hidden="true">'
            f'<rect width="{width}" height="{height}" rx="2" fill="{TRACK}"/>'
            f'<rect width="{min(share, 1.0) * width:.1f}" height="{height}" rx="2" fill="{OVER if over else LINE}"/>'
            f'{line}</svg>')


SHADES = ("#1565c0", "#64b5f6", "#0d47a1", "#90caf9", "#42a5f5", "#1e88e5")


def swatch(n: int, size: int = 10) -> str:
    """The shade of part `n` of a `stacked` bar, for its row in the table below it."""
    return (f'<svg width="{size}" height="{size}" aria-hidden="true"><rect width="{size}" height="{size}" '
            f'fill="{SHADES[n % len(SHADES)]}"/></svg>')


def stacked(parts: Sequence[int], width: int = 640, height: int = 18) -> str:
    """Parts of a whole side by side (what every request carries, file by file)."""
    total = sum(parts) or 1
    x, rects = 0.0, []
    for n, value in enumerate(parts):
        w = value / total * width
        fill = SHADES[n % len(SHADES)]
        rects.append(f'<rect x="{x:.1f}" width="{max(w - 1, 0):.1f}" height="{height}" fill="{fill}"/>')
        x += w
    return (f'<svg class="stack" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            f'aria-hidden="true">{"".join(rects)}</svg>')


def sparkline(values: Sequence[int | None], width: int = 120, height: int = 24) -> str:
    known = [v for v in values if v is not None]
    if not known:
        return ""
    low, high = min(known), max(known)
    span = (high - low) or 1
    step = width / max(len(values) - 1, 1)
    points = [f"{n * step:.1f},{height - 2 - (v - low) / span * (height - 4):.1f}"
              for n, v in enumerate(values) if v is not None]
    dots = "" if len(points) > 1 else f'<circle cx="{points[0].split(",")[0]}" cy="{height / 2}" r="2" fill="{LINE}"/>'
    return (f'<svg class="spark" width="{width}" height="{height}" viewBox="0 0 {width} {height}" aria-hidden="true">'
            f'<polyline points="{" ".join(points)}" fill="none" stroke="{LINE}" stroke-width="1.5"/>{dots}</svg>')


def columns(values: Sequence[int], width: int = 320, height: int = 48) -> str:
    """Counts per period as columns (dispatches a day)."""
    top = max(values, default=0) or 1
    w = width / max(len(values), 1)
    rects = [f'<rect x="{n * w + 1:.1f}" y="{height - v / top * height:.1f}" width="{max(w - 2, 1):.1f}" '
             f'height="{v / top * height:.1f}" fill="{LINE}"/>' for n, v in enumerate(values) if v]
    return (f'<svg class="cols" width="{width}" height="{height}" viewBox="0 0 {width} {height}" aria-hidden="true">'
            f'<rect y="{height - 1}" width="{width}" height="1" fill="{SOFT}"/>{"".join(rects)}</svg>')


def growth_chart(values: Sequence[int | None], names: Sequence[str], limits: Sequence[tuple[str, int]],
                 per_period: float | None, esc: Callable[[str], str], width: int = 520, height: int = 170) -> str:
    """One measure over the periods, from 0; each limit as a dashed red line with its label; the
    forecast's rate (`per_period`, history's least-squares fit) as a dashed grey line past the last
    period, over a third as many periods again."""
    left, right, top, bottom = 54, 12, 10, 22
    known = [(n, v) for n, v in enumerate(values) if v is not None]
    ahead = max(2, len(values) // 3) if per_period is not None and known else 0
    slots = max(len(values) - 1 + ahead, 1)
    projected = known[-1][1] + per_period * ahead if ahead and per_period is not None else None
    high = max([v for _, v in known] + [limit for _, limit in limits] + ([projected] if projected else []) + [1])
    high *= 1.08
    inner_w, inner_h = width - left - right, height - top - bottom

    def x(n: float) -> float:
        return left + n / slots * inner_w

    def y(v: float) -> float:
        return top + inner_h - max(v, 0) / high * inner_h

    out = [f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" aria-hidden="true">',
           f'<rect x="{left}" y="{top + inner_h}" width="{inner_w}" height="1" fill="{SOFT}"/>',
           f'<text x="{left - 6}" y="{top + inner_h + 4}" text-anchor="end" class="t">0</text>',
           f'<text x="{left - 6}" y="{top + 10}" text-anchor="end" class="t">{round(high):,}</text>']
    for label, limit in limits:
        out.append(f'<line x1="{left}" x2="{left + inner_w}" y1="{y(limit):.1f}" y2="{y(limit):.1f}" stroke="{OVER}" '
                   f'stroke-dasharray="5 3"/><text x="{left + inner_w - 2}" y="{y(limit) - 3:.1f}" text-anchor="end" '
                   f'class="t lim">{esc(label)} {limit:,}</text>')
    if known:
        points = " ".join(f"{x(n):.1f},{y(v):.1f}" for n, v in known)
        out.append(f'<polyline points="{points}" fill="none" stroke="{LINE}" stroke-width="2"/>')
        out += [f'<circle cx="{x(n):.1f}" cy="{y(v):.1f}" r="2.5" fill="{LINE}"/>' for n, v in known]
        if projected is not None:
            n, v = known[-1]
            out.append(f'<line x1="{x(n):.1f}" y1="{y(v):.1f}" x2="{x(len(values) - 1 + ahead):.1f}" '
                       f'y2="{y(projected):.1f}" stroke="{FORECAST}" stroke-width="2" stroke-dasharray="4 3"/>')
    if names:
        out.append(f'<text x="{x(0):.1f}" y="{height - 6}" class="t">{esc(names[0])}</text>')
        if len(names) > 1:
            out.append(f'<text x="{x(len(names) - 1):.1f}" y="{height - 6}" text-anchor="end" class="t">'
                       f'{esc(names[-1])}</text>')
    out.append("</svg>")
    return "".join(out)
