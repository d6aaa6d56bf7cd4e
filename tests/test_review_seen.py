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


# -- the five games: worlds agree with what the seat knows; decisions ignore hidden cards ----------

from interpreter.bots.sampling import _action_cards, _choice_kind, cards_in, hidden_places, visible_cards  # noqa: E402
from interpreter.engine.state import Choice, Shown, zone_parts  # noqa: E402
from tests.scripted import deal_order as _deck

GAMES = ["pass-three", "widow", "dummy", "turn-up", "thirty-one", "old-maid"]


def _rules(name):
    return _load(HERE / f"{name}.yaml")


def _all_cards(s):
    out = []
    for info in s.rules.zone_list:
        for _, part in zone_parts(s, info):
            out.extend(cards_in(part))
    return out


def _hand_states(rules, n, seed, seat, decision):
    """The positions at every decision of a random game from the start of the hand in which `seat` makes
    its decision number `decision` (counted over the game), up to that decision; None if the game ends
    first."""
    rng = random.Random(seed)
    s = G.new_game(rules, n, seed)
    states, mine = [], 0
    while not s.over:
        if states and states[-1].hand_no != s.hand_no:
            states = []
        states.append(G.clone(s))
        if s.pending.player == seat:
            mine += 1
            if mine == decision and len(s.pending.actions) > 1:
                return states
        G.apply_index(s, rng.randrange(len(s.pending.actions)))
    return None


def _check_world(world, real, seat, known):
    """A sampled world agrees with everything `seat` can see in `real`, and with the places of the cards
    in `known` ({card: place the seat knows it is in})."""
    rules = real.rules
    assert sorted(_all_cards(world)) == sorted(_all_cards(real)), "no card lost or doubled"
    mine = visible_cards(real, seat)
    assert visible_cards(world, seat) == mine
    for info in rules.zone_list:
        for (key, part), (_, wpart) in zip(zone_parts(real, info), zone_parts(world, info)):
            assert len(wpart) == len(part), (info.name, key)
            if info.visibility == "public" or (info.visibility == "owner" and key == seat):
                assert wpart == part, (info.name, key)
            for i, c in enumerate(part):       # a revealed card stays where it is
                if not isinstance(c, list) and c in real.revealed:
                    assert wpart[i] == c, (info.name, key)
    # state variables as the seat knows them: a variable naming cards hidden from it (Scala 40's
    # discards, the mover's hand cards) names, in the world, the cards dealt anew into their places
    assert G.observation(world, seat)["state"] == G.observation(real, seat)["state"]
    assert world.revealed == real.revealed
    where = {}
    for z, key in hidden_places(world, seat):
        part = world.z[z] if key is None else world.z[z][key]
        for c in cards_in(part):
            where[c] = (rules.zone_list[z].name, key)
    for c, place in known.items():
        assert where.get(c) == place, (rules.universe.names[c], where.get(c), place)


# The referee: where a seat knows hidden cards to be, worked out from the game's record and the rules
# of each game (sharing no code with the bots).  Trick games: every card played lies in the won pile
# of the trick's winner (highest trump, else highest of the suit led, by the game's ranking).
ORDERS = {
    "pass-three": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
    "widow": ["7", "8", "9", "J", "Q", "K", "10", "A"],
    "dummy": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
    "turn-up": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
}


def _referee_trick_winner(u, plays, trumps, order):
    """plays: [(player, card)] in the order played."""
    led = u.suit_of[plays[0][1]]
    def strength(card):
        suit = u.suit_of[card]
        rank = order.index(u.rank_of[card])
        return (2, rank) if suit == trumps else (1, rank) if suit == led else (0, 0)
    return max(plays, key=lambda pc: strength(pc[1]))[0]


def _known(name, states, seat):
    """{card: (zone name, owner)} of the hidden cards whose place `seat` knows, at the last state."""
    s = states[-1]
    u = s.rules.universe
    n = s.n
    known = {}
    history = s.history[len(states[0].history):]     # this hand's moves, up to now
    if name in ORDERS:
        trumps = S.var(s, "trumps") if "trumps" in s.rules.vars else None
        plays = [(q, a[1]) for q, a in history if a[0] == "play"]
        for t in range(len(plays) // n):
            trick = plays[t * n:(t + 1) * n]
            w = _referee_trick_winner(u, trick, trumps, ORDERS[name])
            for _, c in trick:
                known[c] = ("won", w)
        played = {c for _, c in plays}
    if name == "pass-three":
        passing_done = any(a[0] == "play" for _, a in history) or s.pending.actions[0][0] == "play"
        if passing_done:
            right = (seat - 1) % n
            for q, a in history:
                if q == seat and a[0] == "pick" and a[1] not in played:
                    known[a[1]] = ("hand", right)
    if name == "widow":
        for q, a in history:
            if q == seat and a[0] == "discard":
                known[a[1]] = ("discards", None)
    if name == "turn-up":
        up = states[0].z[s.rules.zones["upcard"].index]
        robbed = [q for q, a in history if a[0] == "rob"]
        buried = [a[1] for q, a in history if a[0] == "bury"]
        if robbed and up:
            r = robbed[0]
            if not buried or r == seat:      # before the face-down bury, or the robber's own knowledge
                if up[0] not in played and up[0] not in buried:
                    known[up[0]] = ("hand", r)
            if r == seat and buried:
                known[buried[0]] = ("stock", None)
        elif up and not robbed and s.pending.actions[0][0] == "play":
            known[up[0]] = ("stock", None)   # not robbed: put back under the stock, face down
    if name == "thirty-one":
        pile = s.rules.zones["pile"].index
        stock = s.rules.zones["stock"].index
        was_in_pile = set()
        holder = {}
        for before, after in zip(states, states[1:]):
            was_in_pile.update(before.z[pile])
            q, a = after.history[-1]
            if a[0] == "take":
                holder[before.z[pile][-1]] = q
            elif a[0] == "discard":
                holder.pop(a[1], None)
        was_in_pile.update(s.z[pile])
        for c, q in holder.items():
            if q != seat:
                known[c] = ("hand", q)
        # cards that went from the face-up pile into the stock when it was turned over
        for c in was_in_pile:
            if c not in holder and c not in s.z[pile] and c in s.z[stock]:
                known[c] = ("stock", None)
    return {c: place for c, place in known.items() if c not in visible_cards(s, seat)}


def _voids(name, states, seat):
    """(q, suit) for every other player q who did not follow the suit led this hand (in these trick games
    nobody takes in a card once the tricks have begun)."""
    if name not in ORDERS:
        return set()
    s = states[-1]
    u = s.rules.universe
    plays = [(q, a[1]) for q, a in s.history[len(states[0].history):] if a[0] == "play"]
    out = set()
    for t in range(0, len(plays), s.n):
        trick = plays[t:t + s.n]
        led = u.suit_of[trick[0][1]]
        out |= {(q, led) for q, c in trick[1:] if u.suit_of[c] != led and q != seat}
    return out


@pytest.mark.parametrize("name", GAMES)
def test_sampled_worlds_agree_with_what_the_seat_knows(name):
    rules = _rules(name)
    counts = rules.data["players"]["count"]
    n = counts if isinstance(counts, int) else counts[-1]
    checked = known_checked = voids_checked = 0
    for seed in range(6):
        for seat in range(n):
            for decision in (2, 5, 9, 14):
                states = _hand_states(rules, n, seed * 10 + seat, seat, decision)
                if states is None:
                    continue
                watcher = Watcher(seat, random.Random(seed))
                for st in states:
                    watcher.observe(st)
                real = states[-1]
                known = _known(name, states, seat)
                voids = _voids(name, states, seat)
                hand = rules.zones["hand"].index
                for _ in range(3):
                    world = watcher.sample(real)
                    _check_world(world, real, seat, known)
                    for q, suit in voids:       # a player who did not follow holds none of the suit
                        assert not any(rules.universe.suit_of[c] == suit for c in world.z[hand][q]), (q, suit)
                voids_checked += len(voids)
                checked += 1
                known_checked += len(known)
                assert watcher.fallbacks == 0
    assert checked > 20 and (known_checked > 10 or name == "old-maid"), (checked, known_checked)
    assert voids_checked > 5 or name not in ORDERS, voids_checked


def _never_seen(states, seat):
    """Cards `seat` has not seen at any decision of the hand, nor played to a trick, nor chosen itself."""
    s = states[-1]
    seen = set()
    for st in states:
        seen |= visible_cards(st, seat)
        seen |= st.revealed
    for q, a in s.history[len(states[0].history):]:
        if a[0] == "play" or q == seat:
            seen.update(a[1] if isinstance(a[1], (list, tuple)) else [a[1]])
    return sorted(c for c in _all_cards(s) if c not in seen)


def _relabel(st, sigma):
    """A copy of the position with the cards of `sigma` exchanged (zones, revealed cards, the actions
    offered), as if the deal had put them so."""
    c = G.clone(st)
    for info in c.rules.zone_list:
        for _, part in zone_parts(c, info):
            part[:] = [[sigma.get(x, x) for x in g] if isinstance(g, list) else sigma.get(g, g) for g in part]
    c.revealed = Shown({sigma.get(x, x) for x in c.revealed},
                       {sigma.get(x, x): seats for x, seats in getattr(c.revealed, 'to', {}).items()})
    kind = _choice_kind(c)
    if c.pending is not None and kind is not None:
        def swap(action):
            if _action_cards(kind, action) is None:
                return action
            v = action[1]
            return (action[0], [sigma.get(x, x) for x in v] if isinstance(v, list) else sigma.get(v, v))
        p = c.pending
        c.pending = Choice(p.player, [swap(a) for a in p.actions], p.handlers and [swap(h) for h in p.handlers], p.label)
    return c


def _decision(bot_name, states, seat, options):
    bot = make_bot(bot_name, 11, options)
    bot.seat = seat
    for st in states:
        bot.observe(st)
    final = states[-1]
    return final.pending.actions[bot.decide(final, seat, final.pending.actions)]


def _swap_check(rules, bot, seeds, decide=None):
    """For each seed and seat: a random game up to one of the seat's decisions, the cards it never saw
    exchanged at random in every position of the hand; the bot's choices must agree.  Returns how many
    positions were compared and in how many the choices differed."""
    counts = rules.data["players"]["count"]
    n = counts if isinstance(counts, int) else counts[-1]
    options = {"playouts": 30, "worlds": 4, "samples": 3}
    rng = random.Random(7)
    compared = differ = 0
    for seed in seeds:
        for seat in range(n):
            states = _hand_states(rules, n, 100 + seed * 10 + seat, seat, 2 + seed % 4)
            if states is None:
                continue
            hidden = _never_seen(states, seat)
            if len(hidden) < 2:
                continue
            shuffled = list(hidden)
            while shuffled == hidden:
                rng.shuffle(shuffled)
            sigma = dict(zip(hidden, shuffled))
            moved = [_relabel(st, sigma) for st in states]
            assert visible_cards(moved[-1], seat) == visible_cards(states[-1], seat)
            assert moved[-1].pending.actions == states[-1].pending.actions
            choose = decide or (lambda sts: _decision(bot, sts, seat, options))
            differ += choose(states) != choose(moved)
            compared += 1
    return compared, differ


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bot", ["search", "greedy"])
def test_decisions_do_not_change_when_only_hidden_cards_change(name, bot):
    """The cards the seat never saw are exchanged among the places that hold them, in every position of
    the hand so far: the seat's view is the same, so must be its bot's choice (same seed)."""
    rules = _rules(name)
    compared, differ = _swap_check(rules, bot, range(6))
    assert differ == 0 and compared >= 2 * rules.default_players - 2, (compared, differ)


def test_the_exchange_of_hidden_cards_catches_a_bot_that_peeks():
    """A cheat that leads its lowest card when the next player holds a heart: its choices differ."""
    rules = _rules("dummy")
    hand = rules.zones["hand"].index

    def peek(states):
        s = states[-1]
        seat = s.pending.player
        hearts = any(rules.universe.suit_of[c] == "hearts" for c in s.z[hand][(seat + 1) % s.n])
        return s.pending.actions[0 if hearts else -1]
    compared, differ = _swap_check(rules, None, range(6), decide=peek)
    assert compared > 10 and differ > 0


@pytest.mark.soak
@pytest.mark.parametrize("name", GAMES + ["euchre", "hearts", "scala40"])
@pytest.mark.parametrize("bot", ["search", "greedy"])
def test_decisions_do_not_change_when_only_hidden_cards_change_soak(name, bot):
    from interpreter.resources import bundled_rulesets
    rules = _rules(name) if name in GAMES else _load(bundled_rulesets()[name])
    compared, differ = _swap_check(rules, bot, range(6, 30))
    assert differ == 0 and compared > 20, (compared, differ)


# -- scripted deals: what each seat sees, worked out by hand ---------------------------------------



def _legal(s):
    return sorted(S.describe(s, a) for a in G.legal_actions(s))


def _turn(s, who, legal, move):
    """`who` is to move, offered exactly `legal`; then `move` (a card to play, 'name' or 'name value')."""
    assert G.current_player(s) == who, (G.current_player(s), who)
    assert _legal(s) == sorted(legal), _legal(s)
    if " " in move:
        name, value = move.split(" ", 1)
        S.play(s, (name, int(value) if value.isdigit() else value))
    elif move in [a[0] for a in G.legal_actions(s)]:
        S.play(s, (move,))
    else:
        S.play(s, move)


def _sees(s, seat, zone, owner=None):
    """The card names `seat` sees in a zone, from the engine's observation."""
    part = G.observation(s, seat)["zones"][zone]
    if owner is not None:
        part = part[owner]
    return S.names(s, part)


TURN_UP = {
    1: ["K♠", "2♣", "9♦", "3♠", "4♦"],
    2: ["A♥", "5♣", "Q♠", "8♦", "J♣"],
    3: ["10♠", "3♥", "K♦", "6♣", "2♠"],
    0: ["Q♥", "9♠", "A♦", "7♣", "5♠"],
}


def _turn_up(bury):
    """Dealer seat 0; 7♥ turned: hearts are trumps.  Only seat 2 holds A♥: asked first, it robs, then
    buries `bury` face down under the stock."""
    rules = _rules("turn-up")
    s = S.stacked_game(rules, 4, _deck(TURN_UP, [1, 2, 3, 0], ["7♥"]))
    assert S.var(s, "trumps") == "hearts"
    for seat in range(4):
        assert _sees(s, seat, "upcard") == ["7♥"]
        assert _sees(s, seat, "hand", seat) == TURN_UP[seat]
        others = [q for q in range(4) if q != seat]
        assert all(_sees(s, seat, "hand", q) == [] for q in others)
        assert G.observation(s, seat)["sizes"]["hand"] == [5, 5, 5, 5]
    states = [G.clone(s)]
    _turn(s, 2, ["refuse", "rob"], "rob")            # seat 1 lacks A♥: not asked
    states.append(G.clone(s))
    assert _sees(s, 2, "hand", 2) == TURN_UP[2] + ["7♥"]
    assert _sees(s, 1, "upcard") == [] and _sees(s, 1, "hand", 2) == []
    assert G.observation(s, 1)["sizes"]["hand"] == [5, 5, 6, 5]
    _turn(s, 2, [f"bury {c}" for c in TURN_UP[2] + ["7♥"]], f"bury {bury}")
    states.append(G.clone(s))
    assert S.names(s, S.zone(s, "stock"))[0] == bury                    # under the stock
    assert G.observation(s, 1)["sizes"]["stock"] == 52 - 20 - 1 + 1
    return s, states


@pytest.mark.parametrize("bury", ["7♥", "J♣"])
def test_turn_up_a_scripted_hand(bury):
    s, _ = _turn_up(bury)
    # trick 1: seat 1 leads anything; spades led: seat 2 has only Q♠, seat 3 10♠ 2♠, seat 0 9♠ 5♠
    _turn(s, 1, TURN_UP[1], "K♠")
    _turn(s, 2, ["Q♠"], "Q♠")
    _turn(s, 3, ["10♠", "2♠"], "2♠")
    _turn(s, 0, ["9♠", "5♠"], "9♠")
    assert S.var(s, "score") == [0, 1, 0, 0]
    # trick 2: K♠ won, seat 1 leads 4♦; seat 2 8♦, seat 3 K♦, seat 0 A♦ wins
    _turn(s, 1, ["2♣", "9♦", "3♠", "4♦"], "4♦")
    _turn(s, 2, ["8♦"], "8♦")
    _turn(s, 3, ["K♦"], "K♦")
    _turn(s, 0, ["A♦"], "A♦")
    assert S.var(s, "score") == [1, 1, 0, 0]
    # trick 3: seat 0 leads the trump Q♥; seat 1 has no heart; seat 2 follows with its hearts
    _turn(s, 0, ["Q♥", "7♣", "5♠"], "Q♥")
    _turn(s, 1, ["2♣", "9♦", "3♠"], "2♣")
    _turn(s, 2, ["A♥"] if bury == "7♥" else ["A♥", "7♥"], "A♥")
    _turn(s, 3, ["3♥"], "3♥")
    assert S.var(s, "score") == [1, 1, 1, 0]


def test_turn_up_the_robbed_card_is_not_followed_under_the_stock():
    """Everyone saw seat 2 take 7♥; only seat 2 knows what it buried.  The other seats' worlds are the
    same whichever card went under the stock (7♥ in seat 2's hand or under the stock, as the six cards
    allow); seat 2's worlds keep its buried card under the stock."""
    runs = {}
    for bury in ("7♥", "J♣"):
        s, states = _turn_up(bury)
        seven = S.cards(s.rules, ["7♥"])[0]
        stock, hand = s.rules.zones["stock"].index, s.rules.zones["hand"].index
        out = {}
        for seat in (1, 3, 0):
            watcher = Watcher(seat, random.Random(seat))
            for st in states:
                watcher.observe(st)
            worlds = [watcher.sample(s) for _ in range(300)]
            out[seat] = [w.z for w in worlds]
            under = sum(w.z[stock][0] == seven for w in worlds)
            held = sum(seven in w.z[hand][2] for w in worlds)
            assert under + held == 300                                     # nowhere else
            assert 25 < under < 80, under                                  # about 1 in 6
        own = Watcher(2, random.Random(2))
        for st in states:
            own.observe(st)
        buried = S.cards(s.rules, [bury])[0]
        assert all(own.sample(s).z[stock][0] == buried for _ in range(20))
        runs[bury] = out
    assert runs["7♥"] == runs["J♣"]


def test_turn_up_the_next_players_choice_ignores_what_was_buried():
    choices = []
    for bury in ("7♥", "J♣"):
        s, states = _turn_up(bury)
        bot = make_bot("search", 3, {"playouts": 60, "worlds": 8})
        bot.seat = 1
        for st in states:
            bot.observe(st)
        choices.append(s.pending.actions[bot.decide(s, 1, s.pending.actions)])
    assert choices[0] == choices[1]


# -- what the designer is told about who sees what -------------------------------------------------

def test_explain_says_a_deal_into_a_zone_kept_for_all_goes_there_not_to_each():
    from interpreter.authoring.explain import explain
    text = explain(load_ruleset(str(HERE / "widow.yaml")).rules)
    assert "Deal 2 cards from *stock* into *widow*." in text
    assert "Deal 3 cards to each from *stock* into *hand*" in text
    # and the game does deal two cards into the widow, ten to each player
    s = G.new_game(_rules("widow"), 3, 4)
    assert len(S.zone(s, "widow")) == 2 and [len(h) for h in S.zone(s, "hand")] == [10, 10, 10]


def test_owner_visibility_on_a_zone_no_player_owns_is_warned_and_explained_as_seen_by_nobody(tmp_path):
    from interpreter.authoring.explain import explain
    text = (HERE / "widow.yaml").read_text().replace(
        "widow: {visibility: hidden,", "widow: {visibility: owner,")
    path = tmp_path / "owner-widow.yaml"
    path.write_text(text)
    loaded = load_ruleset(str(path))
    assert loaded.ok
    warned = [d for d in loaded.diagnostics if d.severity == "warning" and "widow" in d.message]
    assert len(warned) == 1 and "nobody sees" in warned[0].message and warned[0].hint
    line = text.splitlines()[warned[0].line - 1]
    assert line[warned[0].col - 1:].startswith("owner")
    assert "| widow | one for all | nobody |" in explain(loaded.rules)
    rules = loaded.rules     # and nobody does see it: not in any seat's observation
    s = G.new_game(rules, 3, 4)
    assert all(G.observation(s, p)["zones"]["widow"] == [] for p in range(3))


# -- the five games played every way ---------------------------------------------------------------

def _every_way(name, seeds):
    from tests import test_review_unseen as U
    path = HERE / f"{name}.yaml"
    fast, plain = U._load(path), U._load(path, plain=True)
    outcomes = []
    for n in U._counts(fast):
        for seed in seeds:
            outcomes.append(U._compare(fast, plain, n, seed, name))
    return outcomes


@pytest.mark.parametrize("name", GAMES)
def test_the_five_games_play_the_same_games_every_way(name):
    outcomes = _every_way(name, range(3))
    assert all(o[0] != "error" for o in outcomes), [o[1] for o in outcomes if o[0] == "error"][:1]


@pytest.mark.soak
@pytest.mark.parametrize("name", GAMES)
def test_the_five_games_play_the_same_games_every_way_soak(name):
    outcomes = _every_way(name, range(3, 40))
    assert all(o[0] != "error" for o in outcomes), [o[1] for o in outcomes if o[0] == "error"][:1]


def test_coverage_counts_a_reveal_as_a_change():
    """`rules simulate --coverage`: a `reveal` step changes which cards everyone sees; it must not be
    listed among the steps that fired but never changed anything."""
    from interpreter.sim.coverage import load_counted, play_counted
    loaded, cov = load_counted(str(HERE / "dummy.yaml"))
    play_counted(loaded.rules, cov, 20, seed=1)
    report = cov.report(20)
    reveals = [r for r in report["steps"] if r["kind"] == "reveal"]
    assert len(reveals) == 3 and all(r["fired"] and r["changed"] for r in reveals), reveals
    assert not any("reveal" in x for x in report["no_effect"])


SECRET_MELDS = """# Secret melds: each player lays sets and runs face down in front of them (seen only by themselves).
name: Secret Melds
players: {count: 2}
pack:
  ranks: ["2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, K, A]
  suits: [clubs, diamonds, hearts, spades]
melds:
  runs: {order: ["2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, K, A], min: 3}
  sets: {min: 3}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  laid: {per: player, visibility: owner, description: melds laid face down}
state:
  dealer: {type: player, initial: 0}
  score: {per: player, initial: 0}
hand:
  - gather: {from: [hand, laid], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 13, start: left_of(dealer)}
  - turns:
      first: left_of(dealer)
      next: left_of(current)
      until: turn_number >= 8
      do:
        - choose:
            player: current
            moves:
              meld:
                options: melds_in(hand[current])
                do:
                  - lay_melds: {melds: option, from: "hand[current]", to: "laid[current]"}
              pass: {}
  - for_each:
      in: players
      as: p
      do:
        - add: {"score[p]": "count(meld_cards(table_melds(laid[p])))"}
end:
  after_hand: hand_number >= 1
  winners: argmax(players, p => score[p])
  score: score[p]
"""


def test_a_seat_observes_melds_laid_where_it_cannot_see_without_an_error(tmp_path):
    """Melds laid in a zone only their owner sees: the other seat's observation shows none of their cards
    (and the cards of a group that are shown to everyone, out of their group); hidden_from lists them."""
    path = tmp_path / "secret-melds.yaml"
    path.write_text(SECRET_MELDS)
    rules = _load(path)
    laid = rules.zones["laid"].index
    s = G.new_game(rules, 2, 0)
    while not any(s.z[laid]):
        melds = [a for a in s.pending.actions if a[0] == "meld"]
        G.apply(s, melds[0] if melds else s.pending.actions[0])
    owner = next(p for p in range(2) if s.z[laid][p])
    other = 1 - owner
    group = s.z[laid][owner][0]
    assert G.observation(s, owner)["zones"]["laid"][owner] == [group]
    assert G.observation(s, other)["zones"]["laid"][owner] == []
    assert set(group) <= G.hidden_from(s, other) and not set(group) & G.hidden_from(s, owner)
    s.revealed.add(group[0])
    assert G.observation(s, other)["zones"]["laid"][owner] == [group[0]]
    assert group[0] not in G.hidden_from(s, other)
    watcher = Watcher(other, random.Random(0))
    watcher.observe(s)
    world = watcher.sample(s)
    assert sorted(_all_cards(world)) == sorted(_all_cards(s))
    assert [len(g) for g in world.z[laid][owner]] == [len(g) for g in s.z[laid][owner]]
    assert group[0] in world.z[laid][owner][0]


def _names(rules, text):
    return text.split()


def test_pass_three_a_scripted_hand_what_each_seat_sees():
    rules = _rules("pass-three")
    clubs = [f"{r}♣" for r in ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]]
    hands = {
        1: clubs + ["2♦", "3♦", "4♦", "5♦", "6♦"],
        2: [f"{r}♦" for r in ["7", "8", "9", "10", "J", "Q", "K", "A"]]
           + [f"{r}♥" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10"]],
        0: ["J♥", "Q♥", "K♥", "A♥"] + [f"{r}♠" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]],
    }
    s = S.stacked_game(rules, 3, _deck(hands, [1, 2, 0]), fill=False)
    states = [G.clone(s)]
    for seat in range(3):
        assert _sees(s, seat, "hand", seat) == hands[seat]
    # the dealer's left picks first, one card at a time, from its whole hand
    _turn(s, 1, [f"pick {c}" for c in hands[1]], "pick A♣")
    states.append(G.clone(s))
    assert _sees(s, 1, "passing", 1) == ["A♣"]
    assert _sees(s, 2, "passing", 1) == [] and _sees(s, 0, "passing", 1) == []
    assert G.observation(s, 2)["sizes"]["passing"] == [0, 1, 0]
    _turn(s, 1, [f"pick {c}" for c in hands[1] if c != "A♣"], "pick K♣")
    S.play(s, ("pick", "6♦"))
    for seat, picks in ((2, ["2♥", "3♥", "A♦"]), (0, ["Q♠", "K♠", "A♠"])):
        for c in picks:
            assert G.current_player(s) == seat
            states.append(G.clone(s))
            S.play(s, ("pick", c))
    states.append(G.clone(s))
    # to the right: seat 1's cards to seat 0, seat 2's to seat 1, seat 0's to seat 2
    assert _sees(s, 0, "hand", 0) == hands[0][:-3] + ["A♣", "K♣", "6♦"]
    assert sorted(_sees(s, 1, "hand", 1)) == sorted([c for c in hands[1] if c not in ("A♣", "K♣", "6♦")]
                                                    + ["2♥", "3♥", "A♦"])
    assert _sees(s, 1, "hand", 0) == [] and G.observation(s, 1)["sizes"]["hand"] == [17, 17, 17]
    # seat 1 knows where its three cards went, in every world; seat 2 does not
    watcher = Watcher(1, random.Random(0))
    for st in states:
        watcher.observe(st)
    hand = rules.zones["hand"].index
    passed = S.cards(rules, ["A♣", "K♣", "6♦"])
    assert all(set(passed) <= set(watcher.sample(s).z[hand][0]) for _ in range(30))
    other = Watcher(2, random.Random(0))
    for st in states:
        other.observe(st)
    assert sum(set(passed) <= set(other.sample(s).z[hand][0]) for _ in range(60)) < 30
    # trick 1: seat 1 leads 3♣; seat 2 has no club; seat 0 must follow with A♣ or K♣ and wins
    _turn(s, 1, sorted(set(_sees(s, 1, "hand", 1))), "3♣")
    _turn(s, 2, _sees(s, 2, "hand", 2), "Q♠")
    _turn(s, 0, ["A♣", "K♣"], "A♣")
    assert sorted(_sees(s, 0, "won", 0)) == [] and len(S.zone(s, "won", 0)) == 3   # won face down
    # trick 2: seat 0 leads 6♦; seat 1 follows with a diamond; seat 2 with one of 7♦..K♦
    _turn(s, 0, [c for c in _sees(s, 0, "hand", 0)], "6♦")
    _turn(s, 1, ["2♦", "3♦", "4♦", "5♦", "A♦"], "A♦")
    _turn(s, 2, [f"{r}♦" for r in ["7", "8", "9", "10", "J", "Q", "K"]], "7♦")
    assert G.current_player(s) == 1                                   # A♦ won: seat 1 leads
    assert len(S.zone(s, "won", 1)) == 3


WIDOW = {
    1: ["A♣", "10♣", "K♣", "Q♣", "J♣", "9♣", "8♣", "7♣", "A♦", "10♦"],
    2: ["K♦", "Q♦", "J♦", "9♦", "8♦", "7♦", "A♥", "10♥", "K♥", "Q♥"],
    0: ["J♥", "9♥", "8♥", "7♥", "A♠", "10♠", "K♠", "Q♠", "J♠", "9♠"],
}


def test_widow_a_scripted_hand_what_each_seat_sees():
    rules = _rules("widow")
    first = {p: h[:3] for p, h in WIDOW.items()}
    rest = {p: h[3:] for p, h in WIDOW.items()}
    deck = _deck(first, [1, 2, 0]) + ["8♠", "7♠"] + _deck(rest, [1, 2, 0])
    s = S.stacked_game(rules, 3, deck, fill=False)
    states = [G.clone(s)]
    assert sorted(S.names(s, S.zone(s, "widow"))) == ["7♠", "8♠"]
    for seat in range(3):
        assert _sees(s, seat, "hand", seat) == WIDOW[seat]
        assert _sees(s, seat, "widow") == [] and G.observation(s, seat)["sizes"]["widow"] == 2
    # bidding: pass, or 1 to 3 above the bid so far
    _turn(s, 1, ["bid 1", "bid 2", "bid 3", "pass"], "bid 2")
    states.append(G.clone(s))
    _turn(s, 2, ["bid 3", "bid 4", "bid 5", "pass"], "pass")
    states.append(G.clone(s))
    _turn(s, 0, ["bid 3", "bid 4", "bid 5", "pass"], "pass")
    states.append(G.clone(s))
    assert S.var(s, "declarer") == 1 and S.var(s, "bid") == 2
    # the declarer took the widow: seen by the declarer only
    assert sorted(_sees(s, 1, "hand", 1)) == sorted(WIDOW[1] + ["8♠", "7♠"])
    assert _sees(s, 2, "hand", 1) == [] and G.observation(s, 2)["sizes"]["hand"] == [10, 12, 10]
    _turn(s, 1, [f"discard {c}" for c in WIDOW[1] + ["8♠", "7♠"]], "discard 8♠")
    states.append(G.clone(s))
    _turn(s, 1, [f"discard {c}" for c in WIDOW[1] + ["7♠"]], "discard 7♠")
    states.append(G.clone(s))
    assert all(_sees(s, seat, "discards") == [] for seat in range(3))     # face down: nobody sees them
    _turn(s, 1, ["trumps ♣", "trumps ♦", "trumps ♥", "trumps ♠"] if "trumps ♣" in _legal(s)
          else ["trumps clubs", "trumps diamonds", "trumps hearts", "trumps spades"], ("trumps clubs"))
    assert S.var(s, "trumps") == "clubs"
    # worlds: the declarer's discards stay in place for the declarer; for the others they are any two
    # of the twenty cards they have not seen (8♠ and 7♠ were never shown)
    discards = rules.zones["discards"].index
    mine = Watcher(1, random.Random(0))
    theirs = Watcher(2, random.Random(0))
    for st in states + [s]:
        mine.observe(st)
        theirs.observe(st)
    eight, seven = S.cards(rules, ["8♠", "7♠"])
    assert all(sorted(mine.sample(s).z[discards]) == sorted([eight, seven]) for _ in range(20))
    hits = sum(eight in theirs.sample(s).z[discards] for _ in range(400))
    assert 20 < hits < 70, hits                           # 2 places among 20 unseen cards: 1 in 10
    # trick 1: seat 1 leads A♣; nobody else has a club; A♣ wins: 11 + 4 + 2
    _turn(s, 1, WIDOW[1], "A♣")
    _turn(s, 2, WIDOW[2], "K♦")
    _turn(s, 0, WIDOW[0], "J♥")
    assert G.current_player(s) == 1 and sorted(S.names(s, S.zone(s, "won", 1))) == ["A♣", "J♥", "K♦"]
    # the rest by the first legal card; then the score by the rules, worked out here from the record
    start = len(s.history)
    while s.hand_no == 1:
        G.apply_index(s, 0)
    u = rules.universe
    value = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
    plays = [(q, a[1]) for q, a in s.history[start - 3:] if a[0] == "play"]
    points = 0
    for t in range(10):
        trick = plays[3 * t:3 * t + 3]
        if _referee_trick_winner(u, trick, "clubs", ORDERS["widow"]) == 1:
            points += sum(value.get(u.rank_of[c], 0) for _, c in trick)
    assert S.var(s, "score") == [0, 20 if points >= 61 else -20, 0], points


def test_dummy_a_scripted_hand_what_each_seat_sees():
    rules = _rules("dummy")
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    hands = {1: [f"{r}♣" for r in ranks], 2: [f"{r}♦" for r in ranks], 3: [f"{r}♥" for r in ranks],
             0: [f"{r}♠" for r in ranks]}
    s = S.stacked_game(rules, 4, _deck(hands, [1, 2, 3, 0]), fill=False)
    watcher = Watcher(1, random.Random(0))       # seat 1 watches every decision
    watcher.observe(s)
    # the dealer's last card, A♠, is shown to all and fixes trumps; it stays in the dealer's hand
    assert S.var(s, "trumps") == "spades"
    for seat in (1, 2, 3):
        assert _sees(s, seat, "hand", 0) == ["A♠"]
        assert _sees(s, seat, "hand", 2 if seat != 2 else 1) == []
    # only the dealer holds K♠ and Q♠: asked whether to show them
    _turn(s, 0, ["keep_quiet", "show"], "show")
    assert S.var(s, "score") == [2, 0]
    for seat in (1, 2, 3):
        assert _sees(s, seat, "hand", 0) == ["Q♠", "K♠", "A♠"]
    # before the opening lead the dummy (the dealer's partner, seat 2) lays its hand face up
    for seat in (1, 3, 0):
        assert _sees(s, seat, "hand", 2) == hands[2]
        assert _sees(s, seat, "hand", 1 if seat != 1 else 3) == []
    watcher.observe(s)
    _turn(s, 1, hands[1], "2♣")
    watcher.observe(s)
    _turn(s, 2, hands[2], "2♦")                       # no club: any card
    watcher.observe(s)
    assert _sees(s, 3, "hand", 2) == hands[2][1:]   # a played card leaves the dummy's shown hand
    _turn(s, 3, hands[3], "2♥")
    watcher.observe(s)
    _turn(s, 0, hands[0], "2♠")                       # the trump wins
    assert G.current_player(s) == 0 and S.var(s, "taken") == [1, 0]
    # seat 1's worlds keep the shown cards where they are, and the played ones in the winner's pile
    hand = rules.zones["hand"].index
    for _ in range(10):
        world = watcher.sample(s)
        assert world.z[hand][2] == s.z[hand][2]
        assert world.z[hand][0][-3:] == s.z[hand][0][-3:]
        assert sorted(world.z[hand][3] + world.z[hand][0]) == sorted(s.z[hand][3] + s.z[hand][0])
        assert sorted(world.z[rules.zones["won"].index][0]) == sorted(S.cards(rules, ["2♣", "2♦", "2♥", "2♠"]))


def test_thirty_one_a_scripted_hand_what_each_seat_sees():
    rules = _rules("thirty-one")
    hands = {1: ["A♥", "K♥", "2♣"], 2: ["10♠", "9♠", "3♦"], 0: ["Q♣", "J♣", "4♥"]}
    # the deal, the first card of the pile, then the stock from its top: 7♥, 8♠
    s = S.stacked_game(rules, 3, _deck(hands, [1, 2, 0]) + ["5♥", "7♥", "8♠"])
    assert S.names(s, S.zone(s, "pile")) == ["5♥"]
    states = [G.clone(s)]
    _turn(s, 1, ["draw", "take"], "take")                 # no knock on the first turn
    states.append(G.clone(s))
    _turn(s, 1, ["discard A♥", "discard K♥", "discard 2♣", "discard 5♥"], "discard 2♣")
    states.append(G.clone(s))
    for seat in range(3):
        assert _sees(s, seat, "pile") == ["2♣"]
    assert _sees(s, 2, "hand", 1) == [] and _sees(s, 1, "hand", 1) == ["A♥", "K♥", "5♥"]
    _turn(s, 2, ["draw", "knock", "take"], "draw")
    states.append(G.clone(s))
    assert _sees(s, 2, "hand", 2) == ["10♠", "9♠", "3♦", "7♥"]           # the drawn card: seen by the drawer only
    assert _sees(s, 0, "hand", 2) == [] and _sees(s, 1, "hand", 2) == []
    # seat 0 knows 5♥ is in seat 1's hand (taken from the pile), and not which card seat 2 drew
    watcher = Watcher(0, random.Random(0))
    for st in states:
        watcher.observe(st)
    hand = rules.zones["hand"].index
    five, seven = S.cards(rules, ["5♥", "7♥"])
    worlds = [watcher.sample(s) for _ in range(200)]
    assert all(five in w.z[hand][1] for w in worlds)
    assert sum(seven in w.z[hand][2] for w in worlds) < 40                # 1 in 43 or so
    _turn(s, 2, ["discard 10♠", "discard 9♠", "discard 3♦", "discard 7♥"], "discard 3♦")
    _turn(s, 0, ["draw", "knock", "take"], "knock")
    _turn(s, 1, ["draw", "take"], "take")                               # no second knock
    _turn(s, 1, ["discard A♥", "discard K♥", "discard 5♥", "discard 3♦"], "discard 3♦")
    _turn(s, 2, ["draw", "take"], "draw")                               # the last turn: right of the knocker
    _turn(s, 2, ["discard 10♠", "discard 9♠", "discard 7♥", "discard 8♠"], "discard 7♥")
    # A♥ K♥ 5♥ = 26, 10♠ 9♠ 8♠ = 27, Q♣ J♣ = 20: the knocker is lowest and loses two lives
    assert s.hand_no == 2 and S.var(s, "lives") == [1, 3, 3]


@pytest.mark.parametrize("bury", ["7♥", "J♣"])
def test_a_seats_playtest_log_does_not_name_a_card_buried_face_down(monkeypatch, bury):
    """`rules play`: seat 1 watched seat 2 take the turned 7♥; which card seat 2 then buried face down it
    did not see.  Its log says 'P2 bury ?' either way (it named 7♥ when that was the card buried)."""
    from interpreter.playtest import session as PS
    from interpreter.playtest import view as V
    rules = _rules("turn-up")
    deck = S.cards(rules, _deck(TURN_UP, [1, 2, 3, 0], ["7♥"]))
    deck += [c for c in rules.deck(4) if c not in set(deck)]
    new_game = G.new_game
    monkeypatch.setattr(PS.G, "new_game", lambda r, n, seed, log=False: new_game(r, n, seed, log=log, deck=deck))
    se = PS.Session(rules, 4, 0, humans=(1, 2), bots=("random",))
    se.run_bots()
    se.choose(2, "rob")
    se.choose(2, f"bury {bury}")
    lines = V.log_lines(se.seat_log(1), V._per_player(se.state))
    assert "  P2 bury ?" in lines
    assert not any("7♥" in line for line in lines[lines.index("  P2 bury ?"):])
    assert any(line.startswith("  move 7♥: upcard -> hand[2]") for line in lines)   # that much was seen
    own = V.log_lines(se.seat_log(2), V._per_player(se.state))
    assert f"  P2 bury {bury}" in own


def _rebuilt_stock(text, seat=0):
    """Thirty-One played without knocking until the stock has been rebuilt from the pile and a few cards
    drawn from it; a watcher of `seat` watched it all.  (state, watcher)."""
    path = Path(__import__("tempfile").mkdtemp()) / "thirty-one.yaml"
    path.write_text(text)
    rules = _load(path)
    s = G.new_game(rules, 3, 5)
    watcher = Watcher(seat, random.Random(0))
    rng = random.Random(1)
    rebuilt = 0
    while s.hand_no == 1:
        watcher.observe(s)
        if rebuilt and s.pending.actions[0][0] != "discard" and len(S.zone(s, "stock")) < rebuilt - 2:
            return s, watcher
        actions = [a for a in s.pending.actions if a[0] != "knock"]
        stock_before = len(S.zone(s, "stock"))
        G.apply(s, actions[rng.randrange(len(actions))])
        if len(S.zone(s, "stock")) > stock_before:
            rebuilt = len(S.zone(s, "stock"))
    raise AssertionError("the stock was never rebuilt")


def test_a_pile_turned_over_as_the_stock_keeps_its_known_order_unless_shuffled():
    """Thirty-One turns the pile over without shuffling: everyone knows the order of the new stock, and
    every world has the real next card on top.  Shuffled (a variant), the order is unknown: the worlds'
    top cards vary, and are the pile's cards only."""
    text = (HERE / "thirty-one.yaml").read_text()
    s, watcher = _rebuilt_stock(text)
    stock = s.rules.zones["stock"].index
    assert all(watcher.sample(s).z[stock] == s.z[stock] for _ in range(20))
    shuffled = text.replace(
        """                      - move: {cards: "filter(pile, c => c != last(pile))", from: pile, to: stock}
""", """                      - move: {cards: "filter(pile, c => c != last(pile))", from: pile, to: stock}
                      - shuffle: stock
""")
    assert shuffled != text
    s, watcher = _rebuilt_stock(shuffled)
    stock = s.rules.zones["stock"].index
    tops = {watcher.sample(s).z[stock][-1] for _ in range(40)}
    assert len(tops) > 5 and tops <= set(s.z[stock])
    for _ in range(10):
        assert sorted(watcher.sample(s).z[stock]) == sorted(s.z[stock])    # still the pile's cards


def test_the_widow_scenarios_pass_and_a_wrong_expectation_fails(tmp_path):
    from interpreter.authoring.runner import run_file
    path = HERE / "widow.scenario.yaml"
    outcomes, problems = run_file(str(path))
    assert not problems and len(outcomes) == 2
    assert all(not o.diagnostics for o in outcomes), [d.format() for o in outcomes for d in o.diagnostics]
    wrong = tmp_path / "widow.scenario.yaml"
    wrong.write_text(path.read_text().replace("ruleset: widow.yaml", f"ruleset: {HERE / 'widow.yaml'}")
                     .replace("trick_winners: [1]", "trick_winners: [2]"))
    outcomes, problems = run_file(str(wrong))
    assert not problems and [bool(o.diagnostics) for o in outcomes] == [True, False]


BLIND_TAKE = """# Old Maid-ish: take a card from the right neighbour's hand without seeing it, discard pairs.
name: Blind Take
players: {count: 3}
pack:
  ranks: ["2", "3", "4", "5", "6", "7", "8"]
  suits: [clubs, spades]
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  out: {visibility: public}
state:
  dealer: {type: player, initial: 0}
  score: {per: player, initial: 0}
hand:
  - gather: {from: [hand, out], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: all, start: left_of(dealer)}
  - turns:
      first: left_of(dealer)
      next: left_of(current)
      until: "count(filter(players, p => count(hand[p]) > 0)) <= 1 or turn_number >= 30"
      do:
        - if: count(hand[right_of(current)]) > 0
          then:
            - choose:
                player: current
                moves:
                  take:
                    options: hand[right_of(current)]
                    as: c
                    do:
                      - move: {cards: c, to: "hand[current]"}
        - for_each:
            in: players
            as: p
            do:
              - move: {cards: "filter(hand[p], c => count(of_rank(hand[p], c.rank)) >= 2)", to: out}
  - for_each:
      in: players
      as: p
      do:
        - add: {"score[p]": "-count(hand[p])"}
end:
  after_hand: hand_number >= 1
  winners: argmax(players, p => score[p])
  score: score[p]
"""


def test_validate_warns_when_a_move_offers_cards_the_chooser_cannot_see(tmp_path):
    """Taking a card from the neighbour's hand written as `options: hand[right_of(current)]`: the chooser
    (and its bot) would see the cards by the moves offered.  The dry run of `rules validate` says so at
    the options, once; offering positions instead is fine, and no bundled game is warned."""
    from interpreter.resources import bundled_rulesets
    path = tmp_path / "blind-take.yaml"
    path.write_text(BLIND_TAKE)
    warned = [d for d in load_ruleset(str(path), dry_run=True).diagnostics if d.rule == "hidden-options"]
    assert len(warned) == 1 and warned[0].severity == "warning" and "'take'" in warned[0].message
    assert BLIND_TAKE.splitlines()[warned[0].line - 1][warned[0].col - 1:].startswith("hand[right_of(current)]")
    assert "positions" in warned[0].hint
    path.write_text(BLIND_TAKE.replace("options: hand[right_of(current)]",
                                       "options: range(1, count(hand[right_of(current)]))")
                    .replace("as: c\n", "as: i\n")
                    .replace('move: {cards: c, to: "hand[current]"}',
                             'move: {cards: "hand[right_of(current)][i - 1]", to: "hand[current]"}'))
    loaded = load_ruleset(str(path), dry_run=True)
    assert loaded.ok and not [d for d in loaded.diagnostics if d.rule == "hidden-options"]
    main = [p for name, p in bundled_rulesets().items() if name in ("euchre", "hearts", "scala40", "scotch-whist")]
    for game in main + [HERE / f"{g}.yaml" for g in GAMES]:
        diags = load_ruleset(str(game), dry_run=True).diagnostics
        assert not [d for d in diags if d.rule == "hidden-options"], game


@pytest.mark.soak
def test_no_bundled_ruleset_offers_cards_its_chooser_cannot_see():
    from interpreter.resources import bundled_rulesets
    for game in bundled_rulesets().values():
        diags = load_ruleset(str(game), dry_run=True).diagnostics
        assert not [d for d in diags if d.rule == "hidden-options"], game


@pytest.mark.parametrize("name", GAMES)
def test_rules_simulate_with_the_watching_bots_runs_on_the_games(name):
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    out = CliRunner().invoke(cli, ["simulate", str(HERE / f"{name}.yaml"), "-n", "2", "--seed", "5",
                                   "--bots", "search,greedy,random", "--bot-option", "playouts=8",
                                   "--bot-option", "worlds=2", "--bot-option", "samples=1"])
    assert out.exit_code == 0, out.output
    assert "of which 0 drawn without every constraint" in out.output, out.output


@pytest.mark.soak
@pytest.mark.parametrize("name", GAMES + ["euchre", "hearts", "scala40"])
def test_every_seat_watches_whole_games_and_its_worlds_stay_consistent_soak(name):
    """Every seat watches random games from the start; at every decision each seat's world agrees with
    its view, loses or doubles no card, and needs no fallback."""
    from interpreter.resources import bundled_rulesets
    rules = _rules(name) if name in GAMES else _load(bundled_rulesets()[name])
    n = rules.default_players
    for seed in range(8):
        rng = random.Random(seed)
        s = G.new_game(rules, n, seed)
        watchers = [Watcher(p, random.Random(seed * 10 + p)) for p in range(n)]
        decisions = 0
        while not s.over and decisions < 400:
            for w in watchers:
                w.observe(s)
            if decisions % 3 == 0:
                for w in watchers:
                    _check_world(w.sample(s), s, w.player, {})
            try:
                G.apply_index(s, rng.randrange(len(s.pending.actions)))
            except G.GameError:
                break
            decisions += 1
        assert all(w.fallbacks == 0 for w in watchers), [w.fallbacks for w in watchers]


def test_a_world_sampled_at_another_players_decision_offers_that_player_a_move():
    """Hearts: the holder of the Two of clubs leads the first trick, which the watcher does not infer from
    the moves.  A world sampled by another seat at that decision is drawn so that the rules can offer the
    leader a card (it raised 'no card to play' before), and can be played on."""
    rules = _load(ROOT / "rulesets" / "hearts" / "hearts.yaml")
    checked = 0
    for seed in range(4):
        s = G.new_game(rules, 4, seed)
        rng = random.Random(seed)
        watchers = [Watcher(p, random.Random(p)) for p in range(4)]
        while s.pending.actions[0][0] != "play":
            for w in watchers:
                w.observe(s)
            G.apply_index(s, rng.randrange(len(s.pending.actions)))
        leader = s.pending.player
        for w in watchers:
            if w.player == leader:
                continue
            for _ in range(10):
                world = w.sample(s)
                assert world.pending.player == leader and [S.describe(world, a) for a in world.pending.actions] == ["2♣"]
                G.apply_index(world, 0)
                checked += 1
            assert w.fallbacks == 0
    assert checked == 120


def test_a_void_shown_after_a_face_down_bury_tells_where_the_robbed_card_is():
    """Seat 2 robs 7♥ and buries it under the stock.  Later it cannot follow a heart: the other seats
    then know 7♥ is not in its hand, so it must be the buried card, in every world."""
    hands = {
        1: ["K♠", "2♣", "9♦", "3♠", "4♦"],
        2: ["A♥", "5♣", "Q♠", "8♦", "J♣"],
        3: ["10♠", "3♥", "K♦", "6♣", "2♠"],
        0: ["Q♥", "9♥", "A♦", "7♣", "5♠"],
    }
    rules = _rules("turn-up")
    s = S.stacked_game(rules, 4, _deck(hands, [1, 2, 3, 0], ["7♥"]))
    watcher = Watcher(3, random.Random(3))
    moves = [("rob",), ("bury", "7♥"), "4♦", "8♦", "K♦", "A♦", "9♥", "2♣", "A♥", "3♥",
             "5♣", "6♣", "7♣", "3♠", "Q♥", "K♠", "J♣"]
    for move in moves:
        watcher.observe(s)
        S.play(s, move)
    assert G.current_player(s) == 3
    seven = S.cards(rules, ["7♥"])[0]
    stock = rules.zones["stock"].index
    assert all(watcher.sample(s).z[stock][0] == seven for _ in range(30))
    assert watcher.fallbacks == 0
