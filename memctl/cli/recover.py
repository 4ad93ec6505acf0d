"""`memctl recover`: finish or undo an interrupted write, and remove what it left behind."""

from __future__ import annotations

from pathlib import Path

from memctl.cli.common import FormatOpt, HomeArg, TextOrJson, app, emit, emit_json, fail
from memctl.errors import MemctlError


@app.command(short_help="Finish or undo an interrupted write; remove what it left behind.")
def recover(path: HomeArg = Path("."), format: FormatOpt = TextOrJson.text) -> None:
    """Finish or undo a write that was interrupted (a crash, a kill, a full disk), and remove its temporary files.

    Every memctl command that writes does this first; a command that only reads (status, lint,
    assemble, history) reports the unfinished write and leaves it, so run this to finish it.
    A write still in progress is no interrupted one: it is said (its command and process id)
    and left to finish. It acts on the one home PATH names, never on a home nested below it (a
    folder with its own .memctl/); a folder that is no home is refused, and nothing is written.
    A write is finished when every file is still as it was or as planned; when another program
    changed one of them since, the write is undone instead. Nothing a user wrote is removed. Only
    journals your memctl wrote for this home are acted on: one that came with a repository, or
    was made elsewhere, is reported and left alone. The temporary files a killed `hook install
    --apply` left beside the project's or your Claude Code settings are removed too.

    \b
    Examples:
      memctl recover memory/
      memctl recover memory/ --format json
    """
    from memctl.commands.recover import check_home
    from memctl.hosts.claude_code import project_of, settings_path, sweep_settings_temps
    from memctl.model.home import resolve_home
    from memctl.safe.journal import recover_home

    try:
        root, _ = resolve_home(str(path))
        check_home(root, str(path))
        report = recover_home(root)
        for scope in ("project", "user"):  # what a killed `hook install --apply` left beside the settings
            report["removed"] += sweep_settings_temps(settings_path(scope, project_of(root)))
    except MemctlError as error:
        fail(error)
    if format is TextOrJson.json:
        emit_json(report)
        return
    from memctl.safe.journal import removed_line

    lines = [*(f"nothing to recover: {line}" for line in report["in_progress"]), *report["journals"],
             *report["refused"], *map(removed_line, report["removed"])]
    emit("\n".join(lines) if lines else "nothing to recover: no interrupted write in this home")
