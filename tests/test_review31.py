"""Review 31: games with private information and eliminations the engine has never seen, written from
the docs only (tests/rulesets_review31/, each says at its top which rules it keeps): Love Letter (a
priest's look at one hand, a baron's secret comparison, protection, eliminations, a card set aside)
and Sushi Go (simultaneous secret picks, hands passed on, chopsticks, wasabi, maki majorities,
puddings at the game's end).

- The fix this review made: `reveal: {cards: ..., to: players}` shows cards to some players only (the
  language could show a card to everyone or to nobody, so a priest's look could not be written).
- Referees written here from the rules (sharing no code with the engine) follow seeded random games
  move by move: who moves, the exact moves offered, every card in one place, what each seat sees
  (a hand seen by a priest seen by that seat only, until the card moves; picks unseen until laid), and
  the scores.
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset
from tests.scripted import every_card_once, load_from, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review31"


def _load(name, **options):
    return load_from(HERE, name, **options)


def _zone(s, name, owner=None):
    z = S.zone(s, name, owner)
    return list(z)


def _rank(s, c):
    return s.rules.universe.names[c].split("/")[0]


# -- Love Letter -------------------------------------------------------------------------------------

VALUE = {"guard": 1, "priest": 2, "baron": 3, "handmaid": 4, "prince": 5, "king": 6, "countess": 7,
         "princess": 8}
GOAL = {2: 7, 3: 5, 4: 4}


class LoveLetterReferee:
    """Love Letter by hand, from the deck order the engine shuffled at the start of each round."""

    def __init__(self, s):
        self.n = s.n
        self.tokens = [0] * s.n
        self.starter = 1 % s.n
        self.round = None
        self.over = False

    # the round's start: the shuffled cards are read from the engine once, then followed here
    def start_round(self, s):
        n = self.n
        self.rank = lambda c: _rank(s, c)
        self.round = s.hand_no
        aside, shown = _zone(s, "aside"), _zone(s, "shown")
        assert len(aside) == 1 and len(shown) == (3 if n == 2 else 0)
        self.deck = _zone(s, "deck")
        self.hands = {p: _zone(s, "hand", p) for p in range(n)}
        self.aside, self.shown = aside, shown
        assert len(self.deck) == 16 - 1 - len(shown) - n - 1
        assert sorted(len(h) for h in self.hands.values()) == [1] * (n - 1) + [2]
        assert len(self.hands[self.starter]) == 2, "the round's winner (else left of the dealer) begins"
        self.played = {p: [] for p in range(n)}
        self.out, self.safe = set(), set()
        self.peek = {p: set() for p in range(n)}
        self.mover, self.phase, self.card, self.target = self.starter, "play", None, None

    def moved(self, *cards):
        for seen in self.peek.values():
            seen.difference_update(cards)

    def knock_out(self, p):
        self.moved(*self.hands[p])
        self.played[p] += self.hands[p]
        self.hands[p] = []
        self.out.add(p)

    def open_others(self):
        return [p for p in range(self.n) if p != self.mover and p not in self.out and p not in self.safe]

    def expected(self):
        """(player, set of move texts) the rules allow now."""
        me = self.mover
        if self.phase == "play":
            ranks = {self.rank(c) for c in self.hands[me]}
            if "countess" in ranks and ranks & {"king", "prince"}:
                ranks = {"countess"}
            return me, {r + "/letter" for r in ranks}
        if self.phase == "target":
            who = ([me] if self.rank(self.card) == "prince" else []) + self.open_others()
            return me, {f"choose_player {p}" for p in who}
        return me, {f"guess {r}" for r in VALUE if r != "guard"}

    def check_view(self, s):
        for q in range(self.n):
            obs = G.observation(s, q)["zones"]
            assert obs["deck"] == [] and obs["aside"] == []
            assert sorted(obs["shown"]) == sorted(self.shown)
            for p in range(self.n):
                assert sorted(obs["played"][p]) == sorted(self.played[p])
                want = self.hands[p] if p == q else [c for c in self.hands[p] if c in self.peek[q]]
                assert sorted(obs["hand"][p]) == sorted(want), (q, p, obs["hand"][p], want)

    def before(self, s, who, legal):
        if self.round != s.hand_no:
            assert _v(s, "tokens") == self.tokens
            self.start_round(s)
        assert {p: sorted(_zone(s, "hand", p)) for p in range(self.n)} == \
            {p: sorted(h) for p, h in self.hands.items()}
        assert _zone(s, "deck") == self.deck
        want_who, want = self.expected()
        assert (who, set(legal)) == (want_who, want), (who, legal, want_who, want)
        self.check_view(s)

    def after(self, s, action):
        me = self.mover
        kind, value = action
        if self.phase == "play":
            self.card = value
            self.hands[me].remove(value)
            self.played[me].append(value)
            self.moved(value)
            r = self.rank(value)
            if r == "princess":
                self.knock_out(me)
            elif r == "handmaid":
                self.safe.add(me)
            elif r == "prince" or (r in ("guard", "priest", "baron", "king") and self.open_others()):
                self.phase = "target"
                return
            return self.end_turn(s)
        if self.phase == "target":
            t = self.target = value
            r = self.rank(self.card)
            if r == "guard":
                self.phase = "guess"
                return
            if r == "priest":
                self.peek[me].update(self.hands[t])
            elif r == "baron":
                self.peek[me].update(self.hands[t])
                self.peek[t].update(self.hands[me])
                a, b = VALUE[self.rank(self.hands[me][0])], VALUE[self.rank(self.hands[t][0])]
                if a < b:
                    self.knock_out(me)
                elif a > b:
                    self.knock_out(t)
            elif r == "king":
                self.moved(*self.hands[me], *self.hands[t])
                self.hands[me], self.hands[t] = self.hands[t], self.hands[me]
            elif r == "prince":
                if self.rank(self.hands[t][0]) == "princess":
                    self.knock_out(t)
                else:
                    self.moved(*self.hands[t])
                    self.played[t] += self.hands[t]
                    self.hands[t] = [self.deck.pop() if self.deck else self.aside.pop()]
            return self.end_turn(s)
        # the guard's guess
        t = self.target
        if self.rank(self.hands[t][0]) == value:
            self.knock_out(t)
        return self.end_turn(s)

    def end_turn(self, s):
        self.phase = "play"
        alive = [p for p in range(self.n) if p not in self.out]
        if len(alive) <= 1 or not self.deck:
            if len(alive) == 1:
                winners = alive
            else:
                best = max(VALUE[self.rank(self.hands[p][0])] for p in alive)
                tied = [p for p in alive if VALUE[self.rank(self.hands[p][0])] == best]
                most = max(sum(VALUE[self.rank(c)] for c in self.played[p]) for p in tied)
                winners = [p for p in tied if sum(VALUE[self.rank(c)] for c in self.played[p]) == most]
            for p in winners:
                self.tokens[p] += 1
            self.starter = winners[0]
            self.round = None
            if max(self.tokens) >= GOAL[self.n]:
                self.over = True
            return
        p = self.mover
        while True:
            p = (p + 1) % self.n
            if p not in self.out:
                break
        self.mover = p
        self.safe.discard(p)
        self.hands[p].append(self.deck.pop())

    def finish(self, s):
        assert self.over and G.is_over(s)
        result = G.result(s)
        assert result["scores"] == self.tokens
        top = max(self.tokens)
        assert result["winners"] == [p for p in range(self.n) if self.tokens[p] == top]


def _drive(rules, n, seed, referee):
    rng = random.Random(seed)
    s = G.new_game(rules, n, seed)
    ref = referee(s)
    moves = 0
    while not s.over:
        actions = G.legal_actions(s)
        ref.before(s, G.current_player(s), [S.describe(s, a) for a in actions])
        action = actions[rng.randrange(len(actions))]
        G.apply(s, action)
        ref.after(s, action)
        every_card_once(s)
        moves += 1
        assert moves < 5000
    ref.finish(s)
    return s


@pytest.mark.parametrize("n", [2, 3, 4])
def test_love_letter_random_games_follow_the_rules(n):
    rules = _load("love-letter")
    for seed in range(40):
        _drive(rules, n, 1000 * n + seed, LoveLetterReferee)


@pytest.mark.soak
@pytest.mark.parametrize("n", [2, 3, 4])
def test_love_letter_many_random_games(n):
    rules = _load("love-letter")
    for seed in range(400):
        _drive(rules, n, 50000 + 1000 * n + seed, LoveLetterReferee)


def _seen(s, seat, zone, owner):
    return [s.rules.universe.names[c] for c in G.observation(s, seat)["zones"][zone][owner]]


def _play(s, text):
    action = next(a for a in G.legal_actions(s) if S.describe(s, a) == text)
    G.apply(s, action)


def _love_letter_table(hands, deck, log=False):
    """Three players; seat 1 begins (it has drawn); hands by seat, the deck with its top card last."""
    s = G.new_game(_load("love-letter"), 3, 7, log=log)
    z = {name: s.rules.zones[name].index for name in ("hand", "deck", "aside")}
    names = s.rules.universe.names
    pool = s.z[z["deck"]] + s.z[z["aside"]] + [c for h in s.z[z["hand"]] for c in h]
    take = lambda name: pool.pop(next(i for i, c in enumerate(pool) if names[c] == name))
    for p, cards in hands.items():
        s.z[z["hand"]][p] = [take(name) for name in cards]
    top = [take(name) for name in deck]
    s.z[z["aside"]][:] = [pool.pop()]
    s.z[z["deck"]][:] = pool + top
    S.refresh(s)
    assert G.current_player(s) == 1
    return s


def test_a_priests_look_is_seen_by_its_player_alone_until_the_card_moves():
    s = _love_letter_table({0: ["baron/letter"], 1: ["priest/letter", "guard/letter"], 2: ["king/letter"]},
                           ["guard/letter", "handmaid/letter", "prince/letter"])
    _play(s, "priest/letter")
    _play(s, "choose_player 2")
    # seat 1 sees seat 2's king; seat 0 does not, nor does any seat see seat 0's hand
    assert _seen(s, 1, "hand", 2) == ["king/letter"]
    assert _seen(s, 0, "hand", 2) == [] and _seen(s, 1, "hand", 0) == []
    king = S.cards(s.rules, ["king/letter"])[0]
    assert king in G.hidden_from(s, 0) and king not in G.hidden_from(s, 1)
    # seat 2 draws the prince and plays the king on seat 1: the cards moved, the look is over
    assert G.current_player(s) == 2
    _play(s, "king/letter")
    _play(s, "choose_player 1")
    # the king it saw moved (to seat 1 and on to seat 1's played cards? no: seat 1 holds the prince
    # seat 2 drew and kept): what seat 1 knows of seat 2's hand now is memory, not sight
    assert _seen(s, 1, "hand", 2) == []
    assert _seen(s, 0, "hand", 1) == [] and _seen(s, 0, "hand", 2) == []
    assert _seen(s, 1, "hand", 1) == ["prince/letter"]


def test_a_baron_shows_each_hand_to_the_other_on_a_tie():
    s = _love_letter_table({0: ["guard/letter"], 1: ["baron/letter", "prince/letter"], 2: ["prince/letter"]},
                           ["guard/letter", "handmaid/letter", "king/letter"])
    _play(s, "baron/letter")
    _play(s, "choose_player 2")
    assert not _v(s, "out")[1] and not _v(s, "out")[2]         # prince against prince: nobody is out
    assert _seen(s, 1, "hand", 2) == ["prince/letter"] and _seen(s, 2, "hand", 1) == ["prince/letter"]
    assert _seen(s, 0, "hand", 1) == [] and _seen(s, 0, "hand", 2) == []


def test_a_baron_knocks_out_the_lower_hand_face_up():
    s = _love_letter_table({0: ["priest/letter"], 1: ["baron/letter", "prince/letter"], 2: ["king/letter"]},
                           ["guard/letter", "handmaid/letter", "guard/letter"])
    _play(s, "baron/letter")
    _play(s, "choose_player 0")
    assert _v(s, "out") == [True, False, False]
    assert _seen(s, 2, "played", 0) == ["priest/letter"]
    assert G.current_player(s) == 2                              # seat 0 is skipped


def test_a_reveal_to_a_player_is_checked_when_the_rules_load(tmp_path):
    text = (HERE / "love-letter.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace('- reveal: {cards: "hand[target]", to: mover}',
                                '- reveal: {cards: "hand[target]", to: card_played}', 1), encoding="utf-8")
    loaded = load_ruleset(str(bad))
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "'to' names who is shown the cards" in d.message
    bad.write_text(text.replace('- reveal: {cards: "hand[target]", to: mover}',
                                '- reveal: {cards: "hand[target]", too: mover}', 1), encoding="utf-8")
    loaded = load_ruleset(str(bad))
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "unknown setting 'too' in 'reveal'" in d.message


# -- Sushi Go ----------------------------------------------------------------------------------------

HAND_SIZE = {2: 10, 3: 9, 4: 8, 5: 7}
ROLLS = {"maki1": 1, "maki2": 2, "maki3": 3}
NIGIRI = {"salmon": 2, "squid": 3, "egg": 1}
DUMPLINGS = [0, 1, 3, 6, 10, 15]


def sushi_round_points(trays, sushi):
    """Each player's points for a round's cards (trays: rank names by seat; sushi: nigiri points)."""
    n = len(trays)
    pts = [5 * (t.count("tempura") // 2) + 10 * (t.count("sashimi") // 3)
           + DUMPLINGS[min(t.count("dumpling"), 5)] + sushi[p] for p, t in enumerate(trays)]
    maki = [sum(ROLLS.get(r, 0) for r in t) for t in trays]
    most = max(maki)
    if most > 0:
        firsts = [p for p in range(n) if maki[p] == most]
        for p in firsts:
            pts[p] += 6 // len(firsts)
        rest = [maki[p] for p in range(n) if maki[p] < most]
        if len(firsts) == 1 and rest and max(rest) > 0:
            seconds = [p for p in range(n) if maki[p] == max(rest)]
            for p in seconds:
                pts[p] += 3 // len(seconds)
    return pts


def pudding_points(counts):
    n = len(counts)
    pts = [0] * n
    hi, lo = max(counts), min(counts)
    if hi == lo:
        return pts
    top = [p for p in range(n) if counts[p] == hi]
    low = [p for p in range(n) if counts[p] == lo]
    for p in top:
        pts[p] += 6 // len(top)
    if n > 2:
        for p in low:
            pts[p] -= 6 // len(low)
    return pts


class SushiGoReferee:
    def __init__(self, s):
        self.n = s.n
        self.rank = lambda c: _rank(s, c)
        self.score = [0] * s.n
        self.puddings = {p: [] for p in range(s.n)}
        self.round, self.deck, self.over = None, None, False

    def start_round(self, s):
        n, size = self.n, HAND_SIZE[self.n]
        self.round = s.hand_no
        self.hands = {p: _zone(s, "hand", p) for p in range(n)}
        dealt = sorted(c for h in self.hands.values() for c in h)
        assert all(len(h) == size for h in self.hands.values())
        if self.deck is None:
            self.deck = _zone(s, "deck") + dealt
            assert len(self.deck) == 108
        assert dealt == sorted(self.deck[-n * size:]), "dealt from the top of the deck"
        self.deck = self.deck[:-n * size]
        self.trays = {p: [] for p in range(n)}
        self.wasabi, self.sushi = [0] * n, [0] * n
        self.start_turn()

    def start_turn(self):
        self.picks = {p: [] for p in range(self.n)}
        self.queue = [("pick", p) for p in range(self.n)]
        self.stage, self.chop = "first", []

    def check_view(self, s):
        for q in range(self.n):
            obs = G.observation(s, q)["zones"]
            assert obs["deck"] == [] and obs["passing"] == [[]] * self.n
            for p in range(self.n):
                assert sorted(obs["hand"][p]) == (sorted(self.hands[p]) if p == q else [])
                assert sorted(obs["picked"][p]) == (sorted(self.picks[p]) if p == q else [])
                assert sorted(obs["tray"][p]) == sorted(self.trays[p])
                assert sorted(obs["puddings"][p]) == sorted(self.puddings[p])

    def before(self, s, who, legal):
        if self.round != s.hand_no:
            assert _v(s, "score") == self.score
            self.start_round(s)
        for p in range(self.n):
            assert sorted(_zone(s, "hand", p)) == sorted(self.hands[p])
        kind, p = self.queue[0]
        assert who == p, (who, self.queue)
        if kind == "pick":
            assert Counter(legal) == Counter("select " + self.rank(c) + "/sushi" for c in self.hands[p])
        else:
            assert set(legal) == {"use_chopsticks", "one_card"}, legal
        self.check_view(s)

    def after(self, s, action):
        kind, p = self.queue.pop(0)
        if kind == "pick":
            self.hands[p].remove(action[1])
            self.picks[p].append(action[1])
        elif action[0] == "use_chopsticks":
            self.chop.append(p)
        if self.queue:
            return
        if self.stage == "first":
            self.stage = "chop"
            self.queue = [("chop", p) for p in range(self.n)
                          if any(self.rank(c) == "chopsticks" for c in self.trays[p]) and self.hands[p]]
            if self.queue:
                return
        if self.stage == "chop":
            self.stage = "second"
            self.queue = [("pick", p) for p in self.chop]
            if self.queue:
                return
        self.resolve(s)

    def resolve(self, s):
        n = self.n
        for p in range(n):
            for c in self.picks[p]:
                r = self.rank(c)
                (self.puddings[p] if r == "pudding" else self.trays[p]).append(c)
                if r == "wasabi":
                    self.wasabi[p] += 1
                elif r in NIGIRI:
                    if self.wasabi[p]:
                        self.wasabi[p] -= 1
                        self.sushi[p] += 3 * NIGIRI[r]
                    else:
                        self.sushi[p] += NIGIRI[r]
            if p in self.chop:
                stick = next(c for c in self.trays[p] if self.rank(c) == "chopsticks")
                self.trays[p].remove(stick)
                self.hands[p].append(stick)
        self.hands = {(p + 1) % n: h for p, h in self.hands.items()}
        if any(self.hands.values()):
            return self.start_turn()
        trays = [[self.rank(c) for c in self.trays[p]] for p in range(n)]
        for p, x in enumerate(sushi_round_points(trays, self.sushi)):
            self.score[p] += x
        finished, self.round = self.round, None
        if finished == 3:
            for p, x in enumerate(pudding_points([len(self.puddings[p]) for p in range(n)])):
                self.score[p] += x
            self.over = True

    def finish(self, s):
        assert self.over and G.is_over(s)
        result = G.result(s)
        assert result["scores"] == self.score
        top = max(self.score)
        best = [p for p in range(self.n) if self.score[p] == top]
        most = max(len(self.puddings[p]) for p in best)
        assert result["winners"] == [p for p in best if len(self.puddings[p]) == most]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_sushi_go_random_games_follow_the_rules(n):
    rules = _load("sushi-go")
    for seed in range(12):
        _drive(rules, n, 700 * n + seed, SushiGoReferee)


@pytest.mark.soak
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_sushi_go_many_random_games(n):
    rules = _load("sushi-go")
    for seed in range(150):
        _drive(rules, n, 90000 + 700 * n + seed, SushiGoReferee)


def test_sushi_go_round_scoring_by_hand():
    # maki 3+2 = 5 for seat 0, 5 for seat 1 (tied first: 6 // 2 = 3 each, nobody second), 2 for seat 2;
    # seat 0: two tempura 5, three sashimi 10; seat 1: four dumplings 10; seat 2: a salmon on wasabi 6
    trays = [["maki3", "maki2", "tempura", "tempura", "sashimi", "sashimi", "sashimi"],
             ["maki3", "maki1", "maki1", "dumpling", "dumpling", "dumpling", "dumpling"],
             ["maki2", "wasabi", "salmon"]]
    assert sushi_round_points(trays, [0, 0, 6]) == [18, 13, 6]
    assert pudding_points([3, 1, 1]) == [6, -3, -3] and pudding_points([2, 0]) == [6, 0]


def test_explain_a_tie_broken_by_a_second_key_reads_among_the_players_tied():
    from interpreter.authoring.explain import explain
    text = explain(_load("sushi-go"))
    assert ("won by the player with the highest number of cards in their *puddings* among the players "
            "with the highest *score* (all of them on a tie)") in text
    text = explain(_load("love-letter"))
    assert "among the players with the highest *value* points" in text
    assert "among the player with" not in text


def test_a_pack_without_suits_has_the_four_french_suits_and_the_reference_says_so(tmp_path):
    # A designer of a suitless game who leaves out `suits:` gets four times the cards: the reference
    # must say so (Love Letter written that way has 64 cards, not 16).
    text = (HERE / "love-letter.yaml").read_text(encoding="utf-8").replace("  suits: [letter]\n", "")
    path = tmp_path / "suitless.yaml"
    path.write_text(text, encoding="utf-8")
    rules = load_from(tmp_path, "suitless")
    assert len(rules.deck(2)) == 64
    reference = (Path(__file__).resolve().parent.parent / "docs" / "reference.md").read_text(encoding="utf-8")
    assert "Without it the pack has those four suits" in reference


def test_a_mapping_where_an_expression_is_needed_and_a_reveal_of_numbers_are_named_plainly(tmp_path):
    text = (HERE / "love-letter.yaml").read_text(encoding="utf-8")
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace("  - shuffle: deck\n", "  - shuffle: deck\n  - log: {text: hello}\n"
                                 "  - reveal: [1, 2]\n", 1), encoding="utf-8")
    errors = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert [d.message for d in errors] == [
        "an expression is needed here, not a mapping of settings ('text')",
        "reveal shows a card or a list of cards, not a list of numbers"]
    assert "quote an expression that starts with '{'" in errors[0].hint


def test_a_sampled_world_shows_a_seat_the_card_now_where_it_looked():
    # seat 1's priest looked at seat 2's hand; seat 0's bot deals the cards it never saw anew: in each
    # world the card seat 1 sees is the one in seat 2's hand, wherever the king went
    from interpreter.bots.sampling import Watcher
    s = _love_letter_table({0: ["baron/letter"], 1: ["priest/letter", "guard/letter"], 2: ["king/letter"]},
                           ["guard/letter", "handmaid/letter", "prince/letter"])
    _play(s, "priest/letter")
    _play(s, "choose_player 2")
    watcher = Watcher(0, random.Random(3))
    hand = s.rules.zones["hand"].index
    moved = 0
    for _ in range(20):
        world = watcher.sample(s)
        # seat 2 has drawn: its first card is the one looked at, its second the one drawn
        looked = world.z[hand][2][0]
        assert world.revealed.to == {looked: {1}}
        assert G.observation(world, 1)["zones"]["hand"][2] == [looked]
        moved += looked != s.z[hand][2][0]
    assert moved > 0


@pytest.mark.parametrize("name", ["love-letter", "sushi-go"])
def test_bots_decide_the_same_when_only_cards_they_never_saw_change(name):
    from tests.test_review_seen import _swap_check
    compared, differ = _swap_check(_load(name), "greedy", range(3))
    assert compared >= 6 and differ == 0, (compared, differ)


def test_the_play_session_shows_a_priests_look_in_the_looking_seats_log_alone():
    from interpreter.playtest.session import Session
    rules = _load("love-letter")
    for seed in range(30):
        session = Session(rules, 3, seed, humans=[0, 1, 2])
        rng = random.Random(seed)
        while not session.state.over:
            s = session.state
            session.choose(s.pending.player, rng.randrange(len(s.pending.actions)))
            logs = {h: [e for e in session.seat_log(h) if isinstance(e, dict) and e.get("event") == "reveal"]
                    for h in range(3)}
            if logs[0]:
                [looker], owner = logs[0][0]["to"], int(logs[0][0]["where"][0][5])
                assert len(logs[looker]) == 1 and logs[looker][0]["cards"] != ["?"]
                for h in range(3):
                    if h not in (looker, owner):
                        assert logs[h][0]["cards"] == ["?"], logs[h]
                return
    raise AssertionError("no priest or baron was played")


def test_love_letter_worked_rounds():
    # deal: names the zones at the first decision, after the first player's draw (docs/scenarios.md)
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / "love-letter.scenario.yaml"))
    assert not problems and len(outcomes) == 6
    for o in outcomes:
        assert not o.diagnostics, "\n".join(d.format() for d in o.diagnostics)
    docs = (Path(__file__).resolve().parent.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")
    assert "the cards each zone holds at the first decision" in docs


def _sushi_table(hands):
    """Two players at the first pick, each holding the cards named (the rest back in the deck)."""
    s = G.new_game(_load("sushi-go"), 2, 5)
    z = {name: s.rules.zones[name].index for name in ("hand", "deck")}
    names = s.rules.universe.names
    pool = s.z[z["deck"]] + [c for h in s.z[z["hand"]] for c in h]
    take = lambda name: pool.pop(next(i for i, c in enumerate(pool) if names[c] == name))
    for p, cards in hands.items():
        s.z[z["hand"]][p] = [take(name + "/sushi") for name in cards]
    s.z[z["deck"]][:] = pool
    S.refresh(s)
    return s


def test_sushi_go_chopsticks_a_pass_and_the_round_score():
    s = _sushi_table({0: ["wasabi", "squid", "chopsticks"], 1: ["maki3", "tempura", "tempura"]})
    # turn 1: the picks are made in secret; seat 1 does not see seat 0's chopsticks until both picked
    _play(s, "select chopsticks/sushi")
    assert _seen(s, 1, "picked", 0) == [] and _seen(s, 1, "tray", 0) == []
    _play(s, "select tempura/sushi")
    assert _seen(s, 1, "tray", 0) == ["chopsticks/sushi"] and _seen(s, 0, "tray", 1) == ["tempura/sushi"]
    # the hands passed: seat 0 holds maki3 and tempura; no chopsticks to use yet
    assert sorted(_seen(s, 0, "hand", 0)) == ["maki3/sushi", "tempura/sushi"]
    _play(s, "select tempura/sushi")
    _play(s, "select wasabi/sushi")
    # seat 0 may take a second card with the chopsticks laid before: it takes the maki
    assert G.current_player(s) == 0 and sorted(S.describe(s, a) for a in G.legal_actions(s)) == \
        ["one_card", "use_chopsticks"]
    _play(s, "use_chopsticks")
    _play(s, "select maki3/sushi")
    # the chopsticks went back into seat 0's hand and on to seat 1 with it
    assert _seen(s, 1, "hand", 1) == ["chopsticks/sushi"] and _seen(s, 0, "hand", 0) == ["squid/sushi"]
    assert sorted(_seen(s, 0, "tray", 0)) == ["maki3/sushi", "tempura/sushi"]
    _play(s, "select squid/sushi")
    _play(s, "select chopsticks/sushi")
    # seat 0: one tempura 0, maki 3 (the most) 6, a squid without wasabi 3; seat 1: nothing scores
    assert _v(s, "score") == [9, 0] and s.hand_no == 2


def test_sushi_go_a_nigiri_on_wasabi_scores_triple_once_per_wasabi():
    s = _sushi_table({0: ["wasabi", "maki2", "egg"], 1: ["salmon", "maki2", "dumpling"]})
    _play(s, "select wasabi/sushi")
    _play(s, "select maki2/sushi")
    # seat 0 now holds salmon and dumpling, seat 1 maki2 and egg
    _play(s, "select salmon/sushi")
    _play(s, "select maki2/sushi")
    # the last cards: seat 0 the egg, seat 1 the dumpling
    _play(s, "select egg/sushi")
    _play(s, "select dumpling/sushi")
    # seat 0: salmon on wasabi 6, an egg (the wasabi is used) 1; seat 1: 4 rolls (the most) 6, a dumpling 1
    assert _v(s, "score") == [7, 7]


def test_explain_counts_the_copies_of_a_rank_in_a_pack_of_one_suit_as_copies_of_that_card():
    from interpreter.authoring.explain import explain
    text = explain(_load("love-letter"))
    assert "5 copies of the guard; 2 copies of the priest;" in text and "each guard card" not in text
    assert "14 copies of the tempura" in explain(_load("sushi-go"))


def test_coverage_counts_a_reveal_to_one_player_as_a_change():
    import re
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    out = CliRunner().invoke(cli, ["simulate", str(HERE / "love-letter.yaml"), "--games", "10", "--seed", "1",
                                   "--players", "3", "--coverage"]).output
    shares = [int(x) for x in re.findall(r"reveal\s+[\d.]+\s+changed (\d+)%", out)]
    assert len(shares) == 3 and all(x > 50 for x in shares), out


def test_the_game_log_says_a_seat_shown_a_card_sees_it_go():
    s = _love_letter_table({0: ["guard/letter"], 1: ["priest/letter", "guard/letter"], 2: ["baron/letter"]},
                           ["guard/letter", "handmaid/letter", "king/letter"], log=True)
    _play(s, "priest/letter")
    _play(s, "choose_player 2")
    _play(s, "king/letter")                 # seat 2 drew the king and trades hands with seat 0
    _play(s, "choose_player 0")
    moves = [e for e in s.events if e.get("event") == "move" and e["source"] == ["hand[2]"]]
    # the baron seat 1 looked at leaves seat 2's hand face down: seat 2 and seat 1 see it go
    assert moves[-1]["cards"] == ["baron/letter"] and moves[-1]["seen_by"] == {"baron/letter": [1, 2]}
