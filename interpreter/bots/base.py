"""What a bot is: something that picks one of the legal actions for the player to move.

Bots see the game through `decide(state, player, actions)`; a bot that needs to
reason about hidden cards must use `interpreter.engine.game.observation` or
`hidden_from`, never the other players' zones directly.
"""
from __future__ import annotations

import random


class Bot:
    name = "bot"

    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def decide(self, state, player, actions) -> int:
        """Return the index of the chosen action in `actions`."""
        raise NotImplementedError


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""
    name = "random"

    def decide(self, state, player, actions) -> int:
        return self.rng.randrange(len(actions))


BOTS = {"random": RandomBot}


def register_bot(cls):
    BOTS[cls.name] = cls
    return cls


def make_bot(name: str, seed: int) -> Bot:
    if name not in BOTS:
        from difflib import get_close_matches
        close = get_close_matches(name, list(BOTS), n=1)
        raise ValueError(f"unknown bot '{name}'" + (f"; did you mean '{close[0]}'?" if close else
                                                      f"; bots: {', '.join(sorted(BOTS))}"))
    return BOTS[name](seed)
