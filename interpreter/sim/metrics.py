"""Per-game balance figures derived from a record (definitions in docs/simulation.md).

All use `hand_scores`: the running score of every player after each hand (the
ruleset's `end.score`).  Whether a high or a low score is good is the ruleset's
`end: better` where it gives one; else it is read from the game's own result: if
the winners hold the lowest final score and not the highest, lower is better;
otherwise higher is better.
"""
from __future__ import annotations

from bisect import bisect_right

from ..engine.game import higher_is_better
from .plainrows import (changes_of, maxima_and_leaders, one_seat_a_side, plain_changes, plain_decided,
                        plain_drama, plain_leads)
from .plainrows import share as _share
from .plainrows import signed_rows, singles


def _best(values, seats, high):
    vals = [values[q] for q in seats if values[q] is not None]
    if not vals:
        return None
    return max(vals) if high else min(vals)


def leader(scores, high) -> int | None:
    """The one player with the best running score, or None on a tie."""
    best = _best(scores, range(len(scores)), high)
    if best is None:
        return None
    top = [q for q, v in enumerate(scores) if v == best]
    return top[0] if len(top) == 1 else None


def lead_changes(hand_scores, high) -> int:
    """How often the sole leader after a hand differs from the previous sole leader (ties skipped)."""
    changes, last = 0, None
    for scores in hand_scores:
        now = leader(scores, high)
        if now is None:
            continue
        if last is not None and now != last:
            changes += 1
        last = now
    return changes


def decided_hand(hand_scores, winners, high) -> int:
    """The first hand from which the eventual winners were never behind (1 = never behind at all).

    Behind after a hand: someone outside the winners had a strictly better running score than the
    best of the winners."""
    n_hands = len(hand_scores)
    if not n_hands or not winners:
        return n_hands
    rest = [q for q in range(len(hand_scores[0])) if q not in winners]
    last_behind = 0
    for h, scores in enumerate(hand_scores, 1):
        mine, theirs = _best(scores, winners, high), _best(scores, rest, high)
        if mine is None or theirs is None:
            continue
        if (theirs > mine) if high else (theirs < mine):
            last_behind = h
    return min(n_hands, last_behind + 1)


def game_figures(record, high=None) -> dict:
    """`high`: higher_is_better() of the record when the caller has it."""
    hs = record.get("hand_scores") or [record["scores"]]
    winners = record["winners"]
    if high is None:
        high = higher_is_better(record["scores"], winners)
    rows = signed_rows(hs, None, high)
    if rows is None:          # some score unknown or not a plain number: the definitions above
        decided, changes = decided_hand(hs, winners, high), lead_changes(hs, high)
    else:
        decided, changes = plain_decided(rows, winners), plain_changes(rows)
    return {"lead_changes": changes, "decided_hand": decided,
            "decided_fraction": decided / len(hs) if hs else 1.0}


# -- figures by side, within hands, drama and decisiveness (docs/simulation.md) ------------------

def side_scores(scores, sides) -> list:
    """A side's running score: the best of its members' (partners usually share one total)."""
    if len(sides) == len(scores) and all(len(side) == 1 and side[0] == q for q, side in enumerate(sides)):
        return list(scores)              # one seat a side: the scores themselves
    out = []
    for side in sides:
        vals = [scores[q] for q in side if q < len(scores) and scores[q] is not None]
        out.append(max(vals) if vals else None)
    return out


def side_lead_changes(hand_scores, sides, high) -> int:
    """Lead changes between sides (teams, else seats) after each hand."""
    flip = (lambda v: v) if high else (lambda v: None if v is None else -v)
    return lead_changes([[flip(v) for v in side_scores(h, sides)] for h in hand_scores], True)


def hand_lead_changes(progress, sides, high) -> int:
    """Within every hand, changes of the sole leading side of the sampled evaluation, added up."""
    return sum(0 if len(samples) < 2 else side_lead_changes(samples, sides, high) for samples in progress)


def drama(sequence, winners, sides, high) -> float:
    """How far behind the eventual winning side ever was: its largest deficit to the leading side,
    as a share of the largest gap between any two sides in the game (0 = never behind)."""
    if not sequence or not winners:
        return 0.0
    sign = 1 if high else -1
    won = [i for i, side in enumerate(sides) if any(w in side for w in winners)]
    worst, span = 0.0, 0.0
    for scores in sequence:
        vals = [None if v is None else sign * v for v in side_scores(scores, sides)]
        known = [v for v in vals if v is not None]
        if len(known) < 2:
            continue
        span = max(span, max(known) - min(known))
        mine = max((vals[i] for i in won if vals[i] is not None), default=None)
        theirs = max((v for i, v in enumerate(vals) if i not in won and v is not None), default=None)
        if mine is not None and theirs is not None:
            worst = max(worst, theirs - mine)
    return _share(worst, span) if span > 0 else 0.0


def leads(sequence, winners, sides, high):
    """For each point of the sequence but the last: (the leading side's lead over the next side as a
    share of the game's largest gap, whether that side won).  None where sides tie."""
    sign = 1 if high else -1
    rows = [[None if v is None else sign * v for v in side_scores(s, sides)] for s in sequence]
    span = max((max(k) - min(k) for k in ([v for v in r if v is not None] for r in rows) if len(k) > 1),
               default=0.0)
    out = []
    for vals in rows[:-1]:
        known = sorted((v for v in vals if v is not None), reverse=True)
        if len(known) < 2 or known[0] == known[1] or span <= 0:
            out.append(None)
            continue
        top = vals.index(known[0])
        out.append((_share(known[0] - known[1], span), any(w in sides[top] for w in winners)))
    return out


BINS = 20   # decisiveness thresholds tried: 0.05, 0.10, ..., 1.00 of the game's largest gap


def certain_steps(sequence, winners, sides, high) -> list:
    """For each threshold b of BINS, the share of the game (points of the sequence) played before the
    eventual winner first led by at least b; 1.0 if it never did."""
    return steps_of(leads(sequence, winners, sides, high), len(sequence))


THRESHOLDS = [k / BINS - 1e-12 for k in range(1, BINS + 1)]   # a lead reaches bin k when >= THRESHOLDS[k]


def steps_of(marks, n) -> list:
    """certain_steps from the sequence's leads (see leads()) and its length.

    One pass over the marks: the bins a lead reaches are a prefix of them (the thresholds grow), so
    the bins reached so far are a prefix too and each mark can only extend it."""
    if not n:
        return [1.0] * BINS
    first = [n] * BINS
    done = 0
    for i, m in enumerate(marks):
        if m and m[1]:
            share = m[0]
            while done < BINS and share >= THRESHOLDS[done]:
                first[done] = i + 1
                done += 1
            if done == BINS:
                break
    return [f / n for f in first]


def lead_codes(marks) -> list:
    """leads() as the summary's decisiveness table counts them, in small numbers (cheap to send from a
    worker): -1 where no side leads alone, else 2 * (how many bins the lead reaches, 0..BINS) + 1 if
    the leading side went on to win (a NaN share reaches none)."""
    return [-1 if m is None else
            2 * (bisect_right(THRESHOLDS, m[0]) if m[0] == m[0] else 0) + (1 if m[1] else 0)
            for m in marks]


class Progress:
    """Samples every player's evaluation (the ruleset's `bots.evaluate`, else `end.score`) at the first
    decision after each trick (before every decision in a game without tricks so far), keeping only
    the samples that differ from the previous one, hand by hand.  With the score as evaluation a hand
    ends with the scores after its scoring (seen at the next hand's first decision, or at the end).

    Sampling within hands costs a quarter of the run's time in some games, so it is done only where
    a figure needs it (`within`): in one-hand games (`end: max_hands: 1`) and when the ruleset gives
    `bots: evaluate`.  Otherwise the caller samples once a hand, at its first decision, or gives the
    scores it read there after the game (hand_starts)."""

    def __init__(self, rules):
        self.fn = getattr(rules, "bot_eval", None) or rules.final_score
        self.is_score = self.fn is rules.final_score
        self.within = not self.is_score or getattr(rules, "max_hands", 0) == 1
        self.hands, self.hand, self.last, self.key = [], None, None, None
        self.raw = self.now = None       # the last values read, when all numbers, and them as floats

    def sample(self, s, scores=None):
        """`scores`: every player's `end.score` in this position (none where it failed) when the caller
        has just read them (at a hand's start); used instead of reading them again if the evaluation
        is the score."""
        key = (s.hand_no, s.tricks or -s.turns)
        if key == self.key:
            return
        self.key = key
        raw = list(scores) if scores is not None and self.is_score else every_value(self.fn, s)
        # Often the values are those of the last sample (within a hand the scores rarely move): then,
        # in the same hand, there is nothing to add, and it shows before the values are looked at.
        # self.raw is only ever all numbers (else None), and a value equal to a number converts to
        # the same float (the language has no other numeric types; a bool equals 0 or 1), so the
        # sample would be self.now again, which self.last equals after every sample of a hand.
        if raw != self.raw or s.hand_no != self.hand:
            self._add(s.hand_no, raw)

    def hand_starts(self, rows):
        """sample() at the first decision of each hand, after the game: rows[i] is what the evaluation
        (the score: not `within`) read at the first decision of the i-th hand that had one.  Each
        starts a new hand; the hands are told apart by their place in `rows`."""
        if rows and self.is_score and not self.hands and _all_numbers(rows):
            try:
                samples = [[float(v) for v in raw] for raw in rows]
            except OverflowError:           # a score too large for a float: _add gives it none
                samples = None
            if samples is not None:
                # What _add does below when every value is a number, in one loop: a hand's first sample
                # also ends the hand before when it differs from that hand's last (its scoring).
                hands, last = self.hands, None
                for now in samples:
                    if hands and now != last:
                        hands[-1].append(now)
                    hands.append([now])
                    last = now
                self.hand, self.last = -len(rows), last
                self.raw, self.now = rows[-1], last
                return
        for i, raw in enumerate(rows):
            self._add(-1 - i, raw)          # -1, -2, ...: a new hand each time

    def at_stop(self, s):
        """play_picked's at_stop when sampling within hands: sample(s), then the next (turns, tricks)
        stops: the first decision after the next trick (each turn before the first trick), which is
        where sample() keys a new sample.  Called at every turn of some games, so sample() is written
        out here (no scores are given at a stop)."""
        tricks = s.tricks
        key = (s.hand_no, tricks or -s.turns)
        if key != self.key:
            self.key = key
            raw = every_value(self.fn, s)
            if raw != self.raw or s.hand_no != self.hand:
                self._add(s.hand_no, raw)
        return (None if tricks else s.turns), tricks

    def _add(self, hand, raw):
        """Add the values `raw` as a sample in hand number `hand` (unless equal to the last in it)."""
        # Usually every value is an int or a float: the last sample's conversion is reused when equal.
        numbers = True
        for v in raw:
            if v.__class__ is not int and v.__class__ is not float:
                numbers = False
                break
        if numbers and raw == self.raw:
            now = list(self.now)
        else:
            now = None
            if numbers:
                try:
                    now = list(map(float, raw))
                except OverflowError:
                    pass
            if now is None:
                now = [_number(v) for v in raw]
            self.raw, self.now = (raw if numbers else None), now
        if hand != self.hand:
            if self.hands and self.is_score and now != self.last:
                self.hands[-1].append(now)      # the hand's own scoring, seen at the next hand's start
            self.hand, self.last = hand, None
            self.hands.append([])
        if now != self.last:
            self.hands[-1].append(now)
            self.last = now

    def finish(self, final_scores):
        """Close the last hand with the final scores when the evaluation is the score."""
        if self.hands and self.is_score and list(final_scores) != self.last:
            self.hands[-1].append([_number(v) for v in final_scores])
        return self.hands


def _all_numbers(rows) -> bool:
    """Whether every value of these rows is an int or a float (not a bool, none or anything else)."""
    for raw in rows:          # plain loops: cheaper than a set of the types for a few short rows
        for v in raw:
            if v.__class__ is not int and v.__class__ is not float:
                return False
    return True


def sides_of(rules, players) -> list:
    teams = (getattr(rules, "teams", None) or {}).get(players)
    return [list(t) for t in teams] if teams else [[p] for p in range(players)]


def more_figures(record, sides, steps=True, with_leads=False, high=None, single=None):
    """The figures by side, within hands, drama and (with `steps`) the decisiveness steps of one record.
    With `with_leads`, (figures, (lead_codes(marks), n)) for (marks, n) = sequence_leads(record, sides),
    from the same signed rows.  `high`, `single`: higher_is_better() of the record and whether every
    side is one seat, when the caller has them.

    The scores take the plain path (plainrows.py) when they can, else the definitions above."""
    hs = record.get("hand_scores") or [record["scores"]]
    winners = record["winners"]
    if high is None:
        high = higher_is_better(record["scores"], winners)
    progress = record.get("progress") or []
    if single is None:
        single = sides == singles(len(sides)) or one_seat_a_side(sides)
    # Every row of the record at once: the hands, then the samples of each hand.
    flat = hs + [row for samples in progress for row in samples] if progress else hs
    rows = signed_rows(flat, sides, high, single)
    sequence = hs if len(hs) > 1 else (progress[0] if progress else hs)
    if rows is None:
        out = _more_by_sequence(hs, progress, sequence, winners, sides, high, single, steps)
        if not with_leads:
            return out
        marks, n = sequence_leads(record, sides, single)
        return out, (lead_codes(marks), n)
    won = won_sides(winners, sides, single)
    return _more_plain(hs, progress, sequence, winners, won, rows, *maxima_and_leaders(rows), steps, with_leads)


def record_figures(record, progress, sides, with_leads=False, high=None) -> tuple:
    """(game_figures(record), more_figures(record, sides, steps=False)) with record["progress"] =
    progress, at once: the two share the signed rows and the leaders of the hands when every side is
    one seat.  For a caller that adds the first, then progress, then the second to the record.
    `with_leads`: a third item, (lead_codes(marks), n) for (marks, n) = sequence_leads(the record,
    sides), from the same signed rows: what Summary.add counts for the decisiveness table.
    `high`: the ruleset's `end: better` (true: higher), none to read it from the record."""
    hs = record.get("hand_scores") or [record["scores"]]
    winners = record["winners"]
    if high is None:
        high = higher_is_better(record["scores"], winners)
    progress = progress or []
    single = sides == singles(len(sides)) or one_seat_a_side(sides)
    flat = hs + [row for samples in progress for row in samples] if progress else hs
    rows = signed_rows(flat, sides, high, single) if single else None
    if rows is None:
        first = game_figures(record, high)
        more = more_figures(dict(record, progress=progress), sides, False, with_leads, high, single)
        return (first, *more) if with_leads else (first, more)
    # Every row's maximum and sole leader are worked out once, for all the figures.
    n = len(hs)
    best, top = maxima_and_leaders(rows)
    sequence = hs if n > 1 else (progress[0] if progress else hs)
    won = won_sides(winners, sides, single)
    more = _more_plain(hs, progress, sequence, winners, won, rows, best, top, False, with_leads)
    second = more[0] if with_leads else more
    decided = plain_decided(rows[:n], winners, best)
    # one seat a side: the lead changes between sides are those between players
    first = {"lead_changes": second["side_lead_changes"], "decided_hand": decided, "decided_fraction": decided / n}
    return (first, *more) if with_leads else (first, second)


def _more_plain(hs, progress, sequence, winners, won, rows, best, top, steps=False, with_leads=False):
    """more_figures() from the plain signed rows of the hands then the samples, their maxima and their
    leaders (maxima_and_leaders; `won`: won_sides()).  With `with_leads`, (figures, (lead_codes(marks),
    n)) for (marks, n) = sequence_leads(): the sequence's rows are among these (the hands', or the
    first hand's samples in a one-hand game), so sequence_leads() would sign the same rows again."""
    n = len(hs)
    # the sequence's rows, maxima, minima and leaders: a slice of all of them
    at, k = (0 if sequence is hs else n), len(sequence)
    seq_rows, seq_best, seq_top = rows[at:at + k], best[at:at + k], top[at:at + k]
    seq_low = list(map(min, seq_rows))
    out = {"side_lead_changes": changes_of(top[:n]), "hand_lead_changes": _within(progress, top, n),
           "drama": plain_drama(seq_rows, winners, won, seq_best, seq_low)}
    if not steps and not with_leads:
        return out
    marks = plain_leads(seq_rows, won, seq_best, seq_low, seq_top)
    if steps:
        out["certain_steps"] = steps_of(marks, k)
    return (out, (lead_codes(marks), k)) if with_leads else out


def _within(progress, top, at) -> int:
    """hand_lead_changes from the leaders of the signed rows of the hands then the samples (`at`: the
    number of hands)."""
    within = 0
    for samples in progress:
        k = len(samples)
        if k == 2:               # the usual hand: a change if both samples have a sole leader, not the same
            a, b = top[at], top[at + 1]
            within += a is not None and b is not None and a != b
        elif k > 2:
            within += changes_of(top[at:at + k])
        at += k
    return within


def _more_by_sequence(hs, progress, sequence, winners, sides, high, single, steps) -> dict:
    """more_figures() when not every row is plain: each sequence by the plain path if it is plain."""
    def plain(rows):
        return signed_rows(rows, sides, high, single)

    rows = plain(hs)
    changes = side_lead_changes(hs, sides, high) if rows is None else plain_changes(rows)
    within = 0
    for samples in progress:
        if len(samples) > 1:
            sample_rows = plain(samples)
            within += side_lead_changes(samples, sides, high) if sample_rows is None \
                else plain_changes(sample_rows)
    seq_rows = rows if sequence is hs else plain(sequence)
    won = won_sides(winners, sides, single)
    if seq_rows is None:
        out = {"side_lead_changes": changes, "hand_lead_changes": within,
               "drama": drama(sequence, winners, sides, high)}
    else:
        out = {"side_lead_changes": changes, "hand_lead_changes": within,
               "drama": plain_drama(seq_rows, winners, won)}
    if steps:
        marks = leads(sequence, winners, sides, high) if seq_rows is None else plain_leads(seq_rows, won)
        out["certain_steps"] = steps_of(marks, len(sequence))
    return out


def sequence_leads(record, sides, single=None, high=None) -> tuple:
    """(leads(), length) of a record's sequence (its hands, else the samples of its one hand): what the
    summary's decisiveness table adds up.  `single`: whether sides are one seat each (else worked out);
    `high`: whether higher is better (else read from the record)."""
    hs = record.get("hand_scores") or [record["scores"]]
    if len(hs) > 1:
        sequence = hs
    else:
        progress = record.get("progress")
        sequence = progress[0] if progress else hs
    winners = record["winners"]
    if high is None:
        high = higher_is_better(record["scores"], winners)
    if single is None:
        single = one_seat_a_side(sides)
    rows = signed_rows(sequence, sides, high, single)
    if rows is None:
        return leads(sequence, winners, sides, high), len(sequence)
    return plain_leads(rows, won_sides(winners, sides, single)), len(sequence)


def won_sides(winners, sides, single=False) -> list:
    """The sides (indices) holding an eventual winner (`single`: one seat a side)."""
    if single and len(winners) == 1:
        w = winners[0]
        if w.__class__ is int and 0 <= w < len(sides):
            return [w]
    return [i for i, side in enumerate(sides) if any(w in side for w in winners)]


def _number(v):
    """A score as a float for the figures; none when it is not a number or too large for one."""
    if not isinstance(v, (int, float)):
        return None
    try:
        return float(v)
    except OverflowError:
        return None


def every_value(fn, s) -> list:
    """Every player's value of the compiled expression `fn` (reading the local `p`) in the position
    `s`, none for a player whose value cannot be read there (a score read mid-game, say)."""
    env, out = {}, []
    n, p = s.n, 0
    while p < n:            # one try around the players; a player whose value fails gets none
        try:
            while p < n:
                env["p"] = p
                out.append(fn(s, env))
                p += 1
        except Exception:   # not readable in this position
            out.append(None)
            p += 1
    return out
