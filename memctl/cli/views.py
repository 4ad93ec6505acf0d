"""Human renderers: pure functions from a report to a string. Only the CLI layer uses rich."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

WIDTH = 120


def _console(color: bool, width: int) -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    console = Console(
        file=buffer, force_terminal=color, no_color=not color, width=width, highlight=False,
        emoji=False, markup=False, color_system="standard" if color else None,
    )
    return console, buffer


def _n(value: int | None) -> str:
    return "—" if value is None else f"{value:,}"


def _room(entry: dict[str, Any] | None) -> Text:
    if entry is None:
        return Text("—")
    if entry["over"]:
        return Text(f"OVER by {-entry['left']:,}", style="bold red")
    share = entry["used"] / entry["limit"]
    return Text(f"{entry['left']:,} left ({share:.0%})", style="yellow" if share >= 0.9 else "green")


def render_status_text(report: dict[str, Any], color: bool = False, width: int = WIDTH) -> str:
    console, buffer = _console(color, width)
    index = report["index"]
    console.print(
        Text(f"{report['home']}: profile {report['profile']}, tokenizer {report['tokenizer']} "
             "(token counts are estimates for Claude models)", style="bold")
    )
    table = Table(title=f"Index {index['path']}", title_justify="left", expand=False)
    for column in ("measure", "used", "limit", "headroom"):
        table.add_column(column, justify="right" if column != "measure" else "left")
    for measure in ("lines", "bytes", "chars", "tokens"):
        room = index["headroom"].get(measure)
        if measure == "chars" and room is None:
            continue
        table.add_row(measure, _n(index[measure]), _n(room["limit"]) if room else "—", _room(room))
    console.print(table)
    cap = index["load_cap"]
    if cap["capped"]:
        console.print(Text(
            f"Load cap ({cap['description']}): only {cap['loaded_lines']:,} of {index['lines']:,} lines load; "
            f"the cut falls in {cap['cut_section']!r} at line {cap['cut_line']:,}.", style="bold red"))
    else:
        console.print(f"Load cap ({cap['description']}): the whole index loads.")

    sections = Table(title="Sections", title_justify="left")
    for column in ("heading", "lines", "count", "tokens", "share", "loads"):
        sections.add_column(column, justify="left" if column in ("heading", "loads") else "right")
    for part in index["sections"]:
        heading = part["heading"] or f"({part['kind'].replace('_', ' ')})"
        if part["level"] > 1:
            heading = "  " * (part["level"] - 1) + heading
        loads = {"full": Text("yes", style="green"), "none": Text("no", style="red")}.get(part["loaded"]) or Text(
            f"cut: {part['loaded_lines']} of {part['lines']} lines", style="bold yellow")
        sections.add_row(heading, f"{part['start_line']}–{part['end_line']}", _n(part["lines"]),
                         _n(part["tokens"]), f"{part['share']:.0%}", loads)
    console.print(sections)

    if report["topics"]:
        budget = report["topics"][0]["budget"]
        topics = Table(title=f"Topics (budget {_n(budget)} tokens each)", title_justify="left")
        for column in ("path", "tokens", "linked", "loads", "skills", "updated", "expires"):
            topics.add_column(column, justify="right" if column == "tokens" else "left",
                              no_wrap=column == "path",
                              overflow="fold")
        for topic in report["topics"]:
            tokens = Text(_n(topic["tokens"]) + (" OVER" if topic["over_budget"] else ""),
                          style="bold red" if topic["over_budget"] else "")
            expires = Text(f"{topic['expires']} (expired)", style="red") if topic["expired"] else Text(
                topic["expires"] or "")
            topics.add_row(topic["path"], tokens, "yes" if topic["linked"] else "no",
                           "always" if topic["always"] else "on demand", ", ".join(topic["skills"]),
                           topic["updated"] or "", expires)
        console.print(topics)
    else:
        console.print("No topic files.")
    totals = report["totals"]
    console.print(
        f"Tokens: {totals['always_loaded_tokens']:,} always loaded, {totals['on_demand_tokens']:,} on demand, "
        f"{totals['archived_tokens']:,} archived ({report['archive']['files']} archive files)."
    )
    return buffer.getvalue()


def render_fleet_text(reports: list[dict[str, Any]], color: bool = False, width: int = WIDTH) -> str:
    console, buffer = _console(color, width)
    table = Table(title="Memory homes", title_justify="left")
    for column in ("home", "lines", "bytes", "tokens", "headroom", "load cap", "topics", "on demand", "archived"):
        table.add_column(column, justify="left" if column in ("home", "headroom", "load cap") else "right",
                         no_wrap=column == "home", overflow="fold")
    for report in reports:
        index = report["index"]
        rooms = [r for r in index["headroom"].values() if r]
        worst = min(rooms, key=lambda r: r["left"] / r["limit"]) if rooms else None
        cap = Text("cut", style="bold red") if index["load_cap"]["capped"] else Text("ok", style="green")
        table.add_row(report["home"], _n(index["lines"]), _n(index["bytes"]), _n(index["tokens"]), _room(worst),
                      cap, _n(len(report["topics"])), _n(report["totals"]["on_demand_tokens"]),
                      _n(report["totals"]["archived_tokens"]))
    console.print(table)
    return buffer.getvalue()
