"""The simulator's bookkeeping takes fast paths for the common shapes (plain rows of numbers, one seat a
side, one winner, integer metrics); these tests check that they give exactly what the general definitions
give, on many generated records, plain or not (unknown scores, ties, NaN, infinities, huge numbers, teams,
shared or no winners).  Results are compared by repr, so 0 vs 0.0 or -0.0 vs 0.0 would count as a difference."""
from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from interpreter.sim import metrics as M
from interpreter.sim.stats import MAX_DISTINCT, Moments, Summary, _count

# -- the definitions, written the plain way (what the code computed before the fast paths) ------------


def steps_reference(marks, n):
    out = []
    for k in range(1, M.BINS + 1):
        b = k / M.BINS
        first = next((i + 1 for i, m in enumerate(marks) if m and m[1] and m[0] >= b - 1e-12), n)
        out.append(first / n if n else 1.0)
    return out


def sequence_of(record):
    hs = record.get("hand_scores") or [record["scores"]]
    progress = record.get("progress") or []
    return hs, progress, (hs if len(hs) > 1 else (progress[0] if progress else hs))


def game_figures_reference(record):
    hs = record.get("hand_scores") or [record["scores"]]
    high = M.higher_is_better(record["scores"], record["winners"])
    decided = M.decided_hand(hs, record["winners"], high)
    return {"lead_changes": M.lead_changes(hs, high), "decided_hand": decided,
            "decided_fraction": decided / len(hs) if hs else 1.0}


def more_figures_reference(record, sides, steps=True):
    hs, progress, sequence = sequence_of(record)
    high = M.higher_is_better(record["scores"], record["winners"])
    out = {"side_lead_changes": M.side_lead_changes(hs, sides, high),
           "hand_lead_changes": M.hand_lead_changes(progress, sides, high),
           "drama": M.drama(sequence, record["winners"], sides, high)}
    if steps:
        out["certain_steps"] = steps_reference(M.leads(sequence, record["winners"], sides, high), len(sequence))
    return out


class SummaryReference(Summary):
    """Summary.add as first written: one Moments.add and one _count per value, every side and bin walked."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.points, self.held = [0] * M.BINS, [0] * M.BINS

    @property
    def lead_points(self):
        return self.points

    @property
    def lead_held(self):
        return self.held

    def add(self, record):
        if "error" in record:
            self.stopped += 1
            if len(self.errors) < 5:
                self.errors.append(record["error"])
                self.error_games.append(record.get("game"))
            return
        self.games += 1
        self.worlds += record.get("sampled_worlds", 0)
        self.fallbacks += record.get("sampling_fallbacks", 0)
        winners = record["winners"]
        for w in winners:
            self.wins[w] += 1 / len(winners)
        self.unwon += not winners
        for i, side in enumerate(self.sides):
            self.side_wins[i] += sum(1 for w in winners if w in side) / len(winners) if winners else 0.0
        for p, score in enumerate(record["scores"]):
            score = score or 0
            self.scores[p].add(score)
            _count_reference(self.score_hist[p], score)
        for p, name in enumerate(record.get("bots") or []):
            self.bot_seats[name] += 1
            if p in winners:
                self.bot_wins[name] += 1 / len(winners)
        for key, acc in self.figures.items():
            if key in record:
                acc.add(record[key] or 0)
        hs, progress, sequence = sequence_of(record)
        high = M.higher_is_better(record["scores"], winners)
        marks = M.leads(sequence, winners, self.sides, high)
        for mark in marks:
            if mark is None:
                continue
            for k in range(M.BINS):
                if mark[0] >= (k + 1) / M.BINS - 1e-12:
                    self.points[k] += 1
                    self.held[k] += bool(mark[1])
        for k, share in enumerate(steps_reference(marks, len(sequence))):
            self.certain_sum[k] += share
        for key, hist in self.length_hist.items():
            _count_reference(hist, record.get(key, 0))
        for name, value in (record.get("metrics") or {}).items():
            self.metric_reference(name, value)

    def metric_reference(self, name, v):
        if isinstance(v, list):
            for item in v:
                self.metric_reference(name, item)
            return
        if isinstance(v, dict):
            for k, item in v.items():
                self.metric_reference(f"{name}.{k}", item)
            return
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            self.metric_num.setdefault(name, Moments()).add(v)
        else:
            key = v if isinstance(v, str) else "none" if v is None else str(v).lower() if isinstance(v, bool) \
                else repr(v)
            _count_reference(self.metric_cat.setdefault(name, Counter()), key)


def _count_reference(counter, key):
    if key in counter or len(counter) < MAX_DISTINCT:
        counter[key] += 1
    else:
        counter["other"] += 1


# -- generated records --------------------------------------------------------------------------------

ODD = [None, math.nan, math.inf, -math.inf, 10 ** 400, -(10 ** 400), 0.0, -0.0, 2.5, True]


def _value(rng, plain, floats):
    if not plain and rng.random() < 0.15:
        return rng.choice(ODD)
    v = rng.choice([0, 1, 2, 3, 5, 8, 13, -4, -1]) if rng.random() < 0.7 else rng.randint(-60, 60)
    return float(v) if floats else v


def _row(rng, n, plain, floats):
    row = [_value(rng, plain, floats) for _ in range(n)]
    if not plain and rng.random() < 0.03:
        row = row[:-1] or [1]         # a row of another length
    return row


def _sides(rng, n):
    shape = rng.random()
    if shape < 0.6 or n < 2:
        return [[p] for p in range(n)]
    if shape < 0.85 and n % 2 == 0:
        return [[p for p in range(n) if p % 2 == t] for t in range(2)]
    cut = rng.randint(1, n - 1)
    return [list(range(cut)), list(range(cut, n))]


def _record(rng, n):
    plain = rng.random() < 0.6
    floats = rng.random() < 0.3
    hands = rng.choice([1, 1, 2, 3, 5, 8])
    hs = [_row(rng, n, plain, floats) for _ in range(hands)]
    scores = list(hs[-1]) if len(hs[-1]) == n else [_value(rng, plain, floats) for _ in range(n)]
    progress = []
    for _ in range(rng.choice([0, 1, 1, 2, 4])):
        progress.append([[None if v is None else float(v) if isinstance(v, int) and abs(v) < 1e300 else v
                          for v in _row(rng, n, plain, True)] for _ in range(rng.choice([0, 1, 2, 3, 6, 12]))])
    winners = sorted(rng.sample(range(n), rng.choice([0, 1, 1, 1, 1, 2]) if n > 1 else 1))
    if winners and rng.random() < 0.5:       # winners usually hold the best score
        best = max((v for v in scores if isinstance(v, (int, float)) and v == v), default=None)
        winners = [q for q, v in enumerate(scores) if v == best][:2] or winners
    record = {"winners": winners, "scores": scores, "hand_scores": hs if rng.random() < 0.95 else [],
              "progress": progress, "bots": [rng.choice(["random", "greedy"]) for _ in range(n)],
              "hands": hands, "tricks": rng.randint(0, 40), "turns": rng.randint(1, 200)}
    if rng.random() < 0.3:
        record["sampled_worlds"], record["sampling_fallbacks"] = rng.randint(0, 9), rng.randint(0, 2)
    record["metrics"] = {"trumps": [rng.choice(["hearts", "spades", None, True, 3, 2.5]) for _ in range(hands)],
                         "count": [rng.choice([0, 1, 2, 10 ** 400, -1.5]) for _ in range(hands)],
                         "game": rng.choice([1, 2.5, "x", None, {"a": 1, "b": [2, "c"]}, [[1, 2], [3]]]),
                         "mixed": rng.choice([["x", [2], 3], [None, [True, 1.5], "y", 4], [[1], 2, False],
                                              [1, {"k": "v"}, "z", 2]])}
    return record


def _records(seed, count):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.choice([1, 2, 3, 4, 4, 5, 6])
        out.append((_record(rng, n), _sides(rng, n)))
    return out


def _outcome(fn, *args):
    """repr of what fn returns, or the kind of error it raises (a huge whole number beside an infinity
    cannot be subtracted: both paths must then fail alike)."""
    try:
        return repr(fn(*args))
    except (ArithmeticError, TypeError, ValueError, IndexError) as err:
        return type(err).__name__


@pytest.mark.parametrize("seed", range(4))
def test_figures_match_the_definitions_on_generated_records(seed):
    plain = 0
    for record, sides in _records(seed, 600):
        sequence = sequence_of(record)[2]
        high = M.higher_is_better(record["scores"], record["winners"])
        plain += M.signed_rows(sequence, sides, high) is not None
        assert _outcome(M.game_figures, record) == _outcome(game_figures_reference, record), record
        assert _outcome(M.more_figures, record, sides) == _outcome(more_figures_reference, record, sides), \
            (record, sides)
        assert _outcome(M.record_figures, {k: v for k, v in record.items() if k != "progress"}, record["progress"],
                        sides) == _outcome(lambda: (game_figures_reference(record),
                                                    more_figures_reference(record, sides, steps=False)))
        assert _outcome(M.sequence_leads, record, sides) == _outcome(
            lambda: (M.leads(sequence, record["winners"], sides, high), len(sequence)))
    assert 100 < plain < 550          # both paths were taken many times


@pytest.mark.parametrize("seed", range(3))
def test_summary_matches_the_plain_accumulation(seed):
    by_shape = {}
    for record, sides in _records(100 + seed, 1500):
        if _outcome(more_figures_reference, record, sides).endswith("Error"):
            continue           # figures that cannot be computed (a huge number beside an infinity)
        n = len(record["scores"])
        key = (n, tuple(map(tuple, sides)))
        if key not in by_shape:
            teams = sides if any(len(s) > 1 for s in sides) else None
            by_shape[key] = (Summary(n, teams=teams), SummaryReference(n, teams=teams))
        for summary in by_shape[key]:
            summary.add(dict(record))
        if len(record["winners"]) == 1 and record["winners"][0] == 0 and seed == 0:
            for summary in by_shape[key]:
                summary.add({"error": "stopped"})
    assert len(by_shape) > 5
    for fast, reference in by_shape.values():
        assert repr(fast.as_dict(1.0)) == repr(reference.as_dict(1.0))


def test_histograms_keep_their_bound():
    fast, reference = Summary(1), SummaryReference(1)
    for i in range(MAX_DISTINCT + 50):
        record = {"winners": [0], "scores": [i], "hand_scores": [[i]], "metrics": {"m": [f"v{i}", i % 7]}}
        fast.add(record)
        reference.add(record)
    assert repr(fast.as_dict(1.0)) == repr(reference.as_dict(1.0))
    assert fast.as_dict(1.0)["histograms"]["score"]["other"] == 50


def test_count_keeps_the_first_key_of_equal_numbers():
    counter = Counter()
    for key in (0, 0.0, 1.0, 1):
        _count(counter, key)
    assert list(counter.items()) == [(0, 2), (1.0, 2)]


def test_steps_in_one_pass_match_the_definition():
    rng = random.Random(5)
    for _ in range(2000):
        n = rng.randint(0, 12)
        marks = [rng.choice([None, (rng.random(), rng.random() < 0.6), (rng.choice([0.05, 0.1, 1.0, 0.5 - 1e-13]),
                                                                        True), (math.nan, True)])
                 for _ in range(max(0, n - 1))]
        assert M.steps_of(marks, n) == steps_reference(marks, n)


class _State:
    def __init__(self, hand_no, tricks, turns, n):
        self.hand_no, self.tricks, self.turns, self.n = hand_no, tricks, turns, n


class _Rules:
    max_hands = 1

    def __init__(self, values):
        self.values = values

    def final_score(self, s, env):
        v = self.values[(s.hand_no, s.tricks, env["p"])]
        if isinstance(v, Exception):
            raise v
        return v


def test_progress_samples_every_seat_and_gives_none_where_a_value_fails():
    values = {}
    for t in range(4):
        values.update({(1, t, 0): t, (1, t, 1): ValueError("no") if t == 1 else 2.5, (1, t, 2): 10 ** 400,
                       (1, t, 3): "text" if t == 2 else -t})
    progress = M.Progress(_Rules(values))
    for t in range(4):
        progress.sample(_State(1, t, 5, 4))
        progress.sample(_State(1, t, 5, 4))         # the same position again: no new sample
    hands = progress.finish([3, 2.5, 10 ** 400, -3])
    assert hands == [[[0.0, 2.5, None, 0.0], [1.0, None, None, -1.0], [2.0, 2.5, None, None],
                      [3.0, 2.5, None, -3.0]]]


class ProgressReference(M.Progress):
    """Progress.sample as first written: every value read and converted at every sample."""

    def sample(self, s):
        key = (s.hand_no, s.tricks or -s.turns)
        if key == self.key:
            return
        self.key = key
        env, now = {}, []
        for p in range(s.n):
            env["p"] = p
            try:
                now.append(M._number(self.fn(s, env)))
            except Exception:
                now.append(None)
        if s.hand_no != self.hand:
            if self.hands and self.is_score and now != self.last:
                self.hands[-1].append(now)
            self.hand, self.last = s.hand_no, None
            self.hands.append([])
        if now != self.last:
            self.hands[-1].append(now)
            self.last = now


def random_positions(rng, moves):
    """(players, {(hand, trick, player): value}, [(hand, trick)...]): positions a game passes through,
    the scores moving now and then to one of `moves` (ints, floats, none, an unreadable value...)."""
    n = rng.randint(1, 4)
    values, positions, hand, trick = {}, [], 1, 0
    current = [rng.choice([0, 1, 2]) for _ in range(n)]
    for _ in range(rng.randint(1, 25)):
        if rng.random() < 0.25:
            hand, trick = hand + 1, 0
        else:
            trick += rng.choice([0, 1, 1])
        for p in range(n):
            if rng.random() < 0.3:
                current[p] = rng.choice(moves)
            values[(hand, trick, p)] = current[p]
        positions.append((hand, trick))
    return n, values, positions


@pytest.mark.parametrize("seed", range(3))
def test_progress_matches_the_plain_sampling(seed):
    rng = random.Random(seed)
    for _ in range(300):
        n, values, positions = random_positions(
            rng, [0, 1, 2, 5, 2.0, 1.5, -3, True, 10 ** 400, None, "x", ValueError("unreadable")])
        rules = _Rules(values)
        rules.max_hands = rng.choice([1, 5])
        fast, given, reference = M.Progress(rules), M.Progress(rules), ProgressReference(rules)
        for hand, trick in positions:
            for progress in (fast, reference):
                progress.sample(_State(hand, trick, 7, n))
            # the caller's own reading of the scores, as play.py takes it at a hand's start
            scores = [None if isinstance(v, Exception) else v for v in (values[(hand, trick, p)] for p in range(n))]
            given.sample(_State(hand, trick, 7, n), scores if trick == 0 else None)
        final = [rng.choice([0, 1, 2.0, None]) for _ in range(n)]
        expected = repr(reference.finish(final))
        assert repr(fast.finish(final)) == expected and repr(given.finish(final)) == expected
