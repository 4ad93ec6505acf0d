"""Lint rules, grouped by what they look at. Importing a module registers its rules."""
