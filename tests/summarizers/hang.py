"""A summarizer that never answers."""

import time

time.sleep(60)
