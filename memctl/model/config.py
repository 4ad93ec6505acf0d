"""Configuration: one table of defaults that is also the schema, and the hosts' profiles.

Precedence: built-in defaults < profile < `.memctl.yaml` < `MEMCTL_*` environment < flags.

Every path in a config file is relative to the file that holds it (`index: memory/MEMORY.md` in
a repository's root `.memctl.yaml` names the same file whether memctl is given the repository or
`memory/`); each is then expressed relative to the home. Paths from `MEMCTL_*` and flags are
relative to the home. An entry of `always`, `skills` or `dedupe_only` without a `/` is a name (a
topic's stem or file name), found wherever that topic is.

A config arrives with the files it describes (memctl runs in CI on others' pull requests), so it
is input like any other: every value must be of its type, every glob must be one, every number lie
in its range, a path or glob that points outside the home is dropped with a warning (`context:`
files may lie beside the memory, in the repository or folder that holds the home: `context_folder`)
and a file to write outside it is an error. Whose config it is matters too: the search for one
stops at the repository's root and the user's home folder and takes none someone else could have
put in its way (`search_config`), and a command a config names is run only from a file of the
user's own (`command_refusal`).
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Mapping
from datetime import date, datetime, timezone

from memctl.errors import ConfigError, InputError
from memctl.hosts import CAPS, HOSTS, host, index_file
from memctl.hosts import detect as detect_host
from memctl.hosts.base import MOST, Budgets, Host
from memctl.hosts.generic import NAME as GENERIC
from memctl.markup.globs import glob_problem
from memctl.markup.markdown import yaml_alias_line
from memctl.model.cache import Cache
from memctl.model.tokens import TOKENIZERS
from memctl.model.walk import inside_glob
from memctl.record import fields, record
from memctl.safe.fsutil import Guard, read_text
from memctl.safe.keys import digest

TYPE_CHECKING = False  # typing costs milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from typing import Any

CONFIG_NAME = ".memctl.yaml"


DEFAULT_TOPICS = ("topics/**/*.md", "memory/**/*.md")


def default_topics(found: Host, home: str, index: str) -> tuple[str, ...]:
    """The topic globs of a home whose config names none, relative to the home: its host's
    (`Host.topics`: every `.md` of Claude Code's auto-memory folder), else memctl's own, beside the
    index (with `index: memory/MEMORY.md`, the repository and `memory/` are the same memory)."""
    beside = posixpath.dirname(posixpath.normpath(index))
    globs = (found.topics and found.topics(home)) or DEFAULT_TOPICS
    return tuple(posixpath.join(beside, glob) if beside else glob for glob in globs)


@record
class Config:
    source: str | None = None
    profile: str = GENERIC  # the host module that loads the home, by name (memctl/hosts/)
    profile_reason: str = "the default"  # why this profile: named in the config, or detected
    index_file: str = "MEMORY.md"  # the `index` key
    tokenizer: str = "cl100k_base"
    topics: tuple[str, ...] = DEFAULT_TOPICS
    section_level: int = 2
    skills: Mapping[str, tuple[str, ...]] = {}
    always: tuple[str, ...] = ()
    core: tuple[str, ...] = ()
    context: tuple[str, ...] = ()  # files the host loads besides the memory: globs, relative to the config
    index_heading: str = "Topics"  # the index heading `split` lists moved sections under
    split_map: Mapping[str, str] = {}  # the `map` key: heading -> the existing topic `split` sends it into
    dedupe_only: tuple[str, ...] = ()  # topics consolidate deduplicates but never thins by age
    query_floor: float = 0.4  # assemble --query: a section must score this share of the best
    embedder: str | None = None  # assemble --query: a command that turns texts into vectors (commands/semantic.py)
    embedder_floor: float | None = None  # ... and the similarity a section needs to come in by meaning (None: SIMILAR)
    workspace: str | None = None  # where the host sees the home (OpenClaw names it in its missing-file markers)
    lessons: str | None = None  # the file `capture` appends lessons to (None: the profile's, beside the index)
    rollup: tuple[str, ...] = ()  # globs of the dated files `rollup` folds (the profile's by default)
    rollup_after: int = 14  # lint MEM208: more dated files of closed weeks than this in a folder
    stale_after_days: int = 30
    cache: bool = True
    lint: Mapping[str, Any] = {}
    budgets: Budgets = Budgets()
    lines: Mapping[str, int] = {}  # the config file's line of each key (`lint.select[0]`), for messages
    warnings: tuple[str, ...] = ()  # what loading dropped: paths and globs that point outside the home


_LESSONS = "; ".join(f"{h.name}: {h.lessons}" for h in HOSTS.values())
_DATED = "; ".join(f"{h.name}: {' '.join(h.dated)}" for h in HOSTS.values() if h.dated)
# The schema: every key a config file may hold, its type, and what it means.
SCHEMA: dict[str, tuple[str, str]] = {
    "profile": ("str", f"host profile: auto (the default), {', '.join(HOSTS)}"),
    "index": ("str", "the index file, relative to the config file; it must lie inside the home"),
    "tokenizer": ("str", f"one of {', '.join(TOKENIZERS)}"),
    "topics": ("list[str]", "globs of topic files, relative to the config file (one that reaches outside the home "
                            "is ignored; default topics/**/*.md and memory/**/*.md beside the index)"),
    "section_level": ("int", "headings of this level or higher start a section (1-6)"),
    "skills": ("map[str, list[str]]", "skill name -> topic stems or paths"),
    "always": ("list[str]", "topics loaded on every dispatch"),
    "core": ("list[str]", "index headings that `split` keeps in the index"),
    "context": ("list[str]", "files the host loads besides the memory (globs relative to the config file, inside "
                             "the repository or the folder that holds the home)"),
    "index_heading": ("str", "the index heading `split` lists moved sections under (default Topics)"),
    "map": ("map[str, str]", "index heading -> existing topic file that `split` sends the section into"),
    "dedupe_only": ("list[str]", "topics `consolidate` deduplicates but never thins by age (stems, paths, globs)"),
    "query_floor": ("float", "assemble --query: the share of the best score a section needs (0 to 1, default 0.4)"),
    "embedder": ("str", "assemble --query: a command reading texts (JSON lines) and writing a vector a line (JSON "
                        "arrays), run without a shell; off by default, run only from a config of your own (not "
                        "tracked by git, owned by you or root, writable by no one else)"),
    "embedder_floor": ("float", "assemble --query: the cosine similarity a section needs to come in by the embedder's "
                                "meaning (0 to 1, default 0.35, measured with all-MiniLM-L6-v2; another model's lies "
                                "elsewhere)"),
    "workspace": ("str", "the path the host sees this home at, e.g. ~/.openclaw/workspace; for Codex, Gemini CLI, "
                         "Cursor and Claude Code, the folder it is started in (default: where it is)"),
    "lessons": ("str", f"the file `memctl capture` adds lessons to (default: the host's; {_LESSONS})"),
    "rollup": ("list[str]", f"globs of the dated files `memctl rollup` folds by week or month (default: the host's; "
                            f"{_DATED})"),
    "rollup_after": ("int", "lint warns (MEM208) when a rollup folder holds more dated files of closed weeks "
                            "than this (0 to 1,000,000,000, default 14)"),
    "stale_after_days": ("int", "a topic's `updated` older than this is stale (0 to 36,500 days, default 30)"),
    "cache": ("bool", "keep derived counts in the user's cache folder (see `memctl cache path`)"),
    "lint": ("map", "select, ignore, severity, per_file_ignores"),
    "budgets": ("map", f"any of {', '.join(fields(Budgets))}"),
}
BUDGET_FIELDS = fields(Budgets)

# Each number's range (whole?, lowest, highest), from what the code does with it.
NUMBERS: dict[str, tuple[bool, int, int]] = {
    "section_level": (True, 1, 6),  # a markdown heading level
    "query_floor": (False, 0, 1),  # a share of the best score
    "embedder_floor": (False, 0, 1),  # a cosine similarity (below 0: as like as unlike; never a floor)
    "rollup_after": (True, 0, MOST),  # a count of dated files (0: warn at the first)
    "stale_after_days": (True, 0, 36_500),  # days back from today; a century (a date goes back ~739,000)
}
PERCENT_BUDGETS = ("head_percent", "tail_percent")
NULLABLE_BUDGETS = frozenset(BUDGET_FIELDS) - {"load_cap_mode", "bundle_tokens", *PERCENT_BUDGETS}
GLOB_KEYS = ("topics", "rollup", "dedupe_only", "context")  # lists of globs: each must be valid
INSIDE_KEYS = ("topics", "rollup", "dedupe_only", "always")  # lists of paths or globs inside the home


def find_config(start: str) -> str | None:
    """`.memctl.yaml` (or a `pyproject.toml` with a `[tool.memctl]` table) in `start` or its nearest
    parent (`search_config`)."""
    return search_config(start)[0]


def search_config(start: str) -> tuple[str | None, str]:
    """The config for the home `start`, and why one found above it was passed over ("" when none
    was): `.memctl.yaml` (or a `pyproject.toml` with a `[tool.memctl]` table) in `start` or its
    nearest parent; in one folder, `.memctl.yaml` wins. The search stops at the repository's root
    (a folder holding `.git`) and at the user's home folder, never enters a folder someone else
    could have put a config in (`_foreign`: /tmp, another user's folder), and takes no config above
    the home that another user owns or could change: that one is not yours, and it is named."""
    folder = start
    owners: set[int] | None = None
    user_home: str | None = None
    while True:
        found = os.path.join(folder, CONFIG_NAME)
        if not os.path.lexists(found):  # a FIFO or a folder there is an error, never silently skipped
            pyproject = os.path.join(folder, "pyproject.toml")
            found = pyproject if os.path.isfile(pyproject) and _has_memctl_table(pyproject) else ""
        if found:
            why = _foreign(found, owners) if owners is not None else ""
            if why:
                return None, (f"{shown_config(found)}: not read: {why}, and a config above the home is read only "
                              "when it is yours (pass it with --config to use it)")
            return found, ""
        parent = os.path.dirname(folder)
        if os.path.exists(os.path.join(folder, ".git")) or parent == folder:
            return None, ""
        if owners is None:  # the home's folder, always looked in, asks nothing of these
            owners, user_home = _own_uids(start), _user_home()
        if folder == user_home:
            return None, ""
        if _foreign(parent, owners):
            return None, ""
        folder = parent


def _own_uids(start: str) -> set[int]:
    """Whose folders the config search climbs into: the user's running memctl, root's, and those of
    whoever owns the home (a checkout another user made, as CI's container jobs run as root in)."""
    if not hasattr(os, "geteuid"):  # pragma: no cover - Windows has no owner and mode bits to check
        return set()
    owners = {0, os.geteuid()}
    try:
        owners.add(os.stat(start).st_uid)
    except OSError:
        pass
    return owners


def _foreign(path: str, owners: set[int]) -> str:
    """Why a config in or at `path` (a folder, or a config file above the home) may be someone
    else's, or "": it belongs to another user than `owners`, others can change it
    (`others_may_write`: /tmp, a shared group folder), or it cannot be looked at."""
    if not owners:  # pragma: no cover - Windows
        return ""
    try:
        info = os.stat(path)
    except OSError as exc:
        return f"it cannot be looked at ({exc.strerror or exc})"
    if info.st_uid not in owners:
        return f"it belongs to another user (uid {info.st_uid})"
    if others_may_write(info):
        return f"{'others' if info.st_mode & 0o002 else 'its group'} can write it (mode {info.st_mode & 0o7777:04o})"
    return ""


def others_may_write(info: os.stat_result) -> bool:
    """Whether anyone but its owner may change a file or folder: it is writable by others, or by a
    group that is not the owner's private one (the group of the owner's own name, their primary,
    with no other member: what umask 002 gives every file; Debian's OpenSSH accepts it the same way)."""
    if info.st_mode & 0o002:
        return True
    return bool(info.st_mode & 0o020) and not _private_group(info.st_uid, info.st_gid)


_PRIVATE: dict[tuple[int, int], bool] = {}


def _private_group(uid: int, gid: int) -> bool:
    known = _PRIVATE.get((uid, gid))
    if known is None:
        try:
            import grp
            import pwd

            owner, group = pwd.getpwuid(uid), grp.getgrgid(gid)
            known = (owner.pw_gid == gid and group.gr_name == owner.pw_name
                     and all(member == owner.pw_name for member in group.gr_mem))
        except (ImportError, KeyError):
            known = False
        _PRIVATE[(uid, gid)] = known
    return known


def command_refusal(path: str) -> str:
    """Why memctl must not run a command the config file `path` names (`embedder:`), or "": the
    file (and a symlink to it) and each folder holding it must belong to the user running memctl
    or to root, and no one else may change them (`others_may_write`; in a sticky folder such as
    /tmp others cannot replace a file that is not theirs). As ssh treats its config and keys."""
    if not hasattr(os, "geteuid"):  # pragma: no cover - Windows has no owner and mode bits to check
        return ""
    mine = {0, os.geteuid()}
    real = os.path.realpath(path)
    try:
        link = os.lstat(path)
    except OSError:
        link = None
    if link is not None and link.st_uid not in mine:  # a symlink someone else made: they chose where it leads
        return f"it belongs to another user (uid {link.st_uid})"
    for target in dict.fromkeys((real, os.path.dirname(real), os.path.dirname(os.path.abspath(path)))):
        what = "it" if target == real else f"its folder {shown_config(target)}"
        try:
            info = os.stat(target)
        except OSError as exc:
            return f"{what} cannot be looked at ({exc.strerror or exc})"
        if info.st_uid not in mine:
            return f"{what} belongs to another user (uid {info.st_uid})"
        if target != real and info.st_mode & 0o1000:  # sticky: only a file's owner may rename or remove it
            continue
        if others_may_write(info):
            who = "others" if info.st_mode & 0o002 else "its group"
            return f"{what} can be written by {who} (mode {info.st_mode & 0o7777:04o})"
    return ""


def _has_memctl_table(path: str) -> bool:
    try:
        return "[tool.memctl" in read_text(path)
    except InputError:
        return False


def _parse_toml(path: str, text: str) -> tuple[dict[str, Any], dict[str, int]]:
    """`[tool.memctl]` of a pyproject.toml, and the line of each of its keys."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None)
        raise ConfigError(f"not valid TOML: {str(exc).split(' (at line')[0]}", path, line) from None
    table = data.get("tool", {}).get("memctl", {})
    if not isinstance(table, dict):
        raise ConfigError("[tool.memctl] must be a table", path)
    from memctl.model.toml_lines import toml_lines

    try:  # every key's line, `[tool.memctl.lint]`'s too (`lint.select[1]`), as the YAML config's
        lines = toml_lines(text)
    except (ValueError, IndexError):  # TOML this reading does not follow: the top-level keys' lines
        lines = {}
        for number, line in enumerate(text.splitlines(), start=1):
            key = line.split("=", 1)[0].strip()
            if key in table and key not in lines:
                lines[key] = number
    return table, lines


def _parse_yaml(path: str, text: str) -> tuple[dict[str, Any], dict[str, int]]:
    """The config's plain values and the line of each top-level key."""
    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    alias = yaml_alias_line(text)
    if alias is not None:
        raise ConfigError("YAML aliases (*name) are not allowed in a memctl config", path, alias + 1)
    try:
        data = YAML(typ="rt").load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        raise ConfigError(f"not valid YAML: {exc.problem or exc.context}", path, line) from None
    except YAMLError as exc:
        raise ConfigError(f"not valid YAML: {exc}", path) from None
    except Exception as exc:  # ruamel.yaml fails some odd input with a bare AssertionError
        raise ConfigError(f"cannot be parsed as YAML ({type(exc).__name__})", path) from None
    if data is None:
        return {}, {}
    if not isinstance(data, CommentedMap):
        raise ConfigError("the config must be a mapping of keys to values", path, 1)
    lines: dict[str, int] = {}

    def note(value: Any, name: str) -> None:  # each nested value's own line, so a message points at it
        if isinstance(value, CommentedMap):
            for k, item in value.items():
                lines[f"{name}.{k}" if name else str(k)] = value.lc.key(k)[0] + 1
                note(item, f"{name}.{k}" if name else str(k))
        elif isinstance(value, CommentedSeq):
            for i, item in enumerate(value):
                lines[f"{name}[{i}]"] = value.lc.item(i)[0] + 1
                note(item, f"{name}[{i}]")

    note(data, "")
    return _plain(data), lines


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):  # ruamel's ScalarInt and ScalarFloat, as the plain numbers they are
        return int(value)
    if isinstance(value, float):
        return float(value)
    return str(value)


KINDS = {  # a schema kind as a message says it
    "str": "a text", "int": "a whole number", "bool": "true or false", "float": "a number",
    "list[str]": "a list of texts, such as [\"topics/*.md\"]",
    "map[str, str]": "a mapping of names to texts", "map[str, list[str]]": "a mapping of names to lists of texts",
    "map": "a mapping",
}
# The `lint:` table's keys and their kinds (memctl/commands/lint/engine.py reads them); a list's example.
LINT_SCHEMA = {"select": "list[str]", "ignore": "list[str]", "severity": "map[str, str]",
               "per_file_ignores": "map[str, list[str]]"}
EXAMPLES = {"lint.select": '["ALL"]', "lint.ignore": '["MEM302"]', "lint.per_file_ignores": '{"memory/*": ["MEM302"]}',
            "lint.severity": "{MEM206: error}", "budgets": "{topic_tokens: 800}", "lint": "{select: [ALL]}"}


def _bad_item(key: str, value: Any, lines: Mapping[str, int], kind: str) -> tuple[int | None, str]:
    """Where a value of the wrong kind is, and what it is: the first item or entry of a list or
    mapping that is not of its kind (a text, or for `map[str, list[str]]` a list of texts), else the
    value itself."""
    if isinstance(value, list) and kind == "list[str]":
        bad = next((i for i, v in enumerate(value) if not isinstance(v, str)), None)
        if bad is not None:
            return lines.get(f"{key}[{bad}]", lines.get(key)), f"{_shown(value[bad])} in the list"
    if isinstance(value, dict) and kind.startswith("map["):
        lists = kind == "map[str, list[str]]"
        bad_key = next((k for k, v in value.items() if not (
            isinstance(v, list) and all(isinstance(x, str) for x in v) if lists else isinstance(v, str))), None)
        if bad_key is not None:
            return lines.get(f"{key}.{bad_key}", lines.get(key)), f"{_shown(value[bad_key])} for {bad_key!r}"
    return lines.get(key), _shown(value)


def _check_kind(key: str, value: Any, kind: str, where: str, lines: Mapping[str, int]) -> None:
    """A one-line error naming the value's line when it is not of `kind` (a text read letter by
    letter where a list is meant is the bug this keeps out: `select: ALL`)."""
    if _check_type(key, value, kind):
        return
    line, got = _bad_item(key, value, lines, kind)
    said = KINDS[kind]
    if key in EXAMPLES:
        said = f"{said.split(', such as ')[0]}, such as {EXAMPLES[key]}"
    raise ConfigError(f"{key} must be {said} (got {got})", where, line)


def _check_type(key: str, value: Any, kind: str) -> bool:
    if kind == "str":
        return isinstance(value, str)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "list[str]":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == "map[str, str]":
        return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())
    if kind == "map[str, list[str]]":
        return isinstance(value, dict) and all(
            isinstance(v, list) and all(isinstance(x, str) for x in v) for v in value.values()
        )
    return isinstance(value, dict)


def _shown(value: Any) -> str:
    """A value as the config wrote it, for a message."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "a mapping"
    return repr(value)


def number_problem(label: str, value: Any, whole: bool, low: int, high: int, nullable: bool = False) -> str | None:
    """What is wrong with a number of the config, naming its range; None when it is right. An int
    is a number; inf and nan lie in no range."""
    if value is None and nullable:
        return None
    ok = isinstance(value, int) if whole else isinstance(value, (int, float))
    if ok and not isinstance(value, bool) and low <= value <= high:
        return None
    what = "a whole number" if whole else "a number"
    return f"{label} must be {what} from {low:,} to {high:,}{', or null' if nullable else ''} (got {_shown(value)})"


def _budget_problem(label: str, name: str, value: Any, null: bool = True) -> str | None:
    """What is wrong with a budget's value (`null`: whether the layer can say null, as YAML can)."""
    if name == "load_cap_mode":
        return None if isinstance(value, str) and value in CAPS else f"{label} must be one of {', '.join(CAPS)}"
    if name in PERCENT_BUDGETS:
        return number_problem(label, value, True, 0, 100)
    return number_problem(label, value, True, 1, MOST, null and name in NULLABLE_BUDGETS)


def validate(raw: Mapping[str, Any], where: str, lines: Mapping[str, int] | None = None) -> None:
    lines = lines or {}
    for key, value in raw.items():
        line = lines.get(key)
        if key not in SCHEMA:
            raise ConfigError(f"unknown key {key!r}; valid keys: {', '.join(SCHEMA)}", where, line)
        if key in NUMBERS:
            problem = number_problem(key, value, *NUMBERS[key])
            if problem is not None:
                raise ConfigError(problem, where, line)
            continue
        _check_kind(key, value, SCHEMA[key][0], where, lines)
    for name, value in (raw.get("lint") or {}).items():
        if name not in LINT_SCHEMA:
            raise ConfigError(f"unknown lint key {name!r}; valid keys: {', '.join(LINT_SCHEMA)}", where,
                              lines.get(f"lint.{name}", lines.get("lint")))
        _check_kind(f"lint.{name}", value, LINT_SCHEMA[name], where, lines)
    for token, level in ((raw.get("lint") or {}).get("severity") or {}).items():
        if level not in ("error", "warning"):
            raise ConfigError(f"lint.severity of {token} must be error or warning, not {level!r}", where,
                              lines.get(f"lint.severity.{token}", lines.get("lint")))
    for key in GLOB_KEYS:
        for pattern in raw.get(key) or ():
            problem = glob_problem(pattern)
            if problem is not None:
                raise ConfigError(f"{key} glob {pattern!r} is not a valid glob: {problem}", where, lines.get(key))
    if "profile" in raw and raw["profile"] not in (*HOSTS, "auto"):
        raise ConfigError(
            f"unknown profile {raw['profile']!r}; choose one of auto, {', '.join(HOSTS)}", where,
            lines.get("profile"))
    if "tokenizer" in raw and raw["tokenizer"] not in TOKENIZERS:
        raise ConfigError(
            f"unknown tokenizer {raw['tokenizer']!r}; choose one of {', '.join(TOKENIZERS)}",
            where,
            lines.get("tokenizer"),
        )
    for name, value in (raw.get("budgets") or {}).items():
        if name not in BUDGET_FIELDS:
            raise ConfigError(
                f"unknown budget {name!r}; valid budgets: {', '.join(BUDGET_FIELDS)}", where,
                lines.get(f"budgets.{name}", lines.get("budgets"))
            )
        problem = _budget_problem(name if name == "load_cap_mode" else f"budget {name}", name, value)
        if problem is not None:
            raise ConfigError(problem, where, lines.get(f"budgets.{name}", lines.get("budgets")))


def keep_inside(raw: Mapping[str, Any], where: str, lines: Mapping[str, int], guard: Guard,
                warnings: list[str], base: str | None = None) -> dict[str, Any]:
    """The layer with every path and glob of `index`, `topics`, `rollup`, `dedupe_only`, `always`,
    the `skills`, `lessons` and `map` made relative to the home from `base`, the folder they are
    written relative to (the config file's; None: the home itself), and those of `topics`,
    `rollup`, `dedupe_only`, `always` and `skills` that point outside the home dropped, each with a
    warning naming it as written; an `index`, `lessons` or `map` entry outside is an error naming
    the file and line. `context` globs stay relative to `base`, and may name files outside the
    home, but not outside the repository or agent's folder that holds it (`context_folder`): one
    that does is dropped with a warning."""
    moved = base is not None and os.path.realpath(base) != guard.root

    def here(value: str, names: bool = False) -> str:
        """`value` relative to the home; with `names`, one without a `/` is a name and stays one."""
        if not moved or (names and "/" not in value):
            return value
        return from_folder(value, os.path.realpath(base or "."), guard.root)

    def kept(key: str, values: list[str], what: str) -> list[str]:
        out = []
        for value in values:
            inside = inside_glob(here(value, names=key != "topics" and key != "rollup"), guard)
            if inside is None:
                warnings.append(str(ConfigError(f"{what} {value!r} points outside the home; ignored", where,
                                                lines.get(key))))
            else:
                out.append(inside)
        return out

    out = dict(raw)
    if raw.get("index") is not None:
        out["index"] = here(raw["index"])
        check_index(out["index"], "index", guard, where, lines.get("index"), shown=raw["index"])
    for key, value in raw.items():  # in the file's order, so the warnings are too
        if key in INSIDE_KEYS:
            out[key] = kept(key, value, f"{key} entry" if key == "always" else f"{key} glob")
        elif key == "skills":
            out[key] = {skill: kept(key, names, f"skill {skill!r} entry") for skill, names in value.items()}
        elif key == "context" and base is not None:
            out[key] = _context_kept(value, where, lines, guard.root, os.path.realpath(base), warnings)
        elif key == "lessons":
            out[key] = written_inside(here(value), f"lessons {value!r}", guard, where, lines.get(key))
        elif key == "map":
            out[key] = {heading: written_inside(here(dest), f"map entry {heading!r} ({dest!r})", guard, where,
                                                lines.get(f"map.{heading}", lines.get(key)))
                        for heading, dest in value.items()}
    return out


def from_folder(value: str, folder: str, home: str) -> str:
    """A path or glob written relative to `folder`, relative to `home` instead (both real paths):
    its fixed leading folders joined to `folder` and made relative to the home, with `..` where
    they leave it (which the checks then refuse); an absolute one as it is."""
    if os.path.isabs(value):
        return value
    parts = value.split("/")
    fixed = next((i for i, part in enumerate(parts) if any(c in part for c in "*?[")), len(parts))
    head = os.path.relpath(os.path.normpath(os.path.join(folder, *parts[:fixed])), home).replace(os.sep, "/")
    rest = parts[fixed:]
    return "/".join(rest if head == "." and rest else [head, *rest])


def _user_home() -> str:
    return os.path.realpath(os.path.expanduser("~"))


def context_folder(root: str, base: str | None) -> tuple[str, str]:
    """The folder `context:` files must lie in, for the home `root` and the folder of its config
    file `base` (real paths), and what it is, for a message: the repository that holds the home (the nearest
    folder at or above it holding `.git`); outside one, the config file's folder when it holds the
    home (Arc's agent folder, with `memory/`, SOUL.md and `skills/`), else the folder the home is in
    (`context: [../SOUL.md]` beside the memory folder). Never the file system's root nor the user's
    home folder, which hold everything: then the home itself."""
    ceilings = {os.sep, _user_home()}
    folder = root
    while True:
        if os.path.lexists(os.path.join(folder, ".git")):
            if folder not in ceilings:
                return folder, "the repository that holds the home"
            break
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    if base is not None:
        if base not in ceilings and root.startswith(base.rstrip(os.sep) + os.sep) and base != os.path.dirname(root):
            return base, "the config file's folder"
    parent = os.path.dirname(root)
    if parent not in ceilings and parent != root:
        return parent, "the folder that holds the home"
    return root, "the home"


def _context_kept(values: list[str], where: str, lines: Mapping[str, int], root: str, base: str,
                  warnings: list[str]) -> list[str]:
    """The `context` globs (relative to the config's folder `base`) that lie in `context_folder`,
    as written; each other one dropped with a warning naming the file and line."""
    folder, what = context_folder(root, base)
    bound = Guard(folder)
    kept = []
    for number, value in enumerate(values):
        if inside_glob(from_folder(os.path.expanduser(value), base, folder), bound) is None:
            warnings.append(str(ConfigError(f"context glob {value!r} points outside {what} ({folder}); ignored",
                                            where, lines.get(f"context[{number}]", lines.get("context")))))
        else:
            kept.append(value)
    return kept


def written_inside(rel: str, label: str, guard: Guard, where: str, line: int | None) -> str:
    """`rel`, a file the config names for memctl to write (`lessons`, a `map` entry), normalised,
    when it lies inside the home, its symlinks resolved; else an error naming the config's file and line (the
    write itself checks the rest: a markdown file, no link on the way)."""
    if guard.rel(os.path.join(guard.root, rel)) is None:
        raise ConfigError(f"{label} points outside the home; memctl writes only inside it", where, line)
    return rel if os.path.isabs(rel) else posixpath.normpath(rel)  # `./LESSONS.md` is LESSONS.md


def check_index(name: str | None, label: str, guard: Guard, where: str | None = None, line: int | None = None,
                shown: str | None = None) -> None:
    """The index must lie inside the home, its symlinks resolved (`shown`: the name as written)."""
    if name is not None and guard.rel(os.path.join(guard.root, name)) is None:
        raise ConfigError(f"{label} {shown or name!r} points outside the home; the index must lie inside it",
                          where, line)


def _still_valid(entry: Any) -> bool:
    """A cached config (its values and the line of each key) is checked like a fresh one; one that
    fails is parsed again."""
    if not isinstance(entry, dict) or not isinstance(raw := entry.get("raw"), dict):
        return False
    lines = entry.get("lines")
    if not isinstance(lines, dict) or not all(type(line) is int for line in lines.values()):
        return False
    try:
        validate(raw, "cache")
    except ConfigError:
        return False
    return True


def _from_env(env: Mapping[str, str]) -> dict[str, Any]:
    """MEMCTL_PROFILE, MEMCTL_TOKENIZER, MEMCTL_INDEX, MEMCTL_SECTION_LEVEL, MEMCTL_BUDGET_<NAME>;
    a number outside its range is an error naming the variable."""
    raw: dict[str, Any] = {}
    for key in ("profile", "tokenizer", "index"):
        if env.get(f"MEMCTL_{key.upper()}"):
            raw[key] = env[f"MEMCTL_{key.upper()}"]
    budgets: dict[str, Any] = {}
    for name, value in env.items():
        if name == "MEMCTL_SECTION_LEVEL" or name.startswith("MEMCTL_BUDGET_"):
            key = "section_level" if name == "MEMCTL_SECTION_LEVEL" else name[len("MEMCTL_BUDGET_") :].lower()
            number: Any
            try:
                number = int(value)
            except ValueError:
                number = value
            if key == "section_level":
                problem = number_problem(name, number, *NUMBERS[key])
            elif key in BUDGET_FIELDS and key != "load_cap_mode":
                problem = _budget_problem(name, key, number, null=False)
            else:  # an unknown budget is named by validate(); load_cap_mode has no variable
                problem = None if isinstance(number, int) else f"{name} must be a whole number, not {value!r}"
            if problem is not None:
                raise ConfigError(problem)
            if key == "section_level":
                raw[key] = number
            else:
                budgets[key] = number
    if budgets:
        raw["budgets"] = budgets
    return raw


def load_config(
    home: str,
    explicit: str | None = None,
    overrides: Mapping[str, Any] | None = None,
    env: Mapping[str, str] | None = None,
    cache: Cache | None = None,
) -> Config:
    """The configuration for `home`: defaults, then profile, file, environment and flags."""
    env = os.environ if env is None else env
    path, passed = (explicit, "") if explicit is not None else search_config(home)
    layers: list[dict[str, Any]] = []
    guard = Guard(os.path.realpath(home))
    warnings: list[str] = [passed] if passed else []
    lines: dict[str, int] = {}
    if path is not None:
        where = shown_config(path)
        try:
            text = read_text(path)
        except InputError as error:
            raise ConfigError(error.message, where) from None
        key = f"cfg:4:{digest(text)}"  # 3: the lines of values nested deeper (lint.select[0]); 4: in TOML too
        cached = cache.get(key, _still_valid) if cache is not None else None
        if cached is None:
            raw, lines = (_parse_toml if path.endswith(".toml") else _parse_yaml)(where, text)
            validate(raw, where, lines)
            if cache is not None:
                cache.put(key, {"raw": raw, "lines": lines})
        else:
            raw, lines = cached["raw"], cached["lines"]
        layers.append(keep_inside(raw, where, lines, guard, warnings, os.path.dirname(os.path.abspath(path))))
    env_raw = _from_env(env)
    validate(env_raw, "environment")
    check_index(env_raw.get("index"), "MEMCTL_INDEX", guard)
    layers.append(env_raw)
    flags = {k: v for k, v in (overrides or {}).items() if v is not None}
    validate(flags, "command line")
    layers.append(keep_inside(flags, "command line", {}, guard, warnings))

    merged: dict[str, Any] = {}
    budgets: dict[str, Any] = {}
    for layer in layers:
        for key, value in layer.items():
            if key == "budgets":
                budgets.update(value)
            else:
                merged[key] = value
    profile = merged.get("profile", "auto")
    sources = ([display(path)] if path is not None else []) + ["MEMCTL_PROFILE", "--profile"]
    named = [where for where, layer in zip(sources, layers, strict=True) if "profile" in layer]
    reason = f"named in {named[-1]}" if named else ""
    if profile == "auto":
        profile, reason = detect_host(home)
    chosen = host(profile)
    preset = dict(chosen.preset)
    if chosen.home_budgets is not None:  # figures the host keeps in its own config (Volute's)
        preset.update(chosen.home_budgets(home, warnings))
    tokenizer = merged.get("tokenizer", preset.pop("tokenizer", "cl100k_base"))
    preset.pop("tokenizer", None)
    index = merged.get("index") or index_file(chosen, home)  # the host's own file when there is no MEMORY.md
    # The default places (topics, the host's dated notes and lessons file) are beside the index: with
    # `index: memory/MEMORY.md`, the repository and `memory/` are the same memory.
    beside = posixpath.dirname(posixpath.normpath(index))
    near = (lambda rel: posixpath.join(beside, rel)) if beside else (lambda rel: rel)
    return Config(
        source=path,
        profile=profile,
        profile_reason=reason,
        index_file=index,
        tokenizer=tokenizer,
        topics=tuple(merged.get("topics", default_topics(chosen, home, index))),
        section_level=merged.get("section_level", 2),
        skills={k: tuple(v) for k, v in merged.get("skills", {}).items()},
        always=tuple(merged.get("always", ())),
        core=tuple(merged.get("core", ())),
        context=tuple(merged.get("context", ())),
        index_heading=merged.get("index_heading", "Topics"),
        split_map=dict(merged.get("map", {})),
        dedupe_only=tuple(merged.get("dedupe_only", ())),
        query_floor=float(merged.get("query_floor", 0.4)),
        embedder=merged.get("embedder"),
        embedder_floor=float(merged["embedder_floor"]) if "embedder_floor" in merged else None,
        workspace=merged.get("workspace"),
        lessons=merged.get("lessons", near(chosen.lessons) if beside else None),
        rollup=tuple(merged.get("rollup", map(near, chosen.dated))),
        rollup_after=merged.get("rollup_after", 14),
        stale_after_days=merged.get("stale_after_days", 30),
        cache=merged.get("cache", True),
        lint=merged.get("lint", {}),
        budgets=Budgets(**{**preset, **budgets}),
        warnings=tuple(warnings),
        lines=lines,
    )


def shown_config(path: str) -> str:
    """The config file as messages name it: from the current folder when it lies below it (memctl
    finds it from the home's real path), else as it is."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return path
    return path if relative.startswith("..") else relative


def display(path: str | None) -> str:
    return os.path.basename(path) if path else "the config"


def now(env: Mapping[str, str] | None = None) -> datetime:
    """The current moment, or the last second of MEMCTL_TODAY when that is set."""
    if (os.environ if env is None else env).get("MEMCTL_TODAY"):
        day = today(env)
        return datetime(day.year, day.month, day.day, 23, 59, 59, tzinfo=timezone.utc)
    return datetime.now(timezone.utc)


def today(env: Mapping[str, str] | None = None) -> date:
    """Today's date, or MEMCTL_TODAY (YYYY-MM-DD) for runs that must be reproducible, as in CI."""
    value = (os.environ if env is None else env).get("MEMCTL_TODAY")
    if not value:
        return date.today()
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise ConfigError(f"MEMCTL_TODAY must be a date like 2026-11-29, not {value!r}") from None
