"""Definitions with parameters written in place in the generated source that uses them.

A definition `follows(c, p, led): ...` (ruleset/defines.py) becomes one generated function
`(s, _d1, _d2, _d3)`; `function_from` (codegen.py) keeps its source on it as `fn.inline_parts`.
A use is written `_kN(s, a1, a2, a3)` in the source of the expression that uses it.  Here such a
call is replaced by the body itself, each parameter written as its argument:

    _k35(s, e[_k16], e[_k17])   ->   (_k9[e[_k16]] == e[_k17] or not any(... for _q41 in ...))

This saves a Python call per use and, above all, shows the whole computation to hoist.py, which
can then take the parts that do not depend on the card out of a loop over a hand.

When it is the same as the call:
- Only calls whose arguments are *plain reads* are written in place: a Python name (a comprehension
  variable, another definition's parameter), a literal or bound constant, `e[_kN]` (a local name,
  bound whenever the expression runs), `s.v[3]` or `s.z[1]` (a state variable, a zone).  Such a
  read cannot fail and costs nothing, so reading it once per use of the parameter (or not at all,
  if the body does not use it, or a short-circuit skips it) gives the same value and the same
  errors as evaluating it once before the call.  A call with any other argument (`f(left_of(p))`)
  stays a call.
- A call that gives a local (`e[_kN]`) to a parameter the body never uses stays a call: written in
  place, the expression would no longer read that local, and code that asks whether an expression
  reads a local (engine/vm.py, may_read) would then run it without that local bound.
- The body's own comprehension variables get new names, unique across all sources (`_qN`), so an
  argument naming a variable of the use (`_p1`) is never captured by the body's loops.
- Definitions cannot refer to themselves (defines.py refuses it), so writing in place ends.  A
  definition's function is made before those of the definitions that use it, and keeps the source
  it compiled (its own uses written in place, or not if that did not compile): a body is written
  in place as it is, so a chain of definitions nests no deeper than one of them could.
- A body that fails fails the whole generated expression, which then falls back to its closure:
  the closure calls the definition as before, so the message and place are those of today.
- Source that grows too long is left as calls (`MAX_SOURCE`); if the combined source does not
  compile (e.g. Python's limit on nested brackets), codegen.py builds the source without it.
"""
from __future__ import annotations

import ast
import re
from itertools import count as _counter

INLINE = True                 # False: definitions stay calls (tests compare both ways)
MAX_SOURCE = 6000             # characters of one expression's source, with every body in place
_VARS = _counter(1)           # names of renamed comprehension variables: _q1, _q2... across all sources
_LOCAL_VAR = re.compile(r"(?<![\w.])_[pq]\d+(?!\w)")
_CALL_HINT = re.compile(r"(?<![\w.])(_k\d+)\(s, ")


def inline_calls(code: str, consts: dict) -> tuple[str, dict]:
    """`code` with the calls of definitions written in place, and the constants the result needs
    (`consts` plus the bodies' own); `code` and `consts` themselves when nothing was written."""
    if not INLINE:
        return code, consts
    names = [m.group(1) for m in _CALL_HINT.finditer(code)]
    if not any(getattr(consts.get(n), "inline_parts", None) for n in names):
        return code, consts
    try:
        tree = ast.parse(code, mode="eval")
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return code, consts
    calls = []
    for node in ast.walk(tree):
        parts = _inlinable(node, consts)
        if parts is not None:
            calls.append((node, parts))
    if not calls:
        return code, consts
    merged = dict(consts)
    offsets = _line_offsets(code)
    out = code
    # calls never overlap (their arguments are plain reads): splice from the last to the first
    for node, (params, body, body_consts) in sorted(
            calls, key=lambda c: -(offsets[c[0].lineno] + c[0].col_offset)):
        args = [ast.get_source_segment(code, a) for a in node.args[1:]]
        start = offsets[node.lineno] + node.col_offset
        end = offsets[node.end_lineno] + node.end_col_offset
        out = out[:start] + "(" + _substituted(body, params, args) + ")" + out[end:]
        merged.update(body_consts)
        if len(out) > MAX_SOURCE:
            return code, consts
    return out, merged


def _line_offsets(code: str) -> list[int]:
    """Offset in `code` of the start of each line (ast counts lines from 1)."""
    offsets = [0, 0]
    for line in code.split("\n")[:-1]:
        offsets.append(offsets[-1] + len(line) + 1)
    return offsets


def _inlinable(node, consts):
    """(params, body source, body constants) when `node` is a call `_kN(s, reads...)` of a definition
    that can be written in place, else None."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords
            and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id == "s"):
        return None
    fn = consts.get(node.func.id)
    if getattr(fn, "inline_parts", None) is None:
        return None
    params, body, body_consts = fn.inline_parts
    if len(params) != len(node.args) - 1 or not all(_plain_read(a, consts) for a in node.args[1:]):
        return None
    for param, arg in zip(params, node.args[1:]):
        unused = not re.search(rf"(?<!\w){param}(?!\w)", body)
        if unused and isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Name):
            return None     # a local the body never reads: keep the call, which reads it (see vm.may_read)
    return params, body, body_consts


def _plain_read(node, consts) -> bool:
    """A value that cannot fail and costs nothing to read: a name, a literal, `e[_kN]` (a local)."""
    if isinstance(node, (ast.Name, ast.Constant)):
        return not (isinstance(node, ast.Name) and node.id in ("e", "s"))
    if (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute)
            and isinstance(node.value.value, ast.Name) and node.value.value.id == "s"
            and node.value.attr in ("v", "z") and isinstance(node.slice, ast.Constant)
            and type(node.slice.value) is int):
        return True           # s.v[3], s.z[1]: a state variable or a zone (both lists, always there)
    return (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "e"
            and isinstance(node.slice, ast.Name) and isinstance(consts.get(node.slice.id), str))


def _substituted(body: str, params, args) -> str:
    """The body with each parameter written as its argument, and its comprehension variables renamed
    to new unique names (one pass, so an argument is never rewritten itself)."""
    names = dict(zip(params, args))
    for var in set(_LOCAL_VAR.findall(body)):
        names[var] = f"_q{next(_VARS)}"
    if not names:
        return body
    pattern = re.compile(r"(?<![\w.])(%s)(?!\w)" % "|".join(map(re.escape, names)))
    return pattern.sub(lambda m: names[m.group(1)], body)

