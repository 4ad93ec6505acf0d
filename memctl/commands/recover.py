"""`memctl recover`'s core: which folder is a home it may act on, and what it does there."""

from __future__ import annotations

import os

from memctl.errors import InputError
from memctl.safe.fsutil import STATE_FOLDER

CONFIG_NAMES = ("MEMORY.md", ".memctl.yaml")  # beside the hosts' own index names (`Host.index_names`)
STATE_MARKS = ("journal", "undo")  # what memctl's writes leave in `.memctl/` (a lock alone is no write)


def home_marker(root: str) -> str | None:
    """What makes the folder `root` a memory home memctl may recover: its index (MEMORY.md or a
    host's index name), its `.memctl.yaml`, or the journal or undo record of a memctl write there.
    None for a folder that is none (a fleet's folder, a project above its memory, `/`)."""
    from memctl.hosts import HOSTS

    names = {*CONFIG_NAMES}
    for host in HOSTS.values():
        if host.index_names is not None:
            names.update(n for n in host.index_names(root) if "/" not in n)  # a `.claude/CLAUDE.md` makes no home of ~
    found = next((n for n in sorted(names) if os.path.isfile(os.path.join(root, n))), None)
    if found is not None:
        return found
    return next((f"{STATE_FOLDER}/{n}" for n in STATE_MARKS if os.path.isdir(os.path.join(root, STATE_FOLDER, n))),
                None)


def check_home(root: str, shown: str) -> None:
    """Refuse, in one line and writing nothing, a folder that is no memory home: `memctl recover`
    acts on one home, and on none nested below it (each has its own lock and journals)."""
    if home_marker(root) is None:
        raise InputError("is no memory home (no MEMORY.md, .memctl.yaml or memctl journal in it); `memctl recover` "
                         "acts on one home, never on the homes below it: name the home's own folder; nothing was "
                         "written", shown)
