"""Each host's loading rule, stated in numbers on the fixtures in fixtures/hosts (see make_fixtures.py)."""

from __future__ import annotations

import json
import subprocess

import pytest

from memctl.commands.assemble import AssembleOptions, assemble
from memctl.commands.lint import LintOptions, lint_home
from memctl.errors import ConfigError
from memctl.hosts import index_sizes
from memctl.hosts.openclaw import bootstrap
from memctl.model.home import load_home
from memctl.text import utf16_len

from .test_status import TODAY

HOSTS = "fixtures/hosts"
CLAUDE_TAIL = (" Only part of it was loaded. Keep index entries to one line under ~200 chars; "
               "move detail into topic files.")


def codes(home) -> list[str]:
    """The hard index findings: over the line limit, over the size limit, past the load cap."""
    found, _ = lint_home(home, TODAY, LintOptions(select=("MEM201", "MEM202", "MEM205")))
    return sorted({d.code for d in found})


def test_claude_code_counts_utf16_units_not_bytes():
    home = load_home(f"{HOSTS}/claude-cjk")
    assert home.index.bytes == 67_650 and index_sizes(home)["units"] == 22_649
    assert not home.index_cap.capped and home.index_cap.notice is None
    assert codes(home) == []  # the byte model called this 2.7 times over its limit


def test_claude_code_cuts_an_emoji_index_at_the_last_line_end_within_25000_units():
    home = load_home(f"{HOSTS}/claude-emoji")
    assert utf16_len("🚀") == 2 and index_sizes(home)["units"] == 150 * 180 + 149 == 27_149
    assert home.index_cap.loaded == ((1, 138),)  # 138 × 181 − 1 = 24,977 ≤ 25,000 < 139 × 181 − 1
    assert home.index_cap.notice == "> WARNING: MEMORY.md is 26.5KB (limit: 24.4KB) — index entries are too long." \
        + CLAUDE_TAIL
    assert codes(home) == ["MEM202", "MEM205"]
    bundle = assemble(home, AssembleOptions(budget=100_000), TODAY)
    assert bundle.entries[0].content.endswith("\n\n" + home.index_cap.notice + "\n")


def test_claude_code_strips_front_matter_and_html_comments_and_trims_before_counting():
    home = load_home(f"{HOSTS}/claude-frontmatter")
    assert home.index.lines == 212 and index_sizes(home)["lines"] == 200
    assert not home.index_cap.capped and codes(home) == []  # the raw count, 212, was MEM201 and MEM205


def test_claude_code_warning_names_lines_and_size_as_the_host_does(tmp_path):
    (tmp_path / "MEMORY.md").write_text("\n".join(f"L{i:05d}" + "x" * 94 for i in range(300)))
    home = load_home(tmp_path)
    assert home.index_cap.loaded == ((1, 200),)
    assert home.index_cap.notice == "> WARNING: MEMORY.md is 300 lines and 29.6KB." + CLAUDE_TAIL


def test_volute_reads_its_budgets_from_config_json_and_cuts_at_a_line_end():
    home = load_home(f"{HOSTS}/volute-budgets")
    assert home.config.profile == "volute" and home.config.profile_reason.startswith("detected: .config/config.json")
    budgets = home.config.budgets
    assert (budgets.index_tokens, budgets.load_cap_tokens) == (100, 300)
    assert home.index.tokens == 488 and home.index_cap.loaded == ((1, 30),)  # 30 × 39 − 1 = 1,169 ≤ 1,200
    assert home.index_cap.notice.startswith("⚠ MEMORY.md is ~488 tokens — only the first ~300 tokens are loaded.")
    assert codes(home) == ["MEM205"]  # no line or byte limit: Volute has none


def test_a_volute_minds_soul_and_volute_md_are_paid_on_every_request(copy_fixture, cli):
    """Volute's system prompt is SOUL.md, VOLUTE.md and then the memory (startup.ts): status counts
    the two with the index, and lint's MEM501 looks into them, as sent with every request."""
    home = copy_fixture("homes/volute/home")
    report = json.loads(cli("status", str(home), "--format", "json").stdout)
    rows = {row["path"]: row for row in report["totals"]["always_loaded"]}
    soul, volute = (home / "SOUL.md").read_text(), (home / "VOLUTE.md").read_text()
    assert [(r["kind"], r["tokens"]) for name, r in rows.items() if name.endswith(("SOUL.md", "VOLUTE.md"))] == [
        ("stack", (utf16_len(soul) + 2) // 4), ("stack", (utf16_len(volute) + 2) // 4)]
    assert report["totals"]["always_loaded_tokens"] == sum(r["tokens"] for r in rows.values())
    (home / "VOLUTE.md").write_text("# Volute\n\n- tend the 梨 trees 🌱\n", encoding="utf-8")
    sizes = {f["path"].rsplit("/", 1)[-1]: f["size"] for f in
             json.loads(cli("status", str(home), "--format", "json").stdout)["stack"]["files"]}
    assert sizes["VOLUTE.md"] == utf16_len((home / "VOLUTE.md").read_text(encoding="utf-8"))  # as JavaScript counts
    token = "ghp_" + "a1B2" * 9
    with open(home / "SOUL.md", "a", encoding="utf-8") as file:
        file.write(f"\nmy key: {token}\n")
    found = cli("lint", str(home), "--select", "MEM501")
    assert found.exit_code == 1 and token[4:] not in found.stdout
    assert "SOUL.md:" in found.stdout and "with every request" in found.stdout


def test_volute_cuts_hard_when_the_last_line_end_is_not_half_way_in(tmp_path):
    (tmp_path / ".config").mkdir()
    (tmp_path / ".config" / "config.json").write_text('{"memory": {"hardCapTokens": 25}}')
    (tmp_path / "MEMORY.md").write_text("A" * 60 + "\n" + "B" * 60 + "\n" + "C" * 60)
    assert load_home(tmp_path).index_cap.loaded == ((1, 1),)  # Volute's own test: only the A line fits whole
    (tmp_path / "MEMORY.md").write_text("# H\n" + "x" * 200)
    assert load_home(tmp_path).index_cap.loaded == ((1, 1),)  # hard cut: "# H" loads, the giant line does not


@pytest.mark.parametrize(("text", "message"), [
    ('{"memory": {', ".config/config.json:1: not valid JSON: Expecting property name enclosed in double quotes"),
    ("\xff", "not valid UTF-8"),
])
def test_a_broken_volute_config_is_one_line(tmp_path, text, message, cli):
    (tmp_path / ".config").mkdir()
    (tmp_path / ".config" / "config.json").write_bytes(text.encode("latin-1"))
    (tmp_path / "MEMORY.md").write_text("# I\n")
    with pytest.raises(ConfigError):
        load_home(tmp_path, overrides={"profile": "volute"})
    result = cli("status", str(tmp_path), "--profile", "volute")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and message in result.stderr


@pytest.mark.parametrize(("soft", "hard", "said"), [
    ('"25k"', "true", ['6: memory.softBudgetTokens is "25k", not a positive number of tokens; Volute uses its '
                       "default, 5,000", "7: memory.hardCapTokens is true, not a positive number of tokens; Volute "
                       "uses its default, 25,000"]),
    ("-3", "12000", ["6: memory.softBudgetTokens is -3, not a positive number of tokens; Volute uses its default, "
                     "5,000"]),
    ("null", "NaN", ["6: memory.softBudgetTokens is null, not a positive number of tokens; Volute uses its default, "
                     "5,000", "7: memory.hardCapTokens is NaN, not a positive number of tokens; Volute uses its "
                     "default, 25,000"]),
])
def test_a_volute_budget_that_is_not_a_number_is_said_with_its_line_and_the_default(copy_fixture, cli, soft, hard,
                                                                                     said):
    """Volute falls back to its default for a budget it cannot read, and memctl counts as it does,
    but the user hears which value was ignored, where, and what is in effect instead."""
    home = copy_fixture("homes/volute/home")
    config = home / ".config" / "config.json"
    text = config.read_text()
    assert '"softBudgetTokens": 5000,\n' in text and '"hardCapTokens": 25000,\n' in text
    config.write_text(text.replace('"softBudgetTokens": 5000,', f'"softBudgetTokens": {soft},')
                      .replace('"hardCapTokens": 25000,', f'"hardCapTokens": {hard},'))
    expected = [f"warning: {config}:{line}" for line in said]
    for command in ("status", "lint"):
        result = cli(command, str(home))
        assert result.exit_code == 0, result.stderr
        assert [line for line in result.stderr.splitlines() if "config.json" in line] == expected
        assert "not a positive number" not in result.stdout
    result = cli("status", str(home), "--format", "json")
    report = json.loads(result.stdout)
    assert report["warnings"] == [line.removeprefix("warning: ") for line in expected]
    budgets = load_home(home).config.budgets  # what Volute counts with: its default, or the figure given
    assert budgets.index_tokens == 5_000
    assert budgets.load_cap_tokens == (12_000 if hard == "12000" else 25_000)


def test_a_volute_memory_key_that_is_not_an_object_is_said(tmp_path, cli):
    (tmp_path / ".config").mkdir()
    (tmp_path / ".config" / "config.json").write_text('{\n  "name": "wren",\n  "memory": "lots"\n}\n')
    (tmp_path / "MEMORY.md").write_text("# I\n")
    result = cli("status", str(tmp_path))
    assert result.exit_code == 0
    assert result.stderr == (f"warning: {tmp_path}/.config/config.json:3: memory is \"lots\", not an object; Volute "
                             "uses its default budgets (softBudgetTokens 5,000, hardCapTokens 25,000)\n")


def test_the_line_of_a_volute_budget_is_the_one_json_keeps():
    from memctl.hosts.volute import value_line

    text = ('{"softBudgetTokens": 1,\n "other": {"memory": {"softBudgetTokens": 2}},\n'
            ' "memory": {"hardCapTokens": [1,\n 2], "softBudgetTokens": 3,\n "softBudgetTokens": "x"}}\n')
    assert json.loads(text)["memory"]["softBudgetTokens"] == "x"
    assert value_line(text, ("memory", "softBudgetTokens")) == 5  # the last of two, as json.loads keeps
    assert value_line(text, ("memory", "hardCapTokens")) == 3
    assert value_line(text, ("memory", "absent")) is None
    assert value_line("[1]", ("memory",)) is None


def test_volute_valid_budgets_say_nothing(copy_fixture, cli):
    result = cli("status", str(copy_fixture("homes/volute/home")))
    assert result.exit_code == 0 and "config.json" not in result.stderr


def test_openclaw_spends_the_total_in_order_and_memory_md_starves():
    home = load_home(f"{HOSTS}/openclaw-starved")
    boot = bootstrap(home.root, home.index, home.config.budgets)
    rows = [(f.name, f.raw, f.injected, f.cause) for f in boot.files]
    assert rows == [
        ("AGENTS.md", 12_500, 11_999, "truncated"),
        ("SOUL.md", 12_000, 12_000, "ok"),
        ("TOOLS.md", 12_000, 12_000, "ok"),
        ("IDENTITY.md", 12_000, 12_000, "ok"),
        ("USER.md", 11_000, 11_000, "ok"),
        ("HEARTBEAT.md", 32, 32, "ok"),
        ("BOOTSTRAP.md", None, 0, "not present"),
        ("MEMORY.md", 5_108, 968, "starved by the total"),
    ]
    assert boot.memory_chars == 60_000 - 59_031 == 969
    cap = home.index_cap
    assert cap.capped and cap.loaded[0] == (1, 13) and cap.loaded[-1][1] == home.index.lines
    assert codes(home) == ["MEM205"]  # no line or byte limit: OpenClaw has none


def test_openclaw_counts_a_missing_required_file_as_its_marker(tmp_path):
    (tmp_path / "MEMORY.md").write_text("# M\n")
    (tmp_path / "SOUL.md").write_text("# S\n")
    home = load_home(tmp_path, overrides={"profile": "openclaw"})
    rows = {f.name: f for f in bootstrap(home.root, home.index, home.config.budgets).files}
    assert rows["AGENTS.md"].injected == len(f"[MISSING] Expected at: {tmp_path.resolve()}/AGENTS.md")
    assert rows["SOUL.md"].cause == "ok" and rows["BOOTSTRAP.md"].cause == "not present"


def test_status_json_carries_the_host_model(cli):
    data = json.loads(cli("status", f"{HOSTS}/openclaw-starved", "--format", "json").stdout)
    assert data["profile"] == "openclaw" and data["bootstrap"]["memory_chars"] == 969
    assert data["index"]["load_cap"]["measures"] == [
        {"measure": "chars", "used": 5_108, "limit": 969, "left": -4_139, "over": True}]
    assert data["index"]["headroom"]["lines"] is None  # OpenClaw has no line limit


def test_the_profile_is_detected_and_a_named_one_wins(tmp_path):
    (tmp_path / "memory").mkdir()
    (tmp_path / "skills").mkdir()
    (tmp_path / "memory" / "MEMORY.md").write_text("# I\n")
    assert load_home(tmp_path / "memory").config.profile == "arc"
    (tmp_path / "memory" / ".memctl.yaml").write_text("profile: claude-code\n")
    config = load_home(tmp_path / "memory").config
    assert (config.profile, config.profile_reason) == ("claude-code", "named in .memctl.yaml")


def test_wikilinks_resolve_by_stem_then_title_and_dangle_as_mem301(tmp_path):
    (tmp_path / "topics").mkdir()
    (tmp_path / "shared" / "entries").mkdir(parents=True)
    (tmp_path / "topics" / "fleet.md").write_text("# Fleet\n")
    (tmp_path / "topics" / "roster.md").write_text("---\nname: Fleet roster\n---\n# Who runs what\n")
    (tmp_path / "shared" / "entries" / "deploys.md").write_text("# Deploys\n")
    (tmp_path / "MEMORY.md").write_text("# I\n- [[fleet]]\n- [[Fleet roster|the roster]]\n- [[deploys#gate]]\n"
                                        "- `[[in code]]` is text\n- [[ghost]]\n")
    home = load_home(tmp_path)
    assert [(inner, rel) for inner, _, rel in home.wikilinks] == [
        ("fleet", "topics/fleet.md"), ("Fleet roster|the roster", "topics/roster.md"),
        ("deploys#gate", "shared/entries/deploys.md"), ("ghost", None)]
    assert home.linked == {"topics/fleet.md", "topics/roster.md", "shared/entries/deploys.md"}
    assert home.find_topic("roster").front_matter.title == "Fleet roster"  # Claude Code's `name`
    found, _ = lint_home(home, TODAY, LintOptions(select=("MEM301", "MEM302")))
    assert [(d.code, d.line, d.message) for d in found] == [
        ("MEM301", 6, "[[ghost]] names no topic (no file of that name, no topic of that title)")]


ARC = f"{HOSTS}/arc-repo/memory"


def test_context_files_are_counted_once_with_their_imports_and_skills_only_when_requested():
    from memctl.model.context import load_context

    home = load_home(ARC)
    context = load_context(home)
    tree = [(f.path.rsplit("/", 1)[-1], f.skill, [i.path.rsplit("/", 1)[-1] for i in f.imports]) for f in context.files]
    assert tree == [("SOUL.md", None, []), ("CLAUDE.md", None, ["style.md"]),
                    ("SKILL.md", "deploy", []), ("SKILL.md", "triage", [])]
    assert [p.split(": ", 1)[1] for p in context.problems] == [
        "@../CLAUDE.md imports a file already loaded (a loop, or twice); counted once",
        "@/etc/passwd leaves the home and the context files you named; not read"]
    soul, claude, deploy, _ = context.files
    assert context.tokens() == soul.tokens + claude.total_tokens
    assert context.tokens(("deploy",)) == context.tokens() + deploy.tokens


def test_assemble_leaves_room_for_the_context_files(cli):
    from memctl.model.context import load_context

    home = load_home(ARC)
    spent = load_context(home).tokens(("deploy",))
    for budget in (spent + 60, spent + 100, 400):
        bundle = assemble(home, AssembleOptions(skills=("deploy",), budget=budget), TODAY)
        assert bundle.tokens + bundle.context_tokens <= budget and bundle.context_tokens == spent
    result = cli("assemble", ARC, "--skill", "deploy", "--budget", str(spent))
    assert result.exit_code == 2 and "the context files alone take" in result.stderr
    data = json.loads(cli("assemble", ARC, "--format", "json", "--budget", "400").stdout)
    assert [c["path"].rsplit("/", 1)[-1] for c in data["context"]] == ["SOUL.md", "CLAUDE.md"]


def test_arc_wikilinks_reach_shared_entries_and_context_files_are_never_topics():
    home = load_home(ARC)
    assert [(inner, rel) for inner, _, rel in home.wikilinks] == [
        ("fleet", "shared/entries/fleet.md"), ("Deploy gate", "shared/entries/gate.md"), ("retired-entry", None)]
    found, _ = lint_home(home, TODAY, LintOptions(select=("MEM301", "MEM302", "MEM303")))
    assert [(d.code, d.line) for d in found] == [("MEM301", 6)]
    fleet = home.find_topic("fleet").front_matter
    assert fleet.created.isoformat() == "2026-10-01" and fleet.topics == ("fleet",)


def test_init_writes_a_config_for_the_detected_host_and_never_overwrites(cli, tmp_path):
    (tmp_path / "skills" / "deploy").mkdir(parents=True)
    (tmp_path / "skills" / "deploy" / "SKILL.md").write_text("# Deploy\n")
    (tmp_path / "SOUL.md").write_text("# Soul\n")
    home = tmp_path / "memory"
    home.mkdir()
    (home / "MEMORY.md").write_text("# I\n")
    (home / ".gitignore").write_text("*.tmp")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)  # an Arc agent repository
    result = cli("init", str(home))
    assert result.exit_code == 0 and "memctl lint memory/ --format github" in result.stdout
    assert result.stderr.startswith(
        "wrote .memctl.yaml, .gitignore (profile arc: detected: memory/ beside skills/")
    config = load_home(home).config
    assert config.profile == "arc" and config.context == ("../SOUL.md", "../skills/*/SKILL.md")
    assert (home / ".gitignore").read_text() == "*.tmp\n# memctl's local state (lock, journal, record)\n.memctl/\n"
    again = cli("init", str(home))
    assert again.exit_code == 2 and "exists already; memctl init never overwrites it" in again.stderr


def test_openclaw_missing_file_markers_name_the_workspace_path_openclaw_sees(tmp_path):
    """The marker holds the file's path, so its cost depends on where OpenClaw runs the workspace:
    `workspace` in the config says where; without it, the home's own path is used."""
    import shutil

    from .conftest import FIXTURES

    def injected(folder, workspace):
        home_dir = tmp_path / folder
        shutil.copytree(FIXTURES / "openclaw", home_dir)
        config = "profile: openclaw\n" + (f"workspace: {workspace}\n" if workspace else "")
        (home_dir / ".memctl.yaml").write_text(config)
        home = load_home(home_dir)
        return {f.name: f.injected for f in bootstrap(home.root, home.index, home.config.budgets,
                                                      home.config.workspace).files if f.cause == "missing"}

    assert injected("a", None)["AGENTS.md"] + len("-longer-path") == injected("a-longer-path", None)["AGENTS.md"]
    seen = injected("b", "/srv/ws")
    assert seen == injected("b-longer-path", "/srv/ws")
    assert seen["AGENTS.md"] == len("[MISSING] Expected at: /srv/ws/AGENTS.md")


def test_assemble_names_the_largest_context_files_when_they_alone_fill_the_budget(cli):
    result = cli("assemble", "fixtures/openclaw", "--budget", "100")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == ("error: the context files alone take 120 tokens of the 100-token budget (largest: "
                             "HEARTBEAT.md 22, AGENTS.md 20, IDENTITY.md 20; 3 more take 58)\n")
