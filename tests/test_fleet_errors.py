"""One home of several that cannot be read (an index that is not UTF-8, a config memctl rejects)
stops neither `lint` nor `status`: every other home is checked and reported, the bad one is said
in one line on stderr, and the exit code is 2 at the end, as `report --fleet` lists the bad home
and goes on (found by a new-user trial: `lint agents/* --format github`, the --help example,
printed nothing but the one error)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


@pytest.fixture
def fleet(tmp_path, monkeypatch) -> Path:
    """agents/alpha and agents/beta, each with a link to no file (MEM301), and agents/broken,
    whose index is not UTF-8; the current folder is the fleet's."""
    for name in ("alpha", "beta"):
        (tmp_path / "agents" / name).mkdir(parents=True)
        (tmp_path / "agents" / name / "MEMORY.md").write_text(f"# {name}\n\n- [gone](topics/gone.md)\n")
    (tmp_path / "agents" / "broken").mkdir()
    (tmp_path / "agents" / "broken" / "MEMORY.md").write_bytes(b"# b\n\n- caf\xe9\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    return tmp_path


AGENTS = ("agents/alpha", "agents/beta", "agents/broken")
BROKEN = "error: agents/broken/MEMORY.md:3: not valid UTF-8 at byte 10\n"


def both_paths(cli, capsys, argv: list[str]) -> tuple[str, str, int]:
    """What Typer's command prints, checked to be what the fast path prints, byte for byte."""
    from memctl.cli import fast

    run = fast.run_status_fast if argv[0] == "status" else fast.run_lint_fast
    code = run(argv[1:])
    out, err = capsys.readouterr()
    typer = cli(*argv)
    assert (out, err, code) == (typer.stdout, typer.stderr, typer.exit_code)
    return out, err, code


ANNOTATED = ("::error title=memctl,file=agents/broken/MEMORY.md,line=3::the memory home agents/broken could not be "
             "linted: not valid UTF-8 at byte 10\n")


def test_lint_github_reports_every_other_home_and_exits_2(fleet, cli, capsys):
    """The home that could not be read is an annotation too, first (trial 6: only a line on stderr,
    which a pull request does not show); the others' findings follow, and stderr is as it was."""
    out, err, code = both_paths(cli, capsys, ["lint", *AGENTS, "--format", "github"])
    assert code == 2
    assert [line.split("file=")[1].split(",")[0] for line in out.splitlines()] == [
        "agents/broken/MEMORY.md", "agents/alpha/MEMORY.md", "agents/beta/MEMORY.md"]
    assert out.startswith(ANNOTATED) and out.count("::error ") == 3
    assert err == BROKEN + "memctl lint: 2 errors, 0 warnings in 2 files checked; 1 of 3 homes could not be linted\n"


@pytest.mark.parametrize("homes", [["agents/broken"], ["agents/broken", "agents/broken"]])
def test_lint_github_annotates_a_home_that_cannot_be_read_when_none_can(fleet, cli, capsys, homes):
    """When no home could be linted there is no report, and was nothing on stdout: with `--format
    github` the annotation is there, each home once; stderr says it as before, exit 2."""
    out, err, code = both_paths(cli, capsys, ["lint", *homes, "--format", "github"])
    assert (out, code) == (ANNOTATED * len(homes), 2) and err == BROKEN * len(homes)
    missing = cli("lint", "agents/gone", "--format", "github")
    assert (missing.exit_code, missing.stdout) == (2, "::error title=memctl,file=agents/gone::the memory home "
                                                      "agents/gone could not be linted: no such file or folder\n")
    assert cli("lint", "agents/broken").stdout == ""  # the other formats: nothing on stdout, as before
    assert cli("lint", "agents/broken", "--format", "github", "--select", "NOPE").stdout == ""  # a usage error


@pytest.mark.parametrize("extra", [[], ["--exit-zero"], ["--format", "json"]])
def test_lint_text_and_json_report_the_others_and_exit_2(fleet, cli, capsys, extra):
    out, err, code = both_paths(cli, capsys, ["lint", *AGENTS, *extra])
    assert code == 2 and err.startswith(BROKEN) and "1 of 3 homes could not be linted" in err
    if extra[:1] == ["--format"]:
        paths = [d["path"] for d in json.loads(out)["diagnostics"]]
        assert paths == ["agents/alpha/MEMORY.md", "agents/beta/MEMORY.md"]
    else:
        assert out.count("MEM301") == 2 and "agents/broken" not in out


@pytest.mark.parametrize("form", ["text", "json"])
def test_status_of_several_homes_shows_the_others_and_exits_2(fleet, cli, capsys, form):
    out, err, code = both_paths(cli, capsys, ["status", *AGENTS, "--format", form])
    assert (code, err) == (2, BROKEN)
    if form == "json":
        assert [Path(report["home"]).name for report in json.loads(out)] == ["alpha", "beta"]
    else:
        assert "agents/alpha" in out and "agents/beta" in out and "broken" not in out


def test_a_bad_config_is_named_from_here_and_stops_only_its_home(fleet, cli, capsys):
    (fleet / "agents" / "beta" / ".memctl.yaml").write_text("profile: generic\nbogus: 1\n")
    (fleet / "agents" / "alpha" / ".memctl.yaml").write_text("lint:\n  ignore: [MEM4]\n  select:\n    - MEM3\n"
                                                             "    - NOPE\n")
    (fleet / "agents" / "gamma").mkdir()
    (fleet / "agents" / "gamma" / "MEMORY.md").write_text("# gamma\n\n- [gone](topics/gone.md)\n")
    out, err, code = both_paths(cli, capsys, ["lint", *AGENTS, "agents/gamma", "-f", "json"])
    assert code == 2 and [d["path"] for d in json.loads(out)["diagnostics"]] == ["agents/gamma/MEMORY.md"]
    assert err.splitlines()[:3] == [
        "error: agents/alpha/.memctl.yaml:5: unknown rule 'NOPE' in lint.select; `memctl lint --list-rules` lists them",
        "error: agents/beta/.memctl.yaml:2: unknown key 'bogus'; valid keys: " + err.split("valid keys: ")[1].split(
            "\n")[0],
        BROKEN.strip()]
    out, err, code = both_paths(cli, capsys, ["status", "agents/beta", "agents/alpha"])
    assert code == 2 and "agents/alpha" in out and err.startswith("error: agents/beta/.memctl.yaml:2: unknown key")


def test_one_home_that_cannot_be_read_is_exit_2_and_nothing_on_stdout(fleet, cli, capsys):
    for argv in (["lint", "agents/broken"], ["status", "agents/broken"], ["lint", "agents/broken", "agents/broken"],
                 ["status", "agents/broken", "agents/broken", "--format", "json"]):
        out, err, code = both_paths(cli, capsys, argv)
        assert (out, code) == ("", 2) and err.startswith(BROKEN), argv


def test_the_text_report_never_says_all_checks_passed_when_a_home_was_not_linted(fleet, cli, capsys):
    """With the links mended, the homes read have no finding; the text report said "All checks
    passed!" on stdout while a home of the three could not be linted (exit 2): it says what was
    linted, and that one was not."""
    for name in ("alpha", "beta"):
        (fleet / "agents" / name / "MEMORY.md").write_text(f"# {name}\n\nNothing linked.\n")
    out, err, code = both_paths(cli, capsys, ["lint", *AGENTS])
    assert code == 2 and err.startswith(BROKEN)
    assert out == "No findings in the homes linted (2 files checked); 1 of 3 homes could not be linted.\n"
    out, err, code = both_paths(cli, capsys, ["lint", "agents/alpha", "agents/beta"])
    assert (out, code) == ("All checks passed!\n", 0)
