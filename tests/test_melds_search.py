"""combos.disjoint_search (the search of meld_plays and disjoint_plays) gives what the plain search
it replaced gives: the same plays in the same order, with and without a minimum, a limit, and
keys that make plays alike (the faces of the melds).  The fast search keeps the items that still
fit as a bit mask and numbers a play's keys as one integer; the plain one (below, as it was)
loops over every item and sorts the keys of every play.  Hands are random, from a double pack
with four wild cards, under meld rules with runs (Ace low, high, or both), sets and wild cards.
Also meld_cards() (expr/functions_melds._cards_of), rewritten as one checking loop, against its
plain form."""
from __future__ import annotations

import random

import pytest

from interpreter.cards.combos import disjoint_search, meld_value
from interpreter.cards.melds import find_melds
from tests.test_melds_fastpaths import INFO, RULES, _hands


def plain_search(vals, masks, cards, minimum=None, limit=None, keys=None, unique=None):
    """disjoint_search as it was before (a loop over every item; keys sorted per play)."""
    if limit is not None and limit <= 0:
        return []
    n = len(vals)
    suffix = [0.0] * (n + 1)
    for j in range(n - 1, -1, -1):
        suffix[j] = suffix[j + 1] + max(0.0, vals[j])
    bounded = minimum is not None
    gains = total_density = None
    if bounded:
        density = {}
        for v, cs in zip(vals, cards):
            per_card = max(0.0, v) / len(cs)
            for c in cs:
                if per_card > density.get(c, 0.0):
                    density[c] = per_card
                elif c not in density:
                    density[c] = 0.0
        total_density = sum(density.values())
        gains = [sum([density[c] for c in cs]) for cs in cards]
    eps = 1e-9
    out, chosen, chosen_keys = [], [], []
    cap = limit if limit is not None else -1
    seen, raw, keep = set(), [0], (unique if unique else -1)

    def search(start, used, total, used_density):
        if bounded:
            need = minimum - eps - total
            if total_density - used_density < need and start < n:
                return False
        for j in range(start, n):
            if bounded and suffix[j] < need:
                return False
            if used & masks[j]:
                continue
            chosen.append(j)
            new_total = total + vals[j]
            if keys is not None:
                chosen_keys.append(keys[j])
            if not bounded or new_total >= minimum:
                if keys is None:
                    out.append(tuple(chosen))
                    if len(out) == cap:
                        return True
                else:
                    raw[0] += 1
                    key = tuple(sorted(chosen_keys))
                    if key not in seen:
                        seen.add(key)
                        out.append(tuple(chosen))
                        if len(out) >= keep > 0:
                            return True
                    if raw[0] == cap:
                        return True
            if search(j + 1, used | masks[j], new_total, used_density + gains[j] if bounded else 0.0):
                return True
            chosen.pop()
            if keys is not None:
                chosen_keys.pop()
        return False

    search(0, 0, 0.0, 0.0)
    return out


def _point(rank, suit, place):
    return 10 if rank >= 9 else rank + 1


FACE = [c % 52 if c < 104 else -1 for c in range(108)]       # the two copies (and all wilds) alike


@pytest.mark.parametrize("name,runs,sets", RULES, ids=[r[0] for r in RULES])
def test_search_gives_the_plain_search_plays(name, runs, sets):
    rng = random.Random("search" + name)
    compared = found = 0
    for hand in _hands(rng.randrange(10 ** 6), 60):
        melds = find_melds(hand, INFO, runs, sets, distinct_ids=True)
        if len(melds) > 60:                      # keep the plain search quick
            melds = rng.sample(melds, 60)
        values = [meld_value(m, _point) for m in melds]
        order = sorted(range(len(melds)), key=lambda i: (-values[i], i))
        vals = [values[i] for i in order]
        cards = [melds[i].cards for i in order]
        masks = [sum(1 << c for c in cs) for cs in cards]
        keys = [(melds[i].kind, tuple(zip([FACE[c] for c in melds[i].cards], melds[i].stands_for)))
                for i in order]
        for minimum, limit, with_keys, unique in [(None, None, False, None), (None, 7, False, None),
                                                  (30, None, False, None), (40, 500, True, 25),
                                                  (20, 60, True, 10), (None, 200, True, 40),
                                                  (rng.choice([5, 25, 51, 80]), 100, True, None)]:
            k = keys if with_keys else None
            want = plain_search(vals, masks, cards, minimum, limit, k, unique)
            assert disjoint_search(vals, cards, minimum, limit, k, unique) == want, (name, hand, minimum)
            compared += 1
            found += bool(want)
    assert compared > 300 and found > 100


def _plain_cards_of(value):
    """meld_cards as it was before (a list of checks, then a nested comprehension)."""
    from interpreter.cards.combos import Meld
    from interpreter.expr.functions_melds import TableChange
    if type(value) is tuple and all([type(m) is Meld for m in value]):
        return [c for m in value for c in m.cards]
    if isinstance(value, Meld):
        return list(value.cards)
    if isinstance(value, TableChange):
        return list(value.added)
    if isinstance(value, int):
        return [value]
    out = []
    for item in value or ():
        out.extend(_plain_cards_of(item))
    return out


def test_meld_cards_of_plays_and_other_values_as_before():
    """meld_cards() joins a play's cards in one checking loop: the same cards as before for plays,
    an empty play, single melds, table changes, cards and mixed tuples (which take the general path)."""
    from interpreter.expr.functions_melds import TableChange, _cards_of
    rng = random.Random("meld_cards")
    runs, sets = RULES[0][1], RULES[0][2]
    melds = [m for hand in _hands(5, 20) for m in find_melds(hand, INFO, runs, sets)]
    values = [(), (3, 4), (melds[0], 7), 12, None, [melds[1], 5]]
    for _ in range(300):
        play = tuple(rng.sample(melds, rng.randrange(1, 4)))
        values += [play, play[0], list(play), play + (rng.randrange(108),),
                   TableChange(0, play[0].cards, (play[0],), (rng.randrange(108),), ())]
    for value in values:
        assert _cards_of(value) == _plain_cards_of(value), value
