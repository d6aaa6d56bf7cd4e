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
  computes something (a call, a comprehension) is worked out at most once per call, *lazily*: at
  its first use, `(_h1 if _h1 is not _U else (_h1 := part))`.  It is therefore computed only if
  the plain loop would compute it (short-circuits are kept), at its first such place; later items
  reuse the value.  Expressions have no side effects, so the value is the same for every item;
- the reads of other local names (`e[_kN]`) are read into Python locals before the loop, and the
  item is a Python local, not a dict entry (it is still put in `e` when the source passes `e` on
  to a closure, which might read it there);
- if anything raises, the whole call starts again as the plain loop above, which then raises the
  same error at the same item (or, where the closure and the source differ, gives the closure's
  answer), so messages and places are unchanged.

A part inside a comprehension's iterable or a `lambda` is not taken out (Python forbids `:=` there,
or would make the name local to the lambda).  Without generated source the plain loop is used.
"""
from __future__ import annotations

import ast
import builtins

from .codegen import function_from

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
    try:
        tree = ast.parse(source, mode="eval")
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return plain
    if "\n" in source or not source.isascii():   # ast counts columns in bytes, on one line
        return plain
    plan = _Plan(source, consts, name)
    try:
        plan.visit(tree.body, in_iter=False, in_lambda=False)
    except RecursionError:
        return plain
    code = plan.rewritten()
    # any iterable (a range, a generator): made a list first, so the plain loop can run it again
    lines = ["if _items.__class__ is not list:", "    _items = list(_items)"]
    lines += [f"{var} = e[{key}]" for key, var in plan.local_reads.items()]
    if plan.hoisted:
        lines.append(" = ".join(plan.hoisted) + " = _U")
    lines += ["_out = []", "for _item in _items:"]
    if plan.passes_env:
        lines.append(f"    e[{plan.item_key}] = _item")
    lines += [f"    if {code}:", "        _out.append(_item)"]
    if not plan.passes_env:
        lines += ["if _items:", f"    e[{plan.item_key}] = _items[-1]"]
    lines.append("return _out")
    body = "\n".join(lines)
    all_consts = dict(consts)
    all_consts["_U"] = _UNSET
    all_consts[plan.item_key] = name
    select = function_from(body, ("s", "e", "_items"), all_consts, plain,
                           f"<each {name}: {getattr(fn, '__name__', '')}>", statements=True)
    if select is plain:
        return plain
    select.source = body
    return select


_UNSET = type("_Unset", (), {"__repr__": lambda self: "<not yet worked out>"})()


class _Plan:
    """Which parts of the source are taken out of the loop, and the text that replaces each read."""

    def __init__(self, source, consts, name):
        self.source, self.consts, self.name = source, consts, name
        self.edits: list[tuple[int, int, str]] = []   # (start, end, replacement) in the source
        self.hoisted: list[str] = []
        self.local_reads: dict[str, str] = {}          # constant name of a local -> Python local
        self.passes_env = False                        # `e` appears other than as e[_kN]
        self.item_key = "_kitem"
        self._free: dict[int, set] = {}

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
    def visit(self, node, in_iter, in_lambda):
        key = self._env_key(node)
        if key is not None:
            if key == self.name:
                self.item_key = node.slice.id
                self._edit(node, "_item")
            else:
                var = self.local_reads.setdefault(node.slice.id, f"_e{len(self.local_reads) + 1}")
                self._edit(node, var)
            return
        if isinstance(node, ast.Name) and node.id == "e":
            self.passes_env = True
            return
        if not in_iter and not in_lambda and _computes(node) and not self.free(node):
            var = f"_h{len(self.hoisted) + 1}"
            self.hoisted.append(var)
            part = self._segment(node)
            self._edit(node, f"({var} if {var} is not _U else ({var} := {part}))")
            return
        if isinstance(node, _COMPREHENSIONS):
            for g in node.generators:
                self.visit(g.iter, True, in_lambda)
                for cond in g.ifs:
                    self.visit(cond, in_iter, in_lambda)
            for part in ((node.key, node.value) if isinstance(node, ast.DictComp) else (node.elt,)):
                self.visit(part, in_iter, in_lambda)
            return
        for child in ast.iter_child_nodes(node):
            self.visit(child, in_iter, in_lambda or isinstance(node, ast.Lambda))

    def _edit(self, node, text):
        self.edits.append((node.col_offset, node.end_col_offset, text))

    def _segment(self, node):
        """The source of `node` as it is (nothing inside a part taken out is rewritten)."""
        return self.source[node.col_offset:node.end_col_offset]

    def rewritten(self) -> str:
        return _apply(self.source, 0, len(self.source), self.edits)


def _apply(source, start, end, edits):
    text = source[start:end]
    for a, b, t in sorted(edits, reverse=True):
        text = text[:a - start] + t + text[b - start:]
    return text


def _computes(node) -> bool:
    """Whether a part calls something or loops (worth taking out of the loop)."""
    return any(isinstance(n, (ast.Call, *_COMPREHENSIONS)) for n in ast.walk(node))
