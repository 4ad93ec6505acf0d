"""A summarizer that returns garbage: it invents front matter."""

import sys

sys.stdin.read()
sys.stdout.write("---\ntitle: Hijacked\n---\n# nothing\n")
