"""Run many games, in one process, in several, or on Ray, with the same results every way.

Game i of a run always has seed game_seed(seed, i) and its bots' seeds derive
from it, and records are taken in game order, so `--workers 1`, `--workers 4`
and the Ray backend give identical records.  Games go out in batches and only a
few batches are in flight at once; records stream to `on_record` (a file) as
they arrive and only running totals stay in memory.  Ctrl-C stops the run: the
summary then covers the games finished so far and says `interrupted`.
"""
from __future__ import annotations

import signal
import time
from dataclasses import dataclass, field

from ..engine.game import GameError
from .play import game_seed, play_game
from .pool import WorkerLost
from .stats import SUMMARY_KEYS, Summary

_WORKER = {}


@dataclass
class Batch:
    """Games start .. start+count-1 of a run: everything a worker needs besides the rules."""
    start: int
    count: int
    seed: int
    players: int
    bots: list
    bot_options: dict = field(default_factory=dict)
    rotate: bool = False
    check: bool = False          # run the rules check (rulecheck.py) on every game
    slim: bool = False           # no records file: records need only what the summary reads (SUMMARY_KEYS)


def play_batch(rules, batch: Batch) -> list:
    """(record, leads) for every game of the batch: see safe_game."""
    return [safe_game(rules, batch, i) for i in range(batch.start, batch.start + batch.count)]


def safe_game(rules, batch: Batch, index: int) -> tuple:
    """(the game's record, or {game, seed, error} if the rules stopped it; what Summary.add counts for
    its decisiveness, or None): see play_game's with_leads.

    With batch.slim, the record keeps only the keys the summary and the rules check read: from a
    worker, the rest (the scores after each hand, the progress samples) would be sent for nothing,
    and unpickling them was a third of the parent's time a game."""
    seed = game_seed(batch.seed, index)
    try:
        record, leads = play_game(rules, batch.players, seed, batch.bots, bot_options=batch.bot_options,
                                  index=index, rotate=batch.rotate, check=batch.check, with_leads=True)
    except GameError as err:
        return {"game": index, "seed": seed, "error": str(err)}, None
    record["game"] = index
    if batch.slim:
        record = {key: record[key] for key in SUMMARY_KEYS if key in record}
    return record, leads


def _init_worker(path, options, rules=None):
    """A worker's rules: those of the parent when the worker is a fork of it (nothing to load), else
    the ruleset loaded again from its file."""
    if rules is None:
        from ..ruleset.loader import load_ruleset
        rules = load_ruleset(path, options).rules
    _WORKER["rules"] = rules


def _worker_batch(batch):
    return play_batch(_WORKER["rules"], batch)


def batches(games, seed, players, bots, bot_options=None, rotate=False, workers=1, check=False, slim=False):
    """The run's games in batches: up to 200 games while many are left, then smaller, so that towards
    the end no worker waits long for another's last batch.  `slim`: see Batch."""
    share = max(1, workers) * 4
    least = max(1, min(25, games // (share * 2)))      # a batch's round trip costs little against 25 games
    start = 0
    while start < games:
        size = min(games - start, max(least, min(200, (games - start) // share)))
        yield Batch(start, size, seed, players, list(bots), dict(bot_options or {}), rotate, check, slim)
        start += size


def run(rules, games: int, seed: int = 0, players: int | None = None, bots=("random",), workers: int = 1,
        path: str | None = None, options: dict | None = None, on_record=None, progress=None,
        bot_options: dict | None = None, rotate: bool = False, backend: str = "local",
        address: str | None = None, data: dict | None = None, check: bool = False) -> dict:
    """Play `games` games; call on_record(record) in game order; return the summary dict."""
    players = players or rules.default_players
    bots = list(bots)
    summary = Summary(players, first_seat=(rules.first_dealer + 1) % players, teams=rules.teams.get(players),
                      high=rules.high_better)
    started = time.perf_counter()
    # Without a records file a record is read by the summary (and the rules check) only: from other
    # processes, only that part of it is sent.
    slim = on_record is None and (workers > 1 or backend == "ray")
    jobs = batches(games, seed, players, bots, bot_options, rotate, workers, check, slim)

    stop = CtrlC()
    checks = None
    if check:
        from .rulecheck import CheckTotals
        checks = CheckTotals()

    def take(played):
        for record, leads in played:
            summary.add(record, leads)
            if checks is not None and "check" in record:
                checks.add(record["check"])
            if on_record is not None:
                on_record(record)
            if progress is not None:
                progress(1)
        stop.check()

    interrupted = False
    try:
        with stop:
            if backend == "ray":
                from .ray_backend import run_batches
                run_batches(jobs, data, options or {}, address, take)
            elif workers <= 1:
                for job in jobs:
                    for i in range(job.start, job.start + job.count):
                        take([safe_game(rules, job, i)])
            else:
                _run_pool(jobs, workers, path, options or {}, take, rules)
    except KeyboardInterrupt:
        interrupted = True
    except (WorkerLost, OSError):
        if not stop.hit:         # a worker lost after Ctrl-C was pressed: part of the interruption
            raise
        interrupted = True
    result = summary.as_dict(time.perf_counter() - started)
    result.update(interrupted=interrupted, bots=bots, seed=seed, rotate=rotate, bot_options=dict(bot_options or {}))
    if checks is not None:
        result["check"] = checks.as_dict()
    return result


class CtrlC:
    """While a run is on, the first Ctrl-C asks it to stop after the record being taken (so the
    summary and the records file agree); a second one stops at once."""

    def __enter__(self):
        self.hit, self.old = False, None
        try:
            self.old = signal.signal(signal.SIGINT, self._handler)
        except ValueError:        # not the main thread: Ctrl-C arrives as KeyboardInterrupt as usual
            pass
        return self

    def _handler(self, signum, frame):
        if self.hit:
            raise KeyboardInterrupt
        self.hit = True

    def check(self):
        if self.hit:
            raise KeyboardInterrupt

    def __exit__(self, *exc):
        if self.old is not None:
            signal.signal(signal.SIGINT, self.old)
        return False


def _run_pool(jobs, workers, path, options, take, rules=None):
    import multiprocessing
    from .pool import Pool
    # a forked worker starts with the parent's memory: it is given the loaded rules, not a file to load
    forked = rules if multiprocessing.get_start_method() == "fork" else None
    with Pool(_worker_batch, workers, _init_worker, (path, options, forked)) as pool:
        for records in pool.map(jobs):
            take(records)


def write_jsonl(handle):
    from .records import jsonl_writer
    return jsonl_writer(handle)
