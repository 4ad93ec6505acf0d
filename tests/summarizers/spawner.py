"""A summarizer that starts a grandchild, writes its pid to $SPAWNED_PID_FILE, then hangs."""

import os
import subprocess
import sys
import time

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
with open(os.environ["SPAWNED_PID_FILE"], "w") as handle:
    handle.write(str(child.pid))
time.sleep(120)
