"""The contract every host module of `memctl/hosts/` fills in, and what they share.

A host is a value (`Host`) that a command gets with the home (`MemoryHome.host`) and asks,
instead of branching on the profile's name: its figures, where its lessons and dated notes go,
the shape of its hooks' output. How a host loads a file is a `Cap`, named by the `budgets:` key
`load_cap_mode`, so that a home of one host can be measured with another's algorithm.
"""

from __future__ import annotations

from memctl.record import record
from memctl.text import utf16_len

TYPE_CHECKING = False  # typing costs milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence
    from datetime import date
    from typing import Any, Protocol

    FrontMatterPairs = tuple[tuple[str, "str | list[str] | date"], ...]

    # What a host reads of the home (memctl.model.home's MemoryHome, Doc and Part), named here so
    # that the hosts never import the home model, which asks them.
    class Counter(Protocol):
        def count_parts(self, text: str, cuts: Sequence[int], text_digest: str | None = None) -> list[int]: ...

    class Part(Protocol):
        @property
        def start_line(self) -> int: ...
        @property
        def end_line(self) -> int: ...
        @property
        def lines(self) -> int: ...

    class Doc(Protocol):
        @property
        def rel(self) -> str: ...
        @property
        def text(self) -> str: ...
        @property
        def tokens(self) -> int: ...
        @property
        def lines(self) -> int: ...
        @property
        def bytes(self) -> int: ...
        @property
        def chars(self) -> int: ...
        @property
        def front_matter_lines(self) -> int: ...
        @property
        def blocks(self) -> tuple[tuple[int, int, str], ...]: ...
        @property
        def parts(self) -> Sequence[Part]: ...

    class Config(Protocol):
        @property
        def budgets(self) -> Budgets: ...
        @property
        def workspace(self) -> str | None: ...
        @property
        def source(self) -> str | None: ...

    class Store(Protocol):
        def get(self, key: str, valid: Callable[[Any], bool] | None = None) -> Any: ...
        def put(self, key: str, value: Any) -> None: ...

    class Home(Protocol):
        @property
        def root(self) -> str: ...
        @property
        def index(self) -> Doc: ...
        @property
        def topics(self) -> Sequence[Doc]: ...
        @property
        def config(self) -> Config: ...
        @property
        def counter(self) -> Counter: ...
        @property
        def cache(self) -> Store: ...
        @property
        def index_cap(self) -> CapResult: ...
        @property
        def host(self) -> Host: ...
        @property
        def stack(self) -> Stack | None: ...
        @property
        def start_up(self) -> Stack | None: ...

# The largest count a budget or a threshold may name: far past any host's figure (Claude Code's
# 25,000 units, OpenClaw's 60,000 characters), and small enough for the float arithmetic of shares
# (`head_tail` takes head_percent of a cap as a float; 10**400 would overflow it).
MOST = 1_000_000_000


@record
class Budgets:
    """The figures of the host that loads the memory. None means "no such limit".

    `load_cap_mode` names the host's loading algorithm (the `Cap` of `memctl.hosts.CAPS`); the other figures are
    its parameters, each one a `budgets:` key, so that a host's setting can be mirrored.
    """

    load_cap_mode: str = "claude-code"  # claude-code, openclaw, volute; or head, head_tail
    load_cap_lines: int | None = 200  # Claude Code: the first 200 lines (after trimming)...
    load_cap_units: int | None = 25_000  # ...then 25,000 UTF-16 code units, cut at a line end
    load_cap_bytes: int | None = None  # for `head`/`head_tail`: UTF-8 bytes
    load_cap_chars: int | None = None  # OpenClaw: characters (UTF-16) per bootstrap file
    load_cap_tokens: int | None = None  # Volute: hardCapTokens
    head_percent: int | None = 75  # OpenClaw: shares of a capped file's content budget kept
    tail_percent: int | None = 25  # from its head and its tail (older releases: 70 and 20)
    total_chars: int | None = None  # OpenClaw: all bootstrap files together, in characters
    total_bytes: int | None = None  # Codex: project_doc_max_bytes, the AGENTS.md files together, in bytes
    index_max_lines: int | None = 200
    index_max_units: int | None = 25_000  # UTF-16 code units (JavaScript string length)
    index_max_bytes: int | None = None
    index_warn_lines: int | None = None  # None: warn at 90% of the line and size limits
    index_tokens: int | None = 5_000  # soft budget of the index (Volute: softBudgetTokens)
    topic_tokens: int | None = 1_000
    bundle_tokens: int = 40_000



@record
class CapResult:
    description: str
    loaded: tuple[tuple[int, int], ...]  # 1-based inclusive line ranges the host loads
    total_lines: int = 0
    notice: str | None = None  # the line the host adds when it cuts (Claude Code's and Volute's warnings)
    measures: tuple[tuple[str, int, int], ...] = ()  # (what the host measures, used, limit), in its units
    # 1-based inclusive line ranges the host leaves out of what it sends (Claude Code: front matter, block
    # HTML comments, the blank lines its trim drops): a bundle of the index leaves them out too
    stripped: tuple[tuple[int, int], ...] = ()

    @property
    def capped(self) -> bool:
        return self.loaded_lines_total < self.total_lines

    @property
    def loaded_lines_total(self) -> int:
        return sum(b - a + 1 for a, b in self.loaded)

    def lines_loaded_in(self, part: Part) -> int:
        return sum(max(0, min(b, part.end_line) - max(a, part.start_line) + 1) for a, b in self.loaded)

    def state_of(self, part: Part) -> str:
        """"full", "partial" or "none": how much of a part the host loads."""
        got = self.lines_loaded_in(part)
        return "full" if got == part.lines else ("none" if got == 0 else "partial")


@record
class Cap:
    """How a host loads one file: `apply` says which lines it loads, `describe` says so in words."""

    mode: str  # the `load_cap_mode` that names it
    describe: Callable[[Budgets], str]
    apply: Callable[[Doc, list[str], Budgets, Counter, int | None], CapResult]
    trimmed_sizes: bool = False  # the index's lines and units are the host's own, measured after its trim
    injection: Callable[[Home], Any] | None = None  # what the host injects with the index (OpenClaw)
    # The text the host sends of a file, given its lines and what `apply` said of them: None is the
    # lines it loads as they stand and its notice after them (`sent_text`); Claude Code's strips and trims.
    text: Callable[[Doc, list[str], CapResult], str] | None = None

    def sent(self, doc: Doc, lines: list[str], cap: CapResult) -> str:
        """What of `doc` reaches the model, as the host sends it: what its tokens are counted on."""
        return (self.text or sent_text)(doc, lines, cap)


def sent_text(doc: Doc, lines: list[str], cap: CapResult) -> str:
    """The lines a host loads, as they stand, and the notice it adds when it cuts after them."""
    text = "".join(lines[n - 1] for first, last in cap.loaded for n in range(first, last + 1))
    if cap.notice:
        text += ("" if not text or text.endswith("\n") else "\n") + "\n" + cap.notice
    return text


# What a host's start-up problem is about (`Problem.kind`): lint has one rule for each.
PROBLEM_KINDS = ("cut", "shadowed", "never-fires", "manual-only", "import-missing", "import-loop",
                 "import-escapes", "import-too-deep")


@record
class Loaded:
    """One file of a host's start-up, as the host loads it (memctl.hosts.<host>.stack)."""

    path: str  # its real path
    role: str  # what it is to the host, in words: "global", "project", "rule", "import", "auto memory", …
    when: str  # "start" (paid on every request), "later" (loaded on a condition) or "never" (passed over)
    unit: str  # the host's own unit for it: "bytes", "UTF-16 units", "characters", "lines", "tokens (bytes/4)"
    size: int  # the file in that unit, as the host measures it
    loaded: int  # how much of it reaches the model, in that unit
    text: str = ""  # what reaches the model of it (its tokens are counted on this)
    cause: str = "ok"  # ok, cut, dropped, empty, shadowed, skipped, later, not loaded
    why: str = ""  # why it is cut, dropped, passed over or loaded later, in words
    cap: CapResult | None = None  # which of its lines load (for the index, and for lint's line numbers)
    depth: int = 0  # imports: how many hops from the file that loads it
    parent: str | None = None  # imports: the real path of the file that imports it


@record
class Problem:
    """Something in a host's start-up that loads less than its author meant (lint reports each)."""

    kind: str  # one of PROBLEM_KINDS
    path: str  # the real path of the file it is in
    line: int  # 1-based
    message: str


@record
class Stack:
    """Every file a host loads at session start for a working folder, in its order, and the files
    it loads later or passes over."""

    host: str  # the host as people name it ("Codex")
    cwd: str | None  # the working folder the stack is worked out for (None: not known)
    files: tuple[Loaded, ...]
    budget: tuple[str, int, int] | None = None  # a cap over several files: (what, used, limit)
    notes: tuple[str, ...] = ()  # what the model assumes, and what it does not model
    problems: tuple[Problem, ...] = ()

    def row(self, path: str) -> Loaded | None:
        """The first row for the file at `path` (a real path)."""
        return next((f for f in self.files if f.path == path), None)

    @property
    def start(self) -> tuple[Loaded, ...]:
        """The files paid for on every request: loaded at start, something of them reaching the model."""
        return tuple(f for f in self.files if f.when == "start" and f.loaded)


@record
class Host:
    """Everything memctl knows about one host, in the same few answers for each."""

    name: str  # the profile's name in a config
    note: str  # its figures in one line (`memctl init` writes it beside the profile)
    preset: Mapping[str, Any]  # the `budgets:` figures (and tokenizer) that differ from the defaults
    lessons: str  # where `capture` appends lessons, relative to the home
    dated: tuple[str, ...] = ()  # globs of its dated notes: what `rollup` folds by default
    hook_shape: str = "claude-code"  # the JSON its hooks read: a host's name in `memctl.hosts.HOOK_ANSWERS`
    context_candidates: tuple[str, ...] = ()  # files beside the memory `init` offers as `context:`
    init_notes: tuple[str, ...] = ()  # comment lines `init` adds for this host
    # Figures read from the host's own config, given the home; what it ignores there (a value the host
    # itself would not take) it appends to the list, said as config warnings are.
    home_budgets: Callable[[str, list[str]], dict[str, Any]] | None = None
    hook_scripts: str = ""  # where its hooks are scripts in the home, why `hook install` has no settings to edit
    # Where `split` puts a new topic, relative to the index's folder ("" beside it), and the front
    # matter it gets: (key, value) pairs in order, each value a string, a list of strings or a date.
    topic_folder: str = "topics"
    topics: Callable[[str], tuple[str, ...]] | None = None  # globs of a home's topic files when the config names none
    # (given the home's folder; None or (): memctl's own)
    kept_sections: tuple[str, ...] = ()  # heading prefixes of sections the host reads from the index itself
    topic_front_matter: Callable[[str, str, str, date], FrontMatterPairs] | None = None  # None: memctl's own
    lessons_front_matter: bool = False  # the lessons file `capture` creates gets the topic front matter too
    # The memory folder the host keeps outside a project for the project the folder `cwd` lies in
    # (Claude Code's auto memory), or None: where `memctl hook` looks when it is given no PATH and the
    # input's `cwd` holds no memory home.
    project_memory: Callable[[str], str | None] | None = None
    # What the host loads at session start for a home (every file, in its order, with its cut), or
    # None for a host that loads only the index (and, for OpenClaw, its `Cap.injection`). Called with
    # everything=False, it may leave out what loads later and the problems that need a walk of the
    # project (a dispatch needs only what every request pays for).
    stack: Callable[[Home, bool], Stack | None] | None = None  # None from it: nothing but the index loads
    # The names the index may have in a folder, when the config names none, first found wins
    # (Codex's AGENTS.md, Cursor's AGENTS.md): None is MEMORY.md alone.
    index_names: Callable[[str], tuple[str, ...]] | None = None
    label: str = ""  # the host as people name it, for reports ("Codex"); the name when empty
    # The name ending memctl gives a markdown file it archives (a moved entry, a rolled-up note, a
    # copy of the index, a snapshot) in a home's folder, given the folder: ".md", or another markdown
    # ending where the host lists every `.md` file of the folder to the model (Claude Code's recall
    # of its auto memory), so that what is archived stays out of it. None: ".md".
    archive_suffix: Callable[[str], str] | None = None
    # Where no output of memctl (a report, a plan) may go, because the host reads it or keeps its own
    # state there (`memctl.safe.fsutil.check_output_file`): the names of its own folders, wherever they
    # lie on a path (Claude Code's `~/.claude` and a project's `.claude/`, with its rules, settings and
    # transcripts), and the names of the files it loads at start wherever it finds them (a file made
    # with one of those names would be loaded by the next session: CLAUDE.local.md).
    own_folders: tuple[str, ...] = ()
    startup_names: tuple[str, ...] = ()
    # Its own folders by path, where its environment puts them under another name (Claude Code's
    # $CLAUDE_CONFIG_DIR, Codex's $CODEX_HOME), each with the words that name it: no output goes in them either.
    own_paths: Callable[[], tuple[tuple[str, str], ...]] | None = None
    # What the host keeps in a home's folder beside the memory, in a few words, for the output check's
    # refusal of a report or plan written there ("OpenClaw keeps state files there"); "" when the
    # host keeps nothing there of its own: then the refusal gives memctl's reason alone.
    folder_keeps: str = ""

    def count_note(self, tokenizer: str) -> str:
        """What a report says of its token counts: the host's own count when it counts with this
        tokenizer (Volute's chars/4), else estimates (Anthropic publishes no offline tokenizer)."""
        if self.preset.get("tokenizer") == tokenizer:
            return f"token counts are {self.label or self.name}'s own count"
        return "token counts are estimates for Claude models"

    def front_matter_of(self, title: str, summary: str, slug: str, today: date) -> FrontMatterPairs:
        """The front matter of a new topic file, as (key, value) pairs in the order they are written."""
        made = self.topic_front_matter or memctl_front_matter
        return made(title, summary, slug, today)


def memctl_front_matter(title: str, summary: str, slug: str, today: date) -> FrontMatterPairs:
    """memctl's own topic front matter: `title`, `summary` (when there is one), `skills: [slug]` (what
    `assemble --skill` selects by) and `updated` (what MEM402 judges staleness by)."""
    return (("title", title), *((("summary", summary),) if summary else ()), ("skills", [slug]), ("updated", today))


def kib(units: int) -> str:
    """Claude Code's size label: 25,000 → `24.4KB` (1,024 units to the KB)."""
    return f"{units / 1024:.1f}KB"


def runs(numbers: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """Line numbers as runs of consecutive ones: [3, 4, 5, 9] → ((3, 5), (9, 9))."""
    found: list[tuple[int, int]] = []
    for n in sorted(numbers):
        if found and found[-1][1] == n - 1:
            found[-1] = (found[-1][0], n)
        else:
            found.append((n, n))
    return tuple(found)


def whole(total: int, last: int | None = None) -> tuple[tuple[int, int], ...]:
    last = total if last is None else last
    return ((1, last),) if last > 0 else ()



def line_ends(lines: list[str]) -> list[int]:
    """The UTF-16 offset just past each line's newline (or the end of the last line)."""
    ends, position = [], 0
    for line in lines:
        position += utf16_len(line)
        ends.append(position)
    return ends



def fit(sizes: dict[str, list[int]], limits: dict[str, int], order: range) -> int:
    """How many lines, taken in `order`, fit within every limit."""
    used = dict.fromkeys(limits, 0)
    count = 0
    for i in order:
        if any(used[k] + sizes[k][i] > limits[k] for k in limits):
            break
        for k in limits:
            used[k] += sizes[k][i]
        count += 1
    return count
