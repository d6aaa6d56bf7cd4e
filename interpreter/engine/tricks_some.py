"""Tricks among some of the players: `tricks: {players: expr, ...}`.

The expression gives the players taking part; it is worked out at the start of every
trick (with `leader` the one due to lead, the previous trick's winner after the first).
Only those players are asked for a card, in seat order from the leader; the winner is
decided among their cards, as in any trick.  A leader who does not take part passes the
lead to the next player (in the block's direction) who does.  When nobody takes part,
the block ends (as it does when the leader has no card left).  The local name
`taking_part` holds the list during the trick.

Everything else is the general block's (tricks.py): this class changes only who plays.
"""
from __future__ import annotations

from .tricks import Tricks
from .vm import PAUSE


class SomeTricks(Tricks):
    plays_on = False             # its resolve() answers one decision (engine/autoplay.py)

    def begin_trick(self, s, frame, env) -> bool:
        takers = self.players(s, env)
        n = s.n
        takers = [p for p in range(n) if p in takers]
        if not takers:                       # nobody takes part: the block is over
            return False
        env["taking_part"] = takers
        if env["leader"] not in takers:
            env["leader"] = self.next_taking_part(env["leader"], takers, n)
        return super().begin_trick(s, frame, env)

    def next_taking_part(self, player, takers, n):
        """The next player after `player`, in the block's direction, who takes part."""
        for step in range(1, n + 1):
            seat = (player + step * self.direction) % n
            if seat in takers:
                return seat
        return player

    def resolve(self, s, marker, index):
        """Play the chosen card; ask the next player taking part, or finish the trick."""
        choice = s.pending
        player = choice.player
        card = choice.actions[index][1]
        frame = s.stack[-2]
        env = frame[2]
        s.z[self.hand_zone][player].remove(card)
        s.z[self.trick_zone].append(card)
        if s.revealed:
            s.revealed.discard(card)
        env["trick_players"].append(player)
        played = frame[3]
        if played == 0:
            env["led_suit"] = led = self.suit_of[card]
            marker[3] = self.follow_of.get(led)
        frame[3] = played + 1
        s.turns += 1
        s.pending = None
        takers = env["taking_part"]
        if played + 1 < len(takers):
            nxt = self.next_taking_part(player, takers, s.n)
            env["current"] = nxt
            return self.ask(s, env, nxt, frame, True, choice)
        return self.complete(s, frame, env, choice)


__all__ = ["SomeTricks", "PAUSE"]
