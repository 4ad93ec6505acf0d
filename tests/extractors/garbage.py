"""An extractor that returns garbage: a control character, a 5,000-character line, then 60 lines."""

import sys

sys.stdin.read()
print("Lesson: fine\x07 but for the bell")
print("x" * 5000)
for n in range(60):
    print(f"Lesson: number {n}")
