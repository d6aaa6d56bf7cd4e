"""Tricks among some of the players: `tricks: {players: expr, ...}`.

The expression gives the players taking part; it is worked out at the start of every
trick (with `leader` the one due to lead, the previous trick's winner after the first).
Only those players are asked for a card, in seat order from the leader; the winner is
decided among their cards, as in any trick.  A leader who does not take part passes the
lead to the next player (in the block's direction) who does.  When nobody takes part,
the block ends (as it does when the leader has no card left).  With a `count:`, the count
is worked out first: once it ends the block, who would take part is not worked out (the
expression may then meet a position with nobody left to play).  The local name
`taking_part` holds the list during the trick.

Everything else is the general block's (tricks.py, whose resolve() asks the players taking part
in turn): this class changes only who plays.
"""
from __future__ import annotations

from .tricks import Tricks
from .vm import PAUSE


class SomeTricks(Tricks):

    def begin_trick(self, s, frame, env) -> bool:
        count = self.count
        if count is not None and not env["trick_number"] < count(s, env):
            return False                     # the block is over: who would take part is not worked out
        takers = self.players(s, env)
        n = s.n
        takers = [p for p in range(n) if p in takers]
        if not takers:                       # nobody takes part: the block is over
            return False
        env["taking_part"] = takers
        if env["leader"] not in takers:
            env["leader"] = self.next_taking_part(env["leader"], takers, n)
        if count is not None:
            return self.start_trick(frame, env)
        return super().begin_trick(s, frame, env)

    def next_taking_part(self, player, takers, n):
        """The next player after `player`, in the block's direction, who takes part."""
        for step in range(1, n + 1):
            seat = (player + step * self.direction) % n
            if seat in takers:
                return seat
        return player


__all__ = ["SomeTricks", "PAUSE"]
