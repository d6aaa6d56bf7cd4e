"""What a seat may know, swept over every ruleset the tests hold (helpers for tests/test_sweep_hidden.py).

For a seat at one of its decisions in a seeded random game, the cards it never saw are exchanged at
random among the places that hold them, in a copy of every position of the hand so far, as if the deal
had put them the other way.  Nothing the seat may know changed, so:

- its observation at every position is the same, and so are the moves it is offered;
- a bot given the same seed decides the same;
- the worlds a bot samples keep every card once, every place its size, and the cards the seat sees
  where they are.

"Never saw" is worked out here from the observations alone (every decision of the hand), with the
cards the seat's own moves named set aside as well, and those played face up to a public trick (gathered
at once, perhaps): the exchange moves only cards the seat was never shown, another seat's secret pick
included (a card passed face down), and renames them in that seat's moves too.
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from interpreter.bots.base import make_bot
from interpreter.bots.sampling import Watcher
from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.engine.state import Shown, zone_parts
from interpreter.playtest.view import face_up_play
from interpreter.ruleset.loader import load_ruleset

TESTS = Path(__file__).resolve().parent


def every_ruleset():
    """Every ruleset file under tests/rulesets_*/ that is a game (not a scenario file)."""
    out = []
    for path in sorted(TESTS.glob("rulesets_*/**/*.yaml")):
        if path.name.endswith(".scenario.yaml") or "scenario" in path.parent.name:
            continue
        if path.name.startswith("broken-"):             # games that stop with an error on purpose
            continue
        out.append(path)
    return out


def load(path):
    """The rules of a ruleset that loads cleanly, else None (rulesets kept broken on purpose)."""
    try:
        loaded = load_ruleset(str(path))
    except Exception:                                   # noqa: BLE001 - a file that is no game
        return None
    return loaded.rules if loaded.ok and loaded.rules is not None else None


def flat(x):
    if isinstance(x, dict):
        for v in x.values():
            yield from flat(v)
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from flat(v)
    elif isinstance(x, int) and not isinstance(x, bool):
        yield x


def every_card(s):
    out = []
    for info in s.rules.zone_list:
        for _, part in zone_parts(s, info):
            out.extend(flat(part))
    return out


def positions(rules, n, seed, seat, decision):
    """Copies of the position at every decision of the first hand of a random game, up to `seat`'s
    decision number `decision` among those that offer a choice; None if the hand ends first."""
    rng = random.Random(seed)
    s = G.new_game(rules, n, seed)
    states, mine = [], 0
    steps = 0
    while not s.over and s.hand_no == 1 and steps < 2000:
        states.append(G.clone(s))
        if s.pending.player == seat and len(s.pending.actions) > 1:
            mine += 1
            if mine == decision:
                return states
        try:
            G.apply_index(s, rng.randrange(len(s.pending.actions)))
        except G.GameError:                             # rules that random play can bring to a stop
            return None
        steps += 1
    return None


def card_values(st, action):
    """The cards an action of the position's pending choice names (none for a bid, a place, a yes)."""
    name, value = action
    kind = S._option_type(st, name)
    if isinstance(value, int) and not isinstance(value, bool):
        return [value] if S.card_option(st, name) else []
    if isinstance(value, (list, tuple)) and kind in ("cards", "list:card"):
        return list(flat(value))
    return []


def never_seen(states, seat):
    """The cards `seat` was never shown at a decision of the hand, that no move so far named, and that no
    state variable it sees names."""
    rules = states[-1].rules
    seen = set()
    for st in states:
        view = G.observation(st, seat)
        seen.update(flat(view["zones"]))
        for info in rules.var_list:
            if info.type in ("card", "cards"):
                seen.update(flat([view["state"][info.name]]))
        seen.update(st.revealed)
        # shown to some seats only: set aside for those seats (another seat's peek tells this one nothing)
        seen.update(c for c, seats in getattr(st.revealed, "to", {}).items() if seat in seats)
    for before, after in zip(states, states[1:]):
        if len(after.history) > len(before.history):
            mover, action = after.history[-1]
            # a move's cards are known to its maker, and to all when played face up to a public trick
            # (gathered at once, perhaps); another seat's pick of a card into a place this seat does not
            # see (a select, a card passed face down) stays unknown: its cards may be exchanged
            if mover == seat or face_up_play(before):
                seen.update(card_values(before, action))
    if states[-1].pending is not None:
        for action in states[-1].pending.actions:
            seen.update(card_values(states[-1], action))
    return sorted(c for c in set(every_card(states[-1])) if c not in seen)


def _renamed(value, sigma):
    if isinstance(value, list):
        return [_renamed(v, sigma) for v in value]
    if isinstance(value, tuple):
        return tuple(_renamed(v, sigma) for v in value)
    return sigma.get(value, value) if value.__class__ is int else value


def relabelled(st, sigma, named=()):
    """A copy of the position as if the deal had put the cards of `sigma` the other way; `named` are the
    places in the history of the moves whose values name cards (a pick), renamed too."""
    c = G.clone(st)
    if named:
        c.history = [(q, (a[0], _renamed(a[1], sigma))) if i in named else (q, a)
                     for i, (q, a) in enumerate(c.history)]
    for info in c.rules.zone_list:
        for _, part in zone_parts(c, info):
            part[:] = [[sigma.get(x, x) for x in g] if isinstance(g, list) else sigma.get(g, g) for g in part]
    to = getattr(c.revealed, "to", {})
    c.revealed = Shown({sigma.get(x, x) for x in c.revealed}, {sigma.get(x, x): set(v) for x, v in to.items()})
    G.rename_cards(c, {a: b for a, b in sigma.items() if a != b})
    return c


def exchanges(rules, n, seeds, rng, decisions=(1, 2, 4)):
    """(states, exchanged states, seat) for each seed and seat that reaches a decision."""
    out = []
    for seed in seeds:
        for seat in range(n):
            decision = decisions[(seed + seat) % len(decisions)]
            states = positions(rules, n, seed * 31 + seat, seat, decision)
            if states is None:
                continue
            hidden = never_seen(states, seat)
            if len(hidden) < 2:
                continue
            shuffled = list(hidden)
            while shuffled == hidden:
                rng.shuffle(shuffled)
            sigma = dict(zip(hidden, shuffled))
            named = {len(b.history) for b, a in zip(states, states[1:])
                     if len(a.history) > len(b.history) and card_values(b, a.history[-1][1])}
            out.append((states, [relabelled(st, sigma, named) for st in states], seat))
    return out


def bot_choice(name, states, seat, options):
    bot = make_bot(name, 17, options)
    bot.seat = seat
    for st in states:
        bot.observe(st)
    final = states[-1]
    return final.pending.actions[bot.decide(final, seat, final.pending.actions)]


def world_problems(world, real, seat):
    """What a sampled world gets wrong against the real position, as seen by `seat`."""
    problems = []
    if Counter(every_card(world)) != Counter(every_card(real)):
        problems.append("a card lost or doubled")
    a, b = G.observation(world, seat), G.observation(real, seat)
    if a["sizes"] != b["sizes"]:
        problems.append("a place of another size")
    if a["zones"] != b["zones"]:
        problems.append("a card the seat sees is elsewhere")
    return problems


__all__ = ["every_ruleset", "load", "exchanges", "bot_choice", "world_problems", "Watcher"]
