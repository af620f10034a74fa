"""Curio Boards' headless library: rules, AI, matches and the ``python -m game`` command line.

Nothing in this package imports pygame; the layering contract in pyproject.toml enforces it.
"""
