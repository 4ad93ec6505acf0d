"""`memctl undo`: take back the last write (or a named one), byte for byte, through the journal."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from memctl.cli.common import DiffOpt, FormatOpt, TextOrJson, app, emit, emit_json, err, fail, path_argument
from memctl.errors import MemctlError
from memctl.words import plural

if TYPE_CHECKING:
    from memctl.safe.journal import TakenBack
    from memctl.safe.undo import Record

FILES_SHOWN = 5  # files listed under each write in the text of --list (JSON lists them all)


@app.command(short_help="Take back the last write (or a named one), byte for byte.")
def undo(
    path: Annotated[Path, path_argument("The memory home.")] = Path("."),
    write_id: Annotated[str | None, typer.Argument(
        metavar="ID", help="The write to take back (from --list; 4 or more of its characters).")] = None,
    list_: Annotated[bool, typer.Option(
        "--list", help="List the writes that can be taken back; change nothing.")] = False,
    diff: DiffOpt = False,
    format: FormatOpt = TextOrJson.text,
) -> None:
    """Take back the last write memctl made in a home, byte for byte, or the one ID names.

    Any write: split, consolidate, rollup, capture, lint --fix, hook pre-compact, append, init.
    Every file goes back to the bytes it held before the write: the files the write made (topics,
    archive copies, snapshots) are removed, the files it changed are restored, the files it removed
    are made again. The undo is itself a write through the journal, so a crash part-way is finished
    or undone by the next command. It is refused (exit 2, one line naming the file, nothing written)
    when a file it would restore changed since. With an ID it takes back that write, if its files
    have not changed since. With --diff it prints what it would write and writes nothing.

    An undo is recorded too: `memctl undo` again takes back the write before (it steps back), and
    `memctl undo ID` with the undo's own id redoes the write. memctl keeps the last 100 writes (at
    most 64 MiB of them, oldest dropped first) in .memctl/undo/, which `memctl init` keeps out of git
    and `cache clear` never touches; a record memctl did not write for this home is reported and
    never acted on.

    \b
    Examples:
      memctl undo memory/
      memctl undo memory/ --list
      memctl undo memory/ 3f9a1c2b7d4e --diff
    """
    from memctl.model.home import resolve_home
    from memctl.safe.journal import take_back
    from memctl.safe.undo import looks_like_id

    if write_id is None and not os.path.isdir(path) and looks_like_id(str(path)):
        path, write_id = Path("."), str(path)  # `memctl undo ID`, in the home it is run from
    try:
        root, _ = resolve_home(str(path))
        if list_ or diff:  # only a look: an interrupted write is said, and left for the next write
            from memctl.safe.trust import pending_notices

            for notice in pending_notices(root, str(path)):
                err(f"warning: {notice}")
        if list_:
            if write_id is not None:
                raise MemctlError("--list takes no ID: it lists every write that can be taken back")
            _list(root, format)
            return
        done = take_back(root, write_id, apply=not diff)
    except MemctlError as error:
        fail(error)
    for line in done.refused:
        err(f"warning: {line}")
    if diff:
        from memctl.commands.diff import unified_diff

        emit(unified_diff(done.plan), redacted=True)
        return
    if format is TextOrJson.json:
        emit_json(_taken_back_json(done))
        return
    err(_taken_back_text(done, str(path)))


def _list(root: str, format: TextOrJson) -> None:
    from memctl.safe.undo import blocker, records, refusal

    found, refused_records = records(root)
    refused = [refusal(r) for r in refused_records]
    for line in refused:
        err(f"warning: {line}")
    nxt = next((r.id for r in found if not r.is_undo), None)
    rows = [(r, blocker(root, r)) for r in found]
    if format is TextOrJson.json:
        emit_json({"home": root, "writes": [_record_json(r, b, r.id == nxt) for r, b in rows],
                   "refused": refused})
        return
    emit(render_list(rows, nxt) if rows else "nothing to take back: memctl has recorded no write in this home")


def _change(change: Any) -> str:
    return "removed" if change.removed else "created" if change.before is None else "changed"


def _record_json(record: Record, blocked: tuple[str, str] | None, is_next: bool) -> dict[str, Any]:
    return {"id": record.id, "command": record.what, "label": record.label, "time": record.time,
            "undoes": record.undoes._asdict() if record.undoes is not None else None,
            "files": [{"path": c.rel, "change": _change(c)} for c in record.changes],
            "can_undo": blocked is None, "blocked": f"{blocked[0]}: {blocked[1]}" if blocked else None,
            "next": is_next}


def render_list(rows: list[tuple[Record, tuple[str, str] | None]], nxt: str | None) -> str:
    """`undo --list` in words: each write, newest first, with its files and whether it can be taken back."""
    lines = []
    for record, blocked in rows:
        state = (f"blocked: {blocked[0]} {blocked[1].split(' (')[0]}" if blocked
                 else "next: `memctl undo` takes this back" if record.id == nxt else "can be taken back")
        lines.append(f"{record.id}  {record.time}  {record.label}  ({state})")
        for change in record.changes[:FILES_SHOWN]:
            lines.append(f"    {_change(change):7}  {change.rel}")
        if len(record.changes) > FILES_SHOWN:
            lines.append(f"    … and {plural(len(record.changes) - FILES_SHOWN, 'more file')}")
    return "\n".join(lines)


def _taken_back_json(done: TakenBack) -> dict[str, Any]:
    record = done.record
    return {"undone": {"id": record.id, "command": record.what, "label": record.label, "time": record.time},
            "redo": record.is_undo, "written": done.written,
            "files": [{"path": c.rel, "change": _change(c)} for c in done.plan.changes],
            "record": done.record_id}


def _taken_back_text(done: TakenBack, shown: str) -> str:
    record = done.record
    counts: dict[str, int] = {}
    for change in done.plan.changes:
        counts[_change(change)] = counts.get(_change(change), 0) + 1
    parts = [f"restored {plural(counts['changed'], 'file')}" if counts.get("changed") else "",
             f"removed {counts['removed']:,} it had made" if counts.get("removed") else "",
             f"remade {counts['created']:,} it had removed" if counts.get("created") else ""]
    what = ", ".join(part for part in parts if part)
    undone = record.undoes.command if record.undoes is not None else record.what
    head = (f"redid `memctl {undone}` (took back the undo {record.id})" if record.is_undo
            else f"took back `memctl {record.what}` {record.id} ({record.time})")
    home = "" if shown == "." else f"{shown} "
    if done.record_id is None:
        tail = "this undo could not be recorded, so it cannot be taken back"
    elif record.is_undo:
        tail = f"`memctl undo {home}{done.record_id}` takes it back again"
    else:
        tail = f"`memctl undo {home}{done.record_id}` redoes it"
    return f"{head}: {what}; {tail}"
