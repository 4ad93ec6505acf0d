"""`memctl cache`: where the derived-facts cache lives, and clearing it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memctl.cli.common import HomeArg, app, emit, err, fail
from memctl.errors import MemctlError
from memctl.words import plural

cache_app = typer.Typer(help="The cache of derived facts (token counts, sections): where it is, and clearing it.",
                        no_args_is_help=True, rich_markup_mode=None)
app.add_typer(cache_app, name="cache", short_help="Where the cache of derived facts is, and clearing it.")


def _cache_file(path: Path) -> str:
    from memctl.model.cache import cache_file
    from memctl.model.home import resolve_home

    root, _ = resolve_home(str(path))
    return cache_file(root)


@cache_app.command("path")
def cache_path(path: HomeArg = Path(".")) -> None:
    """Print the cache file of a home (it lives in your cache folder, never in the home).

    \b
    Examples:
      memctl cache path memory/
    """
    try:
        emit(_cache_file(path))
    except MemctlError as error:
        fail(error)


@cache_app.command("clear")
def cache_clear(
    path: HomeArg = Path("."),
    all_homes: Annotated[bool, typer.Option("--all", help="Clear the caches of every home.")] = False,
) -> None:
    """Remove the cache of a home (or of every home); the next run rebuilds it.

    Only files that carry memctl's cache header are removed; anything else in the folder stays.

    \b
    Examples:
      memctl cache clear memory/
      memctl cache clear --all
    """
    import os

    from memctl.model.cache import command_files, is_cache_file
    from memctl.safe.keys import cache_folder

    try:
        if all_homes:
            target = os.path.join(cache_folder(), "homes")
            try:
                names = sorted(os.listdir(target))
            except FileNotFoundError:
                names = []
            ours = [name for name in names if is_cache_file(os.path.join(target, name))]
            for name in ours:
                os.unlink(os.path.join(target, name))
            others = len(names) - len(ours)
            kept = f"; left {plural(others, 'other file')} there (not memctl's caches)" if others else ""
            err((f"cleared {plural(len(ours), 'cache')} in {target}" if ours
                 else f"no caches in {target}") + kept)
            return
        target = _cache_file(path)
        legacy = target[: -len(".cache")] + ".json"  # the cache file of older versions
        if is_cache_file(legacy):
            os.unlink(legacy)
        for own in command_files(target):  # consolidate's, split's, …: each beside the home's
            if is_cache_file(own):
                os.unlink(own)
        if is_cache_file(target):
            os.unlink(target)
            err(f"cleared {target}")
        elif os.path.lexists(target):
            err(f"left {target}: it is not a memctl cache (it lacks the cache header)")
        else:
            err(f"no cache for this home ({target})")
    except MemctlError as error:
        fail(error)
    except OSError as exc:
        fail(MemctlError(f"cannot clear the cache ({exc.strerror or exc})"))
