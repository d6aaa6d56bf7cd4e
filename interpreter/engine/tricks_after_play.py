"""Steps after each card of a trick: `tricks: {after_play: [...], ...}`.

The steps run once a card is on the trick (`card_played` names it, `trick_players` ends with its
player), before the next player is asked, and after the last card before `after_plays`: a bridge
dummy's hand is laid face up just after the opening lead (`if: trick_number == 1 and count(trick) ==
1`, `reveal: hand[dummy]`).

The general block (tricks.py) plays a whole trick from one resolve(); this class plays one card per
resolve(), runs the steps (through the machine: they may ask for decisions), then takes up the trick
where it stands (phase AFTER_CARD of the block's frame).  Blocks without the setting keep their paths.
"""
from __future__ import annotations

from .mixing import forget_mixed
from .vm import PAUSE

AFTER_CARD = 4                   # the block's phase once a card's steps have run


class AfterPlay:
    """Mixed in before Tricks (or SomeTricks, or with decided_by) when the block has `after_play`."""

    after_play = None            # the compiled steps
    plays_on = False             # one card per resolve(): autoplay asks each decision

    def resolve(self, s, marker, index, pickers=None, limit=0, across=False):
        choice = s.pending
        stack = s.stack
        frame = stack[-2]
        env = frame[2]
        player = self.owner(env, choice)
        card = choice.actions[index][1]
        if self.trick_unseen and (s.revealed or s.revealed.to):     # played face down (mixing.py)
            forget_mixed(s, (card,), s.z[self.trick_zone])
        s.z[self.hand_zone][player].remove(card)
        s.z[self.trick_zone].append(card)
        if s.revealed or s.revealed.to:
            s.revealed.discard(card)
        env["trick_players"].append(player)
        if frame[3] == 0:
            env["led_suit"] = self.suit_of[card] if self.card_suit is None else self.suit_now(s, env, card)
        frame[3] += 1
        s.turns += 1
        s.pending = None
        stack.pop()                              # the marker: the next card is asked from step()
        frame[1] = AFTER_CARD
        env["card_played"] = card
        if self.after_play is None:              # a block that passes (tricks_pass.py) without after_play
            return None
        depth = len(stack)
        if self.after_play.enter(s, env) is PAUSE or len(stack) != depth or s.over:
            return PAUSE if s.pending is not None else None
        return None                              # the machine goes on with step(): the next card

    def step(self, s, frame):
        if frame[1] == AFTER_CARD:
            env = frame[2]
            env.pop("card_played", None)
            played = frame[3]
            if played < (s.n if self.players is None else len(env["taking_part"])):
                last = self.last_actor(env)
                if self.players is None:
                    nxt = (last + self.direction) % s.n
                else:
                    nxt = self.next_taking_part(last, env["taking_part"], s.n)
                env["current"] = nxt
                frame[1] = 1
                return self.ask(s, env, nxt, frame)
            frame[1] = 1                         # every card is played: step() goes on to after_plays
        return super().step(s, frame)

    def last_actor(self, env):
        """The player who just played (the next is asked after them)."""
        return env["trick_players"][-1]

    def folded(self, generate):
        self.hooks()                             # the trick's end as step() runs it
