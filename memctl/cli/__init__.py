"""The `memctl` entry point.

`assemble` runs before every dispatch and `hook EVENT` before every prompt, so they take fast
paths that import neither Typer nor rich (fast.py, hookrun.py), as do `status` and `lint` (which
scripts and CI run again and again) off a terminal; everything else, and any call a fast path does
not handle (help, an `assemble` usage error), goes through the Typer app in main.py.
"""

from __future__ import annotations

import gc
import os
import sys


def app() -> None:
    # A run is short and builds large acyclic data (10,000 files' facts, a home's sections); the
    # collector's default of a pass every 700 allocations re-walked all of it, a tenth of a warm
    # `lint` at 10,000 topics. Collect seldom instead (mypy does the same).
    gc.set_threshold(100_000, 50, 100)
    argv = sys.argv[1:]
    if argv[:1] == ["assemble"] and "_MEMCTL_COMPLETE" not in os.environ:  # completion is Typer's
        from memctl.cli.fast import run_assemble

        code = run_assemble(argv[1:])
        if code is not None:
            sys.exit(code)
    if argv[:1] in (["status"], ["lint"]) and "_MEMCTL_COMPLETE" not in os.environ:  # scripts and CI, again and again
        from memctl.cli.fast import run_lint_fast, run_status_fast

        code = (run_status_fast if argv[0] == "status" else run_lint_fast)(argv[1:])
        if code is not None:
            sys.exit(code)
    if argv[:1] == ["hook"] and argv[1:2] and argv[1] != "install" and "_MEMCTL_COMPLETE" not in os.environ:
        from memctl.cli.hookrun import run as run_hook  # a host runs it on every prompt: no Typer

        code = run_hook(argv[1:])
        if code is not None:
            sys.exit(code)
    from memctl.cli.main import run

    sys.exit(run(argv))
