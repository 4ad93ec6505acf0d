"""An extractor that writes bytes that are not UTF-8."""

import sys

sys.stdin.read()
sys.stdout.buffer.write(b"Lesson: \xff\xfe\n")
