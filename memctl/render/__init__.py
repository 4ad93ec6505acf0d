"""Renderers of whole documents that are not terminal text: `memctl report`'s HTML page.

Pure functions from a report value to a string; nothing here reads a file or imports the CLI.
"""
