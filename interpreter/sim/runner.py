"""Run many games, in one process or several, with the same results either way.

Game i of a run always has seed game_seed(seed, i), and results are gathered
in game order, so `--workers 1` and `--workers 4` give identical records.
Records stream to a file as they arrive; only running totals stay in memory.
"""
from __future__ import annotations

import json
import time
from concurrent.futures import ProcessPoolExecutor

from ..engine.game import GameError
from .play import game_seed, play_game
from .stats import Summary

_WORKER = {}


def _init_worker(path, options):
    from ..ruleset.loader import load_ruleset
    loaded = load_ruleset(path, options)
    _WORKER["rules"] = loaded.rules


def _play_batch(args):
    start, count, seed, players, bots = args
    rules = _WORKER["rules"]
    return [_safe_game(rules, players, game_seed(seed, i), bots, i) for i in range(start, start + count)]


def _safe_game(rules, players, seed, bots, index):
    try:
        record = play_game(rules, players, seed, bots)
    except GameError as err:
        return {"game": index, "seed": seed, "error": str(err)}
    record["game"] = index
    return record


def run(rules, games: int, seed: int = 0, players: int | None = None, bots=("random",), workers: int = 1,
        path: str | None = None, options: dict | None = None, on_record=None, progress=None) -> dict:
    """Play `games` games; call on_record(record) in game order; return the summary dict."""
    players = players or rules.default_players
    bots = list(bots)
    summary = Summary(players)
    started = time.perf_counter()
    interrupted = False
    try:
        if workers <= 1:
            for i in range(games):
                record = _safe_game(rules, players, game_seed(seed, i), bots, i)
                _take(summary, record, on_record, progress)
        else:
            batch = max(1, min(200, games // (workers * 8) or 1))
            jobs = [(start, min(batch, games - start), seed, players, bots) for start in range(0, games, batch)]
            with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                                     initargs=(path, options or {})) as pool:
                for records in pool.map(_play_batch, jobs):
                    for record in records:
                        _take(summary, record, on_record, progress)
    except KeyboardInterrupt:
        interrupted = True
    result = summary.as_dict(time.perf_counter() - started)
    result["interrupted"] = interrupted
    result["bots"] = bots
    result["seed"] = seed
    return result


def _take(summary, record, on_record, progress):
    summary.add(record)
    if on_record is not None:
        on_record(record)
    if progress is not None:
        progress(1)


def write_jsonl(handle):
    def write(record):
        handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    return write
