"""The one error class memctl raises, and the exit codes every command shares."""

from __future__ import annotations

import os

TYPE_CHECKING = False  # pathlib costs milliseconds at start-up (see memctl/record.py)
if TYPE_CHECKING:
    from os import PathLike

EXIT_OK = 0
EXIT_FINDINGS = 1  # lint errors, --check would change something, --strict omissions
EXIT_ERROR = 2  # bad usage, config or input; a failed guarantee; a locked home; an I/O error
EXIT_INTERRUPTED = 130


class MemctlError(Exception):
    """A problem the user can fix. Printed as one line, exit code 2."""

    def __init__(self, message: str, path: str | PathLike[str] | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.path = os.fspath(path) if path is not None else None
        self.line = line

    def __str__(self) -> str:
        where = ""
        if self.path:
            where = self.path if self.line is None else f"{self.path}:{self.line}"
            where += ": "
        return where + self.message


class ConfigError(MemctlError):
    """The configuration (file, environment or flags) is not valid."""


class InputError(MemctlError):
    """A memory file cannot be read or understood."""


class GuaranteeError(MemctlError):
    """A write was planned but a safety check failed, so nothing was written."""


class StaleError(GuaranteeError):
    """A file changed on disk while memctl planned or wrote; nothing was written, so planning
    again from the files as they are now may succeed."""


class LockedError(MemctlError):
    """Another memctl process holds the home's lock."""


class WriteError(MemctlError):
    """The operating system refused a write (a full disk, no permission, an I/O error).

    The message says what was already written, or that nothing was.
    """
