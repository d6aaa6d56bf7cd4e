"""Generated Python for the step of a loop that can stop for a decision: one function per loop.

A `repeat` whose body holds a choice keeps a frame, and the machine calls its
step before every round: the round count, the condition, the limit, the body
entered.  A climbing game's turn may go through such a loop several times.
This module writes that step out for one loop, the condition in place (its
closure where that raises, so messages are the same) and the body's entry
bound.  Loops that cannot stop are folded into plain functions instead
(fold.py) and never get here.
"""
from __future__ import annotations

from .gensource import Source
from .state import GameStopped


def loop_step(node, until):
    """The function (s, frame) -> PAUSE or None with the meaning of node.step(s, frame) for a While
    (`until` False: the condition tested before each round, the limit first) or a repeat-until
    (`until` True: the condition tested after each round, then the limit)."""
    w = Source(node.where)
    limit, where = w.ref(node.limit), w.ref(node.where)
    stop = f"raise _GameStopped(f'a loop ran {{{limit}}} times without ending', {where})"
    w.emit(0, "e = frame[2]")
    if until:
        w.emit(0, "if frame[1] > 0:")
        w.value(1, "_done", node.cond)
        w.emit(1, "if _done:")
        w.emit(2, "s.stack.pop()")
        w.emit(2, "return None")
        w.emit(0, f"if frame[1] >= {limit}:")
        w.emit(1, stop)
    else:
        w.emit(0, f"if frame[1] >= {limit}:")
        w.emit(1, stop)
        w.value(0, "_go", node.cond)
        w.emit(0, "if not _go:")
        w.emit(1, "s.stack.pop()")
        w.emit(1, "return None")
    w.emit(0, "frame[1] += 1")
    w.emit(0, f"return {w.ref(node.body.enter)}(s, e)")
    return w.function("_loop_step", ("s", "frame"), f"<loop {node.where}>", {"_GameStopped": GameStopped})
