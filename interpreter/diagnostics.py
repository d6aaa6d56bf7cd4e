"""Diagnostics: what went wrong in a ruleset, where, and how to fix it.

Every problem the tool finds in a YAML ruleset becomes a :class:`Diagnostic`
(file, line, column, message, rule id, optional hint).  They are printed the
way linters such as yamllint or ESLint print them::

    rulesets/x.yaml:12:15: error: unknown key 'folow' in 'tricks' (unknown-key)
        folow: suit
        ^^^^^
      hint: did you mean 'follow'?

A :class:`RulesetError` carries a list of diagnostics; callers catch it and
print them instead of a traceback.
"""
from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from typing import Iterable

__all__ = [
    "Diagnostic",
    "RulesetError",
    "did_you_mean",
    "rank_hint",
    "format_diagnostics",
    "sort_diagnostics",
]

SOURCE_INDENT = "    "


@dataclass
class Diagnostic:
    file: str            # path as given by the user (or '<string>')
    line: int            # 1-based
    col: int             # 1-based
    message: str         # what is wrong, in plain words
    rule: str            # short id: 'yaml-syntax', 'duplicate-key', 'schema', ...
    hint: str | None = None
    source_line: str | None = None
    length: int = 1
    severity: str = "error"

    def format(self) -> str:
        """The text form: header line, source line with carets, hint line."""
        out = [f"{self.file}:{self.line}:{self.col}: {self.severity}: "
               f"{self.message} ({self.rule})"]
        if self.source_line is not None:
            src = self.source_line.rstrip("\r\n")
            out.append(SOURCE_INDENT + src)
            out.append(SOURCE_INDENT + _caret_line(src, self.col, self.length))
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)

    def to_dict(self) -> dict:
        return {
            "file": self.file,
            "line": self.line,
            "col": self.col,
            "severity": self.severity,
            "message": self.message,
            "rule": self.rule,
            "hint": self.hint,
        }

    def _key(self) -> tuple:
        return (self.file, self.line, self.col, self.severity, self.message,
                self.rule, self.hint or "", self.length)


def _caret_line(src: str, col: int, length: int) -> str:
    """Spaces up to `col` (keeping tabs so the caret lines up), then carets."""
    col = max(col, 1)
    prefix = "".join("\t" if ch == "\t" else " " for ch in src[:col - 1])
    prefix += " " * max(0, col - 1 - len(src))
    room = len(src) - (col - 1)
    length = max(1, length if room <= 0 else min(length, room))
    return prefix + "^" * length


class RulesetError(Exception):
    """Raised with every problem found; never shown as a traceback."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__(format_diagnostics(self.diagnostics))


def did_you_mean(name, candidates) -> str | None:
    """Return "did you mean 'x'?" for the closest candidate, or None.

    A candidate that differs only in upper/lower case always wins.
    """
    if name is None:
        return None
    name = str(name)
    cands = [str(c) for c in candidates if c is not None]
    if not cands or name in cands:
        return None
    lowered = {c.lower(): c for c in cands}
    if name.lower() in lowered:
        return f"did you mean '{lowered[name.lower()]}'?"
    match = difflib.get_close_matches(name, cands, n=1, cutoff=0.6)
    if not match:
        low = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
        match = [lowered[low[0]]] if low else []
    return f"did you mean '{match[0]}'?" if match else None


def rank_hint(rank, ranks) -> str:
    """The hint for a rank the pack does not have: the closest rank, else the pack's ranks."""
    return did_you_mean(rank, ranks) or f"the ranks are {', '.join(map(str, ranks))}"


def sort_diagnostics(diags: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Sort by file, line, column (stable otherwise); drop exact duplicates."""
    seen = set()
    unique = []
    for d in diags:
        k = d._key()
        if k not in seen:
            seen.add(k)
            unique.append(d)
    return sorted(unique, key=lambda d: (d.file, d.line, d.col))


def format_diagnostics(diags: list[Diagnostic], fmt: str = "text") -> str:
    """All diagnostics as text (one block each) or as a JSON list."""
    if fmt == "json":
        return json.dumps([d.to_dict() for d in diags], indent=2)
    if fmt != "text":
        raise ValueError(f"unknown diagnostics format {fmt!r} (use 'text' or 'json')")
    return "\n".join(d.format() for d in diags)


def players_phrase(counts) -> str:
    """'1 player', '4 players', '3, 4 or 5 players': the allowed numbers of players, in words."""
    counts = list(counts)
    if len(counts) == 1:
        return f"{counts[0]} player{'' if counts[0] == 1 else 's'}"
    return f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} players"


def n_players(n) -> str:
    """'1 player', '4 players'."""
    return f"{n} player{'' if n == 1 else 's'}"
