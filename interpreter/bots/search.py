"""The search bot for games with hidden cards: determinized Monte Carlo search.

At each decision with more than one legal move the bot samples `worlds`
worlds consistent with what its player has seen (sampling.py: the hidden
cards dealt anew, every earlier choice of the hand replayed as a check), then
spends `playouts` random games on its moves, choosing which move to try next
by UCB1 (upper confidence bound) and cycling through the worlds.  A playout
copies the world, makes the move, then plays random moves to the end of the
hand (`horizon=hand`, the default) or of the game (`horizon=game`), and counts
the result: the share of the win if the game is over, else how far ahead the
player is on the ruleset's `bots.evaluate` (or the game score).  The move with
the best mean wins.

Settings (`--bot-option NAME=VALUE`): playouts (default 100), worlds (10),
horizon (hand or game), explore (UCB1 constant, 0.7), attempts (worlds tried
per sample before the fallback, 40).
"""
from __future__ import annotations

import math

from ..engine import game as G
from .base import register_bot
from .greedy import WatchingBot, outcome


@register_bot
class SearchBot(WatchingBot):
    name = "search"
    settings = {"playouts": 100, "worlds": 10, "horizon": "hand", "explore": 0.7, "attempts": 40}

    def decide(self, state, player, actions) -> int:
        if len(actions) == 1:
            return 0
        watcher = self._watcher(player)
        worlds = [watcher.sample(state) for _ in range(max(1, self.worlds))]
        k = len(actions)
        visits, totals = [0] * k, [0.0] * k
        whole_game = str(self.horizon) == "game"
        rng = self.rng
        for it in range(max(k, self.playouts)):
            if it < k:
                i = it
            else:
                log_n = math.log(it)
                i = max(range(k), key=lambda j: totals[j] / visits[j] + self.explore * math.sqrt(log_n / visits[j]))
            sim = G.clone(worlds[it % len(worlds)])
            start = sim.hand_no
            try:
                G.apply(sim, actions[i])
                while not sim.over and (whole_game or sim.hand_no == start):
                    G.apply_index(sim, rng.randrange(len(sim.pending.actions)))
                value = outcome(sim, player)
            except G.GameError:
                value = 0.0
            visits[i] += 1
            totals[i] += value
        best = max(range(k), key=lambda j: (totals[j] / visits[j], visits[j]))
        return best


@register_bot
class MctsBot(SearchBot):
    """Another name for the search bot (`--bots mcts,random`)."""
    name = "mcts"
