"""Step kinds for laying down and changing melds on the table (see docs/design.md)."""
from __future__ import annotations
