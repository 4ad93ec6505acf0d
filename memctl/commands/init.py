"""`memctl init`: a commented `.memctl.yaml` for the host that was detected, `.memctl/` kept out of
git, and the pre-commit and CI snippets for this layout."""

from __future__ import annotations

import glob
import json
import os

from memctl.errors import MemctlError
from memctl.hosts import detect, host, index_file
from memctl.hosts.base import Budgets
from memctl.model.config import CONFIG_NAME, default_topics
from memctl.record import record
from memctl.safe.fsutil import current_text
from memctl.safe.writer import FileChange, WritePlan, check_plan


@record
class InitPlan:
    profile: str
    reason: str
    write: WritePlan
    snippets: str  # pre-commit and CI configuration for this layout, to paste ("" when none can work)
    no_snippets: str = ""  # why there are none: one line


def plan_init(root: str) -> InitPlan:
    """What `memctl init` writes in the home `root` (never an existing config)."""
    if os.path.lexists(os.path.join(root, CONFIG_NAME)):
        raise MemctlError(f"{CONFIG_NAME} exists already; memctl init never overwrites it", root)
    profile, reason = detect(root)
    found = host(profile)
    index = index_file(found, root)
    if not os.path.isfile(os.path.join(root, index)):
        names = " or ".join(dict.fromkeys(("MEMORY.md", *(found.index_names(root) if found.index_names else ()))))
        raise MemctlError(f"no {names} here: run memctl init in the folder that holds the index", root)
    context = [c for c in found.context_candidates if glob.glob(os.path.join(root, c))]
    lines = [
        "# memctl's configuration for this memory home (written by `memctl init`; see the README).",
        "# A commented line holds the default: uncommented as it stands, it changes nothing (examples follow e.g.).",
        f"profile: {profile}  # {reason}: {found.note}",
        f"index: {index}  # the file {found.label or profile} loads from this folder" if index != "MEMORY.md"
        else "# index: MEMORY.md",
        f"# topics: {json.dumps(list(default_topics(found, root, index)))}  # the default for this home: topic files",
    ]
    if context:
        lines.append("# files the host loads besides the memory, counted in status and taken off assemble's budget")
        lines.append(f"context: [{', '.join(context)}]")
    else:
        lines.append("# context: []  # files the host loads besides the memory, e.g. [../SOUL.md]")
    budgets = Budgets(**{k: v for k, v in found.preset.items() if k != "tokenizer"})
    lines += found.init_notes
    lines += ["# skills: {}  # skill -> topics assemble loads for it, e.g. {deploy: [fleet, deploys]}",
              "# always: []  # topics loaded on every dispatch, e.g. [fleet]",
              f"# budgets: {{topic_tokens: {budgets.topic_tokens}, bundle_tokens: {budgets.bundle_tokens}}}", ""]
    changes = [FileChange(CONFIG_NAME, None, "\n".join(lines))]
    ignore = current_text(root, ".gitignore")
    if ignore is None or ".memctl/" not in ignore.splitlines():
        old = ignore or ""
        joiner = "" if not old or old.endswith("\n") else "\n"
        entry = "# memctl's local state (lock, journal, record)\n.memctl/\n"
        changes.append(FileChange(".gitignore", ignore, old + joiner + entry))
    write = WritePlan(tuple(changes))
    check_plan(root, write)
    repo = _repository(root)
    if repo is None:  # Claude Code's auto memory under ~/.claude, a folder never committed
        return InitPlan(profile, reason, write, "", f"no pre-commit or CI snippet: {root} lies in no git repository, "
                        "so no commit or CI checkout holds it; lint it where it lies: memctl lint " + _quoted(root))
    return InitPlan(profile, reason, write, _snippets(root, repo))


def _repository(root: str) -> str | None:
    """The top of the git repository (work tree) `root` lies in, or None."""
    repo = os.path.abspath(root)
    while not os.path.exists(os.path.join(repo, ".git")):
        if os.path.dirname(repo) == repo:
            return None
        repo = os.path.dirname(repo)
    return repo


def _quoted(path: str) -> str:
    import shlex

    return shlex.quote(path)


def _snippets(root: str, repo: str) -> str:
    """The pre-commit hook and the workflow that lint the home `root`, relative to the top of its repository."""
    home = os.path.relpath(os.path.abspath(root), repo).replace(os.sep, "/")
    home = "." if home == "." else home + "/"
    return f"""# .pre-commit-config.yaml
repos:
  - repo: local
    hooks:
      - id: memctl-lint
        name: memctl lint
        entry: memctl lint {home}
        language: system
        pass_filenames: false
        files: ^{'' if home == '.' else home}.*\\.md$

# .github/workflows/memory.yml
name: memory
on: [push, pull_request]
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with: {{python-version: "3.12"}}
      - run: pipx install memctl-md
      - run: memctl lint {home} --format github
"""
