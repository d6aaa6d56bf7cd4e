"""Built-in functions: functions_groups (see docs/design.md)."""
from __future__ import annotations
