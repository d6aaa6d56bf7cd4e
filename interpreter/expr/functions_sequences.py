"""Built-in functions: functions_sequences (see docs/design.md)."""
from __future__ import annotations
