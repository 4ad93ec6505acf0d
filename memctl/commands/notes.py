"""A home's dated notes: the daily notes, journals and dreams its host writes by date.

They are first-class memory that no index is expected to link (OpenClaw searches
`memory/YYYY-MM-DD.md` on demand; Volute writes `memory/journal/` and `memory/dreams/`), so lint's
MEM302 passes over them and `status` does not mark them unlinked. A note is a file whose name is a
date (`2026-11-14.md`, `2026-11-14-gig.md`, or a rolled-up `2026-W46.md`, `2026-11.md`) matching
the config's `rollup` globs (the host's dated notes by default) or the host's other notes
(`memctl.hosts.notes`). A file elsewhere, or not named by a date, is a topic like any other.
"""

from __future__ import annotations

from memctl.hosts import notes
from memctl.markup.globs import matcher
from memctl.model.home import MemoryHome


def dated_notes(home: MemoryHome) -> frozenset[str]:
    """The topics of the home that are dated notes, by path relative to the home."""
    from memctl.commands.rollup import dated

    globs = dict.fromkeys((*home.config.rollup, *notes(home.host)))
    if not globs:
        return frozenset()
    tests = [matcher(glob) for glob in globs]
    return frozenset(doc.rel for doc in home.topics
                     if dated(doc.rel) is not None and any(test(doc.rel) for test in tests))
