"""Deal cards into places at random, uniformly among the deals that meet some constraints.

The problem: a pool of cards must fill a number of places (a player's hand,
the stock, ...), each place taking exactly its number of cards, and some
cards may not go to some places (a player who showed a void in a suit holds
none of it).  Every deal that meets these constraints must be equally likely.

Retrying random deals until one fits is slow when the constraints are tight
and biased when the retries are steered.  Here the deals are counted
exactly instead.  Cards allowed in the same places are interchangeable for
counting, so they form one class; with a handful of places and classes, the
number of deals that complete a partial one is a small dynamic programme over
the places' remaining room.  A deal is then drawn one class at a time: how
many of the class's cards go to each place, with probability proportional to
the number of deals that complete that choice, then which cards go where, at
random.  Counts are exact integers, so the draw is exactly uniform.

`UniformDeals(cards, capacities, allowed)` prepares the counting once;
`draw(rng)` returns one deal as {place: [cards]}.  When no deal meets the
constraints, `count` is 0 and `draw` returns None.
"""
from __future__ import annotations

from math import factorial

# The counting table is kept below this many entries; past it the deal is drawn by the
# fallback (constraints ignored) and the caller counts it as such.
MAX_STATES = 200_000


class TooManyStates(Exception):
    """The counting table would grow past MAX_STATES."""


def _splits(total, rooms):
    """Every way to put `total` interchangeable cards into places with these rooms (a tuple)."""
    if not rooms:
        if total == 0:
            yield ()
        return
    first, rest = rooms[0], rooms[1:]
    room_rest = sum(rest)
    for k in range(max(0, total - room_rest), min(first, total) + 1):
        for tail in _splits(total - k, rest):
            yield (k,) + tail


class UniformDeals:
    def __init__(self, cards, capacities: dict, allowed: dict | None = None):
        """`cards`: the pool; `capacities`: {place: number of cards it takes}; `allowed`:
        {card: set of places it may go to} for constrained cards (others may go anywhere)."""
        allowed = allowed or {}
        self.places = list(capacities)
        index = {p: i for i, p in enumerate(self.places)}
        everywhere = tuple(range(len(self.places)))
        by_class = {}
        for c in sorted(cards):
            spots = allowed.get(c)
            key = everywhere if spots is None else tuple(sorted(index[p] for p in spots if p in index))
            by_class.setdefault(key, []).append(c)
        # the most constrained classes first; the unconstrained class (if any) last, counted in closed form
        self.classes = sorted(by_class.items(), key=lambda kv: (kv[0] == everywhere, len(kv[0]), kv[0]))
        self.rooms = tuple(capacities[p] for p in self.places)
        self._memo = {}
        if sum(len(v) for _, v in self.classes) != sum(self.rooms):
            self.count = 0
        else:
            self.count = self._ways(0, self.rooms)

    def _ways(self, j, rooms):
        """Deals of classes j.. into places with these rooms left."""
        if j == len(self.classes):
            return 1 if not any(rooms) else 0
        key = (j, rooms)
        got = self._memo.get(key)
        if got is not None:
            return got
        if len(self._memo) > MAX_STATES:
            raise TooManyStates()
        spots, cards = self.classes[j]
        m = len(cards)
        total = 0
        if j == len(self.classes) - 1:
            # the last class must fill exactly the room left, and only where it may go
            if all(r == 0 for i, r in enumerate(rooms) if i not in spots) and sum(rooms) == m:
                total = factorial(m)
                for i in spots:
                    total //= factorial(rooms[i])
        else:
            total = sum(w for _, w in self._completions(j, rooms))
        self._memo[key] = total
        return total

    def _completions(self, j, rooms):
        """(split, weight) for every way to deal class j into these rooms that the later classes can
        complete: the split's number of card choices times the number of their completions."""
        spots, cards = self.classes[j]
        m = len(cards)
        for split in _splits(m, tuple(rooms[i] for i in spots)):
            rest = list(rooms)
            ways = factorial(m)
            for i, k in zip(spots, split):
                rest[i] -= k
                ways //= factorial(k)
            more = self._ways(j + 1, tuple(rest))
            if more:
                yield split, ways * more

    def draw(self, rng):
        """One deal, uniform among those that meet the constraints: {place: [cards in random order]}."""
        if not self.count:
            return None
        rooms = self.rooms
        out = {p: [] for p in self.places}
        for j, (spots, cards) in enumerate(self.classes):
            if j == len(self.classes) - 1:
                split = tuple(rooms[i] for i in spots)
            else:
                options = list(self._completions(j, rooms))
                pick = rng.randrange(sum(w for _, w in options))
                for split, w in options:
                    if pick < w:
                        break
                    pick -= w
            shuffled = list(cards)
            rng.shuffle(shuffled)
            rest = list(rooms)
            at = 0
            for i, k in zip(spots, split):
                out[self.places[i]].extend(shuffled[at:at + k])
                at += k
                rest[i] -= k
            rooms = tuple(rest)
        for cards in out.values():
            rng.shuffle(cards)
        return out
