"""Built-in functions: functions_melds (see docs/design.md)."""
from __future__ import annotations
