"""The skill ladder: bots of rising strength, each pair played head to head, seats rotating.

A *rung* is a bot name with its settings (e.g. search with playouts=20).  For
every pair of rungs (A, B) the games seat them alternately (A, B, A, B, ...),
game i shifted i seats round the table, and with an odd number of players the
roles swap every `players` games, so both rungs hold the same number of seats
over the pairing and each seat equally often.  Game i of every pairing uses
the same seed (common random numbers).  The cell M[A][B] is A's share of the
wins in those games (a shared win split), with its 95% Wilson interval; 0.5
means A and B are equally strong, and M[B][A] = 1 - M[A][B].

`skill_depth` is the length of the longest chain of rungs, in ladder order,
in which each rung beats the one before it in the chain (M's interval lies
above 0.5): the number of distinguishable levels of play, 1 when no rung beats
another.  `chain` names them.  The bots are
used only through `make_bot` (their insides may change freely).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import game as G
from .play import game_seed, play_out, seated
from .stats import wilson


@dataclass
class Rung:
    bot: str
    options: dict = field(default_factory=dict)

    @property
    def label(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.bot}({extra})" if extra else self.bot


def default_rungs(budgets=(20, 100)) -> list:
    return [Rung("random"), Rung("greedy")] + [Rung("search", {"playouts": b}) for b in budgets]


def seating(a: int, b: int, players: int, index: int) -> list:
    """Which rung sits in each seat in game `index` of the pairing (a, b)."""
    first, second = (a, b) if (players % 2 == 0 or (index // players) % 2 == 0) else (b, a)
    base = [first if p % 2 == 0 else second for p in range(players)]
    shift = index % players
    return [base[(p - shift) % players] for p in range(players)]


def play_seated(rules, players, seed, seat_rungs):
    """One game with a (bot, options) per seat; returns the engine's result with the seats' rungs."""
    s = G.new_game(rules, players, seed)
    play_out(s, seated(seed, [(rung.bot, rung.options) for rung in seat_rungs]))
    return G.result(s)


def play_pair(rules, rungs, a, b, start, count, players, seed) -> list:
    """Games start .. start+count-1 of the pairing (a, b): one record each."""
    out = []
    for i in range(start, start + count):
        seats = seating(a, b, players, i)
        seed_i = game_seed(seed, i)
        rec = {"pair": [rungs[a].label, rungs[b].label], "game": i, "seed": seed_i, "players": players,
               "seats": [rungs[r].label for r in seats], "_a": a, "_b": b, "_seats": seats}
        try:
            result = play_seated(rules, players, seed_i, [rungs[r] for r in seats])
        except G.GameError as err:
            rec["error"] = str(err)
        else:
            rec.update(winners=result["winners"], scores=result["scores"])
        out.append(rec)
    return out


_WORKER = {}


def _init_worker(path, options):
    from ..ruleset.loader import load_ruleset
    _WORKER["rules"] = load_ruleset(path, options).rules


def _worker_pair(args):
    return play_pair(_WORKER["rules"], *args)


def ladder(rules, rungs, games, players=None, seed=0, on_record=None, progress=None, workers=1, path=None,
           options=None) -> dict:
    """Every pair of rungs head to head; `workers` > 1 plays the pairs' batches in processes
    (the same records in the same order either way)."""
    players = players or rules.default_players
    k = len(rungs)
    wins = [[0.0] * k for _ in range(k)]
    played = [[0] * k for _ in range(k)]
    stopped = [0]
    size = max(1, min(50, games // max(1, workers * 2) or 1))
    jobs = [(rungs, a, b, start, min(size, games - start), players, seed)
            for a in range(k) for b in range(a + 1, k) for start in range(0, games, size)]

    def take(records):
        for rec in records:
            a, b, seats = rec.pop("_a"), rec.pop("_b"), rec.pop("_seats")
            if "error" in rec:
                stopped[0] += 1
            else:
                for w in rec["winners"]:
                    other = b if seats[w] == a else a
                    wins[seats[w]][other] += 1 / len(rec["winners"])
                played[a][b] += 1
                played[b][a] += 1
            if on_record:
                on_record(rec)
            if progress:
                progress(1)

    if workers <= 1 or path is None:
        for job in jobs:
            take(play_pair(rules, *job))
    else:
        from .pool import Pool
        with Pool(_worker_pair, workers, _init_worker, (path, options or {})) as pool:
            for records in pool.map(jobs):
                take(records)
    return summarize(rungs, wins, played, players, games, seed, stopped[0])


def summarize(rungs, wins, played, players, games, seed, stopped) -> dict:
    k = len(rungs)
    labels = [r.label for r in rungs]
    matrix = []
    for a in range(k):
        row = []
        for b in range(k):
            n = played[a][b]
            if a == b or not n:
                row.append(None)
                continue
            lo, hi = wilson(wins[a][b], n)
            row.append({"win_rate": wins[a][b] / n, "low": lo, "high": hi, "games": n,
                        "beats": lo > 0.5, "loses": hi < 0.5})
        matrix.append(row)
    best, prev = [1] * k, [None] * k         # longest chain up the ladder ending at each rung
    for j in range(k):
        for i in range(j):
            cell = matrix[j][i]
            if cell and cell["beats"] and best[i] + 1 > best[j]:
                best[j], prev[j] = best[i] + 1, i
    top = max(range(k), key=lambda j: (best[j], -j)) if k else None
    chain = []
    while top is not None:
        chain.insert(0, labels[top])
        top = prev[top]
    depth = len(chain)
    steps = [{"rung": labels[r], "below": labels[r - 1], **(matrix[r][r - 1] or {})} for r in range(1, k)]
    return {"rungs": labels, "players": players, "games_per_pair": games, "seed": seed, "matrix": matrix,
            "skill_depth": depth, "chain": chain, "steps": steps, "stopped_games": stopped}
