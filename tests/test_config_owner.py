"""Whose config memctl reads, and whose commands it runs (a new-user trial, r03: another user's
`.memctl.yaml` several folders above a home outside git had its `embedder:` run by `assemble --query`
and by `hook user-prompt`, on every prompt).

The config search climbs from the home to the repository's root or the user's home folder, never
into a folder another user owns or anyone else can write (/tmp), and takes no config above the home
that another user owns; a command a config names (`embedder:`) is run only from a file, in a
folder, that the user running memctl (or root) owns and no one else can change.

A test runs as whoever runs the suite, root included (the trial did), and root owns every file it
makes: another user's file is made by giving memctl's config module an `os` whose `stat` says
uid 65534 owns the paths named (`_Owners`); `test_the_trial_as_it_ran` does it for real with chown,
when the suite runs as root.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

import memctl.model.config as config_module

NOBODY = 65534


class _Owners:
    """memctl.model.config's `os`, but the paths in `foreign` belong to uid 65534."""

    def __init__(self, foreign: list[Path], links: tuple[Path, ...] = ()):
        self.foreign = {os.path.realpath(p) for p in foreign}
        self.links = {os.fspath(p) for p in links}  # symlinks themselves (lstat), not what they lead to

    def __getattr__(self, name: str):
        return getattr(os, name)

    def _as_foreign(self, info: os.stat_result, path: object) -> os.stat_result:
        if os.path.realpath(os.fspath(path)) not in self.foreign:  # type: ignore[arg-type]
            return info
        return os.stat_result((info.st_mode, info.st_ino, info.st_dev, info.st_nlink, NOBODY, NOBODY,
                               info.st_size, int(info.st_atime), int(info.st_mtime), int(info.st_ctime)))

    def stat(self, path, *args, **kwargs):
        return self._as_foreign(os.stat(path, *args, **kwargs), path)

    def lstat(self, path, *args, **kwargs):
        info = os.lstat(path, *args, **kwargs)
        if os.fspath(path) in self.links:
            return os.stat_result((*tuple(info)[:4], NOBODY, NOBODY, *tuple(info)[6:]))
        return self._as_foreign(info, path)


def foreign(monkeypatch: pytest.MonkeyPatch, *paths: Path) -> None:
    monkeypatch.setattr(config_module, "os", _Owners(list(paths)))


def _embedder(tmp_path: Path) -> tuple[str, Path]:
    """A command that leaves a mark when it runs (and writes no vectors)."""
    mark = tmp_path / "RAN"
    script = tmp_path / "embed.sh"
    script.write_text(f"#!/bin/sh\necho ran > {mark}\ncat >/dev/null\n")
    script.chmod(0o755)
    return str(script), mark


def _home(folder: Path) -> Path:
    (folder / "topics").mkdir(parents=True, exist_ok=True)
    (folder / "MEMORY.md").write_text("# Memory\n\nsee topics/\n")
    (folder / "topics" / "deploys.md").write_text("# Deploys\n\n## Queue\n\nDeploy notes about the build queue.\n")
    (folder / "topics" / "other.md").write_text("# Other\n\n## Pasta\n\nWednesday is pasta night.\n")
    return folder


@pytest.fixture
def shared(tmp_path: Path) -> tuple[Path, Path]:
    """r03's layout: `shared/alice/agents/bot/memory`, no git, and `shared/.memctl.yaml` naming an embedder."""
    top = Path(os.path.realpath(tmp_path)) / "shared"
    home = _home(top / "alice" / "agents" / "bot" / "memory")
    return top, home


ABOVE = ("not read: it belongs to another user (uid 65534), and a config above the home is read only when it is "
         "yours (pass it with --config to use it)")
NOT_RUN = ("and memctl runs a command a config names only from a file you (or root) own that no one else can change "
           "(fix its owner or mode, or set MEMCTL_EMBEDDER); the query is ranked by its words alone")


# --- 1. a config above the home that another user owns ----------------------------------------------

def test_another_users_config_above_the_home_is_not_read_and_its_embedder_never_runs(cli, tmp_path, shared,
                                                                                    monkeypatch):
    top, home = shared
    command, mark = _embedder(tmp_path)
    cfg = top / ".memctl.yaml"
    cfg.write_text(f"embedder: {command}\nbudgets: {{bundle_tokens: 7}}\n")
    foreign(monkeypatch, cfg)
    result = cli("assemble", str(home), "--query", "build queue")
    assert result.exit_code == 0
    assert "Deploy notes about the build queue." in result.stdout  # its bundle_tokens: 7 did not apply either
    assert result.stderr.splitlines()[0] == f"warning: {cfg}: {ABOVE}"
    assert not mark.exists()
    hook = cli("hook", "user-prompt", str(home), input=json.dumps({"prompt": "what about the build queue?"}))
    assert hook.exit_code == 0
    assert "build queue" in json.loads(hook.stdout)["hookSpecificOutput"]["additionalContext"]
    assert not mark.exists()


def test_the_same_config_of_the_users_own_is_read_and_its_embedder_runs(cli, tmp_path, shared):
    """The other side of the test above: what makes it fail when ownership is not looked at."""
    top, home = shared
    command, mark = _embedder(tmp_path)
    (top / ".memctl.yaml").write_text(f"embedder: {command}\n")
    result = cli("assemble", str(home), "--query", "build queue")
    assert result.exit_code == 0
    assert result.stderr.splitlines()[0].startswith("warning: embedder wrote 0 vectors for ")
    assert mark.read_text() == "ran\n"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="chown to another user needs root")
def test_the_trial_as_it_ran(cli, tmp_path, shared):
    """r03 itself, run as root: the config really chowned to nobody."""
    top, home = shared
    command, mark = _embedder(tmp_path)
    cfg = top / ".memctl.yaml"
    cfg.write_text(f"embedder: {command}\n")
    os.chown(cfg, NOBODY, NOBODY)
    result = cli("assemble", str(home), "--query", "build queue")
    assert result.exit_code == 0
    assert result.stderr.splitlines()[0] == f"warning: {cfg}: {ABOVE}"
    assert not mark.exists()
    # the same file as the home's own config: read (you pointed memctl at that home), never run
    os.rename(cfg, home / ".memctl.yaml")
    mine = cli("assemble", str(home), "--query", "build queue")
    assert mine.exit_code == 0
    assert mine.stderr.splitlines()[0] == (f"warning: the embedder named in {home}/.memctl.yaml is not run: it "
                                           f"belongs to another user (uid 65534), {NOT_RUN}")
    assert not mark.exists()


# --- 2. a command from a config: only one you own, that no one else can change ------------------------

def test_the_homes_own_config_owned_by_another_user_is_read_but_its_embedder_is_not_run(cli, tmp_path, monkeypatch):
    home = _home(Path(os.path.realpath(tmp_path)) / "memory")
    command, mark = _embedder(tmp_path)
    cfg = home / ".memctl.yaml"
    cfg.write_text(f"profile: volute\nembedder: {command}\n")
    foreign(monkeypatch, cfg)
    result = cli("assemble", str(home), "--query", "build queue")
    assert result.exit_code == 0
    assert result.stderr.splitlines()[0] == (f"warning: the embedder named in {cfg} is not run: it belongs to another "
                                             f"user (uid 65534), {NOT_RUN}")
    assert not mark.exists()
    status = cli("status", str(home), "--format", "json")
    assert json.loads(status.stdout)["profile"] == "volute"  # its other values are read


@pytest.mark.parametrize(("mode", "folder_mode", "why"), [
    (0o666, 0o755, "it can be written by others (mode 0666)"),
    (0o644, 0o777, "its folder {home} can be written by others (mode 0777)"),
    (0o644, 0o775, "its folder {home} can be written by its group (mode 0775)"),
    (0o664, 0o755, "it can be written by its group (mode 0664)"),
])
def test_a_config_someone_else_can_change_names_no_command_memctl_runs(cli, tmp_path, monkeypatch, mode,
                                                                       folder_mode, why):
    """A group that is not the owner's private one (`_private_group` told no) is someone else."""
    home = _home(Path(os.path.realpath(tmp_path)) / "memory")
    command, mark = _embedder(tmp_path)
    cfg = home / ".memctl.yaml"
    cfg.write_text(f"embedder: {command}\n")
    cfg.chmod(mode)
    home.chmod(folder_mode)
    monkeypatch.setattr(config_module, "_private_group", lambda uid, gid: False)
    result = cli("assemble", str(home), "--query", "build queue")
    assert result.exit_code == 0
    assert result.stderr.splitlines()[0] == (f"warning: the embedder named in {cfg} is not run: "
                                             f"{why.format(home=home)}, {NOT_RUN}")
    assert not mark.exists()


def test_a_group_writable_config_of_the_owners_private_group_is_theirs(cli, tmp_path):
    """umask 002 makes every file group-writable, for a group of the user's own (Debian's OpenSSH accepts it)."""
    home = _home(Path(os.path.realpath(tmp_path)) / "memory")
    command, mark = _embedder(tmp_path)
    cfg = home / ".memctl.yaml"
    cfg.write_text(f"embedder: {command}\n")
    cfg.chmod(0o664)
    info = cfg.stat()
    import grp
    import pwd

    owner = pwd.getpwuid(info.st_uid)
    group = grp.getgrgid(info.st_gid)
    if owner.pw_gid != info.st_gid or group.gr_name != owner.pw_name or set(group.gr_mem) - {owner.pw_name}:
        pytest.skip(f"the file's group {group.gr_name} is not its owner's private group here")
    result = cli("assemble", str(home), "--query", "build queue")
    assert result.exit_code == 0
    assert mark.read_text() == "ran\n"


def test_private_group_is_the_owners_own_group_with_no_one_else_in_it(monkeypatch):
    import grp
    import pwd
    from types import SimpleNamespace

    users = {1000: SimpleNamespace(pw_name="alice", pw_gid=1000), 1001: SimpleNamespace(pw_name="bob", pw_gid=100)}
    groups = {1000: SimpleNamespace(gr_name="alice", gr_mem=[]), 100: SimpleNamespace(gr_name="users", gr_mem=[]),
              1002: SimpleNamespace(gr_name="alice", gr_mem=["alice", "bob"])}
    monkeypatch.setattr(pwd, "getpwuid", users.__getitem__)
    monkeypatch.setattr(grp, "getgrgid", groups.__getitem__)
    monkeypatch.setattr(config_module, "_PRIVATE", {})
    assert config_module._private_group(1000, 1000) is True
    assert config_module._private_group(1001, 100) is False  # everyone's primary group
    assert config_module._private_group(1000, 1002) is False  # bob is in it
    assert config_module._private_group(1000, 100) is False
    assert config_module._private_group(4242, 1000) is False  # no such user


def test_a_config_in_a_sticky_folder_others_can_write_is_yours_when_the_file_is(cli, tmp_path):
    """In /tmp others cannot replace a file that is not theirs: `--config /tmp/mine.yaml` may name a command."""
    home = _home(Path(os.path.realpath(tmp_path)) / "memory")
    command, mark = _embedder(tmp_path)
    sticky = Path(os.path.realpath(tmp_path)) / "sticky"
    sticky.mkdir()
    sticky.chmod(0o1777)
    cfg = sticky / "mine.yaml"
    cfg.write_text(f"embedder: {command}\n")
    result = cli("assemble", str(home), "--config", str(cfg), "--query", "build queue")
    assert result.exit_code == 0
    assert mark.read_text() == "ran\n"


def test_a_symlink_another_user_made_to_a_config_of_yours_names_no_command(cli, tmp_path, monkeypatch):
    home = _home(Path(os.path.realpath(tmp_path)) / "memory")
    command, mark = _embedder(tmp_path)
    real = Path(os.path.realpath(tmp_path)) / "mine.yaml"
    real.write_text(f"embedder: {command}\n")
    link = home / ".memctl.yaml"
    link.symlink_to(real)
    monkeypatch.setattr(config_module, "os", _Owners([], links=(link,)))
    result = cli("assemble", str(home), "--query", "build queue")
    assert result.stderr.splitlines()[0] == (f"warning: the embedder named in {link} is not run: it belongs to "
                                             f"another user (uid 65534), {NOT_RUN}")
    assert not mark.exists()


def test_memctl_embedder_is_the_users_own_whatever_the_config(cli, tmp_path, monkeypatch, shared):
    top, home = shared
    command, mark = _embedder(tmp_path)
    cfg = home / ".memctl.yaml"
    cfg.write_text("embedder: /bin/false\n")
    foreign(monkeypatch, cfg)
    monkeypatch.setenv("MEMCTL_EMBEDDER", command)
    result = cli("assemble", str(home), "--query", "build queue")
    assert result.exit_code == 0
    assert mark.read_text() == "ran\n"


# --- 3. where the search for a config stops ------------------------------------------------------------

def _profile(cli, home: Path) -> tuple[str, str]:
    status = cli("status", str(home), "--format", "json")
    assert status.exit_code == 0
    data = json.loads(status.stdout)
    return data["profile"], data["profile_reason"]


def test_the_search_does_not_enter_a_folder_others_can_write(cli, tmp_path):
    top = Path(os.path.realpath(tmp_path)) / "drop"
    home = _home(top / "alice" / "memory")
    (top / ".memctl.yaml").write_text("profile: volute\n")
    assert _profile(cli, home) == ("volute", "named in .memctl.yaml")  # the folder is yours: found
    top.chmod(0o1777)  # as /tmp: anyone may drop a config in it
    assert _profile(cli, home)[0] == "generic"
    status = cli("status", str(home))
    assert status.exit_code == 0 and "warning:" not in status.stderr  # a folder not entered is no warning


def test_the_search_does_not_enter_another_users_folder(cli, tmp_path, monkeypatch):
    top = Path(os.path.realpath(tmp_path)) / "theirs"
    home = _home(top / "alice" / "memory")
    (top / ".memctl.yaml").write_text("profile: volute\n")
    foreign(monkeypatch, top)
    assert _profile(cli, home)[0] == "generic"


def test_the_search_stops_at_the_users_home_folder(cli, tmp_path, monkeypatch):
    base = Path(os.path.realpath(tmp_path))
    user = base / "user"
    home = _home(user / "agent" / "memory")
    monkeypatch.setenv("HOME", str(user))
    (base / ".memctl.yaml").write_text("profile: volute\n")
    assert _profile(cli, home)[0] == "generic"  # above ~: not looked at
    (user / ".memctl.yaml").write_text("profile: arc\n")
    assert _profile(cli, home) == ("arc", "named in .memctl.yaml")  # ~ itself is looked in


def test_a_checkout_another_user_made_is_searched_to_its_root(cli, tmp_path, monkeypatch):
    """CI's container jobs run as root on a checkout the runner's user owns: its root config is the home's."""
    repo = Path(os.path.realpath(tmp_path)) / "repo"
    (repo / ".git").mkdir(parents=True)
    home = _home(repo / "memory")
    (repo / ".memctl.yaml").write_text("profile: volute\n")
    foreign(monkeypatch, repo, home, repo / ".memctl.yaml")
    assert _profile(cli, home)[0] == "volute"


def test_find_config_names_why_it_passed_over_a_config(tmp_path, monkeypatch):
    from memctl.model.config import find_config, search_config

    top = Path(os.path.realpath(tmp_path)) / "shared"
    home = _home(top / "bot")
    (top / "pyproject.toml").write_text("[tool.memctl]\nprofile = 'volute'\n")
    assert find_config(str(home)) == str(top / "pyproject.toml")
    (top / "pyproject.toml").chmod(0o646)
    found, why = search_config(str(home))
    assert found is None
    assert why == (f"{top}/pyproject.toml: not read: others can write it (mode 0646), and a config above the home is "
                   "read only when it is yours (pass it with --config to use it)")
    assert stat.S_IMODE((top / "pyproject.toml").stat().st_mode) == 0o646
