"""`memctl report`'s page: one self-contained HTML document, pure from the report value.

No script, no stylesheet, font or image from anywhere (a Content-Security-Policy says so to the
browser too): inline CSS and inline SVG, readable with JavaScript off and printed. Every text that
comes from a memory (a heading, a path, a lint message) is redacted as every other output is, then
escaped: memory is untrusted input. Each figure carries `data-n`, where it is in the report (the
`status`, `history` and `lint` JSON of its home), and `data-v`, its value, so a test or a script
can check the page against those commands.
"""

from __future__ import annotations

from typing import Any

from memctl import __version__
from memctl.hosts import host
from memctl.render import svg
from memctl.render.marks import esc, num, room
from memctl.render.sections import dispatches, growth, headroom, lint, problems, sections, start_up, topics
from memctl.render.style import CSS

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'"


def render_html(report: dict[str, Any]) -> str:
    """The page for one home, or for a fleet: a table of homes, each linking to its section."""
    homes = report["homes"]
    fleet = report["fleet"]
    title = f"memctl report: {fleet if fleet is not None else homes[0]['home']}"
    unreadable = report.get("unreadable") or []
    body = [f"<header><h1>{esc(title)}</h1>{_generated(homes, len(unreadable))}</header>"]
    if fleet is not None:
        body.append(_fleet(homes, unreadable))
    body += [_home(home, n) for n, home in enumerate(homes)]
    body.append(f'<footer>memctl {esc(__version__)}: the figures are those of <code>status</code>, '
                f'<code>history --dispatches</code> and <code>lint</code> with <code>--format json</code>.</footer>')
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<meta name="generator" content="memctl {esc(__version__)}">\n'
            f"<title>{esc(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def _generated(homes: list[dict[str, Any]], unreadable: int = 0) -> str:
    until = homes[0]["history"]["until"][:10] if homes else ""
    count = f"{len(homes):,} {'home' if len(homes) == 1 else 'homes'}"
    if unreadable:
        count += f' (and <span class="over">{unreadable:,} that could not be read</span>)'
    return f'<p class="meta">{count}{f", as of {esc(until)}" if until else ""}.</p>'


def _unreadable(unreadable: list[dict[str, str]]) -> str:
    """The fleet's homes that could not be read, each with its path and its one-line error."""
    if not unreadable:
        return ""
    items = "".join(f'<li><code>{esc(bad["home"])}</code>: {esc(bad["error"])}</li>' for bad in unreadable)
    return (f'<h3 class="over">{len(unreadable):,} {"home" if len(unreadable) == 1 else "homes"} could not be '
            f'read, and {"is" if len(unreadable) == 1 else "are"} not on this page</h3><ul>{items}</ul>')


def _fleet(homes: list[dict[str, Any]], unreadable: list[dict[str, str]] | None = None) -> str:
    rows = []
    for n, home in enumerate(homes):
        k = f"homes.{n}"
        summary = home["summary"]
        status = home["status"]
        tight = summary["tightest"]
        if tight is None:
            headroom_cell = "no limit"
        else:
            tk = f"{k}.{tight['key']}"
            headroom_cell = (f'{esc(tight["name"])}: {svg.bar(tight["used"], tight["limit"], width=120)} '
                             f'{room(tight, tk)}')
        cap = '<span class="over">cut</span>' if summary["capped"] else '<span class="ok">whole</span>'
        forecast = summary["forecast"]
        trend = esc(forecast["trend"]) if forecast else "no git history"
        if forecast and forecast.get("reaches_on"):
            trend += f" (limit around {esc(forecast['reaches_on'])})"
        elif forecast and forecast.get("over_since"):
            trend += f" (since {esc(forecast['over_since'])})"
        rows.append(
            f'<tr><td><a href="#home-{n + 1}">{esc(home["home"])}</a></td>'
            f'<td class="host">{esc(status["profile"])}</td>'
            f'<td>{headroom_cell}</td><td>{cap}</td>'
            f'<td class="r">{num(summary["over_budget"], f"{k}.summary.over_budget")}</td>'
            f'<td class="r">{num(summary["errors"], f"{k}.lint.summary.errors")} / '
            f'{num(summary["warnings"], f"{k}.lint.summary.warnings")}</td>'
            f'<td>{svg.sparkline(summary["growth"])} {trend}</td></tr>')
    head = ("<tr><th>home</th><th>host</th><th>tightest headroom</th><th>index loads</th>"
            "<th>topics over budget</th><th>errors / warnings</th><th>growth (index tokens)</th></tr>")
    return (f'<section class="fleet"><h2>Fleet</h2><table class="wide"><thead>{head}</thead>'
            f'<tbody>{"".join(rows)}</tbody></table>{_unreadable(unreadable or [])}</section>')


def _home(home: dict[str, Any], n: int) -> str:
    k = f"homes.{n}"
    status = home["status"]
    parts = [f'<section class="home" id="home-{n + 1}">',
             f"<h2>{esc(home['home'])}</h2>",
             f'<p class="meta">host profile {esc(status["profile"])} ({esc(status["profile_reason"])}), '
             f'tokenizer {esc(status["tokenizer"])} ({esc(host(status["profile"]).count_note(status["tokenizer"]))})'
             '</p>',
             headroom(home, k),
             start_up(status, f"{k}.status"),
             sections(status, f"{k}.status"),
             topics(status, f"{k}.status"),
             growth(home["history"], status, f"{k}.history"),
             dispatches(home["history"], f"{k}.history"),
             lint(home["lint"], f"{k}.lint"),
             problems(status, f"{k}.status"),
             "</section>"]
    return "\n".join(p for p in parts if p)
