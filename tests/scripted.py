"""Helpers of the scripted deals in the review tests (tests/test_review_*.py): a ruleset of a review
folder, a stacked pack from the hands, the legal moves as text, a variable, a zone's cards by name,
and one turn checked and played."""
from __future__ import annotations

from functools import lru_cache

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.engine.state import zone_parts
from interpreter.ruleset.loader import load_ruleset


def cached_loader(folder):
    """A function (name, **options) -> the rules of folder/name.yaml with those options, each loaded once."""
    @lru_cache(maxsize=None)
    def loaded(name, options):
        return load_from(folder, name, **dict(options))

    def load(name, **options):
        return loaded(name, tuple(sorted(options.items())))
    return load


def load_from(folder, name, **options):
    """The rules of `folder`/NAME.yaml (or of the path `name`), which must load without errors."""
    path = name if not isinstance(name, str) else folder / f"{name}.yaml"
    loaded = load_ruleset(str(path), options)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def deal_order(hands, seats, rest=()):
    """The pack order (first dealt first) for a deal of one card at a time to `seats` in turn:
    hands[seat] lists that seat's cards in the order dealt; then `rest`, the first of them the next
    card taken from the stock."""
    size = len(hands[seats[0]])
    return [hands[p][i] for i in range(size) for p in seats] + list(rest)


def every_card_once(s):
    """Every card of the pack lies in exactly one zone (melds on a table included)."""
    seen = []
    for info in s.rules.zone_list:
        for _, part in zone_parts(s, info):
            for x in part:
                seen.extend(x if isinstance(x, list) else [x])
    assert sorted(seen) == sorted(s.rules.deck(s.n)), "a card is lost or doubled"


def legal_texts(s):
    """The legal moves as text, in the order offered (cards by name)."""
    return [S.describe(s, a) for a in G.legal_actions(s)]


def var(s, name):
    return S.var(s, name)


def zone_names(s, name, owner=None):
    return S.names(s, S.zone(s, name, owner))


def turn(s, who, legal, move):
    """`who` is to move, offered exactly `legal` (in any order); then `move` is made."""
    assert G.current_player(s) == who, (G.current_player(s), who)
    assert sorted(legal_texts(s)) == sorted(legal), legal_texts(s)
    S.play(s, move)


def seen(s, viewer, zone, owner=None):
    """The names of the cards of `zone` (of `owner`'s part) that `viewer`'s observation shows, sorted."""
    part = G.observation(s, viewer)["zones"][zone]
    return sorted(S.names(s, part if owner is None else part[owner]))


def hand_events(s, hand, kind):
    """The game log's events of one kind in hand number `hand`."""
    return [e for e in s.events if e.get("hand") == hand and e.get("event") == kind]


def drive(s, ref, pick, limit=20000):
    """Play a game to its end with a referee beside it: at each decision `ref.before(s, who, legal texts)`
    checks the offer, `pick(texts)` chooses, `ref.after(s, who, text)` follows the move; `ref.finish(s)`
    at the end.  Returns the referee."""
    moves = 0
    while not s.over:
        actions = G.legal_actions(s)
        texts = [S.describe(s, a) for a in actions]
        who = G.current_player(s)
        ref.before(s, who, sorted(texts))
        text = pick(texts)
        G.apply(s, actions[texts.index(text)])
        ref.after(s, who, text)
        moves += 1
        assert moves < limit
    ref.finish(s)
    return ref
