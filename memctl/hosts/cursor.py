"""Cursor: what its agent loads, from its documentation (cursor.com/docs/rules; Cursor is closed source).

- Project rules are `.cursor/rules/**/*.mdc`; a plain `.md` there is ignored ("it has no
  frontmatter"). Each rule's front matter has `description`, `globs` and `alwaysApply`:
  `alwaysApply: true` is always included (globs and description ignored); else `globs` attach it
  when a matching file is in the context; else a `description` lets the agent pull it in; else it
  is included only when @-mentioned. Rule contents are included at the start of the model context.
- `AGENTS.md` in the project root is plain markdown, always included; one in a subfolder applies
  when working there. `.cursorrules` (deprecated) is listed as loaded.
- Globs are written bare and comma-separated (`src/**/*.ts, src/**/*.tsx`). There is no size
  limit; the docs advise keeping a rule under 500 lines.
- What Cursor does not document, memctl reports rather than models: `alwaysApply: "true"` (a
  string) is not the boolean and is taken as not always applied (third-party reports); a glob that
  matches no file never attaches, silently.

Sources: docs/hosts.md.
"""

from __future__ import annotations

import os
import re

from memctl.hosts.base import Host, Loaded, Problem, Stack
from memctl.hosts.startup import (
    below,
    full_cap,
    globs_of,
    index_doc,
    later,
    never,
    project_files,
    read_str,
    rule_front_matter,
    working_folder,
)
from memctl.markup.globs import glob_regex
from memctl.text import split_lines

TYPE_CHECKING = False
if TYPE_CHECKING:
    from memctl.hosts.base import Home

NAME = "cursor"
RULES = os.path.join(".cursor", "rules")
ADVISED_LINES = 500


def kind_of(meta: dict[str, tuple[str, int, bool]]) -> str:
    """always, auto-attached, agent-requested or manual, as the docs' table gives it."""
    always = meta.get("alwaysApply")
    if always is not None and not always[2] and always[0].lower() == "true":
        return "always"
    if meta.get("globs", ("",))[0].strip():
        return "auto-attached"
    if meta.get("description", ("",))[0].strip():
        return "agent-requested"
    return "manual"


def matches(pattern: str, files: list[str]) -> bool:
    """Whether a Cursor glob matches one of the project's files (a pattern without `/` matches a
    file's name at any depth)."""
    pattern = pattern.removeprefix("./").removeprefix("/")
    expanded = [pattern]
    brace = re.search(r"\{([^{}]*)\}", pattern)
    if brace:
        expanded = [pattern[: brace.start()] + alt + pattern[brace.end():] for alt in brace.group(1).split(",")]
    for each in expanded:
        regex = glob_regex(each if "/" in each else "**/" + each)
        if any(regex.match(f) for f in files):
            return True
    return False


def _body(text: str, fm_lines: int) -> str:
    return "".join(split_lines(text)[fm_lines:])


def _rule(path: str, text: str, files: list[str], complete: bool, problems: list[Problem], home: Home) -> Loaded:
    meta, fm_lines = rule_front_matter(text)
    body = _body(text, fm_lines)
    size = len(split_lines(body))
    kind = kind_of(meta)
    name = os.path.basename(path)[:-4]
    always = meta.get("alwaysApply")
    if always is not None and always[2] and always[0].lower() == "true":
        problems.append(Problem("never-fires", path, always[1], "alwaysApply is the string "
                                f"\"{always[0]}\", not the boolean true: Cursor does not apply it always, so it is "
                                f"{_kind_words(kind)} (write alwaysApply: true)"))
    if kind == "always":
        doc = index_doc(home, path)
        why = f"{size:,} lines, over the {ADVISED_LINES} Cursor advises" if size > ADVISED_LINES else ""
        return Loaded(path, "always rule", "start", "lines", size, size, body, "ok", why,
                      full_cap(doc.text if doc is not None else text))
    if kind == "auto-attached":
        globs = globs_of(meta["globs"][0])
        missing = [g for g in globs if not matches(g, files)]
        if complete and globs and len(missing) == len(globs):
            problems.append(Problem("never-fires", path, meta["globs"][1], "globs "
                                    f"{', '.join(globs)} match no file in the project, so Cursor never attaches it"))
        return later(path, "auto-attached rule", "lines", size,
                     f"when a file matching {', '.join(globs)} is in the context", body)
    if kind == "agent-requested":
        return later(path, "agent-requested rule", "lines", size,
                     "when the agent judges its description relevant", body)
    problems.append(Problem("manual-only", path, 1, f"{os.path.basename(path)} has no alwaysApply: true, no globs "
                            f"and no description: Cursor includes it only when you @-mention it (@{name})"))
    return later(path, "manual rule", "lines", size, f"only when @-mentioned (@{name})", body)


def _kind_words(kind: str) -> str:
    return {"auto-attached": "attached only by its globs", "agent-requested": "pulled in only when the agent "
            "judges its description relevant"}.get(kind, "included only when @-mentioned")


def stack(home: Home, everything: bool = True) -> Stack:
    root = working_folder(home)
    problems: list[Problem] = []
    rows: list[Loaded] = []
    for name in ("AGENTS.md", ".cursorrules"):
        path = os.path.realpath(os.path.join(root, name))
        text = read_str(path)
        if text is not None:
            lines = len(split_lines(text))
            why = "deprecated: current docs no longer mention it" if name == ".cursorrules" else ""
            doc = index_doc(home, path)
            rows.append(Loaded(path, "project", "start", "lines", lines, lines, text, "ok", why,
                               full_cap(doc.text if doc is not None else text)))
    folder = os.path.join(root, RULES)
    files, complete = project_files(root) if everything and os.path.isdir(folder) else ([], everything)
    rules = sorted(os.path.join(current, f) for current, _, names in os.walk(folder) for f in names)
    for path in rules:
        path = os.path.realpath(path)
        if not path.startswith(root.rstrip(os.sep) + os.sep):  # a rule is the repository's: never read outside it
            rows.append(never(path, "rule", "lines", 0, "not read", "a symlink that leads outside the project"))
            continue
        text = read_str(path)
        if text is None:
            continue
        if path.endswith(".mdc"):
            rows.append(_rule(path, text, files, complete, problems, home))
        elif path.endswith(".md"):
            rows.append(never(path, "rule", "lines", len(split_lines(text)), "ignored",
                              "a plain .md in .cursor/rules is ignored: rules must be .mdc", text))
            problems.append(Problem("never-fires", path, 1, f"{os.path.basename(path)} is a plain .md in "
                                    ".cursor/rules, which Cursor ignores: rename it to .mdc with front matter, or "
                                    "move it to AGENTS.md"))
    for path in below(root, ("AGENTS.md",)) if everything else ():
        text = read_str(path) or ""
        rows.append(later(path, "subfolder", "lines", len(split_lines(text)),
                          "when working in its folder", text))
    notes = ["User Rules (Cursor's settings) and Team Rules (its dashboard) load too, and are not files memctl "
             "can read"]
    if not complete:
        notes.append(f"the project has more files than memctl lists ({len(files):,}): globs that match none of "
                     "them are not reported")
    return Stack("Cursor", root, tuple(rows), None, tuple(notes), tuple(problems))


def detect(home: str) -> str:
    return "detected: a .cursor/rules/ folder" if os.path.isdir(os.path.join(home, RULES)) else ""


def index_names(folder: str) -> tuple[str, ...]:
    return ("MEMORY.md", "AGENTS.md")


HOST = Host(NAME, note="always-applied .cursor/rules/*.mdc and AGENTS.md load at start; glob, description "
                       "and manual rules later; no size cap (500 lines advised)",
            preset={"load_cap_mode": "head", "load_cap_lines": None, "load_cap_units": None,
                    "index_max_lines": None, "index_max_units": None},
            lessons="topics/lessons.md", topic_folder="topics",
            init_notes=("# Cursor: `memctl status` lists each .cursor/rules/*.mdc rule by how it applies; "
                        "`memctl lint` finds rules that never fire",),
            stack=stack, index_names=index_names, label="Cursor",
            own_folders=(".cursor",), startup_names=("AGENTS.md", ".cursorrules"))
