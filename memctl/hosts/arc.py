"""Arc: what memctl knows about it.

An Arc agent's repository keeps its memory in `memory/` beside `skills/`; a dispatch carries the
index, the topics of the task's skills, and the agent's SOUL.md, CLAUDE.md and each SKILL.md,
which `init` offers as `context:`. It loads the index as Claude Code does; memctl warns at 180
lines, ahead of the 200-line limit. Sources: docs/hosts.md.
"""

from __future__ import annotations

import os

from memctl.hosts.base import Host

NAME = "arc"


def detect(home: str) -> str:
    parent = os.path.dirname(home)
    if os.path.basename(home) == "memory" and os.path.isdir(os.path.join(parent, "skills")):
        return "detected: memory/ beside skills/ (an Arc agent repository)"
    return ""


HOST = Host(NAME, note="index warning at 180 lines, limit 200; 1,000-token topics; 40,000-token bundles",
            preset={"index_warn_lines": 180}, lessons="topics/lessons.md",
            # arc-starter's dispatch keeps MEMORY.md's [A], [F], [P] and [L] sections in every prompt (and
            # filters [S] by the task's skills, drops [T]): split must not move them out (docs/hosts.md).
            kept_sections=("[A]", "[F]", "[P]", "[L]"), topic_folder="topics",
            context_candidates=("../SOUL.md", "../CLAUDE.md", "../AGENTS.md", "../skills/*/SKILL.md"),
            startup_names=("MEMORY.md", "SOUL.md", "CLAUDE.md", "AGENTS.md"),
            folder_keeps="Arc's dispatch has tasks write shared entries there, in shared/entries/")
