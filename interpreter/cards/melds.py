"""Runs and sets: card tables, rules, validation with interpretation, enumeration.

Cards are plain ints. Everything about a card is looked up in a ``CardInfo``
built by the caller (rank index, suit index, wild flag, all indexed by id).

Vocabulary
----------
* A **run** is a sequence of consecutive ranks in one suit. Ranks are placed
  on *positions*: position ``p`` (``0 <= p < len(sequence)``) holds
  ``sequence[p]``. With ``high_wrap_rank`` set, one extra position
  ``len(sequence)`` holds that rank again (e.g. an Ace after the King). With
  ``wrap=True`` positions continue cyclically (``p >= len(sequence)`` holds
  ``sequence[p % len(sequence)]``). Positions ``>= len(sequence)`` are "past
  the last rank" (see ``Meld.past_end``).
* A **set** is cards of one rank.
* A **wild** card stands for exactly one declared (rank, suit).
* Every meld holds at least one natural card (otherwise its suit/rank would be
  undetermined).

A ``Meld`` is one *reading* of some cards. The same cards may have several
readings (a wild at either end of a run, a wild standing for one of two
missing suits); functions return every reading. Identical cards (same rank
and suit, or two wilds of one kind: see ``CardInfo.wild_kind``) inside one
meld are always placed in ascending id order, so readings are never
duplicated by swapping identical cards.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from itertools import combinations, product
from typing import Iterable, Iterator, Mapping, Sequence

__all__ = [
    "CardInfo", "Meld", "RunRules", "SetRules",
    "interpret_run", "interpret_set", "find_melds", "meld_parts",
]


@dataclass(frozen=True)
class CardInfo:
    """Lookup tables indexed by card id (converted to tuples)."""

    rank_of: Sequence[int]   # rank index of natural cards, -1 for wilds
    suit_of: Sequence[int]   # suit index of natural cards, -1 for wilds
    wild: Sequence[bool]
    # which wild cards are identical, by id: wild cards with the same number are interchangeable (the
    # copies of a joker), others are not (a joker and a Two, which may score differently); empty when
    # every wild card is like every other
    wild_kind: Sequence[int] = ()

    def __post_init__(self) -> None:
        for name in ("rank_of", "suit_of", "wild", "wild_kind"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        # the tables are long tuples: hash them once (CardInfo is a key of finder())
        object.__setattr__(self, "_hash", hash((self.rank_of, self.suit_of, self.wild, self.wild_kind)))

    def __hash__(self) -> int:
        return self._hash

    def signature(self, card: int) -> tuple[int, int]:
        """(rank, suit) of a natural card; (-1, -1) for every wild."""
        if self.wild[card]:
            return (-1, -1)
        return (self.rank_of[card], self.suit_of[card])


@dataclass(frozen=True, slots=True)
class Meld:
    """One reading of a group of cards.

    ``cards`` are in meld order (runs: low to high, wilds where they stand;
    sets: by declared suit). ``stands_for[i]`` is the (rank, suit) that
    ``cards[i]`` counts as. For runs ``positions[i]`` is the sequence
    position of ``cards[i]`` and ``seq_len`` the length of the sequence.
    """

    kind: str                                   # 'run' | 'set'
    cards: tuple[int, ...]
    stands_for: tuple[tuple[int, int], ...]
    positions: tuple[int, ...] = ()
    seq_len: int = 0

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def low(self) -> int | None:
        """Lowest sequence position of a run (None for sets)."""
        return self.positions[0] if self.positions else None

    @property
    def high(self) -> int | None:
        """Highest sequence position of a run (may be >= seq_len)."""
        return self.positions[-1] if self.positions else None

    @property
    def suit(self) -> int | None:
        """Suit of a run (None for sets)."""
        return self.stands_for[0][1] if self.kind == "run" else None

    @property
    def rank(self) -> int | None:
        """Rank of a set (None for runs)."""
        return self.stands_for[0][0] if self.kind == "set" else None

    @property
    def past_end(self) -> tuple[bool, ...]:
        """Per card: True when it stands after the last rank of the sequence."""
        return tuple(p >= self.seq_len for p in self.positions) or (False,) * len(self.cards)


@dataclass(frozen=True)
class RunRules:
    sequence: Sequence[int]
    high_wrap_rank: int | None = None   # rank that may also follow the last one
    wrap: bool = False                  # runs may wrap around freely
    min_len: int = 3
    max_len: int | None = None
    max_wilds: int | None = 1           # None = unlimited
    full_length: bool = True            # allow the run covering every position
    #   (only possible with high_wrap_rank: that rank appears at both ends)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sequence", tuple(self.sequence))
        _hash_once(self)

    def __hash__(self) -> int:
        return self._hash

    def rank_at(self, pos: int) -> int:
        n = len(self.sequence)
        if self.wrap:
            return self.sequence[pos % n]
        return self.sequence[pos] if pos < n else self.high_wrap_rank


@dataclass(frozen=True)
class SetRules:
    min_size: int = 3
    max_size: int = 4
    max_wilds: int | None = 1
    distinct_suits: bool = True
    suits: Sequence[int] = (0, 1, 2, 3)  # suits a wild may declare

    def __post_init__(self) -> None:
        object.__setattr__(self, "suits", tuple(self.suits))
        _hash_once(self)

    def __hash__(self) -> int:
        return self._hash


def _hash_once(rules) -> None:
    """Rules are keys of the caches below (and of callers'): their hash (that of their fields, as
    the dataclass's own) is worked out once."""
    object.__setattr__(rules, "_hash", hash(tuple(getattr(rules, f.name) for f in fields(rules))))


def _rules(cls, rules, overrides: Mapping):
    if rules is None:
        return cls(**overrides)
    if isinstance(rules, Mapping):
        return cls(**{**rules, **overrides})
    if overrides:
        return replace(rules, **overrides)
    return rules


def _wild_budget(max_wilds: int | None, available: int) -> int:
    return available if max_wilds is None else min(max_wilds, available)


def _wild_picks(wilds: Sequence[int], n: int, kinds: Sequence[int]) -> list[tuple[int, ...]]:
    """The ways to take `n` of the wild cards (ids in ascending order), one per mix of kinds: wild
    cards of one kind (see CardInfo.wild_kind; all of them when `kinds` is empty) are interchangeable,
    so each way takes the lowest ids of each kind, and gives them in ascending id order."""
    if not kinds or n == 0:
        return [tuple(wilds[:n])]
    by_kind: dict[int, list[int]] = {}
    for w in wilds:
        by_kind.setdefault(kinds[w], []).append(w)
    if len(by_kind) == 1:
        return [tuple(wilds[:n])]
    groups = list(by_kind.values())
    out: list[tuple[int, ...]] = []

    def take(i: int, left: int, chosen: list[int]) -> None:
        if i == len(groups):
            if left == 0:
                out.append(tuple(sorted(chosen)))
            return
        for k in range(min(left, len(groups[i])), -1, -1):
            take(i + 1, left - k, chosen + groups[i][:k])
    take(0, n, [])
    return out


# --------------------------------------------------------------------- runs

@lru_cache(maxsize=64)
def _layout(rules: RunRules) -> tuple[tuple[int, tuple[int, ...], tuple[bool, ...]], ...]:
    """Per start position: (start, ranks along the longest window, ok[L]).

    ``ok[L]`` says whether the window of length L from that start is a legal
    run shape (length bounds, no repeated rank except the full-length run).
    """
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
            full = (not rules.wrap and s == 0 and length == n + 1
                    and rules.full_length)
            ok.append(length >= rules.min_len
                      and (len(set(window)) == length or full))
        out.append((s, ranks, tuple(ok)))
    return tuple(out)


def _place_run(rules: RunRules, suit: int, start: int, window: tuple[int, ...],
               naturals: Mapping[int, Sequence[int]],
               wilds: Sequence[int]) -> Iterator[Meld]:
    """Every placement of the given naturals (rank -> sorted ids) and wilds
    (sorted) on the window; a rank present twice in the window offers two
    slots."""
    slots: dict[int, list[int]] = defaultdict(list)
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
        cards: list[int | None] = [None] * len(window)
        for ids, pick in choice:
            for offset, card in zip(pick, ids):
                cards[offset] = card
        free = iter(wilds)
        cards = [next(free) if c is None else c for c in cards]
        yield Meld("run", tuple(cards), stands_for, positions, len(rules.sequence))


def interpret_run(cards: Iterable[int], info: CardInfo,
                  rules: RunRules | Mapping | None = None, **overrides) -> list[Meld]:
    """Every reading of ``cards`` as a run (empty list = not a run)."""
    return _interpret_run(tuple(cards), info, _rules(RunRules, rules, overrides), frozenset())


def _interpret_run(cards: tuple, info: CardInfo, rules: RunRules, need: frozenset) -> list[Meld]:
    """interpret_run(), keeping only the windows that hold every rank of `need` (the readings of
    the other windows are left out: extensions() wants those of the old meld's ranks)."""
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
    by_rank: dict[int, list[int]] = defaultdict(list)
    for c in naturals:
        by_rank[info.rank_of[c]].append(c)
    length = len(cards)
    out: list[Meld] = []
    held = need.union(by_rank)
    once = all(len(ids) == 1 for ids in by_rank.values())
    seq_len = len(rules.sequence)
    for start, ranks, ok, stands, positions, distinct, rank_sets in _windows(rules, suit):
        # a window lacking one of the naturals' ranks places nothing (_place_run would return at
        # once): skipped without building its slots
        if length < len(ok) and ok[length] and held <= rank_sets[length]:
            if not distinct[length]:
                out.extend(_place_run(rules, suit, start, ranks[:length], by_rank, wilds))
            elif once:
                # each rank has one place and one natural card: the wilds take the other places
                # in order (what _place_run does, without its general placement)
                free = iter(wilds)
                placed = [by_rank[r][0] if r in by_rank else next(free) for r in ranks[:length]]
                out.append(_run(tuple(placed), stands[length], positions[length], seq_len))
            # else: a rank held twice has one place only in this window, no reading
    return out


@lru_cache(maxsize=256)
def _windows(rules: RunRules, suit: int) -> tuple:
    """_layout() with, per start and length, what every run on that window shares: the (rank,
    suit) each place stands for, the positions, whether the window's ranks are all different, and
    the set of its ranks.  (Suit -1 when only the suit-free parts are read.)"""
    out = []
    for start, ranks, ok in _layout(rules):
        stands = [None] + [tuple((r, suit) for r in ranks[:length]) for length in range(1, len(ranks) + 1)]
        positions = [None] + [tuple(range(start, start + length)) for length in range(1, len(ranks) + 1)]
        distinct = [True] + [len(set(ranks[:length])) == length for length in range(1, len(ranks) + 1)]
        rank_sets = [frozenset()] + [frozenset(ranks[:length]) for length in range(1, len(ranks) + 1)]
        out.append((start, ranks, ok, stands, positions, distinct, rank_sets))
    return tuple(out)


@lru_cache(maxsize=64)
def _first_windows(rules: RunRules) -> tuple:
    """Per start (in _layout order): the ranks of the window of the shortest legal length from that
    start as a bit mask (bit r for rank r), or None when the start has no legal window or that
    window holds a rank twice (then _viable_starts counts by the ranks themselves)."""
    out = []
    for start, ranks, ok in _layout(rules):
        first = next((length for length in range(1, len(ok)) if ok[length]), None)
        if first is None:
            out.append((False, 0))
            continue
        window = ranks[:first]
        if len(set(window)) != first or min(window) < 0:
            out.append((True, None))
            continue
        mask = 0
        for r in window:
            mask |= 1 << r
        out.append((True, mask))
    return tuple(out)


def _viable_starts(rules: RunRules, held: int, budget: int) -> tuple[int, ...]:
    """The indices (in _layout order) of the starts at which a run may lie when the ranks `held`
    (a bit mask, bit r for rank r) are in hand and `budget` wild cards may fill gaps: the window
    of the shortest legal length from that start has at most `budget` places whose rank is not
    held.  (A longer window only
    misses more, and a rank held but repeated in the window counts once here: a necessary
    condition, so the other starts are skipped without changing what is found.)  Most suits of a
    hand have no start at all.  (Remembered by the MeldFinder, per finder: an lru_cache here would
    keep a key holding the rules, which the garbage collector tracks, per entry.)"""
    out = []
    layout = _layout(rules)
    for index, (legal, mask) in enumerate(_first_windows(rules)):
        if not legal:
            continue
        if mask is not None:
            # the window's ranks are all different: the places not held are its ranks not held
            if (mask & ~held).bit_count() <= budget:
                out.append(index)
            continue
        start, ranks, ok = layout[index]
        first = next(length for length in range(1, len(ok)) if ok[length])
        if sum(1 for r in ranks[:first] if r < 0 or not held >> r & 1) <= budget:
            out.append(index)
    return tuple(out)


_new = object.__new__


# The fields' slots, written directly: Meld(...) without the frozen dataclass's __init__ (which
# sets each field through object.__setattr__), and without a __dict__ per meld (half the objects
# the garbage collector tracks: the finder's memories hold many melds).
_set_kind, _set_cards, _set_stands, _set_positions, _set_seq_len = (
    Meld.__dict__[name].__set__ for name in ("kind", "cards", "stands_for", "positions", "seq_len"))


def _meld(kind: str, cards: tuple, stands_for: tuple, positions: tuple, seq_len: int) -> Meld:
    """Meld(kind, cards, stands_for, positions, seq_len), made faster (see above)."""
    m = _new(Meld)
    _set_kind(m, kind)
    _set_cards(m, cards)
    _set_stands(m, stands_for)
    _set_positions(m, positions)
    _set_seq_len(m, seq_len)
    return m


def _run(cards: tuple, stands_for: tuple, positions: tuple, seq_len: int) -> Meld:
    """Meld('run', ...), made faster (see _meld)."""
    m = _new(Meld)
    _set_kind(m, "run")
    _set_cards(m, cards)
    _set_stands(m, stands_for)
    _set_positions(m, positions)
    _set_seq_len(m, seq_len)
    return m


def _runs_in_suit(rules: RunRules, suit: int, by_rank: Mapping[int, list[int]],
                  wilds: list[int], distinct_ids: bool, held_mask: int | None = None,
                  starts: tuple | None = None, kinds: Sequence[int] = ()) -> list[Meld]:
    """Every run of one suit, window by window (start, then length), each window's readings in
    the order of _runs_with_counts().  A window whose ranks are all different (every window but a
    full-length run's) takes the direct path below, which makes the same melds in the same order
    without the general placement of _place_run().  A caller that knows them passes the ranks held
    (bit r for rank r) and _viable_starts() of them; `kinds` tells which wild cards are alike (see
    CardInfo.wild_kind)."""
    budget = _wild_budget(rules.max_wilds, len(wilds))
    have = {r: len(ids) for r, ids in by_rank.items()}
    out: list[Meld] = []
    if sum(have.values()) + budget < rules.min_len:
        return out                              # too few cards for the shortest run
    seq_len = len(rules.sequence)
    wild_sets: dict[int, list] = {}             # number of wilds -> the choices of them, in order
    windows = _windows(rules, suit)
    if starts is None:
        held_mask = 0                           # the ranks held, bit r for rank r
        for r in have:
            held_mask |= 1 << r
        starts = _viable_starts(rules, held_mask, budget)
    for index in starts:
        start, ranks, ok, stands, positions, distinct, _ = windows[index]
        seen: dict[int, int] = {}               # rank -> times in the window, in window order
        missing = 0
        held = 0                                # bit i: the rank at offset i is held (distinct windows)
        for length in range(1, len(ranks) + 1):
            rank = ranks[length - 1]
            k = seen.get(rank, 0)
            if k >= have.get(rank, 0):
                missing += 1
                if missing > budget:
                    break
            elif not k:
                held |= 1 << (length - 1)
            seen[rank] = k + 1
            if not ok[length]:
                continue
            if not distinct[length]:
                out.extend(_general_window(rules, suit, start, ranks[:length], by_rank, wilds, seen, have,
                                           budget, missing, distinct_ids, kinds))
                continue
            sf, pos = stands[length], positions[length]
            for nat_places, wild_places in _plan(held, length, budget - missing):
                n_wilds = len(wild_places)
                if distinct_ids:
                    nat_choices = product(*[by_rank[ranks[off]] for off in nat_places])
                    wild_choices = wild_sets.get(n_wilds)
                    if wild_choices is None:
                        wild_choices = wild_sets[n_wilds] = list(combinations(wilds, n_wilds))
                else:
                    nat_choices = [[by_rank[ranks[off]][0] for off in nat_places]]
                    wild_choices = wild_sets.get(n_wilds)
                    if wild_choices is None:
                        wild_choices = wild_sets[n_wilds] = _wild_picks(wilds, n_wilds, kinds)
                for picks in nat_choices:
                    cards = [0] * length
                    for off, c in zip(nat_places, picks):
                        cards[off] = c
                    if not n_wilds:
                        out.append(_run(tuple(cards), sf, pos, seq_len))
                        continue
                    for wild_pick in wild_choices:
                        for off, c in zip(wild_places, wild_pick):
                            cards[off] = c
                        out.append(_run(tuple(cards), sf, pos, seq_len))
    return out


@lru_cache(maxsize=8192)
def _plan(held: int, length: int, spare: int) -> tuple:
    """How the runs of one window with all ranks different are laid: (offsets taking a natural
    card, offsets taking a wild card) per reading, in the order of the general placement: first
    every held rank natural, then each choice of `extra` held ranks (1, 2, ... up to the `spare`
    wild cards) left to wild cards instead.  `held` has bit i set when the rank at offset i is held.
    A reading needs one natural card at least."""
    places = [off for off in range(length) if held >> off & 1]
    out = []
    for extra in range(spare + 1):
        for dropped in combinations(range(len(places)), extra):
            keep = tuple(places[i] for i in range(len(places)) if i not in dropped)
            if keep:
                out.append((keep, tuple(off for off in range(length) if off not in keep)))
    return tuple(out)


def _general_window(rules, suit, start, window, by_rank, wilds, seen, have, budget, missing,
                    distinct_ids, kinds=()) -> Iterator[Meld]:
    """The runs on one window that holds a rank twice (a full-length run), by the general placement."""
    length = len(window)
    base = {r: min(k, have.get(r, 0)) for r, k in seen.items()}
    units = [r for r, k in base.items() for _ in range(k)]
    for extra in range(budget - missing + 1):
        # optionally let wilds stand where naturals are available
        for dropped in dict.fromkeys(combinations(units, extra)):
            counts = dict(base)
            for r in dropped:
                counts[r] -= 1
            n_nat = sum(counts.values())
            if n_nat == 0:
                continue
            yield from _runs_with_counts(rules, suit, start, window, by_rank,
                                         counts, wilds, length - n_nat, distinct_ids, kinds)


def _runs_with_counts(rules, suit, start, window, by_rank, counts, wilds, n_wilds,
                      distinct_ids, kinds=()) -> Iterator[Meld]:
    ranks = [r for r, k in counts.items() if k]
    if distinct_ids:
        nat_choices = product(*(combinations(by_rank[r], counts[r]) for r in ranks))
        wild_choices = combinations(wilds, n_wilds)
    else:
        nat_choices = [tuple(by_rank[r][:counts[r]] for r in ranks)]
        wild_choices = _wild_picks(wilds, n_wilds, kinds)
    wild_choices = list(wild_choices)
    for picks in nat_choices:
        naturals = dict(zip(ranks, picks))
        for wild_pick in wild_choices:
            yield from _place_run(rules, suit, start, window, naturals, wild_pick)


# --------------------------------------------------------------------- sets

def _set_readings(rules: SetRules, naturals: Sequence[int], wilds: Sequence[int],
                  info: CardInfo) -> Iterator[Meld]:
    rank = info.rank_of[naturals[0]]
    nat_suits = [info.suit_of[c] for c in naturals]
    if rules.distinct_suits:
        free = [s for s in rules.suits if s not in nat_suits]
        declarations = combinations(free, len(wilds))
    else:
        # suits may repeat: what suit a wild card declares changes nothing, so it has one reading, the
        # same whatever else the set holds (the first suit), so that adding to the set keeps it;
        # wild_swaps lets any natural of the rank take its place
        declarations = [(min(rules.suits),) * len(wilds)]
    natural_items = [(s, 0, c) for s, c in zip(nat_suits, naturals)]
    for declared in declarations:
        items = sorted(natural_items + [(s, 1, c) for s, c in zip(declared, wilds)])
        # Meld("set", cards, stands_for), made faster (see _meld)
        yield _meld("set", tuple([c for _, _, c in items]), tuple([(rank, s) for s, _, _ in items]), (), 0)


def interpret_set(cards: Iterable[int], info: CardInfo,
                  rules: SetRules | Mapping | None = None, **overrides) -> list[Meld]:
    """Every reading of ``cards`` as a set (one per choice of declared suits)."""
    rules = _rules(SetRules, rules, overrides)
    cards = tuple(cards)
    naturals = sorted(c for c in cards if not info.wild[c])
    wilds = sorted(c for c in cards if info.wild[c])
    if not naturals or len(set(cards)) != len(cards):
        return []
    if not rules.min_size <= len(cards) <= rules.max_size:
        return []
    if rules.max_wilds is not None and len(wilds) > rules.max_wilds:
        return []
    if len({info.rank_of[c] for c in naturals}) != 1:
        return []
    if rules.distinct_suits and len({info.suit_of[c] for c in naturals}) != len(naturals):
        return []
    return list(_set_readings(rules, naturals, wilds, info))


def _sets_of_rank(rules: SetRules, ids: list[int], wilds: list[int], info: CardInfo,
                  distinct_ids: bool) -> Iterator[Meld]:
    budget = _wild_budget(rules.max_wilds, len(wilds))
    # a set holds at most one natural card per suit (with different suits) and `budget` wilds:
    # too few for the smallest set, and there is none (most ranks of a hand)
    naturals = len({info.suit_of[c] for c in ids}) if rules.distinct_suits else len(ids)
    if min(naturals, rules.max_size) + budget < rules.min_size:
        return
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
            for n_wild in range(max(0, rules.min_size - n_nat),
                                min(budget, rules.max_size - n_nat) + 1):
                picks = combinations(wilds, n_wild) if distinct_ids else _wild_picks(wilds, n_wild, info.wild_kind)
                for wild_pick in picks:
                    yield from _set_readings(rules, combo, wild_pick, info)


# ---------------------------------------------------------------- enumerate

def find_melds(hand: Iterable[int], info: CardInfo,
               run_rules: RunRules | Mapping | None = None,
               set_rules: SetRules | Mapping | None = None,
               *, distinct_ids: bool = False) -> list[Meld]:
    """Every valid meld (every reading) formable from ``hand``.

    ``run_rules`` / ``set_rules`` set to None skip that kind. Identical cards
    (same signature) are deduplicated: only one choice of ids is produced for
    each multiset of signatures, unless ``distinct_ids=True``.
    """
    out: list[Meld] = []
    for part in meld_parts(hand, info, run_rules, set_rules, distinct_ids=distinct_ids):
        out += part
    return out


def meld_parts(hand: Iterable[int], info: CardInfo,
               run_rules: RunRules | Mapping | None = None,
               set_rules: SetRules | Mapping | None = None,
               *, distinct_ids: bool = False) -> list[tuple[Meld, ...]]:
    """find_melds() in parts (see MeldFinder.parts)."""
    return finder(info, run_rules, set_rules).parts(hand, distinct_ids)


def finder(info: CardInfo, run_rules=None, set_rules=None) -> "MeldFinder":
    """The MeldFinder of these tables and rules (remembered: a few are alive at a time)."""
    runs = None if run_rules is None else _rules(RunRules, run_rules, {})
    sets = None if set_rules is None else _rules(SetRules, set_rules, {})
    return _finder(info, runs, sets)


@lru_cache(maxsize=32)
def _finder(info, runs, sets) -> "MeldFinder":
    return MeldFinder(info, runs, sets)


class MeldFinder:
    """find_melds() for one CardInfo and one pair of rules, its parts remembered.

    The runs of one suit depend only on that suit's cards and the wilds, and
    the sets of one rank only on that rank's cards and the wilds, so each part
    is remembered by those card ids: a hand that changes by a card or two
    between turns recomputes only the parts it touched, and the same part
    comes back as the same tuple object (callers may remember what they derive
    from a part by its identity).  The memories are plain dicts keyed by tuples
    of ints (cheaper to hash than the rules objects an lru_cache key would
    hold), emptied when they grow past a bound.
    """

    LIMIT = 16384                               # parts remembered per kind

    def __init__(self, info: CardInfo, runs: RunRules | None, sets: SetRules | None):
        self.info, self.runs, self.sets = info, runs, sets
        self._suit_parts: dict = {}             # (*ids of one suit, *wild ids, distinct_ids) -> runs
        self._rank_parts: dict = {}             # (*ids of one rank, *wild ids, distinct_ids) -> sets
        self._set_patterns: dict = {}           # (suits of one rank's ids, number of wilds, distinct_ids) -> patterns
        self._stands: dict = {}                 # (rank, suits) -> what a set's cards stand for
        self._starts: dict = {}                 # (ranks held as a bit mask, wild budget) -> _viable_starts()

    def find(self, hand: Iterable[int], distinct_ids: bool = False) -> list[Meld]:
        out: list[Meld] = []
        for part in self.parts(hand, distinct_ids):
            out += part
        return out

    def parts(self, hand: Iterable[int], distinct_ids: bool = False) -> list[tuple[Meld, ...]]:
        """find_melds() in parts: the runs of each suit (suits in order), then the sets of each
        rank (ranks in order), each part a non-empty tuple of melds; find_melds() is their
        concatenation."""
        info = self.info
        wild, suit_of, rank_of = info.wild, info.suit_of, info.rank_of
        wilds = []
        by_suit: dict[int, list[int]] = {}
        by_rank: dict[int, list[int]] = {}
        for c in sorted(set(hand)):
            if wild[c]:
                wilds.append(c)
                continue
            suit, rank = suit_of[c], rank_of[c]
            if suit in by_suit:
                by_suit[suit].append(c)
            else:
                by_suit[suit] = [c]
            if rank in by_rank:
                by_rank[rank].append(c)
            else:
                by_rank[rank] = [c]
        wilds = tuple(wilds)
        out: list[tuple[Meld, ...]] = []
        n_wilds = len(wilds)
        if self.runs is not None:
            # a suit with too few cards, even with every wild, has no run: not looked up at all
            most = self.runs.max_wilds
            fewest = self.runs.min_len - (n_wilds if most is None or most > n_wilds else most)
            self._remembered(self._suit_parts, by_suit, fewest, self._suit_runs, wilds, distinct_ids, out)
        if self.sets is not None:
            most = self.sets.max_wilds
            fewest = self.sets.min_size - (n_wilds if most is None or most > n_wilds else most)
            self._remembered(self._rank_parts, by_rank, fewest, self._rank_sets, wilds, distinct_ids, out)
        return out

    def _remembered(self, known, groups, fewest, build, wilds, distinct_ids, out):
        """Per group (a suit's or a rank's cards) in key order: its melds from `known`, else built and
        remembered (the map emptied when full); a group with fewer than `fewest` cards is skipped."""
        tail = wilds + (distinct_ids,)
        for group in sorted([g for g, ids in groups.items() if len(ids) >= fewest]):
            ids = groups[group]
            # the group's ids, the wild ones (which a group's never are), then distinct_ids: one
            # flat tuple, which the garbage collector soon stops tracking, rather than one of three
            key = tuple(ids) + tail
            part = known.get(key)
            if part is None:
                part = build(group, ids, wilds, distinct_ids)
                if len(known) >= self.LIMIT:
                    known.clear()
                known[key] = part
            if part:
                out.append(part)

    def _suit_runs(self, suit: int, ids: list, wilds: tuple, distinct_ids: bool) -> tuple[Meld, ...]:
        """The runs of one suit: ``ids`` of that suit in id order."""
        rank_of = self.info.rank_of
        by_rank: dict[int, list[int]] = {}
        held = 0                                # the ranks held, bit r for rank r
        for c in ids:
            r = rank_of[c]
            if r in by_rank:
                by_rank[r].append(c)
            else:
                by_rank[r] = [c]
                held |= 1 << r
        # Most suits of a hand hold no run: told from the ranks held and the number of wild cards
        # (the starts at which a run may lie, remembered here by those two numbers: a plain dict
        # key, cheaper than the lru_cache's, which holds the rules too)
        rules = self.runs
        most = rules.max_wilds
        budget = len(wilds) if most is None or most > len(wilds) else most
        starts = self._starts.get((held, budget))
        if starts is None:
            if len(self._starts) >= self.LIMIT:
                self._starts.clear()
            starts = self._starts[held, budget] = _viable_starts(rules, held, budget)
        if not starts:
            return ()
        return tuple(_runs_in_suit(rules, suit, by_rank, list(wilds), distinct_ids, held, starts,
                                   self.info.wild_kind))

    def _rank_sets(self, rank: int, ids: list, wilds: tuple, distinct_ids: bool) -> tuple[Meld, ...]:
        """The sets of one rank: ``ids`` of that rank in id order.

        What _sets_of_rank() makes depends on the cards only through their suits (in id order),
        the number of wild cards and the rank: the cards are compared by id only among naturals
        or among wilds, which come in ascending id order.  So its melds are remembered as patterns
        (each meld's cards as places in ids + wilds, and the suits its cards stand for) by the
        suits and the number of wilds, and laid again on other cards and other ranks: a handful
        of patterns covers almost every rank of every hand."""
        suit_of, kinds = self.info.suit_of, self.info.wild_kind
        # wild cards of different kinds make different sets: their kinds are part of the pattern
        key = (tuple([suit_of[c] for c in ids]), tuple([kinds[w] for w in wilds]) if kinds else len(wilds),
               distinct_ids)
        patterns = self._set_patterns.get(key)
        if patterns is None:
            view = _RankView(rank, {c: suit_of[c] for c in ids}, kinds)
            found = tuple(_sets_of_rank(self.sets, list(ids), list(wilds), view, distinct_ids))
            place = {c: i for i, c in enumerate(tuple(ids) + wilds)}
            patterns = tuple((tuple([place[c] for c in m.cards]), tuple([s for _, s in m.stands_for]))
                             for m in found)
            if len(self._set_patterns) >= self.LIMIT:
                self._set_patterns.clear()
            self._set_patterns[key] = patterns
            if found:
                return found
        cards = tuple(ids) + wilds
        stands = self._stands
        out = []
        for places, suits in patterns:
            sf = stands.get((rank, suits))
            if sf is None:
                if len(stands) >= self.LIMIT:
                    stands.clear()
                sf = stands[rank, suits] = tuple([(rank, s) for s in suits])
            out.append(_meld("set", tuple([cards[i] for i in places]), sf, (), 0))
        return tuple(out)


class _RankView:
    """The part of a CardInfo that ``_sets_of_rank`` reads, for the cards of one rank."""

    def __init__(self, rank: int, suits: dict, wild_kind=()):
        self.rank_of = _Always(rank)
        self.suit_of = suits
        self.wild_kind = wild_kind


class _Always:
    def __init__(self, value):
        self.value = value

    def __getitem__(self, _):
        return self.value
