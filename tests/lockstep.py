"""Lockstep play of two rulesets of the same game (review12): the same deal for both, and at every
decision the same player to move, the same SET of legal moves (normalised: move names mapped, cards
by name), one picked at random from a seeded generator and made in both; at the end the same
winners and scores.

Shuffles are made canonical so that two rulesets which gather their cards in different orders still
deal the same hands: the state's generator is replaced by CanonRandom, whose k-th shuffle sorts the
cards by name and shuffles them with random.Random((seed, k)); a cut takes its cut point the same way.
"""
from __future__ import annotations

import random
from contextlib import contextmanager

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.engine import state as ST


class CanonRandom(random.Random):
    """A game generator whose shuffles and cuts depend on the seed and on how many came before only,
    not on the order the cards were gathered in."""

    def __init__(self, seed, names):
        super().__init__(seed)
        self.base, self.names, self.k = seed, names, 0

    def _next(self):
        self.k += 1
        return random.Random(f"{self.base}/{self.k}")

    def shuffle(self, cards):
        cards.sort(key=lambda c: (self.names[c], c))
        self._next().shuffle(cards)

    def randrange(self, *args):
        return self._next().randrange(*args)


@contextmanager
def canonical_shuffles(names):
    saved = ST.seeded_random
    ST.seeded_random = lambda seed: CanonRandom(seed, names)
    try:
        yield
    finally:
        ST.seeded_random = saved


def new_game(rules, n, seed):
    with canonical_shuffles(rules.universe.names):
        return G.new_game(rules, n, seed)


def norm(s, action, rename):
    """An action as comparable text: the move's name through `rename`, cards by name (a set sorted)."""
    text = S.describe(s, action)
    name = action[0]
    rest = text[len(name):].strip() if text.startswith(name) else text
    if rest and " " in rest and isinstance(action[1], (list, tuple)):
        rest = " ".join(sorted(rest.split()))
    return f"{rename.get(name, name)} {rest}".strip()


def lockstep(a, b, n, seed, rename_a=None, rename_b=None, check=None, limit=5000):
    """Play rules `a` and `b` together; returns (result_a, result_b, decisions). Raises AssertionError at
    the first difference, saying where."""
    sa, sb = new_game(a, n, seed), new_game(b, n, seed)
    pick = random.Random(seed * 7 + 1)
    history = []
    for _ in range(limit):
        if check is not None:
            check(sa, sb, history)
        if G.is_over(sa) or G.is_over(sb):
            break
        pa, pb = G.current_player(sa), G.current_player(sb)
        assert pa == pb, ("player to move", pa, pb, history[-12:])
        ma = {norm(sa, x, rename_a or {}): x for x in G.legal_actions(sa)}
        mb = {norm(sb, x, rename_b or {}): x for x in G.legal_actions(sb)}
        assert len(ma) == len(G.legal_actions(sa)) and len(mb) == len(G.legal_actions(sb)), "moves told apart"
        assert set(ma) == set(mb), ("legal moves", pa, sorted(set(ma) - set(mb)), sorted(set(mb) - set(ma)),
                                    history[-12:])
        key = sorted(ma)[pick.randrange(len(ma))]
        history.append((pa, key))
        G.apply(sa, ma[key])
        G.apply(sb, mb[key])
    assert G.is_over(sa) and G.is_over(sb), ("over", G.is_over(sa), G.is_over(sb), history[-12:])
    ra, rb = G.result(sa), G.result(sb)
    return ra, rb, history, sa, sb


def refereed(rules, n, seed, referee, rename=None, limit=5000):
    """Play `rules` against an independent `referee` (tests/referees.py): at every decision the same
    player and the same set of legal moves; one picked at random and given to both; the same winners
    and scores at the end.  Returns (result, referee, decisions)."""
    s = new_game(rules, n, seed)
    pick = random.Random(seed * 11 + 5)
    history = []
    for _ in range(limit):
        want = referee.decision()
        if G.is_over(s) or want is None:
            break
        p = G.current_player(s)
        moves = {norm(s, x, rename or {}): x for x in G.legal_actions(s)}
        assert (p, set(moves)) == (want[0], want[1]), ("decision", p, want[0], sorted(set(moves) - want[1]),
                                                      sorted(want[1] - set(moves)), history[-12:])
        key = sorted(moves)[pick.randrange(len(moves))]
        history.append((p, key))
        G.apply(s, moves[key])
        referee.apply(key)
    assert G.is_over(s) and referee.decision() is None, ("over", G.is_over(s), history[-12:])
    r = G.result(s)
    assert (r["winners"], r["scores"]) == tuple(map(list, referee.result())), (r["winners"], r["scores"],
                                                                            referee.result())
    return r, referee, history
