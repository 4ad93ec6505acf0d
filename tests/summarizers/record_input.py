"""A summarizer that writes what it was given to $SUMMARIZER_INPUT, then keeps the first lines."""

import os
import sys

body = sys.stdin.read()
with open(os.environ["SUMMARIZER_INPUT"], "a", encoding="utf-8") as handle:
    handle.write(body)
sys.stdout.write("".join(body.splitlines(keepends=True)[:3]))
