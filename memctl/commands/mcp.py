"""`memctl mcp`: a home's memory as MCP tools and resources, for hosts without hooks.

The tools are plain functions from a home and arguments to a result: `memory_search` ranks
sections with `assemble --query`'s own function (`memctl.commands.query.rank_home`),
`memory_read` gives one file or section as a dispatch would load it, `memory_status` is `status`'s
headroom, `memory_append` is `memctl append` with the checks of `memory_store`. `serve` wires them
to the official MCP SDK (`mcp`, an optional extra: `pip install 'memctl-md[mcp]'`), imported only
there: no other command pays for it.

A server lives as long as its host's session, so it keeps the home it loaded and loads it again
only when a file of it changed (`Homes`): a search then costs the ranking, not the reading.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from datetime import date
from typing import Any

from memctl.commands.memory_store import Refused, Store, append_plan, home_rel, is_markdown, write
from memctl.errors import MemctlError
from memctl.model.home import MemoryHome, load_home
from memctl.record import record
from memctl.words import plural

SEARCH_BUDGET = 4_000  # tokens of excerpts a search returns by default: eight sections of 500
RESOURCE_PAGE = 1_000  # resources a list call returns at once (a fleet's 10,000 topics are ten pages)
SCHEME = "memory://"


# --- the home, kept while it does not change -------------------------------------------------------

class Homes:
    """The home a server reads, loaded again only when something it was read from changed: each
    markdown file, the folders a config may be in, the journal folder, compared by inode, size,
    modification and change time (a walk and a stat each: 40 ms at 10,000 topics, against 500 ms
    to read every file again). A write through the server forgets the home at once."""

    def __init__(self, path: str):
        self.path = path
        self.root = os.path.realpath(path) if not os.path.isfile(path) else os.path.dirname(os.path.realpath(path))
        self._home: MemoryHome | None = None
        self._seen: tuple[Any, ...] = ()

    def get(self) -> MemoryHome:
        seen = self._fingerprint()  # before reading: a change while it reads is seen next time
        if self._home is None or seen != self._seen:
            self._home = load_home(self.path)
            self._home.save_cache()
            self._seen = seen
        return self._home

    def forget(self) -> None:
        self._home = None

    def _fingerprint(self) -> tuple[Any, ...]:
        from memctl.model.walk import walk
        from memctl.safe.fsutil import Guard

        found, _ = walk(self.root, ("**/*.md", "**/*.markdown"), Guard(self.root))
        paths = [os.path.join(self.root, rel) for rel in sorted(found)]
        folder = self.root
        while True:  # where memctl.model.config.find_config looks
            paths += [os.path.join(folder, ".memctl.yaml"), os.path.join(folder, "pyproject.toml")]
            parent = os.path.dirname(folder)
            if os.path.exists(os.path.join(folder, ".git")) or parent == folder:
                break
            folder = parent
        paths.append(os.path.join(self.root, ".memctl", "journal"))
        rows: list[tuple[Any, ...]] = []
        for path in paths:
            try:
                info = os.stat(path)
            except OSError:
                rows.append((path,))
                continue
            rows.append((path, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns))
        return tuple(rows)


# --- the tools -------------------------------------------------------------------------------------

@record
class Result:
    text: str  # what the model reads
    data: dict[str, Any]  # the same, structured (MCP's structuredContent)


def _positive(value: object, name: str, default: int) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise Refused(f"`{name}` must be a whole number of 1 or more (got {value!r})")
    return value


def search(homes: Homes, arguments: Mapping[str, Any], today: date) -> Result:
    """The topic sections a query is about, best first, as `assemble --query` ranks them, within a budget."""
    from memctl.commands.query import MAX_SECTIONS, rank_home
    from memctl.model.secrets import redact

    query = arguments.get("query")
    if not isinstance(query, str) or not query.strip():
        raise Refused("`query` must be the words to look for, such as 'deploy gate rollback'")
    budget = _positive(arguments.get("budget"), "budget", SEARCH_BUDGET)
    most = _positive(arguments.get("max_sections"), "max_sections", MAX_SECTIONS)
    home = homes.get()
    ranked, warnings = rank_home(home, query, most, today)
    sections, left_out, used = [], [], 0
    for scored in ranked:
        if not scored.chosen:
            continue
        part = scored.part
        row = {"path": scored.doc.rel, "heading": part.heading, "start_line": part.start_line,
               "end_line": part.end_line, "tokens": part.tokens, "score": scored.score, "terms": list(scored.terms)}
        if used + part.tokens <= budget:
            sections.append({**row, "text": redact(scored.doc.text[part.start : part.end])})
            used += part.tokens
        else:
            left_out.append(row)
    data = {"query": query, "budget": budget, "tokens": used, "tokenizer": home.counter.name,
            "sections": sections, "left_out": left_out}
    if warnings:  # the embedder's: not run, failed or slow (the words alone ranked the sections)
        data["warnings"] = [redact(w) for w in warnings]
    return Result(render_search(data), data)


def _where(row: Mapping[str, Any]) -> str:
    heading = f" § {row['heading']}" if row["heading"] else ""
    return f"{row['path']}{heading}, lines {row['start_line']}–{row['end_line']}, {row['tokens']:,} tokens"


def render_search(data: Mapping[str, Any]) -> str:
    warned = "".join(f"\nwarning: {w}" for w in data.get("warnings", ()))
    if not data["sections"] and not data["left_out"]:
        return (f"No topic section is about {data['query']!r} (the index is not searched: memory_read "
                "MEMORY.md reads it)." + warned)
    pieces = [f"{plural(len(data['sections']), 'section')}, {data['tokens']:,} of {data['budget']:,} tokens "
              f"({data['tokenizer']}), best first:"]
    pieces += [f"\n<!-- {_where(row)} -->\n{row['text'].rstrip()}" for row in data["sections"]]
    if data["left_out"]:
        pieces.append("\nOver the budget (memory_read reads them): "
                      + "; ".join(_where(row) for row in data["left_out"]))
    return "\n".join(pieces) + warned + "\n"


def read(homes: Homes, arguments: Mapping[str, Any], today: date) -> Result:
    """A markdown file of the home, or one section of it, front matter stripped, with its token cost."""
    from memctl.model.secrets import redact
    from memctl.safe.fsutil import current_text

    root = homes.root
    path = arguments.get("path")
    found = by_file_id(homes.get(), path) if isinstance(path, str) and path.startswith(SCHEME) else None
    rel = found or home_rel(root, path)
    if not found and "…" in rel and current_text(root, rel) is None:
        rel = by_shown_path(homes.get(), rel) or rel  # a path a result gave redacted (`topics/ci-ghp_….md`)
    section = arguments.get("section")
    if section is not None and not isinstance(section, str):
        raise Refused("`section` must be a section's heading, such as 'Rollback'")
    if not is_markdown(rel):
        raise Refused(f"{rel}: memory_read reads the home's markdown files")
    if current_text(root, rel) is None:
        raise Refused(f"{rel} does not exist in the memory home (memory_status lists its files)")
    store = Store(root)
    doc = store.doc(rel)
    parts = doc.sections
    if section is not None:
        wanted = section.strip().lstrip("#").strip().lower()
        chosen = [p for p in parts if p.heading and p.heading.strip().lower() == wanted]
        if not chosen:
            headings = [p.heading for p in parts if p.heading]
            raise Refused(f"{rel} has no section {section!r}; its sections: "
                          + (", ".join(repr(h) for h in headings) if headings else "none (it has no headings)"))
        parts = tuple(chosen[:1])
    text = "".join(doc.text[p.start : p.end] for p in parts)
    first, last = (parts[0].start_line, parts[-1].end_line) if parts else (1, 0)
    tokens = store.counter.count(text)
    data = {"path": rel, "section": parts[0].heading if section is not None else None, "start_line": first,
            "end_line": last, "tokens": tokens, "front_matter_lines": doc.front_matter_lines, "text": redact(text)}
    what = f" § {data['section']}" if data["section"] else ""
    stripped = ", front matter stripped" if doc.front_matter_lines and section is None else ""
    header = f"<!-- {rel}{what}, lines {first}–{last}, {tokens:,} tokens ({store.counter.name}){stripped} -->"
    return Result(f"{header}\n{data['text']}", data)


def status(homes: Homes, arguments: Mapping[str, Any], today: date) -> Result:
    """`status`'s headroom: the host's limits on the index, what it loads, what is over."""
    from memctl.commands.status import build_status

    report = build_status(homes.get(), today)
    index = report["index"]
    cap = index["load_cap"]
    data = {
        "home": report["home"], "profile": report["profile"], "tokenizer": report["tokenizer"],
        "index": {"path": index["path"], "lines": index["lines"], "tokens": index["tokens"],
                  "headroom": {k: v for k, v in index["headroom"].items() if v is not None},
                  "load_cap": {k: cap[k] for k in ("description", "capped", "loaded_lines", "cut_line", "notice")}},
        "topics": len(report["topics"]),
        "over_budget": [{"path": t["path"], "tokens": t["tokens"], "budget": t["budget"]}
                        for t in report["topics"] if t["over_budget"]],
        "always_loaded_tokens": report["totals"]["always_loaded_tokens"],
        "on_demand_tokens": report["totals"]["on_demand_tokens"],
        "problems": report["problems"], "warnings": report["warnings"],
    }
    return Result(render_status(data), data)


def render_status(data: Mapping[str, Any]) -> str:
    index, cap = data["index"], data["index"]["load_cap"]
    rows = [f"home {data['home']}: host profile {data['profile']}, tokens counted with {data['tokenizer']}",
            f"index {index['path']}: {index['lines']:,} lines, {index['tokens']:,} tokens; the host loads "
            f"{cap['description']}: "
            + (f"cut at line {cap['cut_line']} ({cap['loaded_lines']:,} lines loaded)" if cap["capped"]
               else "all of it")]
    for name, room in index["headroom"].items():
        state = "OVER" if room["over"] else "left"
        rows.append(f"  {name}: {room['used']:,} of {room['limit']:,} ({abs(room['left']):,} {state})")
    rows.append(f"{plural(data['topics'], 'topic')}; every request carries {data['always_loaded_tokens']:,} tokens, "
                f"{data['on_demand_tokens']:,} more are loaded on demand")
    rows += [f"over budget: {t['path']}, {t['tokens']:,} tokens (budget {t['budget']:,})" for t in data["over_budget"]]
    rows += [f"problem: {p['path']}{':' + str(p['line']) if p['line'] else ''}: {p['message']}"
             for p in data["problems"]]
    rows += [f"warning: {w}" for w in data["warnings"]]
    return "\n".join(rows) + "\n"


def append(homes: Homes, arguments: Mapping[str, Any], today: date) -> Result:
    """`memctl append`: lines added to a memory file under the home's lock, through the journal."""
    root = homes.root
    rel = home_rel(root, arguments.get("path"))
    text = arguments.get("text")
    if not isinstance(text, str):
        raise Refused("`text` must be the lines to append")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused("the text is not valid Unicode (a lone surrogate); nothing was written") from None
    write(root, lambda store: append_plan(store, rel, text), "mcp memory_append")
    homes.forget()
    lines = len(text.splitlines())
    return Result(f"appended {plural(lines, 'line')} to {rel}", {"path": rel, "lines": lines})


@record
class Tool:
    name: str
    run: Callable[[Homes, Mapping[str, Any], date], Result]
    description: str
    schema: dict[str, Any]
    read_only: bool = True


def _schema(properties: dict[str, Any], required: tuple[str, ...]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": list(required), "additionalProperties": False}


TOOLS = {tool.name: tool for tool in (
    Tool("memory_search", search,
         "Search the memory's topic files for the sections a task is about, ranked as `memctl assemble --query` "
         "ranks them (BM25 over sections, headings and file names), best first, within a token budget. Each "
         "section comes with its file, lines and tokens. The index (MEMORY.md) is not searched: read it whole.",
         _schema({"query": {"type": "string", "description": "The words of the task or question."},
                  "budget": {"type": "integer", "minimum": 1,
                             "description": f"Tokens of excerpts at most (default {SEARCH_BUDGET:,})."},
                  "max_sections": {"type": "integer", "minimum": 1, "description": "Sections at most (default 8)."}},
                 ("query",))),
    Tool("memory_read", read,
         "Read one memory file (a path relative to the memory home, such as topics/deploy.md), or one section "
         "of it by its heading, without its front matter, with its cost in tokens.",
         _schema({"path": {"type": "string", "description": "The file, relative to the memory home."},
                  "section": {"type": "string", "description": "A heading of the file: only that section."}},
                 ("path",))),
    Tool("memory_status", status,
         "The memory's headroom: the index's size against what the host loads (its load cap), the topics over "
         "their budget, the tokens every request carries, and any problem found.",
         _schema({}, ())),
    Tool("memory_append", append,
         "Append lines to a memory file (made if missing) under the home's lock, as memctl writes: crash-safe, "
         "never overwriting another writer. Refused, with the reason, for a file outside the home or not "
         "markdown, a text holding a credential, or an index that would grow past what the host loads.",
         _schema({"path": {"type": "string", "description": "The file, relative to the memory home."},
                  "text": {"type": "string", "description": "The lines to add (a list item: '- 2026-11-29 …')."}},
                 ("path", "text")), read_only=False),
)}


def call(homes: Homes, name: str, arguments: Mapping[str, Any] | None, today: date) -> tuple[Result | None, str]:
    """(the result, "") of one tool call, or (None, the error the model reads): never an exception."""
    tool = TOOLS.get(name)
    if tool is None:
        return None, f"error: no tool {name!r}; the tools are {', '.join(TOOLS)}"
    unknown = sorted(set(arguments or {}) - set(tool.schema["properties"]))
    if unknown:
        return None, f"error: {name} takes no {', '.join(unknown)}; it takes {', '.join(tool.schema['properties'])}"
    typed = "\n".join(value for value in (arguments or {}).values() if isinstance(value, str))
    try:
        result = tool.run(homes, arguments or {}, today)
    except MemctlError as error:
        return None, f"error: {redacted(str(error), typed)}"
    except Exception as error:  # a bug: said to the model and the host's log, and the server goes on
        import traceback

        traceback.print_exc()
        return None, redacted(f"error: memctl failed ({type(error).__name__}: {error}); this is a bug in memctl", typed)
    return Result(redacted(result.text, typed), redacted(result.data, typed)), ""


def redacted(value: Any, typed: str = "") -> Any:
    """`value` with every string in it redacted, in lists and dicts at any depth: what a tool
    returns, its text and each field of its structured result (a section's heading, a path, the
    query given back), and the secrets of what the model typed (`typed`) wherever their words are."""
    from memctl.model.secrets import redact, redact_typed

    if isinstance(value, str):
        return redact_typed(value, typed) if typed else redact(value)
    if isinstance(value, dict):
        return {redacted(key, typed): redacted(item, typed) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [redacted(item, typed) for item in value]
    return value


# --- resources: the index and the topics -----------------------------------------------------------

def resources(homes: Homes) -> list[dict[str, Any]]:
    home = homes.get()
    rows = [{"uri": resource_uri(home, home.index.rel), "name": home.index.rel, "size": home.index.bytes,
             "description": "The index: what the host loads at the start of every session."}]
    for doc in home.topics:
        summary = doc.front_matter.summary or doc.front_matter.title
        rows.append({"uri": resource_uri(home, doc.rel), "name": doc.rel, "size": doc.bytes,
                     "description": summary or "A topic file."})
    return [{**row, "name": redacted(row["name"]), "description": redacted(row["description"])} for row in rows]


FILE_ID = "?file="  # what follows the redacted path in the URI of a file whose path holds a credential


def resource_uri(home: MemoryHome, rel: str) -> str:
    """A file's resource URI: `memory://<its path>`; for a path that holds what looks like a
    credential (a file named after a token), its redacted path and an id that names the file
    (`memory://topics/ci-ghp_%E2%80%A6.md?file=1f0c…`): the client, and the model it shows the list
    to, never see the secret, and the URI still reads the file (`read_resource`, `memory_read`)."""
    from urllib.parse import quote

    from memctl.model.secrets import redact

    shown = redact(rel)
    if shown == rel:
        return SCHEME + rel
    return f"{SCHEME}{quote(shown, safe='/')}{FILE_ID}{file_id(home, rel)}"


def file_id(home: MemoryHome, rel: str) -> str:
    """An id for the file `rel` that does not give its path away: a digest keyed with this user's
    key (stable across servers; a path's short secret cannot be found by trying guesses), or with
    the home's own path when no key can be used."""
    from memctl.safe.keys import blake2b, user_key

    key, _ = user_key(home.root)
    return blake2b(rel.encode("utf-8", "surrogatepass"), key=key or home.root.encode()[-64:],
                   digest_size=10).hexdigest()


def by_file_id(home: MemoryHome, uri: str) -> str | None:
    """The path of the index or topic a `resource_uri` with a file id names, or None."""
    if FILE_ID not in uri:
        return None
    wanted = uri.rsplit(FILE_ID, 1)[1]
    if len(wanted) != 20 or any(c not in "0123456789abcdef" for c in wanted):
        return None
    return next((doc.rel for doc in (home.index, *home.topics) if file_id(home, doc.rel) == wanted), None)


def by_shown_path(home: MemoryHome, shown: str) -> str | None:
    """The one index or topic whose path, redacted, is `shown`, or None (none, or more than one)."""
    from memctl.model.secrets import redact

    found = [doc.rel for doc in (home.index, *home.topics) if "…" in (cut := redact(doc.rel)) and cut == shown]
    return found[0] if len(found) == 1 else None


def read_resource(homes: Homes, uri: str) -> str:
    from memctl.model.secrets import redact

    home = homes.get()
    if not uri.startswith(SCHEME):
        raise Refused(f"{uri}: memctl's resources are {SCHEME}<path in the home>")
    rel = by_file_id(home, uri) or home_rel(home.root, uri)
    doc = home.index if rel == home.index.rel else home.find_topic(rel)
    if doc is None or doc.rel != rel:
        raise Refused(f"{uri} is not the index nor a topic of this home (resources/list lists them)")
    return redact(doc.text)


# --- the server: the official MCP SDK on stdio -----------------------------------------------------

INSTRUCTIONS = ("This server is the project's memory (markdown files memctl keeps lean). Before a task, call "
                "memory_search with its words and read what comes back; memory_read reads a whole file or one "
                "section; memory_status says how close the index is to what the host loads; memory_append adds "
                "a lesson or a fact to a file (a topic file rather than the index).")
SDK_MISSING = ("`memctl mcp` needs the MCP SDK, an optional extra: pip install 'memctl-md[mcp]' "
               "(or pip install 'mcp>=2.3,<3' beside memctl)")


def serve(path: str, today: Callable[[], date]) -> None:
    """Serve the home at `path` over stdio until the host closes it. The home is read once first,
    so a home that cannot be read is an error here, not in the host's first call."""
    try:
        import anyio
        import mcp_types as types
        from mcp.server import Server
        from mcp.server.stdio import stdio_server
        from mcp.shared.exceptions import MCPError
    except ImportError:
        raise MemctlError(SDK_MISSING) from None
    from memctl import __version__

    homes = Homes(path)
    homes.get()
    lock = anyio.Lock()  # one call at a time, off the event loop: pings are answered meanwhile

    async def list_tools(ctx: Any, params: Any) -> Any:
        return types.ListToolsResult(tools=[types.Tool(
            name=tool.name, description=tool.description, input_schema=tool.schema,
            annotations=types.ToolAnnotations(read_only_hint=tool.read_only, destructive_hint=False,
                                              idempotent_hint=tool.read_only, open_world_hint=False))
            for tool in TOOLS.values()])

    async def call_tool(ctx: Any, params: Any) -> Any:
        async with lock:
            result, error = await anyio.to_thread.run_sync(call, homes, params.name, params.arguments, today())
        if result is None:
            return types.CallToolResult(content=[types.TextContent(text=error)], is_error=True)
        return types.CallToolResult(content=[types.TextContent(text=result.text)], structured_content=result.data)

    async def guarded(work: Callable[[], Any]) -> Any:
        async with lock:
            try:
                return await anyio.to_thread.run_sync(work)
            except MemctlError as error:
                raise MCPError(types.INVALID_PARAMS, str(error)) from None

    async def list_resources(ctx: Any, params: Any) -> Any:
        rows = await guarded(lambda: resources(homes))
        start = int(params.cursor) if params is not None and (params.cursor or "").isdigit() else 0
        page = rows[start : start + RESOURCE_PAGE]
        more = str(start + RESOURCE_PAGE) if start + RESOURCE_PAGE < len(rows) else None
        return types.ListResourcesResult(next_cursor=more, resources=[types.Resource(
            uri=row["uri"], name=row["name"], description=row["description"], mime_type="text/markdown",
            size=row["size"]) for row in page])

    async def read_one(ctx: Any, params: Any) -> Any:
        text = await guarded(lambda: read_resource(homes, str(params.uri)))
        return types.ReadResourceResult(contents=[types.TextResourceContents(
            uri=params.uri, text=text, mime_type="text/markdown")])

    server = Server("memctl", version=__version__, instructions=INSTRUCTIONS, on_list_tools=list_tools,
                    on_call_tool=call_tool, on_list_resources=list_resources, on_read_resource=read_one)

    async def main() -> None:
        async with stdio_server() as (reading, writing):
            await server.run(reading, writing, server.create_initialization_options())

    anyio.run(main)
