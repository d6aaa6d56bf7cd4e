"""The meld built-ins after the speed work of issue 18 give what they gave before: the same melds,
plays and table changes, in the same order.

A small reference copy of the code as it was before (commit 0180716: the run and set enumeration of
cards/melds.py, the search of combos.disjoint_plays, extensions(), and MeldRules._plays / table
additions / extends_table / wild_swaps of expr/functions_melds.py) is kept below, without its
caches, and compared with the current code over many random hands with wild cards, on several meld
rules (runs with the Ace after the King, wrapping runs, capped lengths, no or several wilds, sets
with or without different suits, cut runs).
"""
from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import replace
from itertools import combinations, combinations_with_replacement, product

import pytest

from interpreter.cards.combos import (CardPlace, _keeping_readings, disjoint_plays, extensions,
                                      find_melds, meld_parts, split_run)
from interpreter.cards.melds import CardInfo, Meld, RunRules, SetRules, interpret_run, interpret_set
from interpreter.expr import functions_melds as FM
from interpreter.expr import functions_tables as FT

# ----------------------------------------------------------------- the reference (before)


def _layout(rules):
    n = len(rules.sequence)
    if rules.wrap:
        starts, extent_of = range(n), (lambda s: n)
    else:
        total = n + (rules.high_wrap_rank is not None)
        starts, extent_of = range(total), (lambda s: total - s)
    cap = rules.max_len if rules.max_len is not None else 10 ** 9
    out = []
    for s in starts:
        extent = min(extent_of(s), cap)
        ranks = tuple(rules.rank_at(s + i) for i in range(extent))
        ok = [False]
        for length in range(1, extent + 1):
            window = ranks[:length]
            full = not rules.wrap and s == 0 and length == n + 1 and rules.full_length
            ok.append(length >= rules.min_len and (len(set(window)) == length or full))
        out.append((s, ranks, tuple(ok)))
    return out


def _place_run(rules, suit, start, window, naturals, wilds):
    slots = defaultdict(list)
    for offset, rank in enumerate(window):
        slots[rank].append(offset)
    choices = []
    for rank, ids in naturals.items():
        if len(ids) > len(slots.get(rank, ())):
            return
        choices.append([(ids, pick) for pick in combinations(slots[rank], len(ids))])
    stands_for = tuple((rank, suit) for rank in window)
    positions = tuple(range(start, start + len(window)))
    for choice in product(*choices):
        cards = [None] * len(window)
        for ids, pick in choice:
            for offset, card in zip(pick, ids):
                cards[offset] = card
        free = iter(wilds)
        cards = [next(free) if c is None else c for c in cards]
        yield Meld("run", tuple(cards), stands_for, positions, len(rules.sequence))


def ref_interpret_run(cards, info, rules):
    cards = tuple(cards)
    naturals = sorted(c for c in cards if not info.wild[c])
    wilds = sorted(c for c in cards if info.wild[c])
    if not naturals or len(set(cards)) != len(cards):
        return []
    if rules.max_wilds is not None and len(wilds) > rules.max_wilds:
        return []
    suits = {info.suit_of[c] for c in naturals}
    if len(suits) != 1:
        return []
    suit = suits.pop()
    by_rank = defaultdict(list)
    for c in naturals:
        by_rank[info.rank_of[c]].append(c)
    out = []
    for start, ranks, ok in _layout(rules):
        if len(cards) < len(ok) and ok[len(cards)]:
            out.extend(_place_run(rules, suit, start, ranks[:len(cards)], by_rank, wilds))
    return out


def _budget(max_wilds, available):
    return available if max_wilds is None else min(max_wilds, available)


def _runs_in_suit(rules, suit, by_rank, wilds, distinct_ids):
    budget = _budget(rules.max_wilds, len(wilds))
    have = {r: len(ids) for r, ids in by_rank.items()}
    if sum(have.values()) + budget < rules.min_len:
        return
    for start, ranks, ok in _layout(rules):
        seen, missing = {}, 0
        for length in range(1, len(ranks) + 1):
            rank = ranks[length - 1]
            k = seen.get(rank, 0)
            if k >= have.get(rank, 0):
                missing += 1
                if missing > budget:
                    break
            seen[rank] = k + 1
            if not ok[length]:
                continue
            window = ranks[:length]
            base = {r: min(k, have.get(r, 0)) for r, k in seen.items()}
            units = [r for r, k in base.items() for _ in range(k)]
            for extra in range(budget - missing + 1):
                for dropped in dict.fromkeys(combinations(units, extra)):
                    counts = dict(base)
                    for r in dropped:
                        counts[r] -= 1
                    n_nat = sum(counts.values())
                    if n_nat == 0:
                        continue
                    present = [r for r, k in counts.items() if k]
                    if distinct_ids:
                        nat_choices = product(*(combinations(by_rank[r], counts[r]) for r in present))
                        wild_choices = list(combinations(wilds, length - n_nat))
                    else:
                        nat_choices = [tuple(by_rank[r][:counts[r]] for r in present)]
                        wild_choices = [tuple(wilds[:length - n_nat])]
                    for picks in nat_choices:
                        for wild_pick in wild_choices:
                            yield from _place_run(rules, suit, start, window, dict(zip(present, picks)),
                                                  wild_pick)


def _set_readings(rules, naturals, wilds, info):
    rank = info.rank_of[naturals[0]]
    nat_suits = [info.suit_of[c] for c in naturals]
    if rules.distinct_suits:
        declarations = combinations([s for s in rules.suits if s not in nat_suits], len(wilds))
    else:
        declarations = [(min(rules.suits),) * len(wilds)]     # suits may repeat: one reading of the wild cards
    natural_items = [(s, 0, c) for s, c in zip(nat_suits, naturals)]
    for declared in declarations:
        items = sorted(natural_items + [(s, 1, c) for s, c in zip(declared, wilds)])
        yield Meld("set", tuple(c for _, _, c in items), tuple((rank, s) for s, _, _ in items))


def _sets_of_rank(rules, ids, wilds, info, distinct_ids):
    budget = _budget(rules.max_wilds, len(wilds))
    for n_nat in range(1, min(len(ids), rules.max_size) + 1):
        seen = set()
        for combo in combinations(ids, n_nat):
            suits = tuple(sorted(info.suit_of[c] for c in combo))
            if rules.distinct_suits and len(set(suits)) != n_nat:
                continue
            if not distinct_ids:
                if suits in seen:
                    continue
                seen.add(suits)
            for n_wild in range(max(0, rules.min_size - n_nat), min(budget, rules.max_size - n_nat) + 1):
                for wild_pick in (combinations(wilds, n_wild) if distinct_ids else [wilds[:n_wild]]):
                    yield from _set_readings(rules, combo, wild_pick, info)


def ref_find_melds(hand, info, runs, sets, distinct_ids=False):
    wilds, by_suit, by_rank = [], defaultdict(lambda: defaultdict(list)), defaultdict(list)
    for c in sorted(set(hand)):
        if info.wild[c]:
            wilds.append(c)
        else:
            by_suit[info.suit_of[c]][info.rank_of[c]].append(c)
            by_rank[info.rank_of[c]].append(c)
    out = []
    if runs is not None:
        for suit in sorted(by_suit):
            out.extend(_runs_in_suit(runs, suit, by_suit[suit], list(wilds), distinct_ids))
    if sets is not None:
        for rank in sorted(by_rank):
            out.extend(_sets_of_rank(sets, by_rank[rank], list(wilds), info, distinct_ids))
    return out


def ref_disjoint_plays(melds, values, minimum=None, limit=None):
    if limit is not None and limit <= 0:
        return []
    order = sorted(range(len(melds)), key=lambda i: (-values[i], i))
    vals = [values[i] for i in order]
    items = [melds[i] for i in order]
    masks = [sum(1 << c for c in m.cards) for m in items]
    suffix = [0.0] * (len(items) + 1)
    for j in range(len(items) - 1, -1, -1):
        suffix[j] = suffix[j + 1] + max(0.0, vals[j])
    density = {}
    for v, m in zip(vals, items):
        for c in m.cards:
            density[c] = max(density.get(c, 0.0), max(0.0, v) / len(m.cards))
    total_density = sum(density.values())
    out, chosen = [], []

    def search(start, used, total, used_density):
        for j in range(start, len(items)):
            if minimum is not None and total + min(suffix[j], total_density - used_density) + 1e-9 < minimum:
                return False
            if used & masks[j]:
                continue
            chosen.append(items[j])
            if minimum is None or total + vals[j] >= minimum:
                out.append(tuple(chosen))
                if len(out) == limit:
                    return True
            if search(j + 1, used | masks[j], total + vals[j],
                       used_density + sum(density[c] for c in items[j].cards)):
                return True
            chosen.pop()
        return False

    search(0, 0, 0.0, 0.0)
    return out


def ref_plays(mr, cards, minimum, limit):
    melds = [m for m in ref_find_melds(cards, mr.info, mr.runs, mr.sets, True) if mr.ok(m)]
    values = [mr.value(m) for m in melds]
    if minimum is not None:
        best = {}
        for m, v in zip(melds, values):
            for c in m.cards:
                if max(0.0, v) / len(m.cards) > best.get(c, 0.0):
                    best[c] = max(0.0, v) / len(m.cards)
        if min(sum(v for v in values if v > 0), sum(best.values())) + 1e-9 < minimum:
            return ()
    seen, out = set(), []
    for play in ref_disjoint_plays(melds, values, minimum, limit * 20 if limit else None):
        key = tuple(sorted([mr.signature(m) for m in play]))
        if key not in seen:
            seen.add(key)
            out.append(play)
            if limit and len(out) >= limit:
                break
    return tuple(out)


def ref_extensions(meld, card, info, rules):
    if card in meld.cards:
        return []
    cards = meld.cards + (card,)
    candidates = ref_interpret_run(cards, info, rules) if meld.kind == "run" else interpret_set(cards, info, rules)
    kept = (_keeping_readings(meld, m, info) for m in candidates)
    return list(dict.fromkeys(m for m in kept if m is not None))


def ref_grown(mr, m, card):
    if not mr.may_extend(m, card):
        return ()
    rules = mr.extend_rules if m.kind == "run" else mr.sets
    out = []
    for new in ref_extensions(m, card, mr.info, rules):
        if mr.ok(new):
            if mr.split and new.kind == "run" and len(new) > mr.split[1]:
                out.extend(split_run(new, mr.split[0], mr.split[1], mr.info))
            else:
                out.append((new,))
    return tuple(out)


def ref_table(s, zone, mr):
    store, out = s.extra.get("readings") or {}, []
    for i, group in enumerate(zone):
        if isinstance(group, list) and group:
            meld = store.get(tuple(group)) or FM.reread(tuple(group), mr)
            if meld is not None:
                out.append((i, meld))
    return out


def ref_additions(s, cards, zone, mr):
    return [FM.TableChange(i, m.cards, pieces, (card,), ())
            for card in mr.distinct(cards) for i, m in ref_table(s, zone, mr) for pieces in ref_grown(mr, m, card)]


def ref_replace_wild(meld, card, info, loose=False):
    """With `loose` (sets whose suits may repeat), a natural of the set's rank takes any wild's place."""
    if info.wild[card] or card in meld.cards:
        return None
    face = (info.rank_of[card], info.suit_of[card])
    for i, (c, stands) in enumerate(zip(meld.cards, meld.stands_for)):
        if info.wild[c] and (stands == face or loose and meld.kind == "set" and stands[0] == face[0]):
            return replace(meld, cards=meld.cards[:i] + (card,) + meld.cards[i + 1:],
                           stands_for=meld.stands_for[:i] + (face,) + meld.stands_for[i + 1:]), c
    return None


def ref_swaps(s, cards, zone, mr):
    table = [(i, m) for i, m in ref_table(s, zone, mr) if any(mr.info.wild[c] for c in m.cards)]
    out = []
    for card in mr.distinct(cards):
        for i, m in table:
            hit = ref_replace_wild(m, card, mr.info, mr.sets is not None and not mr.sets.distinct_suits)
            if hit is not None and mr.ok(hit[0]):
                out.append(FM.TableChange(i, m.cards, (hit[0],), (card,), (hit[1],)))
    return out


# ----------------------------------------------------------------- rules and hands

def _info():
    """Two packs of 13 ranks x 4 suits and 4 wild cards (ids 104-107)."""
    return CardInfo(rank_of=[c % 13 if c < 104 else -1 for c in range(108)],
                    suit_of=[(c // 13) % 4 if c < 104 else -1 for c in range(108)],
                    wild=[c >= 104 for c in range(108)])


INFO = _info()
SEQ = tuple(range(13))

# (name, runs, sets, split, twin naturals allowed)
RULES = [
    ("ace-both-ends", RunRules(SEQ, high_wrap_rank=0), SetRules(), None, False),
    ("ace-both-ends-twins", RunRules(SEQ, high_wrap_rank=0), SetRules(), None, True),
    ("ace-low-only", RunRules(SEQ, high_wrap_rank=None, full_length=False), SetRules(max_wilds=2), None, True),
    ("wrap", RunRules(SEQ, wrap=True, min_len=3, max_wilds=None), SetRules(max_wilds=0), None, True),
    ("short-runs-capped", RunRules(SEQ, min_len=2, max_len=5, max_wilds=2), None, (2, 5), True),
    ("sets-any-suits", None, SetRules(min_size=2, max_size=5, max_wilds=None, distinct_suits=False), None, True),
    ("two-wilds-cut", RunRules(SEQ, high_wrap_rank=0, max_len=7, max_wilds=2), SetRules(max_wilds=2), (3, 7), True),
]

HIGH = [11] + [min(r + 1, 10) for r in range(1, 13)]
LOW = [1] + HIGH[1:]


def point_of(rank, suit, place: CardPlace):
    return HIGH[rank] if place.kind == "set" or place.high else LOW[rank] + (suit == 2) * 0.5


def meld_rules(runs, sets, split, twins) -> FM.MeldRules:
    return FM.MeldRules(INFO, runs, sets, point_of, [c % 52 if c < 104 else c for c in range(108)], split,
                        [104, 105, 106, 107], twins)


FULL_SUIT = [tuple(range(13)) + (52, 104), tuple(range(1, 13)) + (52, 104, 105), tuple(range(13)) + (52, 65),
             (0, 1, 2, 12, 52, 64, 104, 105, 106)]     # whole suits, the Ace twice: runs of every length


def hands(seed, count):
    """Random hands, most of them bunched in a few suits (so that runs and sets occur)."""
    yield from FULL_SUIT
    rng = random.Random(seed)
    for _ in range(count):
        suits = rng.sample(range(4), rng.choice([1, 2, 4]))
        pool = [c for c in range(104) if (c // 13) % 4 in suits] + [104, 105, 106, 107]
        yield tuple(sorted(rng.sample(pool, rng.choice([3, 5, 8, 11, 13, 14, 15]))))


class FakeState:
    def __init__(self, store):
        self.extra = {"readings": store}


# ----------------------------------------------------------------- the comparisons

def _seed(name: str) -> int:
    return sum(map(ord, name))          # str hashes change from run to run


@pytest.mark.parametrize("name,runs,sets,split,twins", RULES, ids=[r[0] for r in RULES])
def test_melds_as_before(name, runs, sets, split, twins):
    for hand in hands(_seed(name), 120):
        for distinct in (False, True):
            expected = ref_find_melds(hand, INFO, runs, sets, distinct)
            assert find_melds(hand, INFO, runs, sets, distinct_ids=distinct) == expected
            assert [m for part in meld_parts(hand, INFO, runs, sets, distinct_ids=distinct) for m in part] == expected
        if runs is not None:
            for size in (3, 4, 6):
                cards = hand[:size]
                assert interpret_run(cards, INFO, runs) == ref_interpret_run(cards, INFO, runs)


@pytest.mark.parametrize("name,runs,sets,split,twins", RULES, ids=[r[0] for r in RULES])
def test_plays_as_before(name, runs, sets, split, twins):
    mr = meld_rules(runs, sets, split, twins)
    for i, hand in enumerate(hands(7 + _seed(name), 40)):
        if hand in FULL_SUIT and runs is not None and runs.max_wilds is None:
            continue                  # tens of thousands of plays: too slow for the reference
        for minimum, limit in ((40, 500), (20, 30), (0, 7), (None, 25), (61.5, 2)):
            assert mr._plays(hand, minimum, limit) == ref_plays(mr, hand, minimum, limit), (hand, minimum, limit)
        if i % 10 == 0:        # the plain search, without dedupe or bound
            melds = find_melds(hand, INFO, runs, sets, distinct_ids=True)
            values = [mr.value(m) for m in melds]
            assert disjoint_plays(melds, values, 30, 50) == ref_disjoint_plays(melds, values, 30, 50)


@pytest.mark.parametrize("name,runs,sets,split,twins", RULES, ids=[r[0] for r in RULES])
def test_table_changes_as_before(name, runs, sets, split, twins):
    """Tables of melds found in random hands; every card of the pack asked against them, twice
    (the second time from what was remembered), and the table changed in between."""
    mr = meld_rules(runs, sets, split, twins)
    rng = random.Random(_seed(name))
    asked = grew = 0
    for hand in hands(3 + _seed(name), 60):
        melds = [m for m in find_melds(hand, INFO, runs, sets) if mr.ok(m)]
        if not melds:
            continue
        table = [rng.choice(melds) for _ in range(rng.choice([1, 2, 4]))]
        zone = [list(m.cards) for m in table]
        s = FakeState({m.cards: m for m in table})
        for _ in range(2):
            for card in range(108):
                expected = bool(ref_additions(s, [card], zone, mr))
                assert FT.extends(s, card, zone, mr) == expected
                asked += 1
                grew += expected
            cards = rng.sample(range(108), 20)
            assert FT.additions(s, cards, zone, mr) == ref_additions(s, cards, zone, mr)
            assert FT.swaps(s, cards, zone, mr) == ref_swaps(s, cards, zone, mr)
            zone.append([])              # an empty group (ignored), then a group without a reading
            zone[0] = zone[0][:]
    assert grew and grew < asked


@pytest.mark.parametrize("name,runs,sets,split,twins", RULES[:5], ids=[r[0] for r in RULES[:5]])
def test_extensions_as_before(name, runs, sets, split, twins):
    mr = meld_rules(runs, sets, split, twins)
    for hand in hands(11 + _seed(name), 40):
        for m in find_melds(hand, INFO, runs, sets)[:6]:
            rules = mr.extend_rules if m.kind == "run" else sets
            for card in range(0, 108, 3):
                assert extensions(m, card, INFO, rules) == ref_extensions(m, card, INFO, rules)


def test_plays_as_before_when_the_memories_are_emptied_mid_call():
    """The parts' summaries (and the signature numbers that dedupe plays) are emptied when they
    pass their bound, possibly between two parts of one hand: the plays stay those of the reference.
    (The code before kept meld signatures in a memory that, emptied mid-call, lost entries the same
    call then read: a KeyError after some thousands of hands.)"""
    name, runs, sets, split, twins = RULES[1]
    mr = meld_rules(runs, sets, split, twins)
    mr.PARTS_LIMIT = 3
    renewed = 0
    for hand in hands(5, 80):
        assert mr._plays(hand, 20, 60) == ref_plays(mr, hand, 20, 60)
        renewed = mr._renewed
    assert renewed > 20
