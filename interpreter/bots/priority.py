"""A bot that knows no game: it follows the ruleset's `bots:` hints.

    bots:
      prefer: [take_discard, draw, open, meld, add, discard]   # first legal move wins
      rank:
        discard: "penalty(option) - 10 * count(partners(option, hand[p]))"

Among the legal actions it takes the move that comes first in `prefer`
(moves not listed come after, in random order); among that move's options it
picks the one whose `rank` expression is highest (`option` is the option, `p`
the deciding player), ties broken at random; with `explore: x` it picks a
random option instead with probability x (so it cannot stall in a position
where its ranking always repeats). Without hints it plays at random.
"""
from __future__ import annotations

from ..engine.game import GameError
from ..expr.errors import EvalError
from .base import Bot, register_bot


@register_bot
class PriorityBot(Bot):
    """Moves in the order the ruleset prefers; options ranked by the ruleset's expressions."""
    name = "priority"
    _order = None                        # (the `prefer` list, {move: its first place in it})

    def decide(self, state, player, actions) -> int:
        hints = getattr(state.rules, "bot_hints", None) or {}
        prefer = hints.get("prefer") or []
        if len(actions) == 1:
            # A forced move (often a plain draw): the general path below picks it, drawing from the
            # generator as it does (a move outside `prefer` is drawn among the moves present, then
            # the option among the move's options), so the draws are the same.
            if actions[0][0] not in prefer:
                self.rng.randrange(1)
            self.rng.randrange(1)
            return 0
        # the move that comes first in `prefer` among those present: one pass over the actions,
        # with each move's place in `prefer` (remembered for the ruleset's list)
        order = self._order
        if order is None or order[0] is not prefer:
            places: dict = {}
            for place, m in enumerate(prefer):
                places.setdefault(m, place)
            order = self._order = (prefer, places)
        places = order[1]
        move, first = None, len(prefer)
        for a in actions:
            place = places.get(a[0], first)
            if place < first:
                move, first = a[0], place
                if not place:
                    break
        if move is None:
            others = sorted({a[0] for a in actions})
            move = others[self.rng.randrange(len(others))]
        indices = [i for i, a in enumerate(actions) if a[0] == move]
        rank = (hints.get("rank") or {}).get(move)
        explore = hints.get("explore") or 0
        if rank is None or len(indices) == 1 or (explore and self.rng.random() < explore):
            return indices[self.rng.randrange(len(indices))]
        env = dict(state.stack[-1][2]) if state.stack else {}
        env["p"] = player
        best, chosen = None, []
        for i in indices:
            env["option"] = actions[i][1]
            try:
                score = rank(state, env)
            except (EvalError, TypeError, KeyError, IndexError, AttributeError, ValueError) as err:
                raise GameError(f"the bots' rank for move '{move}' could not be evaluated ({err})",
                                state.seed, "bots", state.hand_no) from None
            if best is None or score > best:
                best, chosen = score, [i]
            elif score == best:
                chosen.append(i)
        return chosen[self.rng.randrange(len(chosen))]
