"""memctl: keep an LLM agent's markdown memory lean."""

__version__ = "0.1.0"
