"""A summarizer whose output never ends."""

import sys

chunk = b"x" * 65536
while True:
    sys.stdout.buffer.write(chunk)
