"""Passing instead of playing to a trick: `tricks: {may_pass: COND, ...}`.

At a player's turn, when the condition holds (`current` is that player), the moves offered are the cards
the follow rule allows and `pass`; a player with no card to play may only pass.  A player who passes
takes no part in this trick (they leave `taking_part`); a leader who passes hands the lead to the next
player taking part, who leads instead.  The trick is over once everyone still taking part has played;
if every player passes, nobody played to it and the game stops with an error: the condition must leave
someone to play (a dog's life: one card, played to the trick of the player's choosing).

Built on the block that plays one card per resolve() (tricks_after_play.py) and on tricks among some
players (tricks_some.py, everyone by default): a pass changes who takes part, the rest is theirs.
"""
from __future__ import annotations

from .state import Choice, GameStopped
from .tricks_after_play import AFTER_CARD, AfterPlay
from .vm import PAUSE

PASS = ("pass", None)


class MayPass(AfterPlay):
    """Mixed in before the block class (SomeTricks, maybe with decided_by) when the block has `may_pass`."""

    may_pass = None              # the condition, an expression of current
    may_pass_where = None

    def ask(self, s, env, player, frame, pushed=False, choice=None):
        env["current"] = player
        if not self.may_pass(s, env):
            return super().ask(s, env, player, frame, pushed, choice)
        try:
            result = super().ask(s, env, player, frame, pushed, choice)
        except GameStopped:          # no card to play: passing is the only move
            s.pending = Choice(player, [PASS], None, self.where)
            if not pushed:
                s.stack.append([self, -1, env, self.follow_of.get(env["led_suit"])])
            if getattr(self, "decided_by", None) is not None:
                self._hand_to_chooser(s, env)
            return PAUSE
        s.pending.actions.append(PASS)
        return result

    def resolve(self, s, marker, index, pickers=None, limit=0, across=False):
        choice = s.pending
        if choice.actions[index][0] != "pass":
            return super().resolve(s, marker, index)
        stack = s.stack
        frame = stack[-2]
        env = frame[2]
        player = env["current"]
        takers = env["taking_part"] = [p for p in env["taking_part"] if p != player]
        if not takers:
            raise GameStopped(f"every player passed: nobody played to trick {env['trick_number']}; the "
                              "may_pass condition must leave someone to play", self.may_pass_where or self.where)
        if frame[3] == 0:            # the leader passed: the next player taking part leads
            env["leader"] = self.next_taking_part(player, takers, s.n)
        s.pending = None
        stack.pop()                  # the marker: the next player is asked from step()
        frame[1] = AFTER_CARD
        return None

    def last_actor(self, env):
        """The player who just played or passed (a pass leaves no card in trick_players)."""
        return env["current"]


__all__ = ["MayPass", "PASS"]
