"""Summary statistics over game records: win rates with intervals, score spreads, lengths."""
from __future__ import annotations

import math


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (successes may be fractional: shared wins)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
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


class Summary:
    """Accumulates records one at a time (memory stays flat however many games)."""

    def __init__(self, players: int):
        self.players = players
        self.games = 0
        self.wins = [0.0] * players          # shared wins count 1/k each
        self.score_sum = [0.0] * players
        self.score_sq = [0.0] * players
        self.length = {"hands": [0, 0.0], "tricks": [0, 0.0], "turns": [0, 0.0]}
        self.stopped = 0
        self.errors = []

    def add(self, record: dict):
        if "error" in record:
            self.stopped += 1
            if len(self.errors) < 5:
                self.errors.append(record["error"])
            return
        self.games += 1
        winners = record["winners"]
        for w in winners:
            self.wins[w] += 1 / len(winners)
        for p, score in enumerate(record["scores"]):
            self.score_sum[p] += score
            self.score_sq[p] += score * score
        for key, acc in self.length.items():
            acc[0] += 1
            acc[1] += record.get(key, 0)

    def as_dict(self, elapsed: float) -> dict:
        n = self.games
        seats = []
        for p in range(self.players):
            rate = self.wins[p] / n if n else 0.0
            lo, hi = wilson(self.wins[p], n)
            mean = self.score_sum[p] / n if n else 0.0
            var = (self.score_sq[p] - n * mean * mean) / (n - 1) if n > 1 else 0.0
            seats.append({"seat": p, "win_rate": rate, "win_low": lo, "win_high": hi,
                          "score_mean": mean, "score_sd": math.sqrt(max(0.0, var))})
        lengths = {k: (acc[1] / acc[0] if acc[0] else 0.0) for k, acc in self.length.items()}
        return {"games": n, "players": self.players, "seats": seats,
                "fair_share": 1 / self.players, "hands_per_game": lengths["hands"],
                "tricks_per_game": lengths["tricks"], "turns_per_game": lengths["turns"],
                "stopped_games": self.stopped, "errors": self.errors,
                "seconds": elapsed, "games_per_second": n / elapsed if elapsed > 0 else 0.0}
