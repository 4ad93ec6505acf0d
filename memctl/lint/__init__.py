"""`memctl lint`: the CI gate for memory folders."""

from memctl.lint.engine import Diagnostic, LintOptions, lint_home
from memctl.lint.registry import all_rules

__all__ = ["Diagnostic", "LintOptions", "all_rules", "lint_home"]
