"""Turns as a building block: players act in turn until a condition holds.

`turns: {first, next, until, do}`: `current` is the player whose turn it is;
after each turn `until` is checked, then `next` (default left_of(current))
gives the next player.  Games whose direction can reverse keep a direction in
a state variable and write e.g. `next: left_of(current, direction)`.
"""
from __future__ import annotations

from ..expr import types as T
from ..expr.compiler import note_block_locals
from .registry import compile_steps, step_kind
from .state import GameStopped
from .steps import _fields
from .vm import Node, Seq


TURN_LOCALS = {"current": T.PLAYER, "turn_number": T.NUM}
note_block_locals("turns", TURN_LOCALS)


# `first:` or `next:` gave none (next_player(...) when nobody meets its condition): no turn can be played
NO_PLAYER = ("the turns block's '{}' gave no player (none), e.g. next_player(...) when no player meets its "
             "condition; make sure it always names a player{}")
NO_FIRST = NO_PLAYER.format("first", " (the first turn is always played)")
NO_NEXT = NO_PLAYER.format("next", ", or end the turns before with 'until'")


class Turns(Node):
    """Its frame is [node, turns begun, env, position in the body's steps].  A body that is a
    sequence (after folding: plain functions and steps that can pause) is run from this frame, as
    Seq.step runs it, so a turn needs no frame of its own for the sequence."""

    def __init__(self, first, nxt, until, body, where, limit):
        self.first, self.next, self.until, self.body, self.where, self.limit = first, nxt, until, body, where, limit
        self.first_where = self.next_where = where

    def enter(self, s, env):
        env = dict(env)
        env["current"] = self.first(s, env)
        if env["current"] is None:
            raise GameStopped(NO_FIRST, self.first_where)
        env["turn_number"] = 0
        s.stack.append([self, 0, env, None])

    def folded(self, generate):
        """Called once the body is folded: with `generate`, step() is written out for this block
        (turngen.py)."""
        if generate:
            from .turngen import turn_step       # (it builds on this module)
            self.step = turn_step(self)

    def step(self, s, frame):
        env = frame[2]
        pc = frame[3]
        if pc is not None:                   # in the middle of a turn's steps: go on with them
            pause = self._run(s, frame, env, pc)
            if pause is not _DONE:
                return pause
        if frame[1] > 0:
            s.turns += 1
            if self.until(s, env):
                s.stack.pop()
                return None
            env["current"] = self.next(s, env)
            if env["current"] is None:
                raise GameStopped(NO_NEXT, self.next_where)
        if frame[1] >= self.limit:
            raise GameStopped(f"no end after {self.limit} turns (the turn limit)", self.where)
        frame[1] += 1
        env["turn_number"] = frame[1]
        if self.body.__class__ is not Seq:
            return self.body.enter(s, env)
        pause = self._run(s, frame, env, 0)
        return None if pause is _DONE else pause

    def _run(self, s, frame, env, pc):
        """The body's steps from `pc` (Seq.step's loop): _DONE at the end of the turn, else what the
        step entered gave (the turn goes on at the next step once that one is done)."""
        children = self.body.children
        n = len(children)
        while pc < n:
            child = children[pc]
            pc += 1
            if child.atomic:
                child.fn(s, env)
                if s.over:
                    frame[3] = None
                    return None
            else:
                frame[3] = pc
                return child.enter(s, env)
        frame[3] = None
        return _DONE


_DONE = object()


@step_kind("turns", "Players take turns: `turns: {first: expr, next: expr, until: cond, do: [...]}`; "
           "the local name current is the player whose turn it is, turn_number counts from 1; `first` defaults to "
           "left_of(dealer) and `next` (worked out after each turn) to left_of(current); `limit` is the "
           "most turns before the game stops with an error (default: end: max_turns). `until` is checked after "
           "each turn (the first turn is always played); without it the turns go on until a step ends the hand "
           "or the game.")
def _turns(cx, value, path, step):
    spec = _fields(cx, value, path, "turns", ("do",), ("first", "next", "until", "limit"))
    if spec is None:
        return None
    with cx.scope(**TURN_LOCALS):
        first = cx.expr(path + ("first",), spec.get("first", "left_of(dealer)"), T.PLAYER).fn
        nxt = cx.expr(path + ("next",), spec.get("next", "left_of(current)"), T.PLAYER).fn
        until = cx.expr(path + ("until",), spec.get("until", False), T.BOOL).fn
        body = compile_steps(cx, spec["do"], path + ("do",))
    limit = spec.get("limit", cx.rules.data.get("end", {}).get("max_turns", 100000))
    block = Turns(first, nxt, until, body, cx.where(path), limit)
    # where a 'first' or 'next' that gave no player is reported: at its own key when written
    block.first_where, block.next_where = (cx.where(path + (k,)) if k in spec else block.where
                                           for k in ("first", "next"))
    return block
