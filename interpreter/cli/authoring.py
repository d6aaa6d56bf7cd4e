"""Commands for rule designers beyond validation (explain, test): added by the authoring work."""
from __future__ import annotations

from .app import cli  # noqa: F401
