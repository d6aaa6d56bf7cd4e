"""A condition tested for each item of a list, with the parts that do not read the item worked out once.

    select = item_selector(fn, "card")      # once, at load: fn is a compiled condition reading `card`
    legal = select(s, env, hand)            # per offer: the cards for which the condition holds

`select(s, e, items)` gives exactly what this plain loop gives, raising the same errors:

    out = []
    for x in items:
        e[name] = x
        if fn(s, e):
            out.append(x)
    return out                # e[name] is left bound to the last item, as here

`items` may be any iterable; the caller puts back what `e[name]` held before, if it must.  The
test of a `choose` move's options (engine/vm.py, Choose's EACH plan) can use it the same way:
`select = item_selector(legal, bind)` once in make_plan, then in enter
`actions += [(name, v) for v in select(s, env, values)]` between saving and restoring env[bind].

A trick's follow rule such as `legal_play(card, current, led_suit, trick_number)` is tested on
every card of a hand, and parts of it such as `any(hand[p], d => d.suit == led)` do not depend on
the card: tested card by card they cost O(hand^2) per offer.  From the generated source of `fn`
(codegen.py; definitions written in place by inline.py) this module writes one function with the
loop inside, in which:

- every largest part that reads neither the item nor a variable of an enclosing `x => ...` and
  computes something (a call other than len(), a comprehension) is worked out at most once per
  call, *lazily*: at its first use, `(_h1 if _h1 is not _U else (_h1 := part))`.  It is therefore
  computed only if the plain loop would compute it (short-circuits are kept), at its first such
  place; later items reuse the value.  Expressions have no side effects, so the value is the same
  for every item.  Inside such a part, a part it runs many times (in its own comprehensions and
  lambdas) that reads none of their variables gets a memo of its own: `all(filter(hand[p], d =>
  follows(d, p, led)), ...)` with `follows` testing `not any(hand[p], ...)` is O(hand), not
  O(hand^2).  Where `:=` cannot be (in a lambda it would bind the lambda's own name; Python forbids
  it in a comprehension's iterable) the memo is a place in a list `_H` made once per call;
- the condition is taken apart along its `if ... else`, `and` and `or` (emit): a test that does
  not read the item picks the branch once, an `and` filters the items part by part, and a test
  before or after an `or` is worked out once, only when the plain loop would reach it.  Such a
  test is written as statements, any() and all() as `for` loops (truth); the items are filtered
  by `for` statements, not comprehensions (each is a function call in CPython 3.11);
- the reads of other local names (`e[_kN]`) are read into Python locals before the loop, and the
  item is a Python local, not a dict entry (it is still put in `e` when the source passes `e` on
  to a closure, which might read it there);
- if anything raises, the whole call starts again as the plain loop above, which then raises the
  same error at the same item (or, where the closure and the source differ, gives the closure's
  answer), so messages and places are unchanged.

Without generated source the plain loop is used.
"""
from __future__ import annotations

import ast
import builtins
import re

from .codegen import function_from, test_statements

HOIST = True              # False: item_selector gives the plain loop (tests compare both ways)
_BUILTINS = set(vars(builtins))
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
_ITEM = object()          # stands for "reads the item" among the free names of a part


def plain_selector(fn, name):
    """The plain loop: the items for which fn(s, e) is true with e[name] bound to each."""
    def select(s, e, items):
        out = []
        for x in items:
            e[name] = x
            if fn(s, e):
                out.append(x)
        return out
    return select


def item_selector(fn, name):
    """A function (s, e, items) -> the items for which the compiled condition `fn` is true with the
    local `name` bound to each (see the module's docstring); the plain loop when `fn` has no source."""
    plain = plain_selector(fn, name)
    source, consts = getattr(fn, "source", None), getattr(fn, "consts", None)
    if not HOIST or not isinstance(source, str) or not isinstance(consts, dict):
        return plain
    if "\n" in source or not source.isascii():   # ast counts columns in bytes, on one line
        return plain
    try:
        tree = ast.parse(source, mode="eval")
        plan = _Plan(source, consts, name)
        plan.mark([tree.body])
        plan.visit(tree.body, repeated=True, walrus=True)
        loop: list[str] = []
        plan.emit([tree.body], "_items", "_out", loop, "")
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return plain
    # any iterable (a range, a generator): made a list first, so the plain loop can run it again
    lines = ["if _items.__class__ is not list:", "    _items = list(_items)"]
    lines += [f"{var} = e[{key}]" for key, var in plan.local_reads.values()]
    if plan.memos:
        lines.append(" = ".join(plan.memos) + " = _U")
    if plan.cells:
        lines.append(f"_H = [_U] * {plan.cells}")
    lines += loop
    lines += ["if _items:", f"    e[{plan.item_key}] = _items[-1]",
              "return _out if _out is not _items else _items[:]"]
    body = "\n".join(lines)
    all_consts = dict(consts)
    all_consts["_U"] = _UNSET
    all_consts[plan.item_key] = name
    select = function_from(body, ("s", "e", "_items"), all_consts, plain,
                           f"<each {name}: {getattr(fn, '__name__', '')}>", statements=True)
    if select is plain:
        return plain
    select.source = body
    select.taken_out = plan.taken_out()    # how many parts are worked out once per call (the tests)
    return select


def with_memos(fn):
    """`fn`, a generated function (s, e) of an expression (codegen.py), with the parts inside its
    comprehensions and lambdas that read none of their variables worked out once per call, lazily
    (memos as in item_selector): `argmax(trick, c => strength(c))` with `strength` comparing with a
    definition of the led suit calls that definition once, not once per card; any(), sum()...
    worked out first are `for` loops (codegen.test_statements).  `fn` itself when neither applies.
    The new function keeps `fn`'s source, constants and closure (`source`, `consts`, `slow`):
    steps and item_selector write the expression in place from those."""
    source, consts, slow = getattr(fn, "source", None), getattr(fn, "consts", None), getattr(fn, "slow", None)
    if not HOIST or not isinstance(source, str) or not isinstance(consts, dict) or slow is None:
        return fn
    if "\n" in source or not source.isascii() or not (" for " in source or "lambda" in source):
        return fn
    try:
        tree = ast.parse(source, mode="eval")
        plan = _Plan(source, consts, None)
        plan.visit(tree.body, repeated=False, walrus=True)
        code = plan.text(tree.body)
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return fn
    # any(), sum()... worked out first: as `for` loops (codegen.test_statements gives the same value)
    before, value = test_statements(code, plan._new_var)
    if not (plan.memos or plan.cells or before):
        return fn
    lines = [f"{var} = e[{key}]" for key, var in plan.local_reads.values()]
    if plan.memos:
        lines.append(" = ".join(plan.memos) + " = _U")
    if plan.cells:
        lines.append(f"_H = [_U] * {plan.cells}")
    lines += before
    lines.append(f"return {value}")
    body = "\n".join(lines)
    memo = function_from(body, ("s", "e"), dict(consts, _U=_UNSET), slow, fn.__code__.co_filename, statements=True)
    if memo is slow:
        return fn
    memo.source, memo.consts, memo.slow, memo.body = source, consts, slow, body
    return memo


_UNSET = type("_Unset", (), {"__repr__": lambda self: "<not yet worked out>"})()


class _Plan:
    """Which parts of the source are taken out of the loop, the text that replaces each read, and
    the statements of the loop."""

    def __init__(self, source, consts, name):
        self.source, self.consts, self.name = source, consts, name
        self.edits: list[tuple[int, int, str]] = []   # (start, end, replacement) in the source
        self.memos: list[str] = []                     # _h1, _h2...: memos set with `:=`
        self.cells = 0                                 # memos kept in the list _H (where `:=` cannot be)
        self.local_reads: dict[str, tuple] = {}        # a local's name -> (its constant, Python local)
        self.passes_env = False                        # `e` appears other than as e[_kN]
        self.item_key = "_kitem"
        self.lists = 0                                 # _l1, _l2...: the lists between two filters
        self._free: dict[int, set] = {}
        self.once: set[int] = set()                    # tests worked out in statements (see emit)
        self.computing_once: list = []                 # those of them that compute something
        self._memo_of: dict[tuple, str] = {}           # (text, walrus) -> its memo

    # -- free names ----------------------------------------------------------------
    def _env_key(self, node):
        """For `e[_kN]` with _kN a constant string: that string; else None."""
        if (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "e"
                and isinstance(node.slice, ast.Name)):
            value = self.consts.get(node.slice.id)
            if isinstance(value, str):
                return value
        return None

    def free(self, node) -> set:
        """The variables `node` reads that may change from item to item: comprehension and lambda
        variables bound outside it, and _ITEM for the item (or for `e` passed on whole)."""
        known = self._free.get(id(node))
        if known is None:
            known = self._free[id(node)] = self._free_names(node)
        return known

    def _free_names(self, node) -> set:
        key = self._env_key(node)
        if key is not None:
            return {_ITEM} if key == self.name else set()
        if isinstance(node, ast.Name):
            if node.id == "e":
                return {_ITEM}
            if node.id == "s" or node.id in self.consts or node.id in _BUILTINS:
                return set()
            return {node.id}
        out = set()
        for child in ast.iter_child_nodes(node):
            out |= self.free(child)
        if isinstance(node, _COMPREHENSIONS):
            out -= {n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.Lambda):
            out -= {a.arg for a in node.args.args}
        return out

    # -- choosing the parts ----------------------------------------------------------
    def visit(self, node, repeated, walrus):
        """Record the edits inside `node`.  `repeated`: `node` may run several times for one run of
        the code around it (the loop over the items, a comprehension's body, a lambda's body), so a
        part in it that reads nothing that changes is worth a memo.  `walrus`: a `:=` here would bind
        in the selector's own scope (not inside a lambda, nor in a comprehension's iterable)."""
        key = self._env_key(node)
        if key is not None:
            if key == self.name:
                self.item_key = node.slice.id
                self._edit(node, "_item")
            else:
                # keyed by the local's name: two constants naming it share one Python local
                var = self.local_reads.setdefault(key, (node.slice.id, f"_e{len(self.local_reads) + 1}"))[1]
                self._edit(node, var)
            return
        if isinstance(node, ast.Name) and node.id == "e":
            self.passes_env = True
            return
        if id(node) in self.once:     # emit() works it out once, in statements: no memo of its own
            if _computes(node):
                self.computing_once.append(node)
            self._visit_children(node, False, walrus)
            return
        if repeated and _worth_a_memo(node) and not self.free(node):
            # worked out once per call, at its first use; the parts inside it that it runs many
            # times (in its own comprehensions and lambdas) get memos of their own
            first = len(self.edits)
            self._visit_children(node, False, walrus)
            inner = self.text(node)
            del self.edits[first:]
            # the same text in two places is the same value (it reads no variable of a loop): one memo
            key = (_canonical(node, inner), walrus)
            known = self._memo_of.get(key)
            if walrus:
                var = known or f"_h{len(self.memos) + 1}"
                if known is None:
                    self.memos.append(var)
                self._edit(node, f"({var} if {var} is not _U else ({var} := {inner}))")
            else:
                # in a lambda `:=` would bind the lambda's own variable, and Python forbids it in a
                # comprehension's iterable: the memo is a place in a list made once per call
                var = known or str(self.cells)
                if known is None:
                    self.cells += 1
                cell = f"_H[{var}]"
                self._edit(node, f"({cell} if {cell} is not _U else (_H.__setitem__({var}, {inner}) or {cell}))")
            self._memo_of[key] = var
            return
        self._visit_children(node, repeated, walrus)

    def _visit_children(self, node, repeated, walrus):
        if isinstance(node, _COMPREHENSIONS):
            for i, g in enumerate(node.generators):
                # the first iterable runs once per run of the comprehension, the others once per item
                self.visit(g.iter, repeated or i > 0, False)
                for cond in g.ifs:
                    self.visit(cond, True, walrus)
            for part in ((node.key, node.value) if isinstance(node, ast.DictComp) else (node.elt,)):
                self.visit(part, True, walrus)
            return
        if isinstance(node, ast.Lambda):
            for default in node.args.defaults:
                self.visit(default, repeated, walrus)
            self.visit(node.body, True, False)
            return
        for child in ast.iter_child_nodes(node):
            self.visit(child, repeated, walrus)

    def taken_out(self) -> int:
        """How many parts that compute something are worked out at most once per call."""
        return len(self.memos) + self.cells + len(self.computing_once)

    def _edit(self, node, text):
        self.edits.append((node.col_offset, node.end_col_offset, text))

    def text(self, node) -> str:
        """The source of `node` with the edits inside it made."""
        start, end = node.col_offset, node.end_col_offset
        return _apply(self.source, start, end, [x for x in self.edits if start <= x[0] and x[1] <= end])

    # -- the loop ----------------------------------------------------------------------
    def _split(self, ops):
        """How the items are filtered by `ops[0] or ops[1] or ...` (see emit)."""
        if len(ops) == 1:
            node = ops[0]
            if not self.free(node):
                return "once", node
            if isinstance(node, ast.IfExp) and not self.free(node.test):
                return "if", node
            if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
                return "and", node.values
            if isinstance(node, ast.BoolOp):
                ops = node.values
        if len(ops) > 1 and not self.free(ops[0]):
            return "first", ops
        if len(ops) > 1 and not self.free(ops[-1]):
            return "last", ops
        return "each", ops

    def mark(self, ops):
        """Note the tests that `emit` works out in statements, once: they get no memo."""
        how, what = self._split(ops)
        if how == "once":
            self.once.add(id(what))
        elif how == "if":
            self.once.add(id(what.test))
            self.mark([what.body])
            self.mark([what.orelse])
        elif how == "and":
            for part in what:
                self.mark([part])
        elif how == "first":
            self.once.add(id(what[0]))
            self.mark(what[1:])
        elif how == "last":
            self.once.add(id(what[-1]))
            self.mark(what[:-1])

    def emit(self, ops, src, dst, lines, pad, known=False):
        """Lines setting the list `dst` to the items of the list `src` for which `ops[0] or ops[1]
        or ...` is true (`known`: `src` is known not to be empty).

        The condition is not tested whole on each item where its shape allows better; a test that
        does not read the item is worked out once, and only if the loop would have reached it:
        - `a if t else b`, t not reading the item: t once, then the items are filtered by a or b;
        - `a and b`: the items are filtered by a, then those left by b;
        - `t or b`: t once (if there are items): all of them, or those for which b is true;
        - `a or t`: the items for which a is true; t once if any is left out: all, or those.
        The same parts are worked out for the same items as in the plain loop, in another order:
        the result is the same (expressions have no side effects), and if anything raises, the
        plain loop runs instead and raises where it does."""
        how, what = self._split(ops)
        inner = pad + "    "
        if how in ("once", "if", "first"):
            test = what.test if how == "if" else what if how == "once" else what[0]
            if not known:
                lines += [f"{pad}if not {src}:", f"{inner}{dst} = []", f"{pad}else:"]
                pad, inner = inner, inner + "    "
            truth = self.truth(test, lines, pad)
            if how == "once":
                lines.append(f"{pad}{dst} = {src} if {truth} else []")
                return
            lines.append(f"{pad}if {truth}:")
            if how == "if":
                self.emit([what.body], src, dst, lines, inner, True)
            else:
                lines.append(f"{inner}{dst} = {src}")
            lines.append(f"{pad}else:")
            self.emit([what.orelse] if how == "if" else what[1:], src, dst, lines, inner, True)
        elif how == "and":
            for i, part in enumerate(what):
                out = dst if i == len(what) - 1 else self._new_list()
                self.emit([part], src, out, lines, pad, known and i == 0)
                src = out
        elif how == "last":
            some = self._new_list()
            self.emit(what[:-1], src, some, lines, pad, known)
            lines += [f"{pad}if len({some}) != len({src}):"]
            truth = self.truth(what[-1], lines, inner)
            lines += [f"{inner}{dst} = {src} if {truth} else {some}", f"{pad}else:", f"{inner}{dst} = {some}"]
        else:
            # a plain `for` statement: in CPython 3.11 a comprehension is a function of its own, whose
            # creation and call cost more than its faster appends save on a hand of cards
            # any(), sum()... worked out first in the test: as `for` loops (codegen.test_statements)
            before, test = test_statements(" or ".join(f"({self.text(op)})" for op in what), self._new_var)
            lines += [f"{pad}{dst} = []", f"{pad}for _item in {src}:"]
            if self.passes_env:     # a closure may read the item in `e`: bound before each test
                lines.append(f"{inner}e[{self.item_key}] = _item")
            lines += [inner + line for line in before]
            lines += [f"{inner}if {test}:", f"{inner}    {dst}.append(_item)"]

    def truth(self, node, lines, pad) -> str:
        """An expression as true as `node`, after `lines` that work out its parts in statements
        (any() and all() as `for` loops: codegen.test_statements)."""
        before, test = test_statements(self.text(node), self._new_var)
        lines += [pad + line for line in before]
        return test if before else f"({test})"

    def _new_var(self):
        self.lists += 1
        return f"_r{self.lists}"     # (expressions name comprehension variables _p, _q, _t, _c...)

    def _new_list(self):
        self.lists += 1
        return f"_l{self.lists}"


def _canonical(node, text):
    """`text` (the source of `node`, edited) with the variables its comprehensions and lambdas bind
    named by their order: the same computation written with other generated names, the same key."""
    bound = []
    for n in ast.walk(node):
        targets = [g.target for g in n.generators] if isinstance(n, _COMPREHENSIONS) else []
        names = [a.arg for a in n.args.args] if isinstance(n, ast.Lambda) else []
        names += [x.id for target in targets for x in ast.walk(target) if isinstance(x, ast.Name)]
        bound += [x for x in names if x not in bound]
    for i, name in enumerate(bound):
        text = re.sub(rf"(?<![\w.]){name}(?!\w)", f"_v{i}_", text)
    return text


def _apply(source, start, end, edits):
    text = source[start:end]
    for a, b, t in sorted(edits, reverse=True):
        text = text[:a - start] + t + text[b - start:]
    return text


def _computes(node) -> bool:
    """Whether a part calls something or loops."""
    return any(isinstance(n, (ast.Call, *_COMPREHENSIONS)) for n in ast.walk(node))


def _worth_a_memo(node) -> bool:
    """Whether a part costs more than its memo: it calls something or loops, other than len() or
    range() of something that does neither (count(trick) is len(s.z[1]): its memo would cost more)."""
    for n in ast.walk(node):
        if isinstance(n, _COMPREHENSIONS):
            return True
        if isinstance(n, ast.Call) and not (isinstance(n.func, ast.Name) and n.func.id in ("len", "range")):
            return True
    return False
