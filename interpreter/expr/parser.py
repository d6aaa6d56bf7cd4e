"""One shared Lark parser for the expression language, built once per process."""
from __future__ import annotations

import re
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..resources import grammar_path
from .errors import ExprError

_TOKEN_WORDS = {
    "RPAR": "')'", "LPAR": "'('", "RSQB": "']'", "LSQB": "'['", "COMMA": "','", "DOT": "'.'",
    "NAME": "a name", "NUMBER": "a number", "STRING": "a text in quotes", "CARD": "a card",
    "COMP_OP": "a comparison", "ADD_OP": "'+' or '-'", "MUL_OP": "'*' or '/'", "$END": "the end",
    "IF": "'if'", "ELSE": "'else'", "AND": "'and'", "OR": "'or'", "NOT": "'not'", "MINUS": "'-'",
}


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr",
                propagate_positions=True, maybe_placeholders=False)


MAX_CHARS = 4000        # characters in one expression
MAX_DEPTH = 64          # parts inside one another: operators, calls, values (the bundled games use under 15)
MAX_DIGITS = 30         # digits of a number written in an expression


@lru_cache(maxsize=4096)
def parse(text: str) -> Tree:
    """Parse expression text to a syntax tree; raise ExprError with an offset on failure."""
    if not isinstance(text, str) or not text.strip():
        raise ExprError("the expression is empty", 0)
    if len(text) > MAX_CHARS:
        raise ExprError(f"the expression is too long: {len(text)} characters, more than the limit of {MAX_CHARS}",
                        0, rule="limit", hint="split it with a state variable or a procedure")
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(text, exc) from None
    except RecursionError:
        raise ExprError(f"the expression is nested too deeply (more than {MAX_DEPTH} levels)", 0,
                        rule="limit") from None
    _check_limits(tree)
    return tree


def _check_limits(tree: Tree) -> None:
    """Nesting depth and the size of numbers, walked without recursion."""
    todo = [(tree, 1)]
    while todo:
        node, depth = todo.pop()
        if isinstance(node, Token):
            if node.type == "NUMBER" and len(node.lstrip("0")) > MAX_DIGITS:
                raise ExprError(f"this number is too large: numbers in expressions have at most {MAX_DIGITS} "
                                "digits", node.start_pos or 0, len(node), rule="limit")
            continue
        if not isinstance(node, Tree):
            continue
        if depth > MAX_DEPTH:
            start = node.meta.start_pos if not getattr(node.meta, "empty", True) else 0
            raise ExprError(f"the expression is nested too deeply: more than {MAX_DEPTH} parts inside one "
                            "another", start, rule="limit", hint="split it with a state variable or a procedure")
        # the arguments of a call are one level with the call: abs(abs(1)) is two levels deep, not four
        todo.extend((child, depth if node.data == "args" else depth + 1) for child in node.children)


# a number written with a decimal point (1.5, .5, 1., 1.5.2): not part of the language, which has whole
# numbers only; the parser would stop at the point with 'unexpected' and no word of why
# a name as the expressions read it: letters of any alphabet, digits and _, not starting with a digit
_SIGNATURE = re.compile(r"^\s*([^\W\d]\w*)\s*(?:\(\s*((?:[^\W\d]\w*\s*,\s*)*[^\W\d]\w*)?\s*,?\s*\))?\s*$")


def signature(text):
    """A name as a definition or a procedure declares it: 'name' or 'name(a, b)' -> (name, [a, b]);
    None if the text is neither."""
    match = _SIGNATURE.match(str(text))
    if match is None:
        return None
    return match.group(1), [p.strip() for p in (match.group(2) or "").split(",") if p.strip()]


_DECIMAL = re.compile(r"(?<![\w.'\"])(?:\d+(?:\.\d+)+\.?|\d+\.(?![\w(])|\.\d+(?:\.\d+)*)")


def _decimal_error(text: str, offset: int) -> ExprError | None:
    for m in _DECIMAL.finditer(text):
        end = m.end() + len(text[m.end():]) - len(text[m.end():].lstrip())
        if m.start() <= offset <= end:
            return ExprError(f"'{m.group()}' is not a number here: numbers in expressions are whole numbers, "
                             "written with digits alone", m.start(), len(m.group()),
                             hint="for a fraction divide, e.g. 3 / 2 for 1.5, or double every value to keep "
                                  "whole numbers; a point table may list values such as 4.5")
    return None


def _syntax_error(text: str, exc: UnexpectedInput) -> ExprError:
    offset = getattr(exc, "pos_in_stream", None)
    if offset is None:
        offset = len(text)
    if isinstance(exc, UnexpectedToken) and exc.token.type != "$END" and exc.token.start_pos is not None:
        offset = exc.token.start_pos
    decimal = _decimal_error(text, offset)
    if decimal is not None:
        return decimal
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        return ExprError("the expression ends too early", len(text.rstrip()),
                         hint=_expected(getattr(exc, "expected", ())))
    if isinstance(exc, UnexpectedCharacters):
        ch = text[offset] if offset < len(text) else ""
        hint = None
        if ch == "=":
            hint = "to compare, write '==' (two equals signs)"
        elif ch in "&|!":
            hint = "write 'and', 'or', 'not' instead of symbols"
        return ExprError(f"unexpected character {ch!r}", offset, hint=hint)
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        hint = _expected(exc.expected)
        return ExprError(f"unexpected {tok.value!r}", tok.start_pos or offset, len(str(tok.value)), hint=hint)
    return ExprError(str(exc).splitlines()[0], offset)


def _expected(expected) -> str | None:
    words = sorted({_TOKEN_WORDS.get(e, None) or e.lower().strip("_") for e in expected
                    if not e.startswith("__")})
    if not words:
        return None
    return "expected " + (", ".join(words[:6])) + (" ..." if len(words) > 6 else "")
