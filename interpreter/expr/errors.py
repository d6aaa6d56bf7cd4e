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
    """A problem found while a game runs (a value of the wrong kind, a missing card...).

    The compiled expression of a step adds its text and its place ('file:line:col') on the way out."""
    def __init__(self, message: str = "", where: str = "", expr: str = ""):
        super().__init__(message)
        self.message = message
        self.where = where        # 'file:line:col' of the expression, once known
        self.expr = expr          # the expression's text, once known

    def __str__(self):
        if self.expr and self.expr not in self.message:
            text = self.expr if len(self.expr) <= 80 else self.expr[:77] + "..."
            return f"{self.message}, in '{text}'"
        return self.message


# What working out an expression may raise while a game runs: an EvalError, or the Python error of an
# operation given a value of the wrong kind (a closure or generated code called on a bad value).
EVAL_ERRORS = (EvalError, TypeError, KeyError, IndexError, AttributeError, ValueError, ZeroDivisionError)


_KINDS = {"NoneType": "none", "int": "a number", "float": "a number", "bool": "true or false", "str": "a text",
          "list": "a list", "tuple": "a list", "dict": "a table", "set": "a set", "function": "a function"}


def written(value) -> str:
    """A plain value as the expression language writes it: none, true, false, 3, clubs."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def describe_value(value) -> str:
    """A value in words, for messages: none, a number, a list of 3 items..."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        text = str(value) if abs(value) < 10**15 else "a very large number"
        return text
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)} item(s)" if value else "an empty list"
    if isinstance(value, dict):
        return "a table"
    return _KINDS.get(type(value).__name__, "a value of another kind")


def in_words(err: BaseException) -> str:
    """A Python error raised while an expression ran, said without Python's words."""
    import re
    if isinstance(err, ZeroDivisionError):
        return "a division by zero"
    if isinstance(err, RecursionError):
        return "the rules call themselves too deeply"
    if isinstance(err, (OverflowError, MemoryError)):
        return "a number or a list grew too large"
    text = str(err)
    if isinstance(err, KeyError):
        return f"there is no entry {describe_value(err.args[0]) if err.args else ''}".rstrip()
    if isinstance(err, IndexError):
        return "a position is past the end of a list"
    text = re.sub(r"'(\w+)' object", lambda m: _KINDS.get(m.group(1), "this value"), text)
    text = re.sub(r"'(\w+)'", lambda m: _KINDS.get(m.group(1), m.group(0)), text)
    text = re.sub(r"\bnot (NoneType|int|str|list|tuple|dict|bool|float)\b",
                  lambda m: "not " + _KINDS[m.group(1)], text)
    text = re.sub(r"'(.+?)' not supported between instances of (.+) and (.+)", r"cannot compare \2 with \3 using '\1'",
                  text)
    text = text.replace("list indices must be integers or slices", "a list position must be a number")
    text = text.replace("unsupported operand type(s) for", "cannot use")
    if re.search(r"\bnone\b", text) and ("cannot use" in text or "cannot compare" in text):
        # left_of(declarer) before a declarer is set, score[p] + bid with no bid: none is no number or seat
        return (f"a value is none where a number or a player is needed, perhaps a variable not set yet "
                f"({text})")
    return f"a value of the wrong kind ({text})"
