"""What a bot is: something that picks one of the legal actions for the player to move.

Bots see the game through `decide(state, player, actions)`; a bot that needs to
reason about hidden cards must use `interpreter.engine.game.observation` or
`hidden_from`, never the other players' zones directly.
"""
from __future__ import annotations

import random

from ..engine.autoplay import random_picker
from ..engine.state import seeded_random


class Bot:
    name = "bot"

    def __init__(self, seed=0):
        self.rng = seeded_random(seed)

    def decide(self, state, player, actions) -> int:
        """Return the index of the chosen action in `actions`."""
        raise NotImplementedError

    # Settings a bot accepts from `--bot-option NAME=VALUE` (name -> default); see configure().
    settings: dict = {}
    # The values a setting of text may take (name -> tuple), checked by check_bot_options().
    setting_values: dict = {}

    def configure(self, options: dict) -> None:
        """Apply the `--bot-option` values this bot knows (numbers are converted); ignore the rest."""
        for name, default in self.settings.items():
            value = options.get(name, default)
            if isinstance(default, bool):
                value = value if isinstance(value, bool) else str(value).lower() in ("1", "true", "yes")
            elif isinstance(default, (int, float)):
                value = type(default)(float(value))
            setattr(self, name, value)

    def picker(self):
        """A function count -> action number when this bot chooses from the number of legal actions
        alone (then the engine may answer its decisions itself: engine/autoplay.py), else None."""
        return None

    def observe(self, state) -> None:
        """Called before every decision of the game, whoever decides (a player watching the table).

        The state is the real one: a bot may keep only what its player can see."""


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""
    name = "random"

    def decide(self, state, player, actions) -> int:
        return self.rng.randrange(len(actions))

    def picker(self):
        return random_picker(self.rng)


BOTS = {"random": RandomBot}


def register_bot(cls):
    BOTS[cls.name] = cls
    return cls


def load_bots() -> None:
    """Import every module of this package so that each registers its bots."""
    import importlib
    import pkgutil
    from pathlib import Path
    for info in pkgutil.iter_modules([str(Path(__file__).parent)]):
        importlib.import_module(f"{__package__}.{info.name}")


def bot_class(name: str) -> type:
    """The bot class registered as `name` (every module of this package loaded if need be)."""
    cls = BOTS.get(name)
    if cls is None:
        load_bots()
        cls = BOTS.get(name)
    if cls is None:
        from difflib import get_close_matches
        close = get_close_matches(name, list(BOTS), n=1)
        raise ValueError(f"unknown bot '{name}'" + (f"; did you mean '{close[0]}'?" if close else
                                                      f"; bots: {', '.join(sorted(BOTS))}"))
    return cls


def check_bot_options(options: dict, names) -> None:
    """Raise ValueError, in words, for a `--bot-option` that none of the bots `names` has as a setting,
    or whose value is not of the setting's kind (a number, true/false, one of its values); configure()
    would otherwise ignore the first and fail on, or silently misread, the second.  Unknown bot names
    are left to bot_class() to report."""
    from ..diagnostics import did_you_mean
    load_bots()
    classes = [BOTS[n] for n in dict.fromkeys(names) if n in BOTS]
    for name, value in options.items():
        owners = [cls for cls in classes if name in cls.settings]
        if not owners:
            known = sorted({k for cls in classes for k in cls.settings})
            hint = did_you_mean(name, known) or (f"settings: {', '.join(known)}" if known else
                                                 "these bots have no settings")
            bots = list(dict.fromkeys(names))
            raise ValueError(f"'{name}' is not a setting of the bot{'s' if len(bots) > 1 else ''} "
                             f"{', '.join(bots)}; {hint}")
        for cls in owners:
            default = cls.settings[name]
            allowed = cls.setting_values.get(name)
            if isinstance(default, bool):
                if str(value).lower() not in ("1", "true", "yes", "0", "false", "no"):
                    raise ValueError(f"bot setting '{name}' is true or false, not '{value}'")
            elif isinstance(default, (int, float)):
                try:
                    float(value)
                except (TypeError, ValueError):
                    raise ValueError(f"bot setting '{name}' needs a number, not '{value}'") from None
            elif allowed is not None and str(value) not in allowed:
                raise ValueError(f"bot setting '{name}' is one of {', '.join(allowed)}, not '{value}'")


def make_bot(name: str, seed: int, options: dict | None = None) -> Bot:
    cls = BOTS.get(name) or bot_class(name)
    plain = _PLAIN.get(cls)
    if plain is None:
        plain = _PLAIN[cls] = _only_a_generator(cls)
    if plain and seed.__class__ is int:
        # What cls(seed) and configure() would do, without the Python calls around the seeding (a
        # simulation makes a bot for every seat of every game): the generator seeded as seeded_random
        # seeds it, by the C seeding of the int, so the same stream.
        bot = _new_object(cls)
        rng = bot.rng = _new_random(random.Random)
        _c_seed(rng, seed)
        rng.gauss_next = None
        return bot
    bot = cls(seed)
    bot.configure(options or {})
    return bot


def _only_a_generator(cls) -> bool:
    """Whether a bot of class `cls` is made by Bot.__init__ alone: then it is nothing but its seeded
    generator until played (configure() does nothing without settings)."""
    return (cls.__new__ is object.__new__ and cls.__init__ is Bot.__init__ and cls.configure is Bot.configure
            and not cls.settings)


_PLAIN = {}       # bot class -> _only_a_generator(class); one entry per class
_new_object = object.__new__
_new_random = random.Random.__new__
_c_seed = super(random.Random, random.Random).seed      # _random.Random.seed, as in engine/state.py
