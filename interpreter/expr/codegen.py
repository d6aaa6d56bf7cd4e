"""Generated Python for expressions: one plain function per expression.

The compiler builds two things for every syntax-tree node: a closure (always)
and, where it can, a fragment of Python source (`Compiled.code`).  The source
is written only by the compiler's own handlers, from the project's syntax
tree: user text never becomes source.  Every value the source needs (tables,
strings, names of locals, helper functions) is passed in as a bound constant
`_kN`; only integers, booleans and None are written as literals.

A function `x => body` given to a built-in becomes a Python comprehension whose
variable `_pN` stands for x, so `filter(players, p => score[p] >= target)`
is one list comprehension instead of a chain of closures.  A part without
source is called as its closure `_kN(s, e)`, unless it reads such a variable
(the closure would look for it in `e`); then the enclosing parts keep their
closures too.

The generated function falls back to the closure when anything raises, so
error messages (which name the expression and the missing item) are the
closures' messages.
"""
from __future__ import annotations

import ast
import re
import warnings
from itertools import count as _counter

_NAMES = _counter()   # constant names are unique across expressions, so sources can be combined

_PLAIN = (int, bool, type(None))
FAILED: list[str] = []   # generated source that did not compile (the tests check it stays empty)


class CodeGen:
    """The constants and comprehension variables of one expression's source."""

    def __init__(self, label: str):
        self.label = label
        self.consts: dict[str, object] = {}
        self._ids: dict[int, str] = {}
        self.pyvars: dict[str, str] = {}   # lambda parameter -> Python variable name
        self.param_reads = 0               # how many reads of a lambda parameter were compiled
        self._count = 0

    def ref(self, value) -> str:
        """The name of a bound constant holding `value` (one name per object)."""
        key = id(value)
        name = self._ids.get(key)
        if name is None:
            name = self._ids[key] = f"_k{next(_NAMES)}"
            self.consts[name] = value
        return name

    def literal(self, value) -> str:
        if isinstance(value, _PLAIN) and (type(value) is not int or -2**31 < value < 2**31):
            return repr(value)
        return self.ref(value)

    def fresh(self, prefix="_p") -> str:
        self._count += 1
        return f"{prefix}{self._count}"

    def build(self, code: str, slow):
        """A function (s, e) -> value running `code`, falling back to `slow` on any error.  Uses of
        definitions are written in place first (inline.py)."""
        fn = function_from(code, ("s", "e"), self.consts, slow, f"<expression {self.label[:60]!r}>")
        if fn is not slow:
            # stepgen.py inlines the source; hoist.py reads it too
            fn.source, fn.consts, fn.slow = fn.code_used, dict(fn.consts_used), slow
            from .hoist import with_memos     # (hoist.py builds on this module)
            fn = with_memos(fn)
        return fn


    def build_body(self, reads: str, code: str, slow):
        """A lambda body's function (s, e): `reads` (statements `_pN = e[_kM]; `) set the parameters'
        variables from the locals, then `code` is returned; on any error, `slow` runs instead."""
        return function_from(code, ("s", "e"), self.consts, slow, f"<expression {self.label[:60]!r}>", reads)


def makes_new_list(source: str) -> bool:
    """Whether `source` is a list display, a list comprehension or a call of list() or sorted(): a new
    list nothing else holds."""
    if not source.startswith(("[", "list(", "sorted(")):
        return False
    try:
        body = ast.parse(source, mode="eval").body
    except SyntaxError:
        return False
    return isinstance(body, (ast.List, ast.ListComp)) or (
        isinstance(body, ast.Call) and isinstance(body.func, ast.Name) and body.func.id in ("list", "sorted"))


def filter_parts(source: str):
    """(items, variable, condition) when `source` is a filter comprehension `[x for x in items if cond]`
    (the condition without its outer brackets), else None."""
    comp = _comprehension(source)
    if comp is None or len(comp.generators) != 1 or len(comp.generators[0].ifs) != 1:
        return None
    gen = comp.generators[0]
    return (ast.get_source_segment(source, gen.iter), gen.target.id,
            ast.get_source_segment(source, gen.ifs[0]))


def loop_parts(source: str):
    """(clauses, variable) when `source` is a comprehension `[x for ... for x in ... if ...]` giving
    the values of its last loop variable: `[f(x) for x in source]` is then `[f(x) for clauses]`."""
    comp = _comprehension(source)
    if comp is None or comp.generators[-1].target.id != comp.elt.id:
        return None
    return source[source.index(" for ", comp.elt.end_col_offset) + 5:-1], comp.elt.id


def _comprehension(source: str):
    """The syntax tree of `source` if it is a plain list comprehension (loop variables are names)."""
    if not source.startswith("[") or " for " not in source:
        return None
    try:
        comp = ast.parse(source, mode="eval").body
    except SyntaxError:
        return None
    if not (isinstance(comp, ast.ListComp) and isinstance(comp.elt, ast.Name) and "\n" not in source
            and all(isinstance(g.target, ast.Name) and not g.is_async for g in comp.generators)):
        return None
    return comp


def renamed(source: str, old: str, new: str) -> str:
    """`source` with the generated variable `old` (e.g. _p3) written `new`."""
    return re.sub(rf"(?<!\w){old}(?!\w)", new, source)


_ZONE_READ = re.compile(r"(?<![\w.])s\.z\[(\d+)\]")
_VARS_READ = re.compile(r"(?<![\w.])s\.v\[")


def hoist_reads(text: str) -> tuple[list[str], str]:
    """Reads of the state's zones and variable list made once, into locals, at the top of a function.

    `s.z[3]` read twice or more becomes `_z3`, set once: zone lists are never replaced while a game
    runs (steps change them in place).  `s.v[...]` becomes `_V[...]` with `_V = s.v`, the same list
    (a `set` stores into it).  Inside a comprehension this saves an attribute and an index per item."""
    prelude = []
    counts: dict[str, int] = {}
    for match in _ZONE_READ.finditer(text):
        counts[match.group(1)] = counts.get(match.group(1), 0) + 1
    hoisted = {n for n, k in counts.items() if k > 1}
    if hoisted:
        prelude += [f"_z{n} = s.z[{n}]" for n in sorted(hoisted, key=int)]
        text = _ZONE_READ.sub(lambda m: f"_z{m.group(1)}" if m.group(1) in hoisted else m.group(0), text)
    if len(_VARS_READ.findall(text)) > 1:
        prelude.append("_V = s.v")
        text = _VARS_READ.sub("_V[", text)
    return prelude, text


def test_statements(source: str, fresh) -> tuple[list[str], str]:
    """(lines, expression): statements, then an expression with the value of `source`.

    A list comprehension with one loop, and any(), all(), sum() and counts (len([1 for ...])) of
    one, become a `for` loop (any() and all() stop at the first item deciding them, as they do),
    where they are the first thing worked out: alone, under `not`, as the left side of a comparison,
    the list indexed, the first argument of a named function, or a part of `and` and `or`, whose
    short-circuits are kept as `if` statements (the same value too).  In
    CPython 3.11 a comprehension or a generator is a function of its own (and a generator is
    resumed once per item): on a hand of cards the loop is two to three times faster.  The loop's
    variable becomes a local of the function (generated names, unique within an expression).
    `fresh()` gives a new variable name; ([], source) when nothing is written as statements."""
    if "\n" in source or not source.isascii():   # ast counts columns in bytes, on one line
        return [], source
    try:
        tree = ast.parse(source, mode="eval").body
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return [], source
    if not _has_loop(tree):
        return [], source
    lines: list[str] = []
    return lines, _statements(tree, source, lines, "", fresh)


_COMPARE = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
            ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}


def _loop_kind(node):
    """'any', 'all', 'sum' or 'count' when `node` is such a call of a comprehension with one loop
    (a count: len() of a list comprehension whose items are a constant or a name, which cannot fail);
    'list' for a list comprehension with one loop; 'next' for next((item for x in xs if test), default),
    the first item meeting the test or the default."""
    if isinstance(node, ast.ListComp):
        return "list" if len(node.generators) == 1 and not node.generators[0].is_async else None
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "next"
            and len(node.args) == 2 and not node.keywords and isinstance(node.args[0], ast.GeneratorExp)):
        comp = node.args[0]
        return "next" if len(comp.generators) == 1 and not comp.generators[0].is_async else None
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1
            and not node.keywords and isinstance(node.args[0], (ast.GeneratorExp, ast.ListComp))):
        return None
    comp, name = node.args[0], node.func.id
    if len(comp.generators) != 1 or comp.generators[0].is_async:
        return None
    if name in ("any", "all") and isinstance(comp, ast.GeneratorExp) or name == "sum":
        return name
    if name == "len" and isinstance(comp, ast.ListComp) and isinstance(comp.elt, (ast.Constant, ast.Name)):
        return "count"
    return None


def _has_loop(node) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _has_loop(node.operand)
    if isinstance(node, ast.BoolOp):
        return any(_has_loop(v) for v in node.values)
    if isinstance(node, ast.Compare):
        return _has_loop(node.left)
    if _loop_kind(node) is not None:
        return True
    if isinstance(node, ast.Subscript):
        return _has_loop(node.value)
    return _plain_call(node) and _has_loop(node.args[0])


def _plain_call(node) -> bool:
    """A call of a name with a first argument (its first part worked out), no * or ** arguments."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and bool(node.args)
            and not any(isinstance(a, ast.Starred) for a in node.args) and all(k.arg for k in node.keywords))


def _statements(node, source, lines, pad, fresh) -> str:
    def text(part):
        return source[part.col_offset:part.end_col_offset]
    if not _has_loop(node):
        return f"({text(node)})"
    if isinstance(node, ast.UnaryOp):
        return f"(not {_statements(node.operand, source, lines, pad, fresh)})"
    if isinstance(node, ast.Compare):
        left = _statements(node.left, source, lines, pad, fresh)
        rest = " ".join(f"{_COMPARE[type(op)]} ({text(right)})" for op, right in zip(node.ops, node.comparators))
        return f"({left} {rest})"
    if isinstance(node, ast.BoolOp):
        var = fresh()
        lines.append(f"{pad}{var} = {_statements(node.values[0], source, lines, pad, fresh)}")
        for part in node.values[1:]:
            lines.append(f"{pad}if {'' if isinstance(node.op, ast.And) else 'not '}{var}:")
            lines.append(f"{pad}    {var} = {_statements(part, source, lines, pad + '    ', fresh)}")
        return var
    kind = _loop_kind(node)
    if kind is None and isinstance(node, ast.Subscript):
        return f"{_statements(node.value, source, lines, pad, fresh)}[{text(node.slice)}]"
    if kind is None:       # a call whose first argument has a loop: the name, then that argument first
        args = [_statements(node.args[0], source, lines, pad, fresh)] + [f"({text(a)})" for a in node.args[1:]]
        args += [f"{k.arg}=({text(k.value)})" for k in node.keywords]
        return f"{text(node.func)}({', '.join(args)})"
    var = fresh()
    comp = node if kind == "list" else node.args[0]
    loop = comp.generators[0]
    tests = [f"({text(c)})" for c in loop.ifs]
    if kind == "next":       # the default is worked out only when no item meets the test, as next() does
        lines.append(f"{pad}for {text(loop.target)} in {text(loop.iter)}:")
        inner = pad + "    "
        if tests:
            lines.append(f"{inner}if {' and '.join(tests)}:")
            inner += "    "
        lines += [f"{inner}{var} = ({text(comp.elt)})", f"{inner}break",
                  f"{pad}else:", f"{pad}    {var} = ({text(node.args[1])})"]
        return var
    lines.append(f"{pad}{var} = {kind != 'any' if kind in ('any', 'all') else '[]' if kind == 'list' else 0}")
    lines.append(f"{pad}for {text(loop.target)} in {text(loop.iter)}:")
    inner = pad + "    "
    if kind in ("any", "all"):
        tests.append(f"({text(comp.elt)})" if kind == "any" else f"not ({text(comp.elt)})")
        lines += [f"{inner}if {' and '.join(tests)}:", f"{inner}    {var} = {kind == 'any'}", f"{inner}    break"]
        return var
    if tests:
        lines.append(f"{inner}if {' and '.join(tests)}:")
        inner += "    "
    if kind == "count":
        lines.append(f"{inner}{var} += 1")
        return var
    if kind == "list":
        lines.append(f"{inner}{var}.append({text(comp.elt)})")
        return var
    # added in order from 0, as sum() does: the same for whole numbers; anything else (floats, which
    # sum() adds with more care from Python 3.12 on) is summed again by sum() itself
    lines += [f"{inner}{var} = {var} + ({text(comp.elt)})", f"{pad}if {var}.__class__ is not int:",
              f"{pad}    {var} = {text(node)}"]
    return var


def function_from(code: str, params, consts: dict, slow, label: str, reads: str = "", statements=False):
    """A function of `params` returning `code` (our own source; values are the bound `consts`).
    `reads`: statements run first (a lambda body's parameters read from the locals).

    Calls of definitions in `code` are written in place (inline.py) when the result compiles.  The
    function keeps the source and constants it runs as `code_used` and `consts_used`; a function of
    (s, v1, v2...) (a definition's) keeps them as `inline_parts` too, so its uses can be written in
    place.  With `statements`, `code` is the function's body (lines of statements that return).
    On any error it returns `slow(*args)` instead; if the source does not compile, `slow` itself."""
    from .inline import inline_calls
    inlined, inlined_consts = (code, consts) if statements else inline_calls(code, consts)
    fn = None
    if inlined is not code:
        fn = _compiled_function(inlined, params, inlined_consts, slow, label, reads, record=False)
        code, consts = (inlined, inlined_consts) if fn is not None else (code, consts)
    if fn is None:
        fn = _compiled_function(code, params, consts, slow, label, reads, statements=statements)
    if fn is None:
        return slow
    fn.code_used, fn.consts_used = code, consts
    if params[0] == "s" and tuple(params) != ("s", "e") and not reads and not statements:
        fn.inline_parts = (tuple(params[1:]), code, consts)
    return fn


def _compiled_function(code, params, consts, slow, label, reads, record=True, statements=False):
    """The function of function_from, or None if the source does not compile (kept in FAILED when
    `record`: a gap in the generator that the tests should see)."""
    names = list(consts)
    args = ", ".join(params)
    prelude, code = hoist_reads(code) if "s" in params else ([], code)
    if reads:
        prelude.insert(0, reads)
    body = code.split("\n") if statements else [f"return {code}"]
    source = (f"def _make({', '.join(names + ['_slow'])}):\n"
              f"    def _generated({args}):\n"
              f"        try:\n"
              + "".join(f"            {line}\n" for line in prelude + body) +
              f"        except Exception:\n"
              f"            return _slow({args})\n"
              f"    return _generated\n")
    scope: dict = {}
    try:
        with warnings.catch_warnings():   # e.g. `items[none]`: Python warns, the closure reports it
            warnings.simplefilter("ignore", SyntaxWarning)
            code_object = compile(source, label, "exec")
    except (SyntaxError, RecursionError, MemoryError):
        if record:     # a gap in the generator: keep the closure, and let the tests see it
            FAILED.append(code)
        return None
    exec(code_object, scope)   # our own source only: every user value is a bound constant
    return scope["_make"](*[consts[n] for n in names], slow)


def arg_best(pick, items, key):
    """argmax/argmin: every item whose key is the best, in order."""
    keys = [key(x) for x in items]
    if not keys:
        return []
    best = pick(keys)
    out = []
    for x, k in zip(items, keys):    # a statement, not a comprehension: no function call of its own
        if k == best:
            out.append(x)
    return out


