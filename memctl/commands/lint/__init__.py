"""`memctl lint`: the CI gate for memory folders.

Importing the rule modules here registers their rules; the registry itself imports none of them.
"""

from memctl.commands.lint.engine import Diagnostic, LintOptions, lint_home
from memctl.commands.lint.registry import all_rules
from memctl.commands.lint.rules import (  # noqa: F401  (they register)
    content,
    index,
    injected,
    links,
    repeated,
    startup,
    suppression,
    topics,
)

__all__ = ["Diagnostic", "LintOptions", "all_rules", "lint_home"]
