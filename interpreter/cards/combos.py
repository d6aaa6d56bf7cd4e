"""Building blocks for card combinations: groups, multi-meld plays, table play.

Runs and sets themselves (``CardInfo``, ``Meld``, rules, ``interpret_run``,
``interpret_set``, ``find_melds``) live in ``melds`` and are re-exported here,
so callers only need ``from interpreter.cards.combos import ...``.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Callable, Hashable, Iterable, Iterator, Mapping, NamedTuple, Sequence

from .melds import (CardInfo, Meld, RunRules, SetRules, _interpret_run, _meld, _rules, _windows, find_melds,
                    interpret_run, interpret_set, meld_parts)

__all__ = [
    "CardInfo", "Meld", "RunRules", "SetRules", "CardPlace",
    "interpret_run", "interpret_set", "find_melds", "meld_parts", "groups_by_key", "class_subsets",
    "key_sequences", "disjoint_unions",
    "disjoint_combinations", "disjoint_plays", "disjoint_search", "extensions", "replace_wild", "split_run",
    "meld_value", "run_positions", "rank_points",
]


# ------------------------------------------------------------------- groups

def groups_by_key(cards: Iterable[int], key: Callable[[int], Hashable] | Sequence,
                  min_size: int = 1, max_size: int | None = None) -> list[tuple[int, ...]]:
    """Every subset (sorted tuple of ids) of ``cards`` whose keys are all equal.

    ``key`` is a callable card -> hashable or a table indexed by card id.
    Subsets are only drawn inside each key class, so the work is proportional
    to the output. Ids of identical cards still give distinct subsets.
    """
    key_of = key if callable(key) else key.__getitem__
    classes: dict[Hashable, list[int]] = {}
    for card in sorted(set(cards)):
        k = key_of(card)
        ids = classes.get(k)
        if ids is None:
            classes[k] = [card]
        else:
            ids.append(card)
    return class_subsets(classes, min_size, max_size)


def class_subsets(classes: Mapping[Hashable, list[int]], min_size: int = 1,
                  max_size: int | None = None) -> list[tuple[int, ...]]:
    """The subsets of each class (a list of sorted ids), class by class, smallest first: the second
    half of groups_by_key."""
    out: list[tuple[int, ...]] = []
    low = max(min_size, 1)
    for ids in classes.values():
        top = len(ids) if max_size is None else min(max_size, len(ids))
        if low.__class__ is int and low == 1 and top >= 1:
            for c in ids:                       # combinations(ids, 1), without the iterator
                out.append((c,))
            for size in range(2, top + 1):
                out += combinations(ids, size)
        else:
            for size in range(low, top + 1):
                out.extend(combinations(ids, size))
    return out


# ---------------------------------------------------------------- sequences

def key_sequences(keys: Mapping[int, int], wilds: Sequence[int] = (), low: int = 1, high: int | None = None,
                  width: int = 1, allowed: Iterable[int] = ()) -> list[tuple[int, ...]]:
    """Every distinct set (tuple of ids) of cards whose keys run through consecutive whole numbers,
    ``width`` cards of each, from ``low`` to ``high`` numbers long (a straight of mixed suits with
    width 1, a run of pairs with width 2).

    ``keys`` maps each natural card to its key; each card of ``wilds`` may stand for one missing card,
    of a key in ``allowed`` (the keys the pack has).  A set holds at least one natural card.  Cards come
    in key order, then by id, the wild cards last; a set reached several ways (a wild card at either
    end) is given once, and each exact choice of cards is its own set.
    """
    classes: dict[int, list[int]] = {}
    for c in sorted(keys):
        classes.setdefault(keys[c], []).append(c)
    wilds = sorted(wilds)
    spare = len(wilds)
    fill = set(allowed) | set(classes) if spare else set()
    values = set(classes) | fill
    width = max(1, width)
    low = max(1, low)
    out: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()

    def emit(chosen, used):
        naturals = [c for part in chosen for c in part]
        if not naturals:
            return
        for extra in combinations(wilds, used):
            cards = tuple(naturals) + extra
            key = tuple(sorted(cards))
            if key not in seen:
                seen.add(key)
                out.append(cards)

    def grow(value, chosen, used):
        """Add the cards standing for `value` to the run `chosen` (wild cards `used` so far)."""
        if value not in values:
            return
        have = classes.get(value, ())
        most = min(len(have), width)
        for j in range(most, -1, -1):
            need = width - j
            if used + need > spare or (need and value not in fill):
                continue
            for part in combinations(have, j):
                chosen.append(part)
                length = len(chosen)
                if length >= low:
                    emit(chosen, used + need)
                if high is None or length < high:
                    grow(value + 1, chosen, used + need)
                chosen.pop()

    for start in sorted(values):
        grow(start, [], 0)
    return out


def disjoint_unions(lists: Sequence[Sequence[Sequence[int]]]) -> list[tuple[int, ...]]:
    """Every set made of one item of each list (an item is a list of card ids) with no card in two of
    them, as the first item's cards, then the second's...; a set of cards reached several ways is
    given once (the first way)."""
    out: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()

    def join(i, cards, used):
        if i == len(lists):
            key = tuple(sorted(cards))
            if key not in seen:
                seen.add(key)
                out.append(tuple(cards))
            return
        for item in lists[i]:
            if used.isdisjoint(item):
                join(i + 1, cards + list(item), used.union(item))

    if lists:
        join(0, [], frozenset())
    return out


# --------------------------------------------------------- multi-meld plays

def disjoint_combinations(melds: Iterable[Meld], value: Callable[[Meld], float],
                          minimum: float | None = None,
                          limit: int | None = None) -> Iterator[tuple[Meld, ...]]:
    """Yield tuples of pairwise card-disjoint melds (each tuple one play).

    Melds are tried from the most valuable down. With ``minimum`` only plays
    whose total value is >= minimum are yielded, and branches that cannot
    reach it are pruned: the bound is the smaller of the remaining melds'
    positive values and the best value-per-card of the still unused cards.
    Stops after ``limit`` plays.
    """
    melds = list(melds)
    yield from disjoint_plays(melds, [value(m) for m in melds], minimum, limit)


def disjoint_plays(melds: Sequence[Meld], values: Sequence[float], minimum: float | None = None,
                   limit: int | None = None) -> list[tuple[Meld, ...]]:
    """disjoint_combinations() as a list, given each meld's value: the same plays in the same order."""
    if limit is not None and limit <= 0:
        return []
    order = sorted(range(len(melds)), key=lambda i: (-values[i], i))
    items = [melds[i] for i in order]
    found = disjoint_search([values[i] for i in order], [m.cards for m in items], minimum, limit)
    return [tuple([items[j] for j in play]) for play in found]


def disjoint_search(vals: Sequence[float], cards: Sequence[Sequence[int]], minimum: float | None = None,
                    limit: int | None = None, keys: Sequence | None = None,
                    unique: int | None = None) -> list[tuple[int, ...]]:
    """The search of disjoint_plays() over items already in the order to try them (most valuable
    first): each item's value and its cards.  Returns the plays as tuples of item indices.

    Written as a plain recursive function that appends to one list (a recursive generator passes
    every play up through each level of the search).  With ``minimum``, branches that cannot reach
    it are cut: the bound is the smaller of the remaining items' positive values and the best value
    per card of the still unused cards (a valid upper bound, so the plays found do not depend on it).

    With ``keys`` (one hashable per item), plays whose sorted keys repeat an earlier play's are
    skipped, and the search stops once ``unique`` plays are kept or ``limit`` plays were found in
    all (kept or not): the first ``unique`` distinct plays among the first ``limit``.
    """
    if limit is not None and limit <= 0:
        return []
    n = len(vals)
    suffix = [0.0] * (n + 1)
    acc = 0.0
    for j in range(n - 1, -1, -1):
        v = vals[j]
        if v > 0:
            acc += v
        suffix[j] = acc
    bounded = minimum is not None
    eps = 1e-9
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []
    cap = limit if limit is not None else -1
    seen: set = set()
    keep = unique if unique else -1
    raw = 0
    # Without a minimum nothing is cut: every bound below is minus infinity.
    floor = minimum - eps if bounded else float("-inf")
    top = minimum if bounded else float("-inf")
    # The items still open to a play are kept as one bit mask of item indices (bit j: item j): an
    # item's `conflicts` are the items sharing a card with it (a card's `holders`), so a node's loop
    # visits only the items that fit the cards already used (most items of a deep node do not), in
    # index order as a loop over every index that skips the misfits would.  The same pass finds
    # each card's best value per card (`density`, for the bound).
    holders: dict = {}
    density: dict = {}
    bit = 1
    for v, cs in zip(vals, cards):
        per_card = (v if v > 0 else 0.0) / len(cs)
        for c in cs:
            if c in holders:
                holders[c] |= bit
                if per_card > density[c]:
                    density[c] = per_card
            else:
                holders[c] = bit
                density[c] = per_card
        bit <<= 1
    conflicts = []
    gains = []
    for cs in cards:
        hit = 0
        gain = 0.0
        for c in cs:
            hit |= holders[c]
            gain += density[c]
        conflicts.append(hit)
        gains.append(gain)
    total_density = sum(density.values()) if bounded else 0.0
    # A play's keys as one number: the key numbered k (in the order first met) adds 1 << (k * width),
    # so two plays get the same number exactly when their keys are the same multiset (a count of
    # the same key in one play is at most n, below 1 << width): the test of sorted keys, without
    # sorting a tuple per play.
    weights = None
    if keys is not None:
        width = n.bit_length() + 1
        numbered: dict = {}
        weights = [1 << (numbered.setdefault(k, len(numbered)) * width) for k in keys]

    def search(avail: int, total: float, used_density: float, sig: int) -> bool:
        """Append the plays that extend `chosen` with the items of `avail` (all after the last
        chosen, none sharing a card with it); True once the limit is met."""
        nonlocal raw
        # total + min(suffix[j], rest) + eps < minimum, with the parts that do not depend on j
        # worked out once (rounding moves `need` by far less than eps: the same cuts)
        need = floor - total
        if total_density - used_density < need:
            return False
        while avail:
            low = avail & -avail
            avail ^= low
            j = low.bit_length() - 1
            if suffix[j] < need:           # suffix only falls: no later item can reach it either
                return False
            chosen.append(j)
            new_total = total + vals[j]
            new_sig = sig + weights[j] if weights is not None else 0
            if new_total >= top:
                if weights is None:
                    out.append(tuple(chosen))
                    if len(out) == cap:
                        return True
                else:
                    raw += 1
                    if new_sig not in seen:
                        seen.add(new_sig)
                        out.append(tuple(chosen))
                        if len(out) >= keep > 0:
                            return True
                    if raw == cap:
                        return True
            rest = avail & ~conflicts[j]
            if rest and search(rest, new_total, used_density + gains[j], new_sig):
                return True
            chosen.pop()
        return False

    search((1 << n) - 1, 0.0, 0.0, 0)
    # `search` refers to itself through its closure, a cycle that only the garbage collector would
    # free (with every list, dict and set the closure holds): broken here, so that all of it goes at once
    search = None
    return out


# -------------------------------------------------------------- table play

def _keeping_readings(old: Meld, new: Meld, info: CardInfo) -> Meld | None:
    """``new`` relabelled so every card of ``old`` keeps what it stood for
    (wilds are interchangeable, so they may swap places), or None."""
    before = dict(zip(old.cards, old.stands_for))
    cards = list(new.cards)
    free_wild_slots = []
    for i, c in enumerate(new.cards):
        if info.wild[c]:
            free_wild_slots.append(i)
        elif c in before and before[c] != new.stands_for[i]:
            return None
    added_wild = [c for c in new.cards if info.wild[c] and c not in before]
    for c in old.cards:
        if not info.wild[c]:
            continue
        slot = next((i for i in free_wild_slots if new.stands_for[i] == before[c]), None)
        if slot is None:
            return None
        cards[slot] = c
        free_wild_slots.remove(slot)
    for slot, c in zip(free_wild_slots, added_wild):
        cards[slot] = c
    return Meld(new.kind, tuple(cards), new.stands_for, new.positions, new.seq_len)


def extensions(meld: Meld, card: int, info: CardInfo,
               rules: RunRules | SetRules | Mapping) -> list[Meld]:
    """Melds obtained by adding ``card`` to ``meld`` (every reading).

    Runs grow at either end, sets take a missing suit; a wild gets a declared
    card. Cards already in the meld keep what they stand for, and the rules
    (max_len / max_size, max_wilds, ...) still apply. ``rules`` is the
    RunRules or SetRules matching ``meld.kind`` (or a dict of its fields).
    """
    if card in meld.cards:
        return []
    if meld.kind == "run":
        rules = _rules(RunRules, rules, {})
        fast = _run_extensions(meld, card, info, rules)
        if fast is not None:
            return fast
    else:
        rules = _rules(SetRules, rules, {})
        fast = (_set_wild_extensions if info.wild[card] else _set_extensions)(meld, card, info, rules)
        if fast is not None:
            return fast
    return _general_extensions(meld, card, info, rules)


def _general_extensions(meld: Meld, card: int, info: CardInfo, rules) -> list[Meld]:
    """extensions() by re-reading the meld's cards with the new one."""
    if card in meld.cards:
        return []
    cards = meld.cards + (card,)
    if meld.kind == "run":
        # only windows holding every rank the meld's cards stand for can keep their readings
        candidates = _interpret_run(cards, info, _rules(RunRules, rules, {}),
                                    frozenset([rank for rank, _ in meld.stands_for]))
    else:
        candidates = interpret_set(cards, info, rules)
    kept = (_keeping_readings(meld, m, info) for m in candidates)
    return list(dict.fromkeys(m for m in kept if m is not None))


# The direct paths below give what the general path of extensions() gives (every reading of the
# meld's cards and the new one, keeping those in which the old cards stand where they stood), in the
# same order, for the common cases; they return None for the others, which take the general path.
# (Adding a card to a table meld is asked for every card of every hand that might fit it: the
# general path re-reads the whole meld each time.)  tests/test_melds_fastpaths.py compares the two.

def _run_extensions(meld: Meld, card: int, info: CardInfo, rules: RunRules) -> list[Meld] | None:
    """extensions() of a run whose ranks each occur once in the sequence (no wrapping, no rank
    that may also follow the last one): the old cards keep their places, so the new card can only
    stand just below the run (the window one lower) or just above it (the same start), in that
    order, each where the longer window is a legal run whose new place has the card's rank (a
    wild card takes any)."""
    if rules.wrap or not meld.positions:
        return None
    wild = info.wild
    cards, stands, positions = meld.cards, meld.stands_for, meld.positions
    low, length = positions[0], len(cards)
    if positions[-1] - low != length - 1:
        return None
    top = rules.high_wrap_rank
    if top is not None and top in rules.sequence[1:]:
        # after_last names a rank inside the order (not its first): its two places are not the two
        # ends of the sequence, which the test below assumes: the general path
        return None
    if top is not None and not 2 <= length < len(rules.sequence) - 2 and any(rank == top for rank, _ in stands):
        # a rank with two places (the Ace before the 2 and after the King): a window through its
        # other place holds every rank of the run only if it is nearly as long as the sequence
        # (or the run is that one card): the general path
        return None
    n_wilds = 0
    for c in cards:
        if wild[c]:
            n_wilds += 1
    if n_wilds == length:
        return None
    suit = stands[0][1]
    if wild[card]:
        n_wilds += 1
        if rules.max_wilds is not None and n_wilds > rules.max_wilds:
            return []
        rank = None
    else:
        if info.suit_of[card] != suit:
            return []
        if rules.max_wilds is not None and n_wilds > rules.max_wilds:
            return []
        rank = info.rank_of[card]
    windows = _windows(rules, suit)
    new_length = length + 1
    out = []
    for start in (low - 1, low):
        if start < 0 or start >= len(windows):
            continue
        w_start, ranks, ok, w_stands, w_positions, distinct, _ = windows[start]
        if w_start != start or new_length >= len(ok):
            if w_start != start:
                return None
            continue
        if not ok[new_length]:
            continue
        if not distinct[new_length]:
            return None
        at = 0 if start < low else length           # the new card's offset in the window
        if rank is not None and ranks[at] != rank:
            continue
        new_cards = (card,) + cards if at == 0 else cards + (card,)
        out.append(_meld("run", new_cards, w_stands[new_length], w_positions[new_length], len(rules.sequence)))
    return out


def _set_extensions(meld: Meld, card: int, info: CardInfo, rules: SetRules) -> list[Meld] | None:
    """extensions() of a set with different suits by a natural card: the wild cards keep the suits
    they stand for, so there is one reading (its cards in suit order) if the card has the set's rank
    and a suit no card of the set stands for, none otherwise."""
    if not rules.distinct_suits or not meld.cards:
        return None
    wild = info.wild
    rank = meld.stands_for[0][0]
    n_wilds = 0
    for c in meld.cards:
        if wild[c]:
            n_wilds += 1
    if n_wilds == len(meld.cards):
        return None
    size = len(meld.cards) + 1
    if info.rank_of[card] != rank or not rules.min_size <= size <= rules.max_size:
        return []
    if rules.max_wilds is not None and n_wilds > rules.max_wilds:
        return []
    suit = info.suit_of[card]
    items = []
    for c, (r, s) in zip(meld.cards, meld.stands_for):
        if r != rank or (wild[c] and s not in rules.suits):
            return None
        if s == suit:
            return []
        items.append((s, c))
    items.append((suit, card))
    items.sort()
    return [_meld("set", tuple([c for _, c in items]), tuple([(rank, s) for s, _ in items]), (), 0)]


def _set_wild_extensions(meld: Meld, card: int, info: CardInfo, rules: SetRules) -> list[Meld] | None:
    """extensions() of a set with different suits by a wild card: the old wild cards keep their
    suits, so the new one stands for each suit that no card of the set stands for, in suit order
    (the general path's order: its declarations are sorted tuples of suits, all sharing the old
    wild cards' suits), each reading's cards in suit order."""
    if not rules.distinct_suits or not meld.cards:
        return None
    wild = info.wild
    rank = meld.stands_for[0][0]
    n_wilds = 1
    taken = set()
    for c, (r, s) in zip(meld.cards, meld.stands_for):
        if r != rank or s in taken or (wild[c] and s not in rules.suits):
            return None
        taken.add(s)
        if wild[c]:
            n_wilds += 1
    if n_wilds == len(meld.cards) + 1:
        return None
    if not rules.min_size <= len(meld.cards) + 1 <= rules.max_size:
        return []
    if rules.max_wilds is not None and n_wilds > rules.max_wilds:
        return []
    items = list(zip([s for _, s in meld.stands_for], meld.cards))
    out = []
    for suit in sorted(set(rules.suits)):
        if suit in taken:
            continue
        placed = sorted(items + [(suit, card)])
        out.append(_meld("set", tuple([c for _, c in placed]), tuple([(rank, s) for s, _ in placed]), (), 0))
    return out


def replace_wild(meld: Meld, card: int, info: CardInfo, any_suit: bool = False) -> tuple[Meld, int] | None:
    """If natural ``card`` is exactly what a wild in ``meld`` stands for (with ``any_suit``, in a set:
    any card of its rank, for sets whose suits may repeat), return (meld with the card in the wild's
    place, freed wild id)."""
    if info.wild[card] or card in meld.cards:
        return None
    wanted = (info.rank_of[card], info.suit_of[card])
    loose = any_suit and meld.kind == "set"
    for i, (c, stands) in enumerate(zip(meld.cards, meld.stands_for)):
        if info.wild[c] and (stands == wanted or loose and stands[0] == wanted[0]):
            cards = meld.cards[:i] + (card,) + meld.cards[i + 1:]
            stands_for = meld.stands_for if stands == wanted else \
                meld.stands_for[:i] + (wanted,) + meld.stands_for[i + 1:]
            return Meld(meld.kind, cards, stands_for, meld.positions, meld.seq_len), c
    return None


def _compositions(total: int, low: int, high: int) -> Iterator[tuple[int, ...]]:
    if total == 0:
        yield ()
        return
    for first in range(low, min(high, total) + 1):
        for rest in _compositions(total - first, low, high):
            yield (first,) + rest


def split_run(meld: Meld, min_len: int = 3, max_len: int = 5,
              info: CardInfo | None = None) -> list[tuple[Meld, ...]]:
    """The ways to cut a run into two or more consecutive runs, each of
    length min_len..max_len. With ``info``, pieces made only of wild cards
    are refused."""
    if meld.kind != "run":
        return []
    out = []
    for sizes in _compositions(len(meld.cards), min_len, max_len):
        if len(sizes) < 2:
            continue
        pieces, at = [], 0
        for size in sizes:
            part = slice(at, at + size)
            pieces.append(replace(meld, cards=meld.cards[part],
                                  stands_for=meld.stands_for[part],
                                  positions=meld.positions[part]))
            at += size
        if info is not None and any(all(info.wild[c] for c in p.cards) for p in pieces):
            continue
        out.append(tuple(pieces))
    return out


# ------------------------------------------------------------------ values

class CardPlace(NamedTuple):
    """Where a card sits in a meld, passed to ``point_of``."""

    kind: str       # 'run' | 'set'
    index: int      # index in meld.cards
    high: bool      # runs: True when placed after the last rank of the sequence


def run_positions(meld: Meld) -> tuple[bool, ...]:
    """Per card: True when it sits at the high end after the last rank
    (e.g. an Ace following the King); always False for sets."""
    return meld.past_end


def meld_value(meld: Meld, point_of: Callable[[int, int, CardPlace], float]) -> float:
    """Sum of ``point_of(rank, suit, place)`` over the meld's cards.

    Wild cards count as the card they stand for (their rank and suit from
    ``meld.stands_for``), at the place where they stand.
    """
    return sum(point_of(rank, suit, CardPlace(meld.kind, i, high))
               for i, ((rank, suit), high)
               in enumerate(zip(meld.stands_for, run_positions(meld))))


def rank_points(points: Sequence[float] | Mapping[int, float],
                high: Mapping[int, float] | None = None
                ) -> Callable[[int, int, CardPlace], float]:
    """A ``point_of`` for the common case: ``points[rank]``, except ranks
    placed after the last rank of a run score ``high[rank]`` (e.g.
    ``rank_points(pts, high={0: 11})`` for an Ace worth 1 low, 11 high)."""
    high = high or {}

    def point_of(rank: int, suit: int, place: CardPlace) -> float:
        if place.high and rank in high:
            return high[rank]
        return points[rank]
    return point_of
