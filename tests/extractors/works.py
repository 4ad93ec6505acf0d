"""An extractor that works: one lesson for each line about Stripe, and it checks its environment."""

import os
import sys

assert os.environ["MEMCTL_LESSONS_FILE"] and int(os.environ["MEMCTL_LESSONS_COUNT"]) >= 0
text = sys.stdin.read()
for line in text.splitlines():
    if "Stripe" in line and not line.startswith("#"):
        print(f"- {line.strip('-* ').replace('**', '')}")
print("Decision: log every webhook's delivery id.")
