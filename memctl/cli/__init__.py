"""The `memctl` entry point.

`assemble` runs before every dispatch, so it takes a fast path that imports neither Typer nor
rich (see fast.py); everything else, and any `assemble` call the fast path does not handle
(help, a usage error), goes through the Typer app in main.py.
"""

from __future__ import annotations

import os
import sys


def app() -> None:
    argv = sys.argv[1:]
    if argv[:1] == ["assemble"] and "_MEMCTL_COMPLETE" not in os.environ:  # completion is Typer's
        from memctl.cli.fast import run_assemble

        code = run_assemble(argv[1:])
        if code is not None:
            sys.exit(code)
    from memctl.cli.main import run

    sys.exit(run(argv))
