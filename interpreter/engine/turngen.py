"""Generated Python for a `turns` block's step: one function per block.

Turns.step runs between two turns: the turn count, the `until` test, the
`next` player, the turn limit, and the body entered.  A bidding round or a
climbing game goes through it once per turn; this module writes it out for
one block with `until` and `next` in place (their closures where that
raises, so messages are the same) and the body's entry bound, a few calls
fewer a turn.  A turn whose body stopped part way goes on through
Turns._run, as in Turns.step.
"""
from __future__ import annotations

from .gensource import Source
from .state import GameStopped
from .vm import Seq


def turn_step(block):
    """The function (s, frame) -> PAUSE or None with the meaning of block.step(s, frame), for a Turns
    node whose body is folded (fold.py calls it through Turns.folded)."""
    from .turns import _DONE, NO_NEXT
    w = Source(block.where)
    run = w.ref(block._run)
    w.emit(0, "e = frame[2]")
    w.emit(0, "_pc = frame[3]")
    w.emit(0, "if _pc is not None:")          # in the middle of a turn's steps: go on with them
    w.emit(1, f"_pause = {run}(s, frame, e, _pc)")
    w.emit(1, "if _pause is not _DONE:")
    w.emit(2, "return _pause")
    w.emit(0, "if frame[1] > 0:")
    w.emit(1, "s.turns += 1")
    w.value(1, "_over", block.until)
    w.emit(1, "if _over:")
    w.emit(2, "s.stack.pop()")
    w.emit(2, "return None")
    w.value(1, "_next", block.next)
    w.emit(1, "if _next is None:")
    w.emit(2, f"raise _GameStopped(_NO_NEXT, {w.ref(block.next_where)})")
    w.emit(1, "e['current'] = _next")
    w.emit(0, f"if frame[1] >= {w.ref(block.limit)}:")
    w.emit(1, f"raise _GameStopped(f'no end after {{{w.ref(block.limit)}}} turns (the turn limit)', "
              f"{w.ref(block.where)})")
    w.emit(0, "frame[1] += 1")
    w.emit(0, "e['turn_number'] = frame[1]")
    if block.body.__class__ is not Seq:
        w.emit(0, f"return {w.ref(block.body.enter)}(s, e)")
    else:
        w.emit(0, f"_pause = {run}(s, frame, e, 0)")
        w.emit(0, "return None if _pause is _DONE else _pause")
    return w.function("_turn_step", ("s", "frame"), f"<turns {block.where}>",
                      {"_DONE": _DONE, "_GameStopped": GameStopped, "_NO_NEXT": NO_NEXT})
