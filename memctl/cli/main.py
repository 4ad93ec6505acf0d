"""The Typer app with every command registered: one module per command, beside this one."""

from __future__ import annotations

from importlib import import_module

from memctl.cli.common import app, err
from memctl.errors import EXIT_ERROR, EXIT_INTERRUPTED

# Each module registers its command on import; this order is the order of `memctl --help`.
COMMANDS = ("init", "status", "assemble", "lint", "split", "consolidate", "history", "report", "rollup", "capture",
            "append", "recover", "undo", "memory_tool", "hook", "mcp", "cache")
for _name in COMMANDS:
    import_module(f"memctl.cli.{_name}")

__all__ = ["app", "run"]


def run(argv: list[str] | None = None) -> int:
    """Run the Typer app and return its exit code."""
    try:
        app(args=argv, prog_name="memctl", standalone_mode=True)
    except SystemExit as exit_:
        return int(exit_.code or 0) if not isinstance(exit_.code, str) else EXIT_ERROR
    except KeyboardInterrupt:
        err("interrupted")
        return EXIT_INTERRUPTED
    return 0
