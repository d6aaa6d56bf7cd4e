"""Built-in functions over melds: groups of cards that form runs or sets.

A ruleset that uses them declares how melds are made in a `melds:` section
(see `add_meld_rules`): which cards are wild, what a run and a set are, and
which point tables give a meld its value. The matching itself is the shared
combination matcher in `interpreter/cards/combos.py`.

Values these functions produce (passed through choices as move options):

* a meld: `Meld` (kind, cards in meld order, what each card stands for);
* a play: a tuple of card-disjoint melds laid down together;
* a table change: `TableChange`, adding cards to a meld on the table (the
  result may be cut in pieces), or putting a natural card in place of the
  wild card that stands for it (the wild is freed).

A zone that holds melds on the table is a list of groups, each group a list
of card ids in meld order; what each group's wild cards stand for is kept in
`state.extra['readings']` (see `engine/melding.py`).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import NamedTuple

from ..cards.combos import (CardInfo, CardPlace, Meld, RunRules, SetRules, disjoint_search,
                            extensions, interpret_run, interpret_set, meld_value, split_run)
from ..cards.melds import MeldFinder
from ..diagnostics import did_you_mean, rank_hint
from . import types as T
from .compiler import Compiled
from .functions import _collection, builtin, unique_faces

MELD, PLAY, CHANGE = "meld", "play", "change"


class TableChange(NamedTuple):
    """Cards added to (or swapped into) group `group` of a table zone."""

    group: int                       # index of the group in the table zone
    before: tuple                    # the group's cards before the change (a check)
    pieces: tuple                    # the group afterwards: one meld, or several when cut
    added: tuple                     # cards that come from the player's zone
    freed: tuple                     # cards that leave the table (a replaced wild)


@dataclass(eq=False)
class MeldRules:
    """Everything the meld built-ins need, prepared once per ruleset."""

    # Table melds whose additions are remembered (see growth). A table meld is one object for as
    # long as it lies unchanged, so the entries of finished games are dead weight, which every full
    # pass of the garbage collector scans: a few games' worth is enough.
    GROWN_LIMIT = 2000
    PARTS_LIMIT = 20000                           # parts whose summaries _plays remembers

    info: CardInfo
    runs: RunRules | None
    sets: SetRules | None
    point_of: object                              # (rank, suit, CardPlace) -> number
    face: list                                    # card id -> id of its identical twin in copy 0
    split: tuple | None = None                    # (min, max) to cut long runs on the table
    wild_ids: list = field(default_factory=list)
    twin_naturals: bool = True                    # may two natural cards of a run stand for the same card?
    cut_at: int | None = None                     # the largest limit a meld_plays() call reached (None: none)

    def __post_init__(self):
        self.finder = MeldFinder(self.info, self.runs, self.sets)
        # Whole hands seldom come back (a hand changes at every draw), and every entry kept is more
        # work for the garbage collector's full passes: small memories (the parts of hands are
        # remembered in the finder and in _parts)
        self.find = lru_cache(maxsize=1024)(self._find)
        self.plays = lru_cache(maxsize=64)(self._plays)
        self.extend_rules = replace(self.runs, max_len=None) if self.runs and self.split else self.runs
        self._pairs = {}
        self._run_pairs = {}                      # (rank, rank) -> do two naturals of one suit and a wild make a run
        self._parts = {}                          # id(part of meld_parts) -> what _plays needs of it
        self._sig_numbers = {}                    # (kind, stands_for, faces) of a meld -> a number (dedupes plays)
        self._renewed = 0                         # how many times _parts and the numbers were emptied
        self._values = {}                         # (kind, stands_for, positions) -> value
        self._grown = {}                          # meld -> {card: its extensions as table pieces}
        self._views = {}                          # id(store of readings) -> TableView
        self.last_view = None                     # the TableView table_view() gave last
        self._ends = {}                           # a meld's shape -> the cards that may extend it
        self._loose = (replace(self.runs, max_wilds=None) if self.runs else None,
                       replace(self.sets, max_wilds=None) if self.sets else None)
        # each natural card's (rank, suit) as one number, wild cards -1: identical cards share it,
        # and may_extend() answers alike for them
        suits = self._suits = max([s for s in self.info.suit_of if s >= 0], default=0) + 1
        self._cell = [-1 if w else r * suits + s
                      for w, r, s in zip(self.info.wild, self.info.rank_of, self.info.suit_of)]
        self._by_suit, self._by_rank = {}, {}    # one natural card of each cell, by suit and by rank
        for c, cell in enumerate(self._cell):
            if cell >= 0 and cell not in self._cell[:c]:
                self._by_suit.setdefault(self.info.suit_of[c], []).append(c)
                self._by_rank.setdefault(self.info.rank_of[c], []).append(c)
        # each card's face, wild cards all as -1 (the keys partners_of gives)
        self._face_keys = [-1 if w else f for w, f in zip(self.info.wild, self.face)]
        # each card's face as far as melds tell cards apart: wild cards alike unless of different kinds
        # (a joker and a Two: CardInfo.wild_kind), each kind then a number of its own below -1
        kinds = self.info.wild_kind
        self._kind_keys = [(-2 - kinds[c] if kinds else -1) if w else f
                           for c, (w, f) in enumerate(zip(self.info.wild, self.face))]
        self.wild_set = frozenset([c for c, w in enumerate(self.info.wild) if w])   # the wild cards' ids
        self._twins = {}                          # card -> the ids of its face (every wild for a wild)
        self._partner_ids = {}                    # card -> the ids of the faces partners_of(card) gives

    def ok(self, m: Meld) -> bool:
        """False for a run in which two natural cards stand for the same card (e.g. both Aces of
        a full-length run) when the rules want a wild card in one of the two places."""
        if self.twin_naturals or m.kind != "run" or len(m.cards) <= len(self.runs.sequence):
            return True
        wild = self.info.wild
        natural = [f for c, f in zip(m.cards, m.stands_for) if not wild[c]]
        return len(set(natural)) == len(natural)

    # -- what the built-ins call (their closures and their generated source alike) --

    def melds_in(self, cards) -> list:
        return list(self.find(tuple(sorted(cards))))

    def melds_with(self, card, cards) -> list:
        return list(self.with_card(card, tuple(cards)))

    def meld_plays(self, cards, minimum, limit) -> list:
        found = list(self.plays(tuple(sorted(cards)), minimum, limit))
        if limit and len(found) >= limit and (self.cut_at is None or limit > self.cut_at):
            self.cut_at = limit          # some ways may be left out: validate's trial games warn
        return found

    def is_meld(self, cards) -> bool:
        return bool(self.readings(tuple(cards)))

    def wilds_in(self, x) -> int:
        wild = self.info.wild
        return sum(1 for c in _cards_of(x) if wild[c])

    def partners(self, card, cards) -> list:
        ids = self._partner_ids.get(card)
        if ids is None:
            # the ids of the cards other than `card` whose face is among partners_of(card): one set
            # test per card, which filter() makes without running Python code per card
            key = self._face_keys
            faces = self.partners_of(card)
            ids = self._partner_ids[card] = frozenset([c for c, k in enumerate(key) if k in faces and c != card])
        return list(filter(ids.__contains__, cards))

    def _find(self, cards: tuple) -> tuple:
        melds = self.finder.find(cards)
        if self.twin_naturals:
            return tuple(melds)                 # ok() accepts every meld
        # ok() refuses runs longer than the sequence only: the others are kept without the call
        n = len(self.runs.sequence) if self.runs is not None else 0
        return tuple([m for m in melds if len(m.cards) <= n or self.ok(m)])

    def _plays(self, cards: tuple, minimum, limit: int) -> tuple:
        """Sets of melds laid together. Melds are sought among card ids (not faces), so the two
        copies of a card can each serve in a different meld; plays that differ only in which
        copy they use are offered once.

        The melds come in parts (the runs of a suit, the sets of a rank: meld_parts), and what the
        search needs from a part is remembered with it (`_part`), so a hand that changed by a card
        or two since it was last seen costs little, and most hands (no play reaches the minimum)
        are refused from the parts' summaries alone."""
        if len(self._parts) > self.PARTS_LIMIT:
            # bounded; the signature numbers are renewed with it, here only, so that the numbers
            # of one call all come from one numbering
            self._parts.clear()
            self._sig_numbers.clear()
            self._renewed += 1
        entries = [self._part(p) for p in self.finder.parts(cards, True)]
        if minimum is not None:
            # No play can reach the minimum if neither all the melds with a positive value
            # together, nor every card at the best value per card any meld gives it, reach it.
            positive = 0
            best: dict = {}
            for entry in entries:
                positive += entry[5]
                for c, per_card in entry[4].items():
                    if per_card > best.get(c, 0.0):
                        best[c] = per_card
            if min(positive, sum(best.values())) + 1e-9 < minimum:
                return ()
        melds, values, keys = [], [], []
        for entry in entries:
            melds += entry[1]
            values += entry[2]
            keys += entry[3]
        # most valuable first, ties in the order found: sorted(..., key=(-value, index)), as a stable
        # sort by value in reverse (which keeps equal values in their order) without a key tuple
        order = sorted(range(len(melds)), key=values.__getitem__, reverse=True)
        raw = limit * 20 if limit else None
        found = disjoint_search([values[i] for i in order], [melds[i].cards for i in order], minimum, raw,
                                [keys[i] for i in order], limit)
        return tuple(tuple([melds[order[j]] for j in play]) for play in found)

    def _part(self, part: tuple) -> tuple:
        """(part, its melds the rules accept, their values, their signatures as numbers, {card: best
        value per card of those melds}, the sum of their positive values),
        remembered by the identity of the part (meld_parts gives the same tuple for the same cards),
        which the entry keeps alive so that its id cannot be reused meanwhile.  (_plays empties
        this memory when it passes its bound, never while it gathers a hand's parts.)"""
        parts = self._parts
        entry = parts.get(id(part))
        if entry is not None and entry[0] is part:
            return entry
        numbers = self._sig_numbers
        if self.twin_naturals:
            melds = part
        else:
            n = len(self.runs.sequence) if self.runs is not None else 0
            melds = [m for m in part if len(m.cards) <= n or self.ok(m)]     # see _find()
        values, keys = [], []
        best: dict = {}
        positive = 0
        known_values, face_key = self._values, self._kind_keys.__getitem__
        for m in melds:
            # value() and signature(), their work written out here (a part is new at most turns)
            cards, kind, stands = m.cards, m.kind, m.stands_for
            v = known_values.get((kind, stands, m.positions))
            if v is None:
                v = self.value(m)
            values.append(v)
            if v > 0:
                positive += v
            # what signature() tells, as (kind, stands_for, faces): the same melds alike, one tuple less
            sig = (kind, stands, tuple(map(face_key, cards)))
            number = numbers.get(sig)
            if number is None:
                number = numbers[sig] = len(numbers)
            keys.append(number)
            per_card = (v if v > 0 else 0.0) / len(cards)       # max(0.0, v) / len(cards)
            for c in cards:
                if per_card > best.get(c, 0.0):
                    best[c] = per_card
        # tuples of numbers, which the garbage collector stops tracking (lists it scans every time)
        # (the part itself when the rules accept all its melds: one tracked tuple fewer per part)
        kept = part if len(melds) == len(part) else tuple(melds)
        entry = parts[id(part)] = (part, kept, tuple(values), tuple(keys), best, positive)
        return entry

    def signature(self, m: Meld) -> tuple:
        """A meld as faces: identical copies (and any two wild cards of one kind) look the same."""
        return (m.kind, tuple(zip(map(self._kind_keys.__getitem__, m.cards), m.stands_for)))

    def value(self, meld: Meld) -> float:
        """The meld's value under the point tables, remembered by what it depends on (its kind
        and where each card stands): the same runs and sets recur in hand after hand."""
        key = (meld.kind, meld.stands_for, meld.positions)
        hit = self._values.get(key)
        if hit is None:
            if len(self._values) > 50000:
                self._values.clear()
            hit = self._values[key] = meld_value(meld, self.point_of)
        return hit

    def readings(self, cards) -> list:
        out = []
        if self.runs is not None:
            out += interpret_run(cards, self.info, self.runs)
        if self.sets is not None:
            out += interpret_set(cards, self.info, self.sets)
        return [m for m in out if self.ok(m)]

    def distinct(self, cards) -> list:
        """One card of each kind (identical twins, and wild cards of one kind, count once)."""
        return unique_faces(self._kind_keys, cards)

    def may_extend(self, m: Meld, card: int) -> bool:
        """A quick test: could the card possibly be added to the meld? (extensions() decides.)"""
        info = self.info
        if info.wild[card]:
            rules = self.extend_rules if m.kind == "run" else self.sets
            if rules is None or (rules.max_wilds is not None
                                 and sum(1 for c in m.cards if info.wild[c]) >= rules.max_wilds):
                return False
            limit = rules.max_len if m.kind == "run" else rules.max_size
            return limit is None or len(m.cards) < limit
        if m.kind == "set":
            return info.rank_of[card] == m.rank and len(m.cards) < (self.sets.max_size if self.sets else 0)
        runs = self.runs
        if runs is None or info.suit_of[card] != m.suit:
            return False
        rank, n = info.rank_of[card], len(runs.sequence)
        top = n if runs.high_wrap_rank is not None else n - 1
        for pos in (m.low - 1, m.high + 1):
            if runs.wrap or 0 <= pos <= top:
                if runs.rank_at(pos % n if runs.wrap else pos) == rank:
                    return True
        return False

    def with_card(self, card: int, cards: tuple) -> tuple:
        """Melds made of `card` and some of `cards` that use `card` (or an identical twin)."""
        info = self.info
        wild = info.wild
        if wild[card]:
            pool = cards
        else:
            suit, rank, suit_of, rank_of = info.suit_of[card], info.rank_of[card], info.suit_of, info.rank_of
            pool = tuple([c for c in cards if wild[c] or suit_of[c] == suit or rank_of[c] == rank])
        found = self.find(tuple(sorted(pool + (card,))))
        # the melds holding a card of this face (see _kind_keys): one test of sets, without a loop
        twins = self._twins.get(card)
        if twins is None:
            key = self._kind_keys[card]
            twins = self._twins[card] = frozenset([c for c, k in enumerate(self._kind_keys) if k == key])
        return tuple([m for m in found if not twins.isdisjoint(m.cards)])

    def partners_of(self, card: int) -> frozenset:
        """Faces of the cards that would make a meld with `card` and one more wild card."""
        info = self.info
        key = -1 if info.wild[card] else self.face[card]
        hit = self._pairs.get(key)
        if hit is None:
            faces, tried = set(), set()
            wild, suit_of, rank_of = info.wild, info.suit_of, info.rank_of
            for other in range(len(self.face)):
                if other == card:
                    continue
                # Identical cards (and any two wild cards) give the same answer: try one of each.
                face = -1 if wild[other] else self.face[other]
                if face in tried:
                    continue
                tried.add(face)
                # A meld holds one suit (a run) or one rank (a set): other natural cards cannot join.
                if (wild[card] or wild[other] or suit_of[other] == suit_of[card]
                        or rank_of[other] == rank_of[card]) and self._pair_fits(card, other):
                    faces.add(face)
            hit = self._pairs[key] = frozenset(faces)
        return hit

    def _pair_fits(self, card: int, other: int) -> bool:
        spare = next((w for w in self.wild_ids if w not in (card, other)), None)
        if spare is None:
            return False
        trio = (card, other, spare)
        runs, sets = self._loose
        info = self.info
        if runs and not info.wild[card] and not info.wild[other] and info.suit_of[card] == info.suit_of[other]:
            # Two natural cards of one suit and a wild card make a run or not by their ranks alone
            # (the windows of every suit are alike): asked once per pair of ranks, not per suit
            ranks = (info.rank_of[card], info.rank_of[other])
            fits = self._run_pairs.get(ranks)
            if fits is None:
                fits = self._run_pairs[ranks] = bool(interpret_run(trio, info, runs))
            if fits:
                return True
        elif runs and interpret_run(trio, info, runs):
            return True
        return bool(sets and interpret_set(trio, info, sets))

    def grown(self, m: Meld, card: int) -> tuple:
        """The ways `card` can be added to table meld `m`, each as the meld's pieces afterwards
        (remembered: table melds and hands change little between turns)."""
        entry = self.growth(m)
        if not (entry[3] if self.info.wild[card] else self._cell[card] in entry[2]):
            return ()
        per = entry[1]
        hit = per.get(card)
        if hit is None:
            hit = per[card] = tuple(self._grow(m, card))
        return hit

    def growth(self, m: Meld) -> tuple:
        """(m, {card: grown(m, card)}, the cells (see _cell) of the natural cards that may_extend()
        the meld, whether a wild card may): the remembered additions to one table meld, and what
        tells at once that a card cannot be added (most cards of a hand). Keyed by the meld
        object's identity (hashing a meld costs more than the lookup), which the entry keeps alive
        so that the identity cannot be reused while the entry exists."""
        entry = self._grown.get(id(m))
        if entry is None:
            if len(self._grown) > self.GROWN_LIMIT:
                self._grown.clear()
            # may_extend() reads the meld's kind, where its cards stand and how many are wild:
            # melds alike in these share the answer (remembered, the same melds recur)
            wild = self.info.wild
            shape = (m.kind, m.stands_for, m.positions, sum([1 for c in m.cards if wild[c]]))
            ends = self._ends.get(shape)
            if ends is None:
                if len(self._ends) > 20000:
                    self._ends.clear()
                # may_extend() is False for a natural card of another suit (a run) or rank (a
                # set), and alike for identical cards: one card of each cell of the meld's suit or rank
                reps = self._by_rank.get(m.rank, ()) if m.kind == "set" else self._by_suit.get(m.suit, ())
                cells = frozenset([self._cell[c] for c in reps if self.may_extend(m, c)])
                wilds = self.wild_ids
                ends = self._ends[shape] = (cells, bool(wilds) and self.may_extend(m, wilds[0]))
            entry = self._grown[id(m)] = (m, {}) + ends
        return entry

    def _grow(self, m: Meld, card: int):
        if not self.may_extend(m, card):
            return
        rules = self.extend_rules if m.kind == "run" else self.sets
        if rules is None:
            return
        for new in extensions(m, card, self.info, rules):
            if not self.ok(new):
                continue
            if self.split and new.kind == "run" and len(new) > self.split[1]:
                yield from split_run(new, self.split[0], self.split[1], self.info)
            else:
                yield (new,)


# -- the `melds:` section ----------------------------------------------------------

def add_meld_rules(cx, data):
    """Compile the `melds:` section (if any) into `cx.ns.meld_rules`."""
    spec = data.get("melds")
    cx.ns.meld_rules = cx.rules.meld_rules = None
    if spec is None:
        return
    path = ("melds",)
    u = cx.ns.universe
    wild = _wild_table(cx, path, spec.get("wild", "card.is_joker"))
    # wild cards that are not identical (a joker and a Two) make different melds: tell them apart
    # by their faces, unless every wild card is a copy of one card
    faces = {u.face[c] for c in range(u.size) if wild[c]}
    info = CardInfo(rank_of=[-1 if wild[c] else u.rank_index[c] for c in range(u.size)],
                    suit_of=[-1 if wild[c] else u.suit_index[c] for c in range(u.size)],
                    wild=wild,
                    wild_kind=[u.face[c] if wild[c] else -1 for c in range(u.size)] if len(faces) > 1 else ())
    runs = sets = split = None
    twins = True
    if spec.get("runs") is not None:
        r = spec["runs"]
        rp = path + ("runs",)
        order = _rank_list(cx, rp + ("order",), r.get("order", list(u.ranks)))
        after = r.get("after_last")
        after_idx = None
        if after is not None:
            after_idx = _rank_list(cx, rp + ("after_last",), [after])
            after_idx = after_idx[0] if after_idx else None
        min_len = _setting(cx, rp + ("min",), r.get("min", 3))
        max_len = _setting(cx, rp + ("max",), r.get("max"))
        full = r.get("full_length", True)
        twins = full != "with_wild"
        _sizes_possible(cx, rp, min_len, max_len, "runs")
        runs = RunRules(sequence=order, high_wrap_rank=after_idx, wrap=bool(r.get("wrap", False)),
                        min_len=min_len or 1, max_len=max_len,
                        max_wilds=_setting(cx, rp + ("wilds",), r.get("wilds", 1)),
                        full_length=full == "with_wild" or bool(_setting(cx, rp + ("full_length",), full)))
        if _setting(cx, rp + ("split",), r.get("split", False)):
            if max_len is None:
                cx.problem(rp + ("split",), "cutting long runs needs a 'max' length", "meaning")
            else:
                split = (min_len, max_len)
    if spec.get("sets") is not None:
        st = spec["sets"]
        sp = path + ("sets",)
        set_min = _setting(cx, sp + ("min",), st.get("min", 3))
        set_max = _setting(cx, sp + ("max",), st.get("max", len(u.suits)))
        _sizes_possible(cx, sp, set_min, set_max,
                        "sets" if "max" in st else "sets (max, not given, is the number of suits)")
        # none (no limit): no set is larger than the universe of cards, so that bound says it
        sets = SetRules(min_size=1 if set_min is None else set_min,
                        max_size=u.size if set_max is None else set_max,
                        max_wilds=_setting(cx, sp + ("wilds",), st.get("wilds", 1)),
                        distinct_suits=bool(_setting(cx, sp + ("different_suits",),
                                                     st.get("different_suits", True))),
                        suits=tuple(range(len(u.suits))))
    point_of = _point_of(cx, path + ("value",), spec.get("value") or {})
    cx.ns.meld_rules = MeldRules(info, runs, sets, point_of, list(u.face), split,
                                 [c for c in range(u.size) if wild[c]], runs is None or twins)
    cx.rules.meld_rules = cx.ns.meld_rules     # for bots and tests


def _setting(cx, path, value):
    """A number, true/false or none, or the name of an option holding one."""
    if isinstance(value, str):
        if value == "none":
            return None
        if value not in cx.rules.options:
            cx.problem(path, f"'{value}' is neither a number nor an option", "unknown-name",
                       hint="options: " + ", ".join(cx.rules.options) if cx.rules.options else None)
            return None
        cx.ns.read.add(value)          # the option is used (build.py warns about one nothing reads)
        value = cx.rules.options[value]
        if value == "none":
            return None
    if value is not None and not isinstance(value, (int, bool)):
        cx.problem(path, f"expected a number, true/false or none, not {value!r}", "type")
        return None
    if value is not None and not isinstance(value, bool) and value < 0:
        cx.problem(path, f"expected a number of cards, 0 or more, not {value}", "meaning",
                   hint="none (or leaving the key out) means no limit")
        return None
    return value


def _sizes_possible(cx, path, low, high, what):
    """Report a largest size below the smallest: no run or set could ever be made."""
    if isinstance(low, int) and isinstance(high, int) and not isinstance(high, bool) and high < low:
        cx.problem(path + ("max",), f"{what} of at most {high} cards but at least {low}: none can ever be made",
                   "meaning", hint=f"make max {low} or more, or min {high} or less")


def _wild_table(cx, path, text):
    u = cx.ns.universe
    compiled = cx.expr(path + ("wild",), text, T.BOOL, extra_locals={"card": T.CARD})
    try:
        return [bool(compiled.fn(None, {"card": c})) for c in range(u.size)]
    except Exception:  # the expression needs the running game
        cx.problem(path + ("wild",), "'wild' may only look at the card (and options), e.g. card.is_joker",
                   "meaning")
        return [bool(u.is_joker[c]) for c in range(u.size)]


def _rank_list(cx, path, ranks):
    u = cx.ns.universe
    if isinstance(ranks, str):
        ranks = (cx.rules.data.get("orders") or {}).get(ranks)
        if not isinstance(ranks, list):
            cx.problem(path, "expected a list of ranks or the name of an order given as a list", "type",
                       hint="e.g. order: plain, with plain a list of ranks under 'orders:'")
            return []
    out = []
    for i, r in enumerate(ranks):
        if str(r) not in u.ranks:
            cx.problem(path + (i,) if len(ranks) > 1 else path, f"'{r}' is not one of the pack's ranks",
                       "unknown-name", hint=rank_hint(r, u.ranks))
            continue
        out.append(u.ranks.index(str(r)))
    return out


def _point_of(cx, path, spec):
    """Meld values from point tables: `{run: t1, set: t2, after_last: t3}`."""
    u = cx.ns.universe
    tables = {}
    for place in ("run", "set", "after_last"):
        name = spec.get(place) or spec.get("run") or spec.get("set")
        if name is None:
            tables[place] = None
            continue
        binding = cx.ns.names.get(str(name))
        if binding is None or binding.kind != "points":
            tables_known = [n for n, b in cx.ns.names.items() if b.kind == "points"]
            cx.problem(path + (place,), f"'{name}' is not a point table", "unknown-name",
                       hint=did_you_mean(name, tables_known) or "declare it under 'points:'")
            tables[place] = None
            continue
        grid = {}
        for ri, rank in enumerate(u.ranks):
            for si, suit in enumerate(u.suits):
                cid = u.card_id(rank, suit)
                grid[ri, si] = binding.value(None, cid)
        tables[place] = grid

    def point_of(rank, suit, place: CardPlace):
        table = tables["set"] if place.kind == "set" else tables["after_last"] if place.high else tables["run"]
        return table[rank, suit] if table is not None else 0
    return point_of


# -- reading a table group ------------------------------------------------------------

def reread(cards: tuple, mr: MeldRules):
    """The reading of a group whose declarations were not kept: the one in this card order."""
    readings = mr.readings(cards)
    for m in readings:
        if m.cards == cards:
            return m
    return readings[0] if readings else None


def _rules_of(ctx, node):
    mr = getattr(ctx.ns, "meld_rules", None)
    if mr is None:
        ctx.error(node, "this function needs a 'melds:' section saying what runs and sets are",
                  hint="add e.g. melds: {runs: {min: 3}, sets: {min: 3, max: 4}}", rule="meaning")
    return mr


def _cards_of(value, mr=None) -> list:
    if type(value) is tuple:
        # a play (the usual case), at once: its melds' cards joined, checking each is a Meld as it goes
        out = []
        for m in value:
            if type(m) is not Meld:
                break
            out += m.cards
        else:
            return out
    if isinstance(value, Meld):
        return list(value.cards)
    if isinstance(value, TableChange):
        return list(value.added)
    if isinstance(value, int):
        return [value]
    out = []
    for item in value or ():
        out.extend(_cards_of(item))
    return out


def _value_of(value, mr) -> float:
    if isinstance(value, Meld):
        return mr.value(value)
    if isinstance(value, TableChange):
        before = reread(value.before, mr)
        return sum(mr.value(p) for p in value.pieces) - (mr.value(before) if before is not None else 0)
    return sum(_value_of(v, mr) for v in value or ())


# -- the built-ins ------------------------------------------------------------------------
#
# Each built-in gives its closure and the same call as Python source (`code=`, see expr/codegen.py):
# an expression using them (a move's options and `legal:`, a discard filter over the hand, a bot's
# rank) then becomes one generated function instead of a chain of closures.  Both call the same
# helper with the same argument values.

def _cards_arg(ctx, arg):
    return _collection(ctx, arg, "the cards", cards=True)


def _card_arg(ctx, arg):
    return ctx.expect(arg, ctx.compile(arg), T.CARD, "the card")


def _call(ctx, helper, *parts, state=False, extra=()):
    """Source calling `helper` with the parts' values (and `s` first when `state`), or None."""
    args = (["s"] if state else []) + ["{%d}" % i for i in range(len(parts))] + [ctx.ref(x) for x in extra]
    return ctx.source("%s(%s)" % (ctx.ref(helper), ", ".join(args)), *parts)


@builtin("melds_in", "melds_in(cards)",
         "Every meld (run or set, every reading of wild cards) that can be made from the cards; "
         "identical cards give each meld once (melds that differ only in which wild cards they use, a "
         "joker or a Two, are different melds).", 1, 1, "melds")
def _melds_in(ctx, node, args):
    mr = _rules_of(ctx, node)
    cards = _cards_arg(ctx, args[0])
    cf = cards.fn
    return Compiled(lambda s, e: mr.melds_in(cf(s, e)), T.list_of(MELD), code=_call(ctx, mr.melds_in, cards))


@builtin("melds_with", "melds_with(card, cards)",
         "The melds made of the card and some of the cards that use the card (or a card identical to it).",
         2, 2, "melds")
def _melds_with(ctx, node, args):
    mr = _rules_of(ctx, node)
    card = _card_arg(ctx, args[0])
    cards = _cards_arg(ctx, args[1])
    cardf, cf = card.fn, cards.fn
    return Compiled(lambda s, e: mr.melds_with(cardf(s, e), cf(s, e)), T.list_of(MELD),
                    code=_call(ctx, mr.melds_with, card, cards))


@builtin("meld_plays", "meld_plays(cards, minimum) or meld_plays(cards, minimum, limit)",
         "Ways to lay several card-disjoint melds from the cards at once whose total value is at "
         "least minimum (at most limit ways, 500 by default), most valuable melds tried first. Each way is "
         "a list of melds: count(w) melds, count(filter(w, m => meld_kind(m) == \"set\")) of them sets, "
         "meld_cards(w) their cards. The ways "
         "past the limit are never offered: when a move keeps only some of them (legal: a contract of so "
         "many sets and runs), raise the limit, e.g. meld_plays(hand[current], 0, 5000).", 2, 3, "melds")
def _meld_plays(ctx, node, args):
    mr = _rules_of(ctx, node)
    cards = _cards_arg(ctx, args[0])
    low = ctx.expect(args[1], ctx.compile(args[1]), T.NUM, "the minimum")
    lim = ctx.compile(args[2]) if len(args) > 2 else "500"
    cf, lowf = cards.fn, low.fn
    limf = lim.fn if len(args) > 2 else (lambda s, e: 500)
    return Compiled(lambda s, e: mr.meld_plays(cf(s, e), lowf(s, e), limf(s, e)), T.list_of(PLAY),
                    code=_call(ctx, mr.meld_plays, cards, low, lim))


@builtin("meld_cards", "meld_cards(x)",
         "The cards of a meld or of a play of several melds; for a change to a table meld, the cards "
         "it takes from the player.", 1, 1, "melds")
def _meld_cards(ctx, node, args):
    x = ctx.compile(args[0])
    f = x.fn
    return Compiled(lambda s, e: _cards_of(f(s, e)), T.CARDS, code=_call(ctx, _cards_of, x))


@builtin("meld_points", "meld_points(x)",
         "The value of a meld or a play under the point tables of the melds section (wild cards count "
         "as the card they stand for); for a change to a table meld, how much it adds.", 1, 1, "melds")
def _meld_points(ctx, node, args):
    mr = _rules_of(ctx, node)
    x = ctx.compile(args[0])
    f = x.fn
    return Compiled(lambda s, e: _value_of(f(s, e), mr), T.NUM, code=_call(ctx, _value_of, x, extra=(mr,)))


@builtin("meld_kind", "meld_kind(meld)", "\"run\" or \"set\".", 1, 1, "melds")
def _meld_kind(ctx, node, args):
    x = ctx.compile(args[0])
    f = x.fn
    return Compiled(lambda s, e: f(s, e).kind, T.STR, code=ctx.source("{0}.kind", x))


@builtin("is_meld", "is_meld(cards)", "True if the cards, all together, make one valid run or set.",
         1, 1, "melds")
def _is_meld(ctx, node, args):
    mr = _rules_of(ctx, node)
    cards = _cards_arg(ctx, args[0])
    cf = cards.fn
    return Compiled(lambda s, e: mr.is_meld(cf(s, e)), T.BOOL, code=_call(ctx, mr.is_meld, cards))


@builtin("wilds_in", "wilds_in(x)", "How many wild cards a meld, a play or a list of cards holds.",
         1, 1, "melds")
def _wilds_in(ctx, node, args):
    mr = _rules_of(ctx, node)
    x = ctx.compile(args[0])
    f = x.fn
    return Compiled(lambda s, e: mr.wilds_in(f(s, e)), T.NUM, code=_call(ctx, mr.wilds_in, x))


@builtin("partners", "partners(card, cards)",
         "The other cards among `cards` that would make a meld with this card and one more wild card "
         "(a measure of how useful a card is to keep).", 2, 2, "melds")
def _partners(ctx, node, args):
    mr = _rules_of(ctx, node)
    card = _card_arg(ctx, args[0])
    cards = _cards_arg(ctx, args[1])
    cf, hf = card.fn, cards.fn
    return Compiled(lambda s, e: mr.partners(cf(s, e), hf(s, e)), T.CARDS,
                    code=_call(ctx, mr.partners, card, cards))
