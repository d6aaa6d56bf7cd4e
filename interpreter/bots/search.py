"""The search bot for games with hidden cards: determinized Monte Carlo search.

At each decision with more than one legal move the bot samples `worlds`
worlds consistent with what its player knows (sampling.py: the cards it has
not seen dealt anew, uniformly among the deals that agree with what it saw), then
spends `playouts` random games on its moves, choosing which move to try next
by UCB1 (upper confidence bound) and cycling through the worlds.  A playout
copies the world, makes the move, then plays random moves to the end of the
hand (`horizon=hand`, the default) or of the game (`horizon=game`), and counts
the result: the share of the win if the game is over, else how far ahead the
player is on the ruleset's `bots.evaluate` (or the game score).  The move with
the best mean wins.

Settings (`--bot-option NAME=VALUE`): playouts (default 100), worlds (10),
horizon (hand or game), explore (UCB1 constant, 0.7), depth (the most random
moves in a playout before it is judged by the evaluation; 0: no limit; the
default, -1, is no limit unless the ruleset gives `bots: evaluate`, then
8 moves per player).
"""
from __future__ import annotations

import math

from ..engine import game as G
from ..engine.autoplay import play_picked, random_picker
from .base import register_bot
from .greedy import WatchingBot, outcome, sides


@register_bot
class SearchBot(WatchingBot):
    name = "search"
    settings = {"playouts": 100, "worlds": 10, "horizon": "hand", "explore": 0.7, "depth": -1}
    setting_values = {"horizon": ("hand", "game")}

    def decide(self, state, player, actions) -> int:
        if len(actions) == 1:
            return 0
        watcher = self._watcher(player)
        worlds = [watcher.sample(state) for _ in range(max(1, self.worlds))]
        k = len(actions)
        visits, totals = [0] * k, [0.0] * k
        whole_game = str(self.horizon) == "game"
        rng = self.rng
        pick = random_picker(rng)
        depth = int(self.depth)
        team = sides(state)
        if depth < 0:     # automatic: with an evaluation to judge by, a playout need not run to the end
            depth = 8 * state.n if state.rules.bot_eval is not None else 0
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
                # random moves for every seat, from this bot's generator, played by the engine itself
                play_picked(sim, [pick] * sim.n, None if whole_game else start, moves=depth or None)
                value = outcome(sim, player, team)
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
