"""The balance figures of metrics.py by a faster path, for the usual records: the same figures.

The definitions in metrics.py walk every row with None checks, sign flips and side lookups; at a few
microseconds a record they were a large part of a simulation's time.  Most records are plain: rows of
one length, every value a finite number.  signed_rows() turns such rows into rows of side scores,
negated when low scores are better (so the best is always the largest), and the functions below
compute the same figures from them with no checks left.  They take the same maxima in the same order
as the definitions (max() keeps the first of equal values), so even the types of the results are the
same.  Anything else (an unknown score, a NaN or an infinity, rows of different lengths) takes the
definitions.  tests/test_sim_fastpath.py checks that both paths agree on many records, plain or not.
"""
from __future__ import annotations

from operator import ne, neg, sub


def one_seat_a_side(sides) -> bool:
    return all(len(side) == 1 and side[0] == q for q, side in enumerate(sides))


def signed_rows(rows, sides, high, single=None):
    """The side scores of every row, negated when low is better (so the best is the largest), or None
    when the rows are not plain.  `sides` None means one seat a side for any number of seats.  The rows
    themselves when nothing changes, else tuples."""
    if not rows:
        return None
    width = len(rows[0])
    if sides is None:
        single = True
    elif single is None:
        single = one_seat_a_side(sides)
    if not width or (single and sides is not None and len(sides) != width):
        return None
    if not single:
        if not sides:
            return None
        for side in sides:          # a loop, not any() of a generator: called once a game
            if not side or max(side) >= width or min(side) < 0:
                return None
    if len(set(map(len, rows))) != 1:
        return None
    try:
        total = sum(map(sum, rows))       # fails on none or a value that is not a number
    except (TypeError, OverflowError):
        return None
    if total - total:        # NaN or an infinity among the values (or a float sum that overflowed)
        return None
    if single and high:
        return rows
    cols = list(zip(*rows))
    if not single:           # a side's score is the best of its members' (side_scores)
        cols = [cols[side[0]] if len(side) == 1 else tuple(map(max, *[cols[q] for q in side])) for side in sides]
    if not high:
        cols = [tuple(map(neg, col)) for col in cols]
    return list(zip(*cols))


SINGLES = [[[q] for q in range(n)] for n in range(13)]


def singles(n):
    """[[0], [1], ..., [n - 1]] (kept for up to 12 seats): the sides when every seat is its own side."""
    return SINGLES[n] if n < len(SINGLES) else None


def leaders(rows) -> list:
    """The sole leader of every plain signed row (the only holder of its maximum), else None."""
    out = []
    for r in rows:
        best = max(r)
        out.append(r.index(best) if r.count(best) == 1 else None)
    return out


def maxima_and_leaders(rows) -> tuple:
    """(the maximum of every plain signed row, leaders(rows)): the figures below take the maxima
    (and the minima) of rows already looked at from the caller rather than work them out again."""
    best = list(map(max, rows))
    return best, [r.index(b) if r.count(b) == 1 else None for r, b in zip(rows, best)]


def plain_changes(rows) -> int:
    """lead_changes() of plain signed rows."""
    changes, last = 0, None
    for r in rows:
        best = max(r)
        if r.count(best) != 1:
            continue
        now = r.index(best)
        if last is not None and now != last:
            changes += 1
        last = now
    return changes


def changes_of(leaders) -> int:
    """How often the sole leader differs from the previous sole leader (lead_changes)."""
    known = [q for q in leaders if q is not None]
    return sum(map(ne, known, known[1:]))


def plain_decided(rows, winners, best=None) -> int:
    """decided_hand() of plain signed rows, one seat a side.  Behind: someone else is better than the
    best of the winners, i.e. the row's maximum is above it.  `best`: the rows' maxima (or more rows')
    when the caller has them."""
    n_hands = len(rows)
    if not winners:
        return n_hands
    one = winners[0] if len(winners) == 1 else None
    for h in range(n_hands, 0, -1):          # the last hand they were behind after
        r = rows[h - 1]
        if (max(r) if best is None else best[h - 1]) > (r[one] if one is not None else max([r[w] for w in winners])):
            return min(n_hands, h + 1)
    return min(n_hands, 1)


def plain_drama(rows, winners, won, best=None, low=None) -> float:
    """drama() of plain signed side rows; `won` = won_sides().  `best`, `low`: the rows' maxima and
    minima when the caller has them."""
    if not rows or not winners or len(rows[0]) < 2:
        return 0.0
    if best is None:
        best, low = map(max, rows), map(min, rows)
    worst, span = 0.0, 0.0
    rest = [i for i in range(len(rows[0])) if i not in won]
    one = won[0] if len(won) == 1 else None
    for r, top, bottom in zip(rows, best, low):
        gap = top - bottom
        if gap > span:                       # span = max(span, gap), as drama() takes it
            span = gap
        if not won or not rest:
            continue
        if one is not None:
            mine = r[one]
            # the best of the others: the row's maximum when above theirs (the first one, as max() takes)
            theirs = top if mine < top else max(r[:one] + r[one + 1:])
        else:
            mine, theirs = max([r[i] for i in won]), max([r[i] for i in rest])
        if theirs - mine > worst:
            worst = theirs - mine
    return share(worst, span) if span > 0 else 0.0


def plain_leads(rows, won, best=None, low=None, top=None) -> list:
    """leads() of plain signed side rows; `won` = won_sides().  `best`, `low`, `top`: the rows' maxima,
    minima and leaders() when the caller has them."""
    if not rows:
        return []
    if len(rows[0]) < 2:
        return [None] * (len(rows) - 1)
    if best is None:
        best, top = maxima_and_leaders(rows)
        low = list(map(min, rows))
    span = max(map(sub, best, low))
    if span <= 0:
        return [None] * (len(rows) - 1)
    out = []
    for i in range(len(rows) - 1):
        t = top[i]
        if t is None:          # the best value is held twice: no side leads alone
            out.append(None)
            continue
        r = rows[i]
        # the lead over the next best: the largest of the others (the first of equal ones, as the
        # second item of leads()'s stable sort is)
        part = best[i] - max(r[:t] + r[t + 1:])
        try:
            lead = part / span
        except OverflowError:
            lead = share(part, span)
        out.append((lead, t in won))
    return out


def share(part, whole) -> float:
    """part / whole as a float, exact for whole numbers too large for a float (huge scores)."""
    try:
        return part / whole
    except OverflowError:
        from fractions import Fraction
        return float(Fraction(part) / Fraction(whole))

