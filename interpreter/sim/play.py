"""Play one game with bots and return its record."""
from __future__ import annotations

from ..bots.base import make_bot
from ..engine import game as G


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game `index` in a run: independent of how games are split among workers."""
    return (base_seed * 1_000_003 + index * 7_919 + 17) % (2 ** 63)


def play_game(rules, players: int, seed: int, bots: list[str], log: bool = False) -> dict:
    s = G.new_game(rules, players, seed, log=log)
    seats = [make_bot(bots[p % len(bots)], seed * 31 + p) for p in range(players)]
    while not s.over:
        choice = s.pending
        index = seats[choice.player].decide(s, choice.player, choice.actions)
        G.apply_index(s, index)
    record = G.result(s)
    record["seed"] = seed
    record["players"] = players
    if log:
        record["events"] = s.events
    return record
