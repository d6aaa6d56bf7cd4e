"""What each seat may see, and bots that know only that, on games the engine has never seen
(tests/rulesets_review6/, each says what game it is and which rules it keeps).

- The observation (engine.game.observation) shows each seat exactly the cards it may see, at each point
  of scripted deals worked out by hand: passed cards, a widow taken up unseen, a turned trump card, a
  hand laid face up, a meld shown, stock draws hidden and discards public.
- Sampled worlds (bots/sampling.py) always agree with what the seat knows: its own cards exact, the
  cards it saw where they are known to be, no card lost or doubled, the sizes of every place right,
  shown voids respected; and they never follow a hidden card further than the seat could.
- A bot's decision does not change when only hidden information changes (hidden cards exchanged
  between the places the seat cannot see, in a copy of the game).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.bots.base import make_bot
from interpreter.bots.sampling import Watcher
from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "rulesets_review6"


def _load(path, **options):
    loaded = load_ruleset(str(path), options)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


# -- a seen card followed no further than the seat can follow it ------------------------------------

def _euchre_after_discard(discard_upcard: bool, seed=5, watcher_seat=2):
    """Euchre, dealer seat 0: seat 1 orders the turned card up, the dealer takes it and discards, face
    down, either that very card or the first card of the hand.  A watcher of `watcher_seat` saw it all;
    `states` are the positions at every decision."""
    rules = _load(ROOT / "rulesets" / "euchre" / "euchre.yaml")
    Z = rules.zones
    s = G.new_game(rules, 4, seed)
    states = [G.clone(s)]
    watcher = Watcher(watcher_seat, random.Random(1))
    watcher.observe(s)
    up = s.z[Z["upcard"].index][0]
    G.apply(s, next(a for a in s.pending.actions if a[0] == "order_up"))
    states.append(G.clone(s))
    watcher.observe(s)
    assert s.pending.player == 0 and up in s.z[Z["hand"].index][0]
    G.apply(s, ("discard", up if discard_upcard else s.z[Z["hand"].index][0][0]))
    states.append(G.clone(s))
    watcher.observe(s)
    return rules, s, watcher, up, states


def test_a_turned_card_the_dealer_took_may_be_the_face_down_discard_in_every_world():
    """Everyone saw the dealer take the turned card; nobody saw which card the dealer then threw out
    face down.  Whether it was the turned card must not show in the worlds of seat 2: they are the
    same worlds either way, and the turned card is the discard in about 1 world in 6 (the dealer's six
    cards)."""
    worlds = {}
    for discard_upcard in (True, False):
        rules, s, watcher, up, _ = _euchre_after_discard(discard_upcard)
        sampled = [watcher.sample(s) for _ in range(600)]
        discards = rules.zones["discards"].index
        worlds[discard_upcard] = ([w.z for w in sampled], sum(up in w.z[discards] for w in sampled))
        assert watcher.fallbacks == 0
    assert worlds[True] == worlds[False]
    share = worlds[True][1] / 600
    assert 0.12 < share < 0.22, share


@pytest.mark.parametrize("seed", range(8))
def test_the_search_bot_decides_the_same_whichever_card_the_dealer_threw_out(seed):
    """Seat 1 leads the first trick having watched the dealer take the turned card and throw one out."""
    choices = []
    for discard_upcard in (True, False):
        _, s, _, _, states = _euchre_after_discard(discard_upcard, seed)
        bot = make_bot("search", 9, {"playouts": 60, "worlds": 8})
        bot.seat = s.pending.player
        for st in states:
            bot.observe(st)
        choices.append(s.pending.actions[bot.decide(s, s.pending.player, s.pending.actions)])
    assert choices[0] == choices[1]
