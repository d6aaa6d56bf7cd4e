"""Folding: steps that can never wait for a decision become one plain function.

The stack machine (vm.py) keeps frames so that a game can stop at a choice
and be copied. Most steps never stop: scoring, dealing, bookkeeping. After a
ruleset is compiled, every subtree without a choice inside is folded into a
single function `fn(state, env)` that runs it directly: the same steps in the
same order, without frames. An `end_game` still stops the rest at once.
"""
from __future__ import annotations

from ..expr.errors import EVAL_ERRORS, EvalError, in_words
from .state import GameStopped
from .stepgen import generate
from .vm import Atomic, Call, CallWith, ForEach, If, Node, Seq, While

GENERATE = True   # write folded steps as Python source (stepgen.py); False: nested closures

_LOOP_LIMIT = 100000


def fold_program(*roots):
    """Fold every foldable part of the programs reachable from `roots` (in place)."""
    folder = _Folder()
    for root in roots:
        folder.visit(root)


class _Folder:
    def __init__(self):
        self.pauses = {}      # id(node) -> bool
        self.visited = set()
        self.functions = {}   # id(procedure) -> its folded function

    # -- can this node wait for a decision? -----------------------------------
    def can_pause(self, node) -> bool:
        if node is None or isinstance(node, Atomic):
            return False
        key = id(node)
        if key in self.pauses:
            return self.pauses[key]
        self.pauses[key] = True          # while in progress (recursive procedures): assume it can
        result = self._can_pause(node)
        self.pauses[key] = result
        return result

    def _can_pause(self, node) -> bool:
        if isinstance(node, Seq):
            return any(self.can_pause(c) for c in node.children)
        if isinstance(node, If):
            return self.can_pause(node.then) or self.can_pause(node.other)
        if isinstance(node, (ForEach, While)):
            return self.can_pause(node.body)
        if isinstance(node, Call):
            return node.target is None or self.can_pause(node.target)
        if isinstance(node, CallWith):
            return self.can_pause(node.target)
        return True                      # choices, tricks, turns and anything unknown

    # -- rewrite --------------------------------------------------------------------
    def visit(self, node):
        if node is None or isinstance(node, Atomic) or id(node) in self.visited:
            return
        self.visited.add(id(node))
        if isinstance(node, Seq):
            node.children = self.merged(node.children)
            for child in node.children:
                self.visit(child)
            return
        for attr in ("then", "other", "body", "before", "after_play", "after_plays", "after", "setup", "hand",
                     "target"):
            self.visit(getattr(node, attr, None))
        for attr in ("then", "other", "body", "target"):
            part = getattr(node, attr, None)
            if part is not None and _lone(part) is not part:
                setattr(node, attr, _lone(part))
        for attr in ("before", "after_plays", "after"):     # a trick block's hooks with nothing left to run
            hook = getattr(node, attr, None)
            if isinstance(hook, Seq) and not hook.children:
                setattr(node, attr, None)
        moves = getattr(node, "moves", None)
        for i, move in enumerate(moves or ()):
            if isinstance(move, tuple) and len(move) > 4:
                self.visit(move[4])
                if move[4] is not None and _lone(move[4]) is not move[4] and isinstance(moves, list):
                    moves[i] = move[:4] + (_lone(move[4]),) + move[5:]
        done = getattr(node, "folded", None)         # a block that prepares itself once its parts are folded
        if done is not None:
            done(GENERATE)

    def merged(self, children):
        """Children of a sequence, each run of steps that cannot pause written as one function."""
        out, run = [], []

        def flush():
            if len(run) == 1 and isinstance(run[0], Atomic) and getattr(run[0], "ops", None) is None:
                out.append(run[0])            # a lone plain step (deal, move...) is already one function
            elif run and not GENERATE:      # the same runs as closures: an error names its step here too
                out.append(Atomic(_sequence([(self.function(c), getattr(c, "where", "")) for c in run]),
                                  getattr(run[0], "where", ""), "folded"))
            elif run:
                fn = generate(list(run), self.function, getattr(run[0], "where", ""))
                if not fn.empty:
                    out.append(Atomic(fn, getattr(run[0], "where", ""), "folded"))
            run.clear()
        for child in children:
            if self.can_pause(child):
                flush()
                out.append(child)
            else:
                run.append(child)
        flush()
        return out

    def function(self, node):
        """A plain function running a node that cannot pause."""
        if isinstance(node, Atomic):
            return node.fn
        if GENERATE and isinstance(node, (Seq, If, ForEach)):
            return generate(node, self.function, getattr(node, "where", ""))
        return self.closures(node)

    def closures(self, node):
        """The same as function(), as nested closures (GENERATE off, and loops)."""
        if isinstance(node, Atomic):
            return node.fn
        if isinstance(node, Seq):
            return _sequence([(self.function(c), getattr(c, "where", "")) for c in node.children])
        if isinstance(node, If):
            cond = node.cond
            then = self.function(node.then) if node.then is not None else None
            other = self.function(node.other) if node.other is not None else None

            def run_if(s, e):
                branch = then if cond(s, e) else other
                if branch is not None:
                    branch(s, e)
            return run_if
        if isinstance(node, ForEach):
            items, name, body = node.items, node.name, self.function(node.body)

            def run_each(s, e):
                for item in list(items(s, e)):
                    child = dict(e)
                    child[name] = item
                    body(s, child)
                    if s.over:
                        return
            return run_each
        if isinstance(node, While):
            return _loop(node, self.function(node.body))
        if isinstance(node, Call):
            # A procedure that cannot pause cannot call itself (can_pause treats recursion as pausing).
            key = id(node.target)
            if key not in self.functions:
                self.functions[key] = self.function(node.target)
            return self.functions[key]
        if isinstance(node, CallWith):
            body, bind = self.function(node.target), node.bind

            def run_call(s, e):
                body(s, bind(s, e))
            return run_call
        raise TypeError(f"cannot fold {type(node).__name__}")


def _lone(node):
    """A sequence of one step is that step.  A step that keeps its own frame (it can pause) is
    entered directly: the machine saves a frame, a step and a pop each time (e.g. a turn whose body
    is one choice).  A plain function (Atomic, which has no `enter`) is wrapped in a _Direct that
    runs it (e.g. a move's `do:` folded into one function), without the sequence's loop."""
    while isinstance(node, Seq) and len(node.children) == 1:
        child = node.children[0]
        if child.atomic:
            return _Direct(child.fn, child.where)
        node = child
    return node


class _Direct(Node):
    """A plain function where the machine expects a node to enter (a branch, a body, a move's
    `do:`): entering runs it and returns, as a sequence of that one function does."""
    __slots__ = ("fn", "where")

    def __init__(self, fn, where=""):
        self.fn, self.where = fn, where

    def enter(self, s, env):
        self.fn(s, env)


def _sequence(steps):
    fns = tuple(f for f, _ in steps)
    wheres = tuple(w for _, w in steps)

    def run_seq(s, e):
        i = 0
        try:
            for i, f in enumerate(fns):
                f(s, e)
                if s.over:
                    return
        except EVAL_ERRORS as err:
            msg = str(err) if isinstance(err, EvalError) else f"a rule could not be evaluated: {in_words(err)}"
            raise GameStopped(msg, getattr(err, "where", "") or wheres[i]) from None
    return run_seq


def _loop(node, body):
    from .steps import _Until
    cond, where, limit = node.cond, node.where, node.limit
    until = isinstance(node, _Until)

    def run_loop(s, e):
        rounds = 0
        while True:
            if until:
                if rounds > 0 and cond(s, e):
                    return
            elif not cond(s, e):
                return
            if rounds >= limit:
                raise GameStopped(f"a loop ran {limit} times without ending", where)
            rounds += 1
            body(s, e)
            if s.over:
                return
    return run_loop
