"""`memctl report` (issue 30): one HTML page per home or fleet, whose figures are status's, history's
and lint's; memory text escaped and credentials cut; nothing written in the home; bad input one line."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, check_golden
from tests.report_fleet import TODAY, Page, build_fleet, check_figures, reports_of, required

HOMES = FIXTURES / "homes"
FIXTURE_HOMES = ["recipes", "arc-repo", "volute/home", "openclaw/workspace",
                 "claude-code/home/.claude/projects/-work-acme-billing/memory"]


@pytest.fixture(autouse=True)
def _today(monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", TODAY)


# --- the figures are exactly the commands' --------------------------------------------------------

@pytest.mark.parametrize("name", FIXTURE_HOMES)
def test_each_fixture_home_s_page_shows_the_figures_of_status_history_and_lint(cli, name):
    path = str((HOMES / name).relative_to(FIXTURES.parent))
    result = cli("report", path)
    assert result.exit_code == 0 and result.stderr == ""
    page = Page(result.stdout)
    home = reports_of(cli, path)
    seen = check_figures(page, [home])
    assert required(home, "homes.0") <= seen
    assert "script" not in page.tags and page.sources == []
    text = " ".join(page.text)
    for finding in home["lint"]["diagnostics"]:
        assert finding["code"] in text and finding["message"] in text
    if home["status"]["index"]["load_cap"]["capped"]:
        assert "lines load." in text and all(
            s["heading"] in text for run in home["status"]["index"]["load_cap"]["dropped"] for s in run["sections"]
            if s["heading"])


def test_a_fleet_with_history_and_dispatches_shows_each_home_s_figures_and_links_to_its_section(
        cli, tmp_path, monkeypatch):
    build_fleet(tmp_path / "fleet")
    monkeypatch.chdir(tmp_path)
    result = cli("report", "--fleet", "fleet")
    assert result.exit_code == 0 and result.stderr == ""
    page = Page(result.stdout)
    paths = ["fleet/arc-repo/memory", "fleet/claude-code/home/.claude/projects/-work-acme-billing/memory",
             "fleet/openclaw/workspace", "fleet/recipes", "fleet/volute/home"]
    homes = [reports_of(cli, path) for path in paths]
    seen = check_figures(page, homes)
    for n, home in enumerate(homes):
        assert required(home, f"homes.{n}") <= seen
        assert home["history"]["periods"] and home["history"]["forecast"]["trend"] != "unknown"
        assert f"homes.{n}.summary.over_budget" in seen and f"homes.{n}.lint.summary.errors" in seen
    assert {f"homes.{n}.history.dispatches.dispatches" for n in (0, 3)} <= seen  # the two with a record
    links = [link for link in page.links if link.startswith("#")]
    assert links == [f"#home-{n}" for n in range(1, 6)]  # one row a home, in order
    assert all(link[1:] in page.ids for link in links)
    text = " ".join(page.text)
    assert "over (since 2026-11-19)" in text and "growing (limit around" in text
    assert "topics/deploys.md: 2" in "".join(page.text).replace("\n", "")


def test_the_page_is_the_renderer_s_and_the_commands_values_unchanged(cli, tmp_path, monkeypatch):
    """The CLI writes `render_html` of the core's value: redacting the page as every output is
    changes nothing on a page without secrets (the marks are never taken for a credential)."""
    from memctl.commands.report import find_homes, fleet_report, home_report
    from memctl.model.config import now, today
    from memctl.model.home import load_home
    from memctl.render.html import render_html

    build_fleet(tmp_path / "fleet")
    monkeypatch.chdir(tmp_path)
    homes = [home_report(load_home(p), today(), now()) for p in find_homes("fleet")]
    for home in homes:
        assert home["status"] == reports_of(cli, home["home"])["status"]
    assert cli("report", "--fleet", "fleet").stdout == render_html(fleet_report(homes, "fleet"))


def test_the_homes_of_a_fleet_are_found_where_each_host_keeps_them():
    from memctl.commands.report import find_homes

    assert find_homes(str(HOMES)) == [str(HOMES / name) for name in sorted(FIXTURE_HOMES)]


def test_golden_page_of_a_small_home(cli, tmp_path, monkeypatch):
    root = tmp_path / "repo"
    home = root / "memory"
    (home / "topics").mkdir(parents=True)
    (home / "topics" / "deploys.md").write_text("# Deploys\n\n" + "- green on Fridays, rolled back twice.\n" * 40)
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    lines = ["# Memory\n", "\n", "## Fleet\n", "- [Deploys](topics/deploys.md)\n"]
    for day in range(16, 23):
        lines += [f"- 2026-11-{day}: the queue drained by noon.\n"] * 3
        (home / "MEMORY.md").write_text("".join(lines))
        when = f"2026-11-{day}T12:00:00+00:00"
        env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
               "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org",
               "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
        subprocess.run(["git", "-C", str(root), "add", "-A"], check=True, env=env)
        subprocess.run(["git", "-C", str(root), "commit", "-q", "-m", f"day {day}"], check=True, env=env)
    monkeypatch.chdir(root)
    result = cli("report", "memory")
    assert result.exit_code == 0 and result.stderr == ""
    check_golden("report-small.html", result.stdout)


# --- memory is untrusted --------------------------------------------------------------------------

def test_every_text_from_the_memory_is_shown_as_text_never_markup(cli, tmp_path):
    home = tmp_path / "home"
    (home / "topics").mkdir(parents=True)
    heading = '<script>alert("x")</script> & <img src=x onerror=alert(1)>'
    (home / "MEMORY.md").write_text(f"# Memory\n\n## {heading}\n- [odd](topics/<b>odd<b>.md)\n"
                                    "- [gone](topics/<a href='http:evil.example'>missing<a>.md)\n")
    (home / "topics" / "<b>odd<b>.md").write_text("---\nskills: ['<iframe>']\n---\n# </table><h1>x\n")
    result = cli("report", str(home))
    assert result.exit_code == 0
    page = Page(result.stdout)
    assert page.tags.isdisjoint({"script", "img", "iframe", "b"}) and page.sources == []
    assert not any(link.startswith("http") for link in page.links)
    text = "".join(page.text)
    assert heading in text and "topics/<b>odd<b>.md" in text and "skills: <iframe>" in text
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in result.stdout


def test_a_credential_in_the_memory_is_cut_to_four_characters(cli, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    key = "sk-ant-api03-" + "Q" * 40
    (home / "MEMORY.md").write_text(f"# Memory\n\n## Keys {key}\n- ANTHROPIC_API_KEY={key}\n")
    out = tmp_path / "page.html"
    result = cli("report", str(home), "-o", str(out))
    assert result.exit_code == 0
    page = out.read_text()
    assert key[4:12] not in page and "sk-a" in page
    assert "MEM501" in page  # lint's finding is shown, its secret cut


# --- read-only, and where the page goes -----------------------------------------------------------

def tree(root: Path) -> dict[str, tuple[int, bytes]]:
    return {str(p.relative_to(root)): (p.lstat().st_mode, p.read_bytes() if p.is_file() else b"")
            for p in sorted(root.rglob("*"))}


@pytest.mark.parametrize("name", ["recipes", "openclaw/workspace"])
def test_report_writes_nothing_in_the_home(cli, tmp_path, name):
    home = tmp_path / "fleet" / name
    shutil.copytree(HOMES / name, home)
    before = tree(home)
    assert cli("report", str(home)).exit_code == 0
    out = tmp_path / "out" / "page.html"
    out.parent.mkdir()
    written = cli("report", "--fleet", str(tmp_path / "fleet"), "-o", str(out))
    assert written.exit_code == 0, written.stderr
    assert tree(home) == before
    assert out.read_text().startswith("<!DOCTYPE html>")
    assert written.stderr == f"report of 1 home written to {out}\n"


def test_dash_as_the_output_is_stdout(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("report", str(HOMES / "recipes"), "-o", "-")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("<!DOCTYPE html>") and result.stderr == ""
    assert list(tmp_path.iterdir()) == []  # no file named `-`


def test_the_page_replaces_an_older_one_whole(cli, tmp_path):
    out = tmp_path / "page.html"
    out.write_text("old")
    result = cli("report", str(HOMES / "recipes"), "-o", str(out))
    assert result.exit_code == 0 and out.read_text().startswith("<!DOCTYPE html>")
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]  # no temporary file left


@pytest.mark.parametrize(("args", "message"), [
    (["no/such/home"], "error: no/such/home: no such file or folder"),
    (["--fleet", "no/such/fleet"], "error: no/such/fleet: no such folder"),
    (["{empty}"], "error: {empty}/MEMORY.md: no MEMORY.md in this home"),
    (["--fleet", "{empty}"], "error: {empty}: no memory home here (a folder holding MEMORY.md or .memctl.yaml, "
                             "up to 8 folders down)"),
    (["{home}", "-o", "{root}/.git/hooks/post-checkout"],
     "error: {root}/.git/hooks/post-checkout: lies in a .git folder, which memctl never writes in; nothing was "
     "written"),
    (["{home}", "-o", "{home}/MEMORY.md"], "error: {home}/MEMORY.md: is a file of the memory home {home} (memctl "
                                          "writes a report outside its memory files); nothing was written"),
    (["{home}", "-o", "{home}/.memctl/page.html"], "error: {home}/.memctl/page.html: is a file of the memory home "
                                                  "{home} (memctl writes a report outside its memory files); "
                                                  "nothing was written"),
    (["{home}", "-o", "{empty}"], "error: {empty}: is a folder; name a file; nothing was written"),
    (["{home}", "-o", "{root}/no/such/page.html"],  # a mistyped folder is refused, never made
     "error: {root}/no/such/page.html: no such folder: {root}/no/such; nothing was written"),
    (["{home}", "-o", "{home}/MEMORY.md/page.html"],
     "error: {home}/MEMORY.md/page.html: not a folder: {home}/MEMORY.md; nothing was written"),
    (["{home}", "--fleet", "{root}"], "error: give a PATH or --fleet DIR, not both"),
])
def test_bad_input_is_one_line_and_exit_2_and_writes_nothing(cli, tmp_path, args, message):
    root = tmp_path / "repo"
    (root / ".git" / "hooks").mkdir(parents=True)
    home = root / "home"
    shutil.copytree(HOMES / "recipes", home)
    (tmp_path / "empty").mkdir()
    names = {"root": str(root), "home": str(home), "empty": str(tmp_path / "empty")}
    before = tree(tmp_path)
    result = cli("report", *(a.format(**names) for a in args))
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message.format(**names) + "\n")
    assert tree(tmp_path) == before


def test_a_symlinked_folder_does_not_carry_the_page_into_git(cli, tmp_path):
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    (tmp_path / "reports").symlink_to(tmp_path / "repo" / ".git")
    result = cli("report", str(HOMES / "recipes"), "-o", str(tmp_path / "reports" / "config"))
    assert result.exit_code == 2 and "lies in a .git folder" in result.stderr
    assert list((tmp_path / "repo" / ".git").iterdir()) == []


@pytest.mark.parametrize(("name", "home"), [("codex", "monorepo/services/payments/api"), ("gemini", "webapp"),
                                            ("cursor", "shop")])
def test_a_start_up_host_s_page_shows_its_stack_and_budget_as_status_does(cli, tmp_path, monkeypatch, name, home):
    """The homes2 projects (Codex's byte budget, Gemini's imports, Cursor's rules): copied with
    their project's .git marker, HOME their `home/`, as tests/test_more_hosts.py does."""
    from tests.test_more_hosts import make

    folder = make(tmp_path, name)
    monkeypatch.setenv("HOME", str(folder / "home"))
    monkeypatch.chdir(folder)
    result = cli("report", home)
    assert result.exit_code == 0 and result.stderr == ""
    figures = reports_of(cli, home)
    seen = check_figures(Page(result.stdout), [figures])
    assert required(figures, "homes.0") <= seen
    stack = figures["status"]["stack"]
    assert stack and len(stack["files"]) > 1
    if stack["budget"] and "left" in stack["budget"]:
        assert {"homes.0.status.stack.budget.used", "homes.0.status.stack.budget.limit"} <= seen


def test_every_figure_in_a_sentence_has_its_unit(cli, tmp_path):
    """OpenClaw's page said `the index may take 12,000.` (12,000 what?); no sentence, heading or
    list item of the page ends on a bare figure."""
    import re

    home = tmp_path / "openclaw"
    shutil.copytree(HOMES / "openclaw/workspace", home)
    (home / ".memctl").mkdir(exist_ok=True)
    (home / ".memctl" / "dispatches.jsonl").write_text(
        '{"time": "2026-11-29T10:00:00+00:00", "tokens": 900, "budget": 4000, "files": [{"path": "MEMORY.md"}, '
        '{"path": "memory/2026-11-28.md"}]}\n')
    page = cli("report", str(home)).stdout
    text = " ".join(re.sub(r"<[^>]+>", "", page).split())
    assert "the index may take 12,000 characters." in text
    bare = []
    for tag in ("p", "h3", "h4", "li"):
        for inner in re.findall(rf"<{tag}\b[^>]*>(.*?)</{tag}>", page, re.S):
            shown = " ".join(re.sub(r"<[^>]+>", "", inner).split())
            if re.search(r"\d(?:[\d,.]*\d)?[.;,:)]?$|\d[.;,]\s", re.sub(r"\d{4}-\d\d-\d\d", "a date", shown)):
                bare.append(shown)
    assert bare == [], bare


def test_a_broken_home_in_a_fleet_is_listed_and_the_others_shown(cli, tmp_path, monkeypatch):
    """One home whose index is not UTF-8 aborted the whole `report --fleet` with `error:
    MEMORY.md:2: not valid UTF-8 at byte 4`, naming no home. Now the page is written with the
    others, the broken one listed with its error; stderr names it from the current folder; exit 1."""
    shutil.copytree(HOMES / "recipes", tmp_path / "fleet" / "good")
    bad = tmp_path / "fleet" / "bad <b>"
    bad.mkdir(parents=True)
    (bad / "MEMORY.md").write_bytes(b"# I\n\xff\n")
    monkeypatch.chdir(tmp_path)
    result = cli("report", "--fleet", "fleet", "-o", "fleet.html")
    assert result.exit_code == 1, result.stderr
    assert result.stdout == ""
    assert result.stderr.splitlines() == ["error: fleet/bad <b>/MEMORY.md:2: not valid UTF-8 at byte 4",
                                          "report of 1 home written to fleet.html; 1 could not be read"]
    page = (tmp_path / "fleet.html").read_text()
    assert ("<li><code>fleet/bad &lt;b&gt;</code>: fleet/bad &lt;b&gt;/MEMORY.md:2: not valid UTF-8 at byte 4</li>"
            in page)
    assert "1 home could not be read" in page and 'id="home-1"' in page and 'id="home-2"' not in page
    assert "fleet/good" in page
    alone = cli("report", "fleet/bad <b>")  # a home on its own: its error, exit 2, as before
    assert (alone.exit_code, alone.stdout) == (2, "") and "not valid UTF-8" in alone.stderr
