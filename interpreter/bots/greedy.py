"""The greedy bot: tries each move once or a few times and takes the one that leaves its player best placed.

"Best placed" is the ruleset's `bots: {evaluate: ...}` expression for player p
when it gives one, else the game's own score (`end: {score: ...}`; turned round where the
winners hold the lowest score) for p less the best score among the players of the other sides (a partner is not a rival; with one player or
one side, its own `bots: evaluate`); a finished game counts
by who won (a lost patience by its `bots: evaluate` when given, below any game still going).  The move
is tried in a world where the cards hidden from the player are dealt anew
(see sampling.py), so the bot never looks at hidden cards.
"""
from __future__ import annotations

import random

from ..engine import game as G
from ..engine.autoplay import play_picked, random_picker
from ..expr.errors import EVAL_ERRORS
from .base import Bot, register_bot
from .sampling import Watcher


def evaluation(s, player) -> list:
    """The ruleset's evaluation (or score) of every player in state `s`, higher better.  Without `bots:
    evaluate` it is the game's score, turned round where the ruleset's `end: better` is lower, or
    without it where the winners, as the end section gives them in this position, hold the lowest
    score and not the highest (a game the fewest points win)."""
    rules = s.rules
    fn = rules.bot_eval or rules.final_score
    env = {}
    out = []
    for q in range(s.n):
        env["p"] = q
        try:
            out.append(float(fn(s, env) or 0))
        except Exception:  # an evaluation that cannot be computed in this position counts as neutral
            out.append(0.0)
    if rules.bot_eval is None and rules.high_better is not None:
        return out if rules.high_better else [-v for v in out]      # end: better says which way
    if rules.bot_eval is None and max(out) != min(out):
        try:
            winners = list(rules.winners(s, {}))
        except Exception:  # winners that cannot be worked out before the end: the score as it is
            winners = None
        # winners not known yet (a variable still none): the score as it is
        if winners and all(w.__class__ is int and 0 <= w < s.n for w in winners) and \
                not G.higher_is_better(out, winners):
            out = [-v for v in out]
    return out


def sides(s) -> list:
    """The side of every seat where a bot decides: the ruleset's `bots: sides` worked out in `s` (one
    player against the others, chosen by the bidding), else players.teams (each seat alone without)."""
    try:
        out = G.sides(s)
    except EVAL_ERRORS:
        out = None                      # sides that cannot be worked out here: the fixed teams
    # none: the sides are not known yet (no declarer)
    return out if out is not None and None not in out else s.rules.team_of_seat(s.n)


def outcome(s, player, team=None) -> float:
    """A value in [0, 1]: the share of the win for a finished game, else how far ahead the player is of
    the best player of the other sides (teams, players.teams; without teams every other seat).
    With one player (or one side) there is nobody to be ahead of: the player's own evaluation (higher is better) is
    squeezed into (0.05, 0.95), a lost game's into (0, 0.05) (ending it forfeits whatever playing on
    might bring); a won game is 1; without `bots: evaluate` a lost one is 0.  Only it counts (how near
    the patience came): a patience's score may count either way (cards left, cards home), so without
    it an unfinished game is 0.5 as before.  `team`: the side of every seat (sides(), worked out where
    the bot decides: the play-out may have gone on into a hand whose sides are not chosen yet)."""
    if team is None:
        team = s.rules.team_of_seat(s.n)
    # The rivals are the players of the other sides: a partner's score (often the player's own, kept
    # per team) is no one to be ahead of.
    rivals = [q for q in range(s.n) if team[q] != team[player]]
    if s.over:
        winners = s.winners if s.winners is not None else list(s.rules.winners(s, {}))
        if player in winners:
            return 1.0 / len(winners)
        if rivals or s.rules.bot_eval is None:
            return 0.0
    if not rivals:
        if s.rules.bot_eval is None:
            return 0.5
        v = evaluation(s, player)[player]
        if s.over:
            # a lost patience keeps its evaluation's order but counts below every game still going: a
            # move that ends it (giving up) is no better than one that plays on to the same evaluation
            return 0.05 * (0.5 + 0.5 * v / (1.0 + abs(v)))
        return 0.5 + 0.45 * v / (1.0 + abs(v))
    values = evaluation(s, player)
    others = max(values[q] for q in rivals)
    scale = max(abs(v) for v in values) + 1.0
    return 0.5 + 0.45 * (values[player] - others) / (2 * scale)


class WatchingBot(Bot):
    """A bot that keeps a Watcher for its seat (the simulator tells it its seat and every decision)."""
    seat = None

    def __init__(self, seed=0):
        super().__init__(seed)
        self.watcher = None

    def _watcher(self, player):
        if self.watcher is None or self.watcher.player != player:
            self.watcher = Watcher(player, self.rng)
        return self.watcher

    def observe(self, state):
        if self.seat is not None and state.pending is not None:
            self._watcher(self.seat).observe(state)


@register_bot
class GreedyBot(WatchingBot):
    """One move ahead: each move is tried in `samples` sampled worlds.  When the ruleset gives
    `bots: evaluate`, the position right after the move is judged by it; otherwise (a score usually
    counts only at the end of a hand) the move is followed by one random continuation to the end of
    the hand, the same random numbers for every move of a sample.  The move with the best mean
    outcome is taken, ties broken at random.  A cheap, shallow player: the search bot spends far
    more play-outs and spreads them by promise."""
    name = "greedy"
    settings = {"samples": 4}

    def decide(self, state, player, actions) -> int:
        if len(actions) == 1:
            return 0
        watcher = self._watcher(player)
        totals = [0.0] * len(actions)
        rng = self.rng
        roll_out = state.rules.bot_eval is None
        team = sides(state)
        for _ in range(max(1, self.samples)):
            world = watcher.sample(state)
            seed = rng.getrandbits(32)
            for i, action in enumerate(actions):
                trial = G.clone(world)
                start = trial.hand_no
                moves = random.Random(seed)
                try:
                    G.apply(trial, action)
                    if roll_out:       # random moves to the end of the hand, played by the engine
                        play_picked(trial, [random_picker(moves)] * trial.n, start)
                except G.GameError:
                    continue
                totals[i] += outcome(trial, player, team)
        best = max(totals)
        top = [i for i, v in enumerate(totals) if v >= best - 1e-12]
        return top[rng.randrange(len(top))]
