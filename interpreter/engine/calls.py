"""Procedures: named lists of steps, run with `call:`, with or without parameters.

    procedures:
      score_hand:                      # no parameters
        - ...
      pay(payer, payee, amount):       # parameters, as a definition has them
        - add: {"score[payer]": -amount, "score[payee]": amount}
    hand:
      - call: score_hand
      - call: pay(declarer, left_of(declarer), 10)

A procedure without parameters compiles once and sees only the ruleset's names.  One with
parameters sees its parameters too: each `call` gives a value for every parameter (an
expression of the place it is called from), and the body compiles once for each set of kinds
of the values given (as a definition does), when a call first needs it; so a mistake in the
body is reported once, at the procedure.  A call runs the body with the parameters bound to
the values, worked out when the call runs.
"""
from __future__ import annotations

from dataclasses import replace

from lark import Tree

from ..expr import types as T
from ..expr.compiler import compile_expression
from ..expr.errors import ExprError
from ..expr.parser import parse, signature
from .registry import compile_steps
from .vm import Call, CallWith


class Procedure:
    """One entry of `procedures:`: its key as written, name, parameters and steps."""

    def __init__(self, key, name, params, steps):
        self.key, self.name, self.params, self.steps = key, name, params, steps
        self.bodies: dict = {}           # tuple of parameter kinds -> compiled body (parameters only)

    @property
    def usage(self) -> str:
        return f"{self.name}({', '.join(self.params)})" if self.params else self.name


def procedure_table(cx, section) -> dict:
    """name -> Procedure for every entry of `procedures:` (a key that is no name is reported)."""
    table = {}
    cx.procedure_names = {called_name(key) for key in section or {}}
    for key, steps in (section or {}).items():
        declared = signature(key)
        if declared is None:
            cx.problem(("procedures", key), f"'{key}' is not a name, or a name and parameters such as "
                       "pay(payer, amount)", "schema", key=True)
            continue
        name, params = declared
        if len(set(params)) != len(params):
            cx.problem(("procedures", key), f"a parameter of '{name}' is named twice", "meaning", key=True)
            continue
        if name in table:
            cx.problem(("procedures", key), f"procedure '{name}' is declared twice ('{table[name].key}' and "
                       f"'{key}')", "meaning", key=True, hint="give one of them another name")
            continue
        table[name] = Procedure(key, name, params, steps)
        for param in params:
            cx.ns.parameters.setdefault(param, table[name].usage)
    return table


def called_name(value) -> str:
    """The procedure a `call:` value names: `score_hand` or `pay(declarer, 10)`."""
    return str(value).split("(", 1)[0].strip()


def body_for(cx, proc, kinds: tuple, caller=None):
    """The body of a procedure with parameters, compiled for these kinds of values (once each).
    `caller`: where the call that first needs these kinds is, named in the hint of a mistake found."""
    if kinds not in proc.bodies:
        proc.bodies[kinds] = None        # a call back into it while compiling (refused by call_checks)
        saved = cx.locals
        cx.locals = dict(zip(proc.params, kinds))     # the parameters and the ruleset's names only
        before = len(cx.diagnostics)
        try:
            body = compile_steps(cx, proc.steps, ("procedures", proc.key))
        finally:
            cx.locals = saved
        # the same mistake compiled for other kinds of values is reported once
        kept = cx.diagnostics[:before]
        known = {(d.file, d.line, d.col, d.message) for d in kept}
        for d in cx.diagnostics[before:]:
            key = (d.file, d.line, d.col, d.message)
            if key not in known:
                known.add(key)
                if caller is not None and d.severity == "error":
                    given = "; ".join(f"{p} {T.describe(k)}" for p, k in zip(proc.params, kinds) if k != T.ANY)
                    note = f"with the values given by the call at {caller}" + (f" ({given})" if given else "")
                    d.hint = f"{d.hint}; {note}" if d.hint else note
                kept.append(d)
        cx.diagnostics[:] = kept
        proc.bodies[kinds] = body
    return proc.bodies[kinds]


def compile_call(cx, value, path):
    """The node of a `call:` step (registered in steps.py, in its place among the step kinds)."""
    procs = cx.procedures
    if not isinstance(value, str):
        cx.problem(path, "'call' needs the name of a procedure, e.g. call: score_hand", "type")
        return None
    name = called_name(value)
    proc = procs.get(name)
    if proc is None and name in cx.procedure_names:      # its key is wrong: reported there
        return None
    if proc is None:
        from difflib import get_close_matches
        close = get_close_matches(name, list(procs), n=1)
        cx.problem(path, f"unknown procedure '{name}'", "unknown-name",
                   hint=f"did you mean '{procs[close[0]].usage}'?" if close else "declare it under 'procedures:'")
        return None
    cx.calls.add(name)
    if "(" not in value:
        if proc.params:
            cx.problem(path, f"procedure '{name}' takes {len(proc.params)} value(s): write call: {proc.usage}",
                       "type", hint=f"give a value for each parameter, e.g. call: {name}(" +
                       ", ".join("..." for _ in proc.params) + ")")
            return None
        return Call(name, cx.where(path))
    args = _arguments(cx, value, path)
    if args is None:
        return None
    if len(args) != len(proc.params):
        cx.problem(path, f"procedure '{name}' takes {len(proc.params)} value(s), got {len(args)}", "type",
                   hint=f"usage: call: {proc.usage}" if proc.params else f"write call: {name}")
        return None
    if not proc.params:
        return Call(name, cx.where(path))
    target = body_for(cx, proc, tuple(a.type for a in args), cx.where(path))
    if target is None:
        return None
    return CallWith(name, proc.params, [a.fn for a in args], target, cx.where(path))


def call_arguments(text):
    """The syntax trees of the values a call gives, `pay(declarer, 10)` (none for `score_hand` or
    `pay()`); None if the text is no call.  Raises ExprError when it does not parse."""
    if "(" not in str(text):
        return []
    tree = parse(str(text))
    if not (isinstance(tree, Tree) and tree.data == "call"):
        return None
    return tree.children[1].children if len(tree.children) > 1 and tree.children[1] is not None else []


def _arguments(cx, text, path):
    """The values of `name(a, b)`, each compiled where the call is (its locals seen), or None."""
    try:
        args = call_arguments(text)
    except ExprError as err:
        cx._expr_problem(path, text, err)
        return None
    if args is None:
        cx.problem(path, f"'{text}' is not a call of a procedure: write its name and the values in brackets, "
                   "e.g. pay(declarer, 10)", "type")
        return None
    out = []
    where = cx.where(path)
    for arg in args:
        start, end = arg.meta.start_pos, arg.meta.end_pos
        # padded with spaces so that a mistake is placed within the whole call's text
        try:
            compiled = compile_expression(" " * start + text[start:end], cx.ns, dict(cx.locals))
        except ExprError as err:
            cx._expr_problem(path, text, err)
            return None
        if not compiled.const:
            from ..expr.compiler import _located
            compiled = replace(compiled, fn=_located(compiled.fn, text[start:end], where))
        out.append(compiled)
    return out
