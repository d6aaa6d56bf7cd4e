"""Tricks in which another player chooses some player's card: `tricks: {decided_by: expr, ...}`.

The expression, worked out each time a card is due (with `current` the player whose card it is), gives
the player who chooses it: a bridge declarer plays the dummy's cards (`declarer if current == dummy else
current`).  The card still comes from the hand of `current`, follows the block's rules for that hand,
and counts as that player's play to the trick; only the decision is asked of the chooser (the pending
Choice's player, who the history, the bots and the log name).

The general block (tricks.py) works with the card's player in the Choice; this class hands the decision
to the chooser where the block stops for a card, and takes it back when the card is played.  It answers
one card at a time (no pickers, no generated trick ends): the common paths of blocks without the
setting are left as they are.
"""
from __future__ import annotations

from ..expr.errors import describe_value
from .state import GameStopped
from .tricks import Tricks
from .vm import PAUSE


class DecidedBy:
    """Mixed in before Tricks (or SomeTricks) when the block has `decided_by`."""

    decided_by = None            # an expression of current: who chooses the card
    decided_where = None
    plays_on = False             # resolve() answers one decision: autoplay asks the chooser each time

    def owner(self, env, choice):
        """The player whose card the pending choice plays."""
        return env["current"]

    def _hand_to_chooser(self, s, env):
        chooser = self.decided_by(s, env)
        if chooser.__class__ is not int or not 0 <= chooser < s.n:
            raise GameStopped(f"the tricks' decided_by gave {describe_value(chooser)} for player {env['current']}, not a seat "
                              f"from 0 to {s.n - 1}: it must give the player who chooses the card, e.g. "
                              "declarer if current == dummy else current", self.decided_where or self.where)
        s.pending.player = chooser

    def ask(self, s, env, player, frame, pushed=False, choice=None):
        result = super().ask(s, env, player, frame, pushed, choice)
        self._hand_to_chooser(s, env)
        return result

    def resolve(self, s, marker, index, pickers=None, limit=0, across=False):
        env = marker[2]
        s.pending.player = env["current"]            # the block plays the card of this player
        result = super().resolve(s, marker, index)
        stack = s.stack
        if result is PAUSE and s.pending is not None and stack and stack[-1][0] is self and stack[-1][1] == -1:
            self._hand_to_chooser(s, stack[-1][2])   # the next card of the trick (ask() did it otherwise)
        return result

    def folded(self, generate):
        self.hooks()                                 # the trick's end as written in Tricks.next_trick

    def last_plays(self, s, want):
        # the history names the choosers: the plays are read from the trick as it lies
        return None


__all__ = ["DecidedBy", "Tricks"]
