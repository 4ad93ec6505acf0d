"""A summarizer that works: keeps the heading and the first three entries of the body."""

import os
import sys

body = sys.stdin.read()
assert int(os.environ["MEMCTL_TARGET_TOKENS"]) > 0
lines = body.splitlines(keepends=True)
sys.stdout.write("".join(lines[:5]))
