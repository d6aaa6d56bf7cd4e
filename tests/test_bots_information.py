"""What a bot's sampled worlds know: exactly what its seat may know, drawn uniformly.

- Deals drawn under constraints are uniform (exact enumeration on small cases).
- Worlds in real positions with voids are uniform over the deals that agree with the voids, counted
  independently of the sampler from the history of plays.
- A card discarded face down, or passed between two other players, is known at chance level only;
  a card the seat passed itself is known exactly.
- Drawing from a stock during play does not make sampling fall back.
"""
from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.bots.deals import UniformDeals
from interpreter.bots.sampling import Watcher, hidden_places
from interpreter.engine import game as G
from interpreter.ruleset.loader import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
SW = ROOT / "rulesets" / "scotch-whist.yaml"
PASSING = ROOT / "tests" / "rulesets" / "pass-and-discard.yaml"
DRAWING = ROOT / "tests" / "rulesets" / "draw-after-trick.yaml"


def _chi_square_p(observed: Counter, cells: list, draws: int) -> float:
    """Upper tail p-value of Pearson's chi-square against equal cells (Wilson-Hilferty approximation)."""
    expected = draws / len(cells)
    stat = sum((observed.get(c, 0) - expected) ** 2 / expected for c in cells)
    assert sum(observed.values()) == draws and set(observed) <= set(cells)
    k = len(cells) - 1
    z = ((stat / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


def _enumerate(cards, capacities, allowed):
    """Every deal meeting the constraints, by brute force: tuples of (place, sorted cards)."""
    places = list(capacities)
    out = []
    slots = [p for p in places for _ in range(capacities[p])]
    for perm in set(itertools.permutations(slots)):
        if all(perm[i] in allowed.get(c, places) for i, c in enumerate(cards)):
            out.append(tuple(sorted((p, tuple(sorted(c for i, c in enumerate(cards) if perm[i] == p)))
                                    for p in places)))
    return out


def _key(deal):
    return tuple(sorted((p, tuple(sorted(cs))) for p, cs in deal.items()))


@pytest.mark.parametrize("case", [
    # cards, capacities, allowed
    (list(range(6)), {"a": 2, "b": 2, "c": 2}, {0: {"b", "c"}, 1: {"b", "c"}, 2: {"a", "c"}}),
    (list(range(7)), {"a": 3, "b": 2, "s": 2}, {0: {"s"}, 1: {"a", "s"}, 2: {"a", "s"}, 3: {"b", "s"}}),
    (list(range(6)), {"a": 3, "b": 3}, {}),
])
def test_constrained_deals_are_uniform(case):
    cards, capacities, allowed = case
    every = _enumerate(cards, capacities, allowed)
    deals = UniformDeals(cards, capacities, allowed)
    assert deals.count > 0
    # the count is of card-to-place deals; each is one key here
    assert deals.count == len(every)
    rng = random.Random(7)
    draws = 200 * len(every)
    seen = Counter(_key(deals.draw(rng)) for _ in range(draws))
    assert set(seen) == set(every)                           # only allowed deals, and all of them
    assert _chi_square_p(seen, every, draws) > 0.001


def test_constraints_that_cannot_hold_give_no_deal():
    deals = UniformDeals([0, 1, 2], {"a": 2, "b": 1}, {0: {"b"}, 1: {"b"}})
    assert deals.count == 0 and deals.draw(random.Random(1)) is None


# -- real positions with voids -------------------------------------------------------------------

def _late_position(rules, seed, player, tricks_played):
    """A random 4-player Scotch Whist game up to `player`'s turn after some tricks, watched by it."""
    rng = random.Random(seed)
    s = G.new_game(rules, 4, seed)
    watcher = Watcher(player, random.Random(seed))
    while not s.over and s.hand_no == 1:
        watcher.observe(s)
        if s.pending.player == player and s.tricks >= tricks_played and len(s.pending.actions) > 1:
            return s, watcher
        G.apply_index(s, rng.randrange(len(s.pending.actions)))
    return None, None


def _voids(rules, s):
    """(player, suit) pairs shown by a play off the led suit, from the history alone."""
    suit_of = rules.universe.suit_of
    voids, trick = set(), []
    for q, (_, card) in s.history:
        trick.append(card)
        if len(trick) == 1:
            led = suit_of[card]
        elif suit_of[card] != led:
            voids.add((q, led))
        if len(trick) == s.n:
            trick = []
    return voids


def test_worlds_are_uniform_over_the_deals_that_agree_with_the_voids():
    rules = load_ruleset(str(SW)).rules
    suit_of = rules.universe.suit_of
    hand = rules.zones["hand"].index
    tested = 0
    for seed in range(1, 200):
        s, watcher = _late_position(rules, seed, 0, 6)
        if s is None:
            continue
        voids = {(q, suit) for q, suit in _voids(rules, s) if q != 0}
        if len({q for q, _ in voids}) < 2:
            continue                                  # several players with voids make it interesting
        others = [1, 2, 3]
        pool = sorted(c for q in others for c in s.z[hand][q])
        capacities = {q: len(s.z[hand][q]) for q in others}
        allowed = {c: {q for q in others if (q, suit_of[c]) not in voids} for c in pool}
        every = _enumerate(pool, capacities, allowed)
        if not 6 <= len(every) <= 400:
            continue
        draws = 40 * len(every)
        seen = Counter()
        for _ in range(draws):
            world = watcher.sample(s)
            assert world.z[hand][0] == s.z[hand][0]
            for q, suit in voids:                       # voids respected in every world
                assert not any(suit_of[c] == suit for c in world.z[hand][q])
            seen[tuple(sorted((q, tuple(sorted(world.z[hand][q]))) for q in others))] += 1
        assert set(seen) <= set(every)
        assert _chi_square_p(seen, every, draws) > 0.001, (seed, len(every))
        assert watcher.fallbacks == 0
        tested += 1
        if tested == 3:
            break
    assert tested == 3


# -- what stays hidden -----------------------------------------------------------------------------

def _before_first_trick(rules, seed, player=1):
    """Play the discard and the passes at random; stop at `player`'s first trick decision."""
    rng = random.Random(seed)
    s = G.new_game(rules, 3, seed)
    watcher = Watcher(player, random.Random(seed + 1000))
    passes = {}
    while True:
        watcher.observe(s)
        if s.pending.player == player and s.pending.actions[0][0] == "play":
            return s, watcher, passes
        i = rng.randrange(len(s.pending.actions))
        q, action = s.pending.player, s.pending.actions[i]
        if action[0] == "pass":
            passes[q] = action[1]
        G.apply_index(s, i)


def test_a_face_down_discard_and_passes_between_others_are_known_at_chance_only():
    """Seat 1 (the dealer is seat 0) has 5 cards and knows where the card it passed is: 18 cards are
    unseen, in seat 0's hand (5), seat 2's hand (4 unseen), the kitty (1) and the stock (8)."""
    rules = load_ruleset(str(PASSING)).rules
    kitty, hand = rules.zones["kitty"].index, rules.zones["hand"].index
    n = agree_kitty = with_receiver = own_pass_known = 0
    for seed in range(60):
        s, watcher, passes = _before_first_trick(rules, seed)
        for _ in range(10):
            world = watcher.sample(s)
            n += 1
            agree_kitty += world.z[kitty] == s.z[kitty]
            with_receiver += passes[2] in world.z[hand][0]    # seat 2 passed it to seat 0, unseen
            own_pass_known += passes[1] in world.z[hand][2]   # seat 1 passed it to seat 2 itself
            assert all(a[1] is None for q, a in world.history if q != 1)   # others' choices are scrubbed
        assert watcher.fallbacks == 0
    assert own_pass_known == n

    def near(count, p):
        return abs(count - n * p) <= 4 * math.sqrt(n * p * (1 - p))
    assert near(agree_kitty, 1 / 18), agree_kitty / n
    assert near(with_receiver, 5 / 18), with_receiver / n


def test_drawing_from_a_stock_does_not_make_sampling_fall_back():
    rules = load_ruleset(str(DRAWING)).rules
    for seed in range(5):
        rng = random.Random(seed)
        s = G.new_game(rules, 2, seed)
        watchers = [Watcher(p, random.Random(p)) for p in range(2)]
        decisions = 0
        while not s.over and s.hand_no == 1:
            for w in watchers:
                w.observe(s)
            p = s.pending.player
            world = watchers[p].sample(s)
            assert world.z[rules.zones["hand"].index][p] == s.z[rules.zones["hand"].index][p]
            assert [len(x) for x in world.z[rules.zones["hand"].index]] == \
                [len(x) for x in s.z[rules.zones["hand"].index]]
            G.apply_index(s, rng.randrange(len(s.pending.actions)))
            decisions += 1
        assert decisions > 20
        assert all(w.fallbacks == 0 for w in watchers)


def test_hidden_places_leave_out_the_seats_own_and_public_zones():
    rules = load_ruleset(str(PASSING)).rules
    s = G.new_game(rules, 3, 1)
    names = {info.index: info.name for info in rules.zone_list}
    places = [(names[z], k) for z, k in hidden_places(s, 1)]
    assert ("hand", 1) not in places and ("hand", 0) in places and ("hand", 2) in places
    assert ("trick", None) not in places and ("kitty", None) in places and ("won", 1) in places


def test_the_zone_a_move_took_its_cards_from_is_told_by_public_sizes():
    """Hearts keeps two private zones a player (hand, passing): a pick moves a card from the hand, which
    the sizes show; a trick play comes from the block's hand zone."""
    from interpreter.bots.sampling import _source_zone
    rules = load_ruleset(str(ROOT / "rulesets" / "hearts" / "hearts.yaml")).rules
    hand, passing = rules.zones["hand"].index, rules.zones["passing"].index
    s = G.new_game(rules, 4, 3)
    assert s.pending.actions[0][0] == "select", "the first hand passes cards"
    before, q = G.clone(s), s.pending.player
    card = s.pending.actions[0][1]
    G.apply_index(s, 0)
    assert card in s.z[passing][q]
    assert _source_zone(before, s, q, [card]) == hand
    while s.pending.actions[0][0] != "play":
        G.apply_index(s, 0)
    assert _source_zone(s, s, s.pending.player, [s.pending.actions[0][1]]) == hand
