"""Summary statistics over game records: win rates with intervals, score spreads, lengths,
balance figures and the ruleset's own metrics.  Records are added one at a time and only
running totals and bounded histograms are kept, so memory stays flat however many games."""
from __future__ import annotations

import math
from collections import Counter

from .metrics import BINS, lead_codes, one_seat_a_side, sequence_leads

MAX_DISTINCT = 2000      # distinct values kept by a histogram before the rest count as 'other'
FIGURES = ("hands", "tricks", "turns", "lead_changes", "decided_hand", "decided_fraction", "side_lead_changes",
           "hand_lead_changes", "drama")
# The keys of a record that Summary.add reads when given the record's leads (and "check", which the
# runner's rules check totals read): all a worker need send when no records file is written.
SUMMARY_KEYS = ("error", "sampled_worlds", "sampling_fallbacks", "winners", "scores", "bots", *FIGURES, "metrics",
                "check")
CERTAIN = 0.95          # a lead is decisive when leaders that far ahead went on to win this often
CERTAIN_MIN_POINTS = 20


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (successes may be fractional: shared wins)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_sd(values) -> tuple[float, float]:
    values = list(values)
    if not values:
        return 0.0, 0.0
    m = sum(values) / len(values)
    if len(values) < 2:
        return m, 0.0
    var = sum((v - m) ** 2 for v in values) / (len(values) - 1)
    return m, math.sqrt(var)


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportion_p(x1: float, n1: int, x2: float, n2: int) -> float:
    """Two-sided p-value of the pooled two-proportion z-test (1.0 when it cannot be computed)."""
    if not n1 or not n2:
        return 1.0
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    return 1.0 if se == 0 else normal_p((x1 / n1 - x2 / n2) / se)


def welch_p(m1, s1, n1, m2, s2, n2) -> float:
    """Two-sided p-value of Welch's test on two means, with the normal approximation
    (good for the game counts simulations use, optimistic below ~30 games)."""
    if n1 < 2 or n2 < 2:
        return 1.0
    se = math.sqrt(s1 * s1 / n1 + s2 * s2 / n2)
    if se == 0:
        return 1.0 if m1 == m2 else 0.0
    return normal_p((m1 - m2) / se)


class Moments:
    __slots__ = ("n", "sum", "sq")

    def __init__(self):
        self.n, self.sum, self.sq = 0, 0.0, 0.0

    def add(self, x):
        try:
            x = float(x)
        except OverflowError:        # a score too large for a float: it counts as infinite
            x = math.inf if x > 0 else -math.inf
        self.n += 1
        self.sum += x
        self.sq += x * x

    def mean_sd(self):
        if not self.n:
            return 0.0, 0.0
        m = self.sum / self.n
        var = (self.sq - self.n * m * m) / (self.n - 1) if self.n > 1 else 0.0
        return m, math.sqrt(max(0.0, var))


def _count(counter: Counter, key):
    n = counter.get(key)
    if n is not None:
        counter[key] = n + 1
    elif len(counter) < MAX_DISTINCT:
        counter[key] = 1
    else:
        counter["other"] += 1


def _as_float(x) -> float:
    """A number as Moments.add counts it (too large for a float: infinite)."""
    try:
        return float(x)
    except OverflowError:
        return math.inf if x > 0 else -math.inf


class Summary:
    """Accumulates records one at a time."""

    def __init__(self, players: int, first_seat: int = 1, teams=None, high=None):
        self.players = players
        self.high = high                     # the ruleset's end: better (true: higher), none: per record
        self.sides = [list(t) for t in teams] if teams else [[p] for p in range(players)]
        self.side_wins = [0.0] * len(self.sides)
        self.single = one_seat_a_side(self.sides)
        # Points (not the last of a game) by how many bins their lead reaches (0..BINS), and of those the
        # points whose leading side went on to win; lead_points / lead_held add them up per bin.
        self.reach = [0] * (BINS + 1)
        self.reach_held = [0] * (BINS + 1)
        self.certain_sum = [0.0] * BINS     # sum over games of the share played before that lead
        self.first_seat = first_seat % players
        self.games = 0
        self.unwon = 0                       # games nobody won (a cooperative team that lost, say)
        self.wins = [0.0] * players          # shared wins count 1/k each
        self.scores = [Moments() for _ in range(players)]
        self.figures = {k: Moments() for k in FIGURES}
        self.figure_items = tuple(self.figures.items())
        self.score_hist = [Counter() for _ in range(players)]
        self.length_hist = {"hands": Counter(), "turns": Counter()}
        self.length_items = tuple(self.length_hist.items())
        self.bot_wins, self.bot_seats = Counter(), Counter()
        self.metric_num, self.metric_cat = {}, {}
        self.stopped = 0
        self.errors = []
        self.error_games = []                # the number of the game of each message of `errors`
        self.worlds = self.fallbacks = 0     # the bots' sampled worlds, and those drawn without every constraint

    def add(self, record: dict, leads=None):
        """`leads`: the record's lead_codes() and sequence length when the caller has them (play_game's
        with_leads: worked out from rows its figures already signed, in the worker that played the
        game); else they are worked out here from the record's hand_scores and progress."""
        # Called once a game: the Moments and histogram updates are written out inline (Moments.add,
        # _count) and the common shapes (one winner, one seat a side) skip the general loops; the
        # running totals are the same, added in the same order.
        if "error" in record:
            self.stopped += 1
            if len(self.errors) < 5:
                self.errors.append(record["error"])
                self.error_games.append(record.get("game"))
            return
        self.games += 1
        if "sampled_worlds" in record:
            self.worlds += record["sampled_worlds"]
        if "sampling_fallbacks" in record:
            self.fallbacks += record["sampling_fallbacks"]
        winners = record["winners"]
        for w in winners:
            self.wins[w] += 1 / len(winners)
        if not winners:
            self.unwon += 1
        w = winners[0] if len(winners) == 1 else None
        one = w.__class__ is int and w >= 0
        if self.single and one:
            if w < len(self.side_wins):
                self.side_wins[w] += 1 / 1     # the other sides would add 0.0: no change
        else:
            for i, side in enumerate(self.sides):
                self.side_wins[i] += sum(1 for w in winners if w in side) / len(winners) if winners else 0.0
        bots = record.get("bots") or []
        for p, score in enumerate(record["scores"]):
            score = score or 0
            acc = self.scores[p]
            try:
                x = float(score)
            except OverflowError:
                x = _as_float(score)
            acc.n += 1
            acc.sum += x
            acc.sq += x * x
            hist = self.score_hist[p]
            n = hist.get(score)
            if n is not None:
                hist[score] = n + 1
            else:
                _count(hist, score)
        if bots:
            seats = self.bot_seats          # Counter.update(bots) written out: the same counts
            for name in bots:
                seats[name] = seats.get(name, 0) + 1
            if one:
                if w < len(bots):
                    self.bot_wins[bots[w]] += 1 / 1
            else:
                for p, name in enumerate(bots):
                    if p in winners:
                        self.bot_wins[name] += 1 / len(winners)
        for key, acc in self.figure_items:
            if key in record:
                value = record[key] or 0
                try:
                    x = float(value)
                except OverflowError:
                    x = _as_float(value)
                acc.n += 1
                acc.sum += x
                acc.sq += x * x
        if leads is None:
            marks, n = sequence_leads(record, self.sides, self.single, self.high)
            self._add_leads(lead_codes(marks), n)
        else:
            self._add_leads(*leads)
        for key, hist in self.length_items:
            value = record.get(key, 0)
            n = hist.get(value)
            if n is not None:
                hist[value] = n + 1
            else:
                _count(hist, value)
        for name, value in (record.get("metrics") or {}).items():
            self._metric(name, value)

    def _add_leads(self, codes, n):
        """Count one game's lead_codes() (its sequence has n points) in the decisiveness table."""
        first, done = None, 0    # steps_of(marks, n) worked out along: the bins reached so far are a prefix
        reach, reach_held = self.reach, self.reach_held
        for i, code in enumerate(codes):
            if code < 0:
                continue
            reached = code >> 1
            reach[reached] += 1
            if code & 1:
                reach_held[reached] += 1
                if reached > done:
                    if first is None:
                        first = [n] * BINS
                    first[done:reached] = [i + 1] * (reached - done)
                    done = reached
        if first is None:        # the winner never led by a bin's share: every step is the whole game
            self.certain_sum = [total + 1.0 for total in self.certain_sum]
        else:
            self.certain_sum = [total + f / n for total, f in zip(self.certain_sum, first)]

    @property
    def lead_points(self) -> list:
        """Points (not the last of a game) where a side led by at least each bin's share."""
        return _at_least(self.reach)

    @property
    def lead_held(self) -> list:
        """... and where that side went on to win."""
        return _at_least(self.reach_held)

    def decisiveness(self) -> dict:
        n = self.games
        threshold = None
        lead_points, lead_held = self.lead_points, self.lead_held
        for k in range(BINS):
            pts = lead_points[k]
            if pts >= CERTAIN_MIN_POINTS and lead_held[k] / pts >= CERTAIN:
                threshold = k
                break
        table = [{"lead": (k + 1) / BINS, "points": lead_points[k], "leader_won": lead_held[k]}
                 for k in range(BINS)]
        if threshold is None:
            return {"threshold": None, "certain_fraction": 1.0, "leads": table}
        return {"threshold": (threshold + 1) / BINS, "certain_fraction": self.certain_sum[threshold] / n if n else 1.0,
                "leads": table}

    def _metric(self, name, v):
        if v.__class__ is list:          # values per hand, per trick...: every item counts
            # The usual items (numbers, texts, true/false, none) are counted here without a call.
            num = cat = None
            for item in v:
                cls = item.__class__
                if cls is int or cls is float:
                    if num is None:
                        num = self.metric_num.get(name)
                        if num is None:
                            num = self.metric_num[name] = Moments()
                    try:
                        x = float(item)
                    except OverflowError:
                        x = _as_float(item)
                    num.n += 1
                    num.sum += x
                    num.sq += x * x
                elif cls is str or cls is bool or item is None:
                    key = item if cls is str else "none" if item is None else "true" if item else "false"
                    if cat is None:
                        cat = self.metric_cat.get(name)
                        if cat is None:
                            cat = self.metric_cat[name] = Counter()
                    n = cat.get(key)
                    if n is not None:
                        cat[key] = n + 1
                    else:
                        _count(cat, key)
                else:
                    self._metric(name, item)     # a list or a dict within: as below
            return
        if isinstance(v, list):
            for item in v:
                self._metric(name, item)
            return
        if isinstance(v, dict):          # a value per suit, player or entry: one figure per key
            for k, item in v.items():
                self._metric(f"{name}.{k}", item)
            return
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            acc = self.metric_num.get(name)
            if acc is None:
                acc = self.metric_num[name] = Moments()
            acc.add(v)
        else:
            key = v if isinstance(v, str) else "none" if v is None else str(v).lower() if isinstance(v, bool) \
                else repr(v)
            counts = self.metric_cat.get(name)
            if counts is None:
                counts = self.metric_cat[name] = Counter()
            _count(counts, key)

    def as_dict(self, elapsed: float) -> dict:
        n = self.games
        won = n - self.unwon
        # a seat's fair share of the wins there were: games nobody won are no side's (1 / players when
        # every game has a winner)
        fair = 1 / self.players if not self.unwon else won / n / self.players
        seats = []
        for p in range(self.players):
            lo, hi = wilson(self.wins[p], n)
            mean, sd = self.scores[p].mean_sd()
            seats.append({"seat": p, "wins": self.wins[p], "win_rate": self.wins[p] / n if n else 0.0,
                          "win_low": lo, "win_high": hi, "score_mean": mean, "score_sd": sd})
        first = seats[self.first_seat]
        figures = {}
        for key, acc in self.figures.items():
            mean, sd = acc.mean_sd()
            figures[key] = {"mean": mean, "sd": sd}
        by_bot = {}
        for name, seat_games in sorted(self.bot_seats.items()):
            lo, hi = wilson(self.bot_wins[name], seat_games)
            rate = self.bot_wins[name] / seat_games
            by_bot[name] = {"seat_games": seat_games, "wins": self.bot_wins[name], "win_rate": rate,
                            "win_low": lo, "win_high": hi, "fair_share": fair, "skill_gap": rate - fair}
        metrics = {}
        for name, acc in self.metric_num.items():
            mean, sd = acc.mean_sd()
            metrics[name] = {"kind": "number", "count": acc.n, "mean": mean, "sd": sd}
        for name, counts in self.metric_cat.items():
            if name in metrics:          # numbers and other values (a player or none): keep both
                metrics[name]["other"] = dict(counts.most_common())
                continue
            metrics[name] = {"kind": "counts", "count": sum(counts.values()),
                             "counts": dict(counts.most_common())}
        all_scores = Counter()
        for h in self.score_hist:
            all_scores.update(h)
        return {"games": n, "players": self.players, "seats": seats, "fair_share": fair, "unwon": self.unwon,
                "first_seat": {"seat": self.first_seat, "win_rate": first["win_rate"], "win_low": first["win_low"],
                               "win_high": first["win_high"], "advantage": first["win_rate"] - fair},
                "hands_per_game": figures["hands"]["mean"], "tricks_per_game": figures["tricks"]["mean"],
                "turns_per_game": figures["turns"]["mean"], "figures": figures, "by_bot": by_bot,
                "metrics": metrics,
                "histograms": {"score": _hist(all_scores), "score_by_seat": [_hist(h) for h in self.score_hist],
                               "hands": _hist(self.length_hist["hands"]), "turns": _hist(self.length_hist["turns"])},
                "decisiveness": self.decisiveness(),
                "fairness": fairness(self.side_wins, won, self.sides, self.players),
                "stopped_games": self.stopped, "errors": self.errors,
                "error_games": self.error_games,
                "sampling": {"worlds": self.worlds, "fallbacks": self.fallbacks},
                "seconds": elapsed, "games_per_second": n / elapsed if elapsed > 0 else 0.0}


def _at_least(reach) -> list:
    """From counts by bins reached (0..BINS): for each bin k, how many reached at least k + 1 bins."""
    out, total = [], 0
    for count in reversed(reach[1:]):
        total += count
        out.append(total)
    return out[::-1]


def _hist(counter: Counter) -> dict:
    """A histogram as {value: count}, values sorted (JSON keys are strings)."""
    numeric = sorted((k for k in counter if k != "other"), key=lambda k: (not isinstance(k, (int, float)), k))
    out = {str(k): counter[k] for k in numeric}
    if "other" in counter:
        out["other"] = counter["other"]
    return out


def fairness(side_wins, games, sides, players, alpha=0.05) -> dict:
    """Chi-square test of the wins of every side (seat, or team when the ruleset has teams) at once
    against its fair share (its seats / players).  A win shared by k players counts 1/k to each
    (a side whose members share a win gets the whole of it); `games` counts the games someone won, as
    a game nobody won is no side's (every side losing together says nothing of the seats).  Valid when each expected count is at
    least about 5; `reliable` says whether that holds."""
    from .dist import chi2_sf
    expected = [games * len(side) / players for side in sides]
    df = len(sides) - 1
    # one side alone (one player, or everyone in one team) has nothing to be compared with: no statistic
    chi = sum((o - e) ** 2 / e for o, e in zip(side_wins, expected) if e > 0) if df > 0 else 0.0
    p = chi2_sf(chi, df) if games and df > 0 else 1.0
    return {"by": "team" if any(len(s) > 1 for s in sides) else "seat", "sides": [list(s) for s in sides],
            "wins": list(side_wins), "expected": expected, "chi_square": chi, "df": df, "p": p,
            "alpha": alpha, "significant": bool(games and df > 0 and p < alpha),
            "reliable": bool(expected) and min(expected) >= 5}
