"""The running game: plain, compact data that is cheap to copy.

Zones are lists of card ids (a zone kept per player is a list of such lists);
state variables live in one list indexed by variable number (a variable kept
per player is a list, one kept per suit or per object a dict).  The execution
stack of the rules program is part of the state, so a game can stop at any
choice and be copied or resumed: that is what bots need.
"""
from __future__ import annotations

import random


class GameStopped(Exception):
    """The game cannot go on: no legal move, or a limit on steps or hands was reached."""

    def __init__(self, message: str, where: str = ""):
        super().__init__(message)
        self.message = message
        self.where = where


class Choice:
    """A decision the game waits for: who decides and the legal actions."""
    __slots__ = ("player", "actions", "handlers", "label")

    def __init__(self, player, actions, handlers, label):
        self.player = player
        self.actions = actions       # list of hashable actions, e.g. ('play', 12) or ('pass', None)
        self.handlers = handlers     # parallel list: (move, value) used when the action is applied
        self.label = label           # the step's location, for messages


class State:
    __slots__ = ("rules", "n", "rng", "z", "v", "stack", "pending", "over", "winners", "hand_no",
                 "steps", "events", "metrics", "revealed", "seed", "history", "turns", "tricks", "hand_steps",
                 "fixed_order", "extra")

    def __init__(self, rules, n: int, seed):
        self.rules = rules
        self.n = n
        self.seed = seed
        self.rng = random.Random(seed)
        self.z = []          # zones, by zone number
        self.v = []          # state variables, by variable number
        self.stack = []      # frames: [node, pc, env, data]
        self.pending = None  # the Choice waited for, if any
        self.over = False
        self.winners = None
        self.hand_no = 0
        self.steps = 0
        self.hand_steps = 0
        self.turns = 0
        self.tricks = 0
        self.events = None   # a list when the game is logged
        self.metrics = {}
        self.revealed = set()
        self.history = []    # (player, action) for every choice made
        self.fixed_order = False  # scripted games: shuffles and cuts leave the cards as they are
        self.extra = {}      # data a step kind keeps beside zones and variables (e.g. what wild cards stand for)

    def clone(self) -> "State":
        """A copy that shares nothing mutable with the original (the rules are shared)."""
        c = State.__new__(State)
        c.rules, c.n, c.seed = self.rules, self.n, self.seed
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.z = [[list(x) for x in zone] if isinstance(zone, list) and zone and isinstance(zone[0], list) else
               ({k: list(x) for k, x in zone.items()} if isinstance(zone, dict) else list(zone))
               for zone in self.z]
        c.v = [_copy_value(x) for x in self.v]
        memo = {}
        c.stack = [[f[0], f[1], _copy_env(f[2], memo), _copy_value(f[3])] for f in self.stack]
        p = self.pending           # copied: the trick block updates its own state's Choice in place
        c.pending = None if p is None else Choice(p.player, p.actions, p.handlers, p.label)
        c.over, c.winners, c.hand_no = self.over, self.winners, self.hand_no
        c.steps, c.hand_steps, c.turns, c.tricks = self.steps, self.hand_steps, self.turns, self.tricks
        c.events = None if self.events is None else list(self.events)
        c.metrics = {k: list(x) if isinstance(x, list) else x for k, x in self.metrics.items()}
        c.revealed = set(self.revealed)
        c.history = list(self.history)
        c.fixed_order = self.fixed_order
        c.extra = {k: _copy_value(x) for k, x in self.extra.items()}
        return c


def _copy_value(x):
    if isinstance(x, list):
        return [_copy_value(i) for i in x] if x and isinstance(x[0], (list, dict)) else list(x)
    if isinstance(x, dict):
        return {k: _copy_value(i) for k, i in x.items()}
    return x


def _copy_env(env, memo):
    key = id(env)
    if key not in memo:
        memo[key] = dict(env)
    return memo[key]
