"""Generated Python for steps that cannot pause (see fold.py).

Folding turns a subtree of steps without a choice inside into one function.
This module writes that function as Python source, from the compiled step
nodes (never from user text): `if` becomes an if statement, `for_each` a for
loop, `set` and `add` assignments to the state's variable list, `move` list
operations.  An expression's own generated source (see expr/codegen.py) is
written inline; other steps are called through their compiled functions,
passed in as bound constants.  When an inlined expression fails, its
closure is run again to give the same message as before (expressions have no
side effects).

Differences from running the nodes one by one, none of them visible to a
ruleset: the body of a `for_each` reads its item from a Python local, and binds
the name in the caller's locals only just before a line that passes them on
(restoring them after the loop) instead of copying them for every item; a
`for_each` over `filter(...)` tests each item in the loop when its body changes
nothing the filter reads; the step being run is tracked in a local variable so
that an error still names its file and line (the loops' items are read back
from the function's locals for the message).
"""
from __future__ import annotations

import re
import warnings

from ..expr.codegen import hoist_reads, makes_new_list, renamed, test_statements
from ..expr.errors import EVAL_ERRORS, EvalError, in_words
from .effects import fusable_filter
from .mixing import forget_mixed
from .state import GameStopped
from .steps import SCALARS, group_cards, move_cards, owned, take_card
from .vm import Atomic, Call, ForEach, If, Seq

ERRORS = EVAL_ERRORS
_NO = object()
_UNSET = object()      # a loop has not yet saved what `e` held under its name
_USES_ENV = re.compile(r"(?<![\w.])e(?!\w)")
# an inner loop's own binding, saving and putting back of its name (an outer loop's item is not needed
# there; `else:` also ends an if statement, so nothing may come before it)
_BINDING = re.compile(r"\s*(else:|if _saved\d+ is|e\[_s\d+\] = _item\d+$)")


class _Writer:
    def __init__(self, function_of):
        self.function_of = function_of   # node -> plain function (for calls and anything not written here)
        self.lines: list[str] = []
        self.consts: dict[str, object] = {}
        self._ids: dict[int, str] = {}
        self.wheres: list[str] = []
        self.slows: list[list] = []      # per step: closures of its inlined expressions (for messages)
        self.active: list[tuple] = []    # the loops being written: (name, local variable of the item)
        self.loops: list[tuple] = []     # per step: the loops around it
        self._count = 0

    def ref(self, value) -> str:
        name = self._ids.get(id(value))
        if name is None:
            name = self._ids[id(value)] = f"_s{len(self.consts)}"   # expressions use _kN
            self.consts[name] = value
        return name

    def fresh(self, prefix) -> str:
        self._count += 1
        return f"{prefix}{self._count}"

    def expr(self, fn) -> str:
        """Source computing an expression: its generated source inline, or a call of its function."""
        source = getattr(fn, "source", None)
        if source is None:
            return f"{self.ref(fn)}(s, e)"
        self.consts.update(fn.consts)
        self.slows[-1].append(fn.slow)
        return source

    def emit(self, depth, line):
        self.lines.append("    " * depth + line)

    def at(self, depth, node):
        """Remember which step runs (for error messages)."""
        self.wheres.append(getattr(node, "where", ""))
        self.slows.append([])
        self.loops.append(tuple(self.active))
        self.emit(depth, f"_w = {len(self.wheres) - 1}")

    # -- nodes --------------------------------------------------------------------
    def node(self, depth, node):
        if isinstance(node, list):
            for child in node:
                self.node(depth, child)
        elif isinstance(node, Seq):
            for child in node.children:
                self.node(depth, child)
        elif isinstance(node, If):
            self.at(depth, node)
            # any() and all() in the condition as `for` loops (expr/codegen.py, test_statements)
            before, test = test_statements(self.expr(node.cond), lambda: self.fresh("_r"))
            for line in before:
                self.emit(depth, line)
            self.emit(depth, f"if {test}:")
            self.block(depth + 1, node.then)
            if node.other is not None:
                self.emit(depth, "else:")
                self.block(depth + 1, node.other)
        elif isinstance(node, ForEach):
            self.foreach(depth, node)
        elif isinstance(node, Call) and node.target is not None:
            self.node(depth, node.target)     # a procedure that cannot pause is written in place
        elif getattr(node, "ops", None) is not None:
            self.assign(depth, node)
        elif getattr(node, "move", None) is not None:
            self.move(depth, node)
        elif getattr(node, "guard", None) is not None:   # e.g. end_game: test its condition here first
            if getattr(node.guard, "source", None) == "False":
                return                         # a condition false whatever happens (options): never fires
            self.at(depth, node)
            self.emit(depth, f"if {self.expr(node.guard)}:")
            self.emit(depth + 1, f"{self.ref(node.fn)}(s, e)")
            self.emit(depth + 1, "if s.over:")
            self.emit(depth + 2, "return")
        else:                                  # any other step, or a loop: called through its function
            node_fn = node.fn if isinstance(node, Atomic) else self.function_of(node)
            self.at(depth, node)
            self.emit(depth, f"{self.ref(node_fn)}(s, e)")
            self.emit(depth, "if s.over:")
            self.emit(depth + 1, "return")

    def block(self, depth, node):
        start = len(self.lines)
        if node is not None:
            self.node(depth, node)
        if len(self.lines) == start:
            self.emit(depth, "pass")

    def foreach(self, depth, node):
        """The body's inlined expressions read the item from a local variable.  The name is bound in
        `e` too, only where the body passes `e` on (a closure or step called inside reads it there):
        just before such a line, the first time saving what `e` held, put back after the loop."""
        saved, item, name = self.fresh("_saved"), self.fresh("_item"), self.ref(node.name)
        self.at(depth, node)
        step = len(self.wheres) - 1
        unset_at = len(self.lines)
        self.emit(depth, f"{saved} = _UNSET")
        items = self.expr(node.items)
        fused = fusable_filter(items, node.body, node.name, self.consts)
        if fused is not None:               # filter(xs, x => cond): test each item in the loop itself
            source, var, cond = fused
            self.emit(depth, f"for {item} in ({source}):")
            self.emit(depth + 1, f"_w = {step}")
            cond = renamed(cond, var, item)     # the comprehension's variable is the item
            self.emit(depth + 1, f"if not {cond}:")
            self.emit(depth + 2, "continue")
        else:
            # the body may change what it loops over: loop over a copy (not of a new list, or players)
            if items == "list(range(s.n))":    # the players: the numbers themselves, no list needed
                items = "range(s.n)"
            # a bound constant (a list in the rules, e.g. of entries) is never changed by a step
            if not (makes_new_list(items) or items == "range(s.n)" or re.fullmatch(r"_k\d+", items)):
                items = f"list({items})"
            self.emit(depth, f"for {item} in {items}:")
        start = len(self.lines)
        self.active.append((node.name, item))
        self.block(depth + 1, node.body)
        self.active.pop()
        reads = [f"e[{k}]" for k, v in self.consts.items() if k.startswith("_k") and v == node.name
                 and isinstance(v, str)]
        body, bound = [], False
        for line in self.lines[start:]:
            if "e[" in line:
                for read in reads:
                    line = line.replace(read, item)
            if _USES_ENV.search(line) and not _BINDING.match(line) and not _bound_before(body, name):
                indent = line[:len(line) - len(line.lstrip())]
                body += [f"{indent}if {saved} is _UNSET: {saved} = e.get({name}, _NO)",
                         f"{indent}e[{name}] = {item}"]
                bound = True
            body.append(line)
        self.lines[start:] = body
        if bound:
            self.emit(depth, f"if {saved} is not _UNSET:")
            self.emit(depth + 1, f"if {saved} is _NO: e.pop({name}, None)")
            self.emit(depth + 1, f"else: e[{name}] = {saved}")
        else:
            del self.lines[unset_at]         # nothing is bound in e: nothing to save

    def move(self, depth, node):
        """move, written out: the cards, the destination and the source zone are computed here, in the
        step's order; a card found in the source list is taken from it in place, anything else (a zone
        kept per player, a card to be looked for everywhere, a card that is missing) goes through the
        step's own helper, for its search and its message."""
        cards, single, src, tgt, bottom = node.move
        self.at(depth, node)
        self.emit(depth, "if _logged:")      # a logged game: the step's own function logs the move
        self.emit(depth + 1, f"{self.ref(node.fn)}(s, e)")
        self.emit(depth, "else:")
        self.move_written(depth + 1, node)

    def move_written(self, depth, node):
        cards, single, src, tgt, bottom = node.move
        self.emit(depth, f"_mv = {self.expr(cards)}")
        if src is None:
            self.emit(depth, "_mv = [_mv]" if single else "_mv = [_mv] if isinstance(_mv, int) else list(_mv)")
            if not single:
                self.flatten(depth)
            self.emit(depth, "if _mv:")
            self.emit(depth + 1, f"{self.ref(move_cards)}(s, _mv, {self.expr(tgt)}, None, {bottom}, "
                                 f"{self.ref(node.where)})")
            return
        take = f"{self.ref(take_card)}(s, _src, {{}}, {self.ref(node.where)})"
        if single:
            self.emit(depth, f"_dst = {self.expr(tgt)}")
            self.emit(depth, f"_src = {self.expr(src)}")
            self.emit(depth, "if s.revealed or s.revealed.to:")     # a card leaving a hand unseen (mixing.py)
            self.emit(depth + 1, f"{self.ref(forget_mixed)}(s, (_mv,), _dst)")
            self.emit(depth, "if _src.__class__ is list and _mv in _src:")
            self.emit(depth + 1, "_src.remove(_mv)")
            self.emit(depth, "else:")
            self.emit(depth + 1, take.format("_mv"))
            self.emit(depth, "_dst.insert(0, _mv)" if bottom else "_dst.append(_mv)")
            self.emit(depth, "if s.revealed or s.revealed.to:")     # cards shown stop being shown
            self.emit(depth + 1, "s.revealed.discard(_mv)")
            return
        self.emit(depth, "_mv = [_mv] if isinstance(_mv, int) else list(_mv)")
        self.flatten(depth)
        self.emit(depth, "if _mv:")
        self.emit(depth + 1, f"_dst = {self.expr(tgt)}")
        self.emit(depth + 1, f"_src = {self.expr(src)}")
        self.emit(depth + 1, "if s.revealed or s.revealed.to:")     # cards leaving a hand unseen (mixing.py)
        self.emit(depth + 2, f"{self.ref(forget_mixed)}(s, _mv, _dst)")
        self.emit(depth + 1, "_flat = _src.__class__ is list")
        self.emit(depth + 1, "for _c in _mv:")
        self.emit(depth + 2, "if _flat and _c in _src:")
        self.emit(depth + 3, "_src.remove(_c)")
        self.emit(depth + 2, "else:")
        self.emit(depth + 3, take.format("_c"))
        self.emit(depth + 1, "_dst[:0] = _mv" if bottom else "_dst.extend(_mv)")
        self.emit(depth + 1, "if s.revealed or s.revealed.to:")
        self.emit(depth + 2, "s.revealed.difference_update(_mv)")

    def flatten(self, depth):
        """The groups of a table zone among the cards to move give their cards (steps.group_cards)."""
        self.emit(depth, "if _mv and (_mv[0].__class__ is list or _mv[-1].__class__ is list):")
        self.emit(depth + 1, f"_mv = {self.ref(group_cards)}(_mv)")

    def assign(self, depth, node):
        """set/add: the values are computed and stored in the same order as the step's own function."""
        self.at(depth, node)
        self.emit(depth, "if _logged:")      # a logged game (read once per call): the step logs what it sets
        self.emit(depth + 1, f"{self.ref(node.fn)}(s, e)")
        self.emit(depth, "else:")
        if not node.ops:
            self.emit(depth + 1, "pass")
        for i, (index, key, value_fn, _name, _typ) in enumerate(node.ops):
            if i:
                self.at(depth + 1, node)       # each value on its own, for the message if it fails
            value = self.expr(value_fn)
            if not node.combine and _typ not in SCALARS:
                # as in steps._assign, a list is stored as a copy (it may be or hold a zone's own list)
                self.emit(depth + 1, f"_v = {value}")
                # owned() written in place, without a call (sets that run at every trick): a list of
                # lists goes to owned(); a flat list is copied by a slice, or kept when it was made
                # here (`history + [x]`, a list nothing else holds)
                fresh = makes_new_list(value)
                inner = depth + 1
                if not fresh:
                    self.emit(depth + 1, "if _v.__class__ is list:")
                    inner += 1
                self.emit(inner, "for _vi in _v:")
                self.emit(inner + 1, "if _vi.__class__ is list:")
                self.emit(inner + 2, f"_v = {self.ref(owned)}(_v)")
                self.emit(inner + 2, "break")
                if not fresh:
                    self.emit(inner, "else:")
                    self.emit(inner + 1, "_v = _v[:]")
                value = "_v"
            if key is None:
                self.emit(depth + 1, f"s.v[{index}] = s.v[{index}] + {value}" if node.combine
                          else f"s.v[{index}] = {value}")
            else:
                if value != "_v":
                    self.emit(depth + 1, f"_v = {value}")
                self.emit(depth + 1, f"_c = s.v[{index}]")
                self.emit(depth + 1, f"_x = {self.expr(key)}")
                self.slows[-1].append(_entry_check(index, key, _name, node.pers.get(_name)))
                self.emit(depth + 1, "_c[_x] = _c[_x] + _v" if node.combine else "_c[_x] = _v")

    # -- the function -----------------------------------------------------------------
    def build(self, root, label):
        self.block(3, root)
        prelude, body = hoist_reads("\n".join(self.lines))
        if "_logged" in body:
            prelude.insert(0, "_logged = s.events is not None")
        names = list(self.consts)
        source = "\n".join([
            f"def _make({', '.join(names + ['_NO', '_UNSET', '_ERRORS', '_stopped'])}):",
            "    def _folded(s, e):",
            "        _w = 0",
            "        try:",
            *("            " + line for line in prelude),
            body,
            "        except _ERRORS as err:",
            "            raise _stopped(err, _w, s, e, locals()) from None",
            "    return _folded",
            ""])
        wheres = list(self.wheres) or [""]
        slows = list(self.slows) or [[]]
        loops = list(self.loops) or [()]

        def stopped(err, w, s, e, local):
            if not isinstance(err, EvalError):
                env = dict(e)                # the items of the loops around the step, as closures see them
                env.update((name, local[item]) for name, item in loops[w] if item in local)
                err = _closure_error(slows[w], s, env) or err
            msg = str(err) if isinstance(err, EvalError) else f"a rule could not be evaluated: {in_words(err)}"
            return GameStopped(msg, getattr(err, "where", "") or wheres[w])
        scope: dict = {}
        with warnings.catch_warnings():   # as in codegen.py: a failing lookup is reported when it runs
            warnings.simplefilter("ignore", SyntaxWarning)
            code_object = compile(source, f"<steps {label}>", "exec")
        exec(code_object, scope)   # our own source, from compiled nodes
        fn = scope["_make"](*[self.consts[n] for n in names], _NO, _UNSET, ERRORS, stopped)
        fn.source = source
        fn.empty = not self.wheres          # nothing to do (e.g. an empty hook procedure)
        return fn


def _entry_check(index, key, name, per):
    """For the message of a failing set/add: an EvalError when the entry the step sets is not there."""
    from .steps import no_entry

    def check(s, e):
        k, container = key(s, e), s.v[index]
        if not (k.__class__ is int and container.__class__ is list and 0 <= k < len(container)
                or container.__class__ is dict and k in container):
            raise EvalError(no_entry(name, per, k, container))
    return check


def _closure_error(closures, s, e):
    """The message an inlined expression's closure gives (the closures raise EvalError with context)."""
    for closure in closures:
        try:
            closure(s, e)
        except EvalError as err:
            return err
        except Exception:   # noqa: BLE001 - the original error is reported instead
            continue
    return None


def _bound_before(body, name) -> bool:
    """Whether the bindings written just before the next line (by loops inside this one) bind `name`
    already: an inner loop of the same name, whose item the line must see, not this loop's."""
    for line in reversed(body):
        if not _BINDING.match(line):
            return False
        if line.lstrip().startswith(f"e[{name}] = "):
            return True
    return False


def generate(node, function_of, label=""):
    """One function running `node` (which cannot pause); `function_of(n)` gives a plain function for a node."""
    return _Writer(function_of).build(node, label)
