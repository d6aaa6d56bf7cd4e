"""Errors raised while parsing or compiling an expression."""
from __future__ import annotations


class ExprError(Exception):
    """A problem inside one expression, located by character offset in its text."""

    def __init__(self, message: str, offset: int = 0, length: int = 1, hint: str | None = None,
                 rule: str = "expression"):
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.length = max(1, length)
        self.hint = hint
        self.rule = rule


class EvalError(Exception):
    """A problem found while a game runs (a value of the wrong kind, a missing card...)."""
