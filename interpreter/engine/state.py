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


def decision_limit(decisions: int, where: str) -> GameStopped:
    """The error of a game that reached the decision limit (end: max_turns, four decisions a turn)."""
    return GameStopped(f"no end after {decisions} decisions (the decision limit)", where)


class Choice:
    """A decision the game waits for: who decides and the legal actions."""
    __slots__ = ("player", "actions", "handlers", "label")

    def __init__(self, player, actions, handlers, label):
        self.player = player
        self.actions = actions       # list of hashable actions, e.g. ('play', 12) or ('pass', None)
        self.handlers = handlers     # parallel list: (move, value) used when the action is applied
        self.label = label           # the step's location, for messages


class Shown(set):
    """The cards shown face up out of their zones (`reveal:`): the set itself holds those shown to every
    player; `to` maps a card shown to some players only to those seats.  A card stops being shown, to
    everyone and to those few alike, when it moves or its zone is shuffled (discard and
    difference_update forget both).  The set is true while a card is shown to everyone: code that
    forgets cards as they move tests `shown or shown.to` (a truth test written in Python would cost
    every card played of every game)."""

    def __init__(self, cards=(), to=None):
        super().__init__(cards)
        self.to = {c: set(seats) for c, seats in to.items()} if to else {}

    def discard(self, card):
        set.discard(self, card)
        if self.to:
            self.to.pop(card, None)

    def difference_update(self, *others):
        if self.to:
            others = [list(o) for o in others]
            for o in others:
                for c in o:
                    self.to.pop(c, None)
        set.difference_update(self, *others)

    def show_to(self, cards, seats) -> None:
        """Show the cards to these seats only (a card shown to everyone stays so)."""
        for c in cards:
            if not set.__contains__(self, c):
                self.to.setdefault(c, set()).update(seats)

    def hide_from(self, cards, seats, n) -> None:
        """Stop showing the cards to these seats (of `n`); to the others they stay shown."""
        for c in cards:
            if set.__contains__(self, c):
                set.discard(self, c)
                rest = set(range(n)).difference(seats)
            else:
                rest = self.to.get(c, set()).difference(seats)
            if rest:
                self.to[c] = rest
            else:
                self.to.pop(c, None)

    def show_to_again(self, cards, seats, n) -> None:
        """Show the cards to these seats again (of `n`): a card every seat sees is shown to everyone."""
        if not seats:
            return
        for c in cards:
            if set.__contains__(self, c):
                continue
            now = self.to.setdefault(c, set())
            now.update(seats)
            if len(now) >= n:
                del self.to[c]
                set.add(self, c)

    def seen_by(self, player) -> set:
        """The cards shown that `player` sees: those shown to everyone and those shown to them."""
        if not self.to:
            return self
        return set(self) | {c for c, seats in self.to.items() if player in seats}

    def copy(self):
        return Shown(self, self.to)

    def __reduce__(self):
        return (Shown, (list(self), self.to))


def shown_to(s, player) -> set:
    """The cards shown out of their zones that `player` sees (to everyone, or to them)."""
    shown = s.revealed
    return shown.seen_by(player) if shown.__class__ is Shown else shown


class State:
    __slots__ = ("rules", "n", "rng", "z", "v", "stack", "pending", "over", "winners", "hand_no",
                 "steps", "events", "metrics", "revealed", "seed", "history", "turns", "tricks", "hand_steps",
                 "fixed_order", "extra", "auto")

    def __init__(self, rules, n: int, seed):
        self.rules = rules
        self.n = n
        self.seed = seed
        self.rng = seeded_random(seed)
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
        self.revealed = Shown()
        self.history = []    # (player, action) for every choice made
        self.fixed_order = False  # scripted games: shuffles and cuts leave the cards as they are
        self.extra = {}      # data a step kind keeps beside zones and variables (e.g. what wild cards stand for)
        self.auto = None     # while engine/autoplay.py plays: its Autopilot (choices answered where made)

    def clone(self) -> "State":
        """A copy that shares nothing mutable with the original (the rules are shared): any sequence of
        moves in either leaves the other exactly as it was (tests/test_state_copy.py checks it).

        Lists, dicts and sets are copied all the way down, wherever they are: zones (a zone of groups
        too), variables, every frame's env and data (a trick block keeps its list of who played in its
        env), the pending Choice, `extra`.  An env shared by several frames, or a list shared by
        several envs, is copied once and stays shared in the copy.  What is shared is immutable:
        numbers, strings, tuples of them, frozen records (melds), the program's nodes and functions, and
        the game log's events (each written once, never changed)."""
        c = State.__new__(State)
        c.rules, c.n, c.seed = self.rules, self.n, self.seed
        c.rng = rng = _new_random(_Random)    # no seeding from the system: setstate() sets it all
        rng.setstate(self.rng.getstate())
        c.z = [_copy_zone(zone) for zone in self.z]
        c.v = [x if type(x) not in _CONTAINERS else _copy_value(x) for x in self.v]
        memo = {}
        c.stack = [[f[0], f[1], _copy_env(f[2], memo),
                    f[3] if type(f[3]) not in _CONTAINERS else _copy_shared(f[3], memo)] for f in self.stack]
        p = self.pending           # copied: the trick block updates its own state's Choice in place
        # actions are hashable (immutable) and handlers are parts of the program: the lists are copied
        c.pending = None if p is None else Choice(p.player, p.actions[:],
                                                      p.handlers and p.handlers[:], p.label)
        c.over, c.winners, c.hand_no = self.over, _copy_value(self.winners), self.hand_no
        c.steps, c.hand_steps, c.turns, c.tricks = self.steps, self.hand_steps, self.turns, self.tricks
        c.events = None if self.events is None else list(self.events)   # events: records, never changed once logged
        c.metrics = _copy_value(self.metrics)
        shown = self.revealed
        c.revealed = shown.copy() if shown.__class__ is Shown else Shown(shown)   # a plain set put in its place
        c.history = list(self.history)       # (player, action) tuples: immutable
        c.fixed_order = self.fixed_order
        c.extra = _copy_value(self.extra)
        c.auto = None
        return c


_Random = random.Random
_new_random = random.Random.__new__


def seeded_random(seed) -> random.Random:
    """random.Random(seed), the same generator: for an int seed, the C seeding called directly.

    random.Random(seed) runs two Python-level methods (__init__, seed) around the C seeding, a
    microsecond of the ~4 that seeding a generator costs, and a simulation seeds one for each game's
    state and one per seat.  For an int, Random.seed does nothing but the C seed and gauss_next = None."""
    if seed.__class__ is not int:
        return random.Random(seed)
    rng = _new_random(random.Random)
    _c_seed(rng, seed)
    rng.gauss_next = None
    return rng


_c_seed = super(random.Random, random.Random).seed      # _random.Random.seed, below random.Random's


_CONTAINERS = frozenset((list, dict, set))
_ATOMS = frozenset((int, str, bool, float, type(None)))


def _copy_zone(zone):
    """A zone: a list of cards, a list of groups (lists of cards), a list of such per player, or a dict of
    them.  As everywhere in the engine, the first item tells whether a list holds cards or lists."""
    if type(zone) is dict:
        return {k: _copy_zone(x) for k, x in zone.items()}
    if zone and type(zone[0]) is list:
        return [_copy_zone(x) for x in zone]
    return zone[:]


def _copy_value(x):
    """`x` with every list, dict and set in it copied; tuples are copied only when they hold one."""
    t = type(x)
    if t is list:
        return x[:] if _ATOMS.issuperset(map(type, x)) else [_copy_value(i) for i in x]
    if t is dict:
        return {k: (i if type(i) in _ATOMS else _copy_value(i)) for k, i in x.items()}
    if t is set:
        return set(x)
    if t is tuple and not _ATOMS.issuperset(map(type, x)):
        copied = tuple(_copy_value(i) for i in x)
        return x if all(a is b for a, b in zip(copied, x)) else copied
    return x


def _copy_shared(x, memo):
    """_copy_value(x), once per object in one clone: what two frames share stays shared in the copy."""
    key = id(x)
    y = memo.get(key)
    if y is None:
        y = memo[key] = _copy_value(x)
    return y


def _copy_env(env, memo):
    key = id(env)
    c = memo.get(key)
    if c is None:
        c = memo[key] = env.copy()
        for name, x in env.items():
            if type(x) in _CONTAINERS:
                c[name] = _copy_shared(x, memo)
    return c


def zone_parts(s, info):
    """[(key, cards)] of a zone: key is the player for a zone kept per player, the suit or entry for
    one kept per suit or object, None for a single zone."""
    zone = s.z[info.index]
    if isinstance(zone, dict):
        return list(zone.items())
    if info.per == "player":
        return list(enumerate(zone))
    return [(None, zone)]


def owned(value: list) -> list:
    """A copy of a list to store in a variable, the lists in it copied too: an expression may give a
    zone's own list (`set: {played: trick}`, `history + [trick]`, `initial: stock`), which later moves
    would change."""
    for x in value:
        if x.__class__ is list:       # a list of lists: each copied in turn
            return [owned(x) if x.__class__ is list else x for x in value]
    # A flat list (cards, suits, numbers) is copied by a slice: a comprehension would make a function and
    # a frame at every call, which cost a trick game setting small lists at every trick 7 % of its machine instructions.
    return value[:]
