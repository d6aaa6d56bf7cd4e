"""Bots never look at cards hidden from their player, and their sampled worlds respect what was seen."""
from __future__ import annotations

import random

import pytest

from interpreter.bots.base import Bot, make_bot
from interpreter.bots.sampling import Watcher, hidden_positions
from interpreter.engine import game as G
from interpreter.engine.state import Choice
from interpreter.ruleset.loader import load_ruleset

SW = "rulesets/scotch-whist.yaml"


@pytest.fixture(scope="module")
def rules():
    return load_ruleset(SW).rules


def _stream(rules, seed, player, decision, players=4):
    """States at every decision of a random game, up to `player`'s decision number `decision` in hand 1."""
    rng = random.Random(seed)
    s = G.new_game(rules, players, seed)
    states, seen = [], 0
    while not s.over and s.hand_no == 1:
        states.append(G.clone(s))
        if s.pending.player == player:
            seen += 1
            if seen == decision:
                return states
        G.apply_index(s, rng.randrange(len(s.pending.actions)))
    return None


def _relabel(s, sigma):
    c = G.clone(s)
    for i, zone in enumerate(c.z):
        parts = zone.values() if isinstance(zone, dict) else zone if zone and isinstance(zone[0], list) else [zone]
        for part in parts:
            part[:] = [sigma.get(x, x) for x in part]
    c.revealed = {sigma.get(x, x) for x in c.revealed}
    if c.pending is not None:   # the legal moves of whoever is to play, in the relabelled world
        p = c.pending
        c.pending = Choice(p.player, [(a[0], sigma.get(a[1], a[1]) if isinstance(a[1], int) else a[1])
                                      for a in p.actions], p.handlers, p.label)
    return c


def _permutation(s, player, rng):
    """Shuffle the cards hidden from `player` among the places that hold them."""
    hand = s.rules.zones["hand"].index
    positions = [x for x in hidden_positions(s, player) if x[0] == hand]
    cards = [s.z[z][k][pos] if k is not None else s.z[z][pos] for z, k, pos in positions]
    shuffled = list(cards)
    while len(cards) > 1 and shuffled == cards:
        rng.shuffle(shuffled)
    return dict(zip(cards, shuffled))


def _decide(bot_name, states, player, options, sigma=None, bot_cls=None):
    bot = bot_cls(5) if bot_cls else make_bot(bot_name, 5, options)
    bot.seat = player
    for st in states:
        bot.observe(st if sigma is None else _relabel(st, sigma))
    final = states[-1] if sigma is None else _relabel(states[-1], sigma)
    index = bot.decide(final, player, final.pending.actions)
    return final.pending.actions[index]


class PeekingBot(Bot):
    """A cheat, to show the test can fail: plays the lowest card if the next player holds a heart."""
    name = "peek"

    def decide(self, state, player, actions):
        nxt = state.z[state.rules.zones["hand"].index][(player + 1) % state.n]
        hearts = [c for c in nxt if state.rules.universe.suit_of[c] == "hearts"]
        return 0 if hearts else len(actions) - 1


def _cases(rules, count):
    out, seed = [], 0
    while len(out) < count:
        seed += 1
        states = _stream(rules, seed, player=2, decision=4)
        if states is not None and len(states[-1].pending.actions) > 1:
            out.append(states)
    return out


@pytest.mark.parametrize("bot", ["search", "greedy"])
def test_decisions_do_not_depend_on_where_hidden_cards_are(rules, bot):
    rng = random.Random(3)
    options = {"playouts": 24, "worlds": 4}
    for states in _cases(rules, 6):
        real = states[-1]
        sigma = _permutation(real, 2, rng)
        assert any(a != b for a, b in sigma.items())
        moved = _relabel(real, sigma)
        hand = rules.zones["hand"].index
        assert moved.z[hand][2] == real.z[hand][2]                      # our player's cards stay
        assert any(moved.z[hand][q] != real.z[hand][q] for q in (0, 1, 3))   # the others' change
        assert _decide(bot, states, 2, options) == _decide(bot, states, 2, options, sigma)


def test_the_harness_catches_a_bot_that_peeks(rules):
    rng = random.Random(3)
    differs = 0
    for states in _cases(rules, 12):
        sigma = _permutation(states[-1], 2, rng)
        differs += _decide(None, states, 2, {}, bot_cls=PeekingBot) != \
            _decide(None, states, 2, {}, sigma, bot_cls=PeekingBot)
    assert differs > 0


def test_sampled_worlds_respect_revealed_voids(rules):
    """Whenever a player did not follow the led suit, no sampled world gives them a card of that suit;
    played cards stay where they went and the player's own view is unchanged."""
    suit_of = rules.universe.suit_of
    hand = rules.zones["hand"].index
    checked_voids = 0
    for seed in range(1, 30):
        states = _stream(rules, seed, player=0, decision=7)
        if states is None:
            continue
        real = states[-1]
        voids = set()
        trick_cards = []
        for q, (_, card) in real.history:
            trick_cards.append((q, card))
            if len(trick_cards) == 1:
                led = suit_of[card]
            elif suit_of[card] != led:
                voids.add((q, led))
            if len(trick_cards) == 4:
                trick_cards = []
        voids = {(q, suit) for q, suit in voids if q != 0}
        watcher = Watcher(0, random.Random(seed))
        for st in states:
            watcher.observe(st)
        for _ in range(5):
            world = watcher.sample(real)
            assert world.z[hand][0] == real.z[hand][0]
            assert [len(h) for h in world.z[hand]] == [len(h) for h in real.z[hand]]
            assert world.z[rules.zones["won"].index] == real.z[rules.zones["won"].index]
            for q, suit in voids:
                assert not any(suit_of[c] == suit for c in world.z[hand][q]), (seed, q, suit)
        checked_voids += len(voids)
        assert watcher.fallbacks == 0
    assert checked_voids > 5
