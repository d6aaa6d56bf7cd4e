"""Bots: each module registers its bot with register_bot (see base.py)."""
from . import priority  # noqa: F401  (registers the priority bot)
