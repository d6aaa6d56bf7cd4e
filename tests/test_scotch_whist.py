"""Scotch Whist, from its rule text: pack, trumps, trick play, ordered scoring, the race to 41."""
import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.helpers import play_checked, rules_of

RULES = "rulesets/scotch-whist.yaml"


def rules():
    return rules_of(RULES)


set_var = S.set_var


@pytest.mark.parametrize("players,size,each", [(2, 36, 18), (3, 36, 12), (4, 36, 9), (5, 35, 7), (6, 36, 6), (7, 35, 5)])
def test_pack_and_deal_sizes(players, size, each):
    r = rules()
    deck = r.deck(players)
    assert len(deck) == size
    names = {r.universe.names[c] for c in deck}
    assert ("6♣" in names) == (size == 36)
    s = G.new_game(r, players, seed=3)
    assert [len(h) for h in S.zone(s, "hand")] == [each] * players
    assert S.var(s, "dealt") == each


def test_trumps_come_from_the_dealers_last_card_which_everyone_sees():
    r = rules()
    for seed in range(20):
        s = G.new_game(r, 4, seed)
        dealer = S.var(s, "dealer")
        last = S.zone(s, "hand", dealer)[-1]
        assert S.var(s, "trumps") == r.universe.suit_of[last]
        assert last in s.revealed
        # every other player can see it too
        assert last in G.observation(s, (dealer + 1) % 4)["zones"]["hand"][dealer]


def test_player_left_of_dealer_leads_and_must_follow_suit():
    r = rules()
    s = G.new_game(r, 4, seed=5)
    assert G.current_player(s) == 1            # seat 0 deals the first hand
    S.place(s, "hand", ["A♥", "K♥", "6♠"], owner=2)
    lead = S.zone(s, "hand", 1)[0]
    G.apply(s, ("play", lead))
    led = r.universe.suit_of[lead]
    hand2 = S.zone(s, "hand", 2)
    legal = [a[1] for a in G.legal_actions(s)]
    same = [c for c in hand2 if r.universe.suit_of[c] == led]
    assert sorted(legal) == sorted(same or hand2)


def one_card_each(cards, trumps):
    """A 4-player game (logged) at its first trick where each seat holds just the named card."""
    r = rules()
    s = G.new_game(r, 4, seed=1, log=True)
    set_var(s, "trumps", trumps)
    for seat, card in cards.items():
        S.place(s, "hand", [card], owner=seat)
    S.place(s, "stock", [r.universe.names[c] for c in r.deck(4) if r.universe.names[c] not in cards.values()])
    return s


def test_trump_jack_beats_trump_ace_and_trumps_beat_the_led_suit():
    s = one_card_each({1: "A♥", 2: "J♥", 3: "A♠", 0: "K♠"}, trumps="hearts")
    S.play(s, "A♥", "J♥", "A♠", "K♠")
    assert last_trick_winner(s) == 2
    assert S.var(s, "score")[2] == 4 + 11      # the Ace and the Jack of trumps


def test_highest_card_of_the_led_suit_wins_without_trumps():
    s = one_card_each({1: "10♠", 2: "A♦", 3: "J♠", 0: "9♠"}, trumps="hearts")
    S.play(s, "10♠", "A♦", "J♠", "9♠")
    assert last_trick_winner(s) == 3           # J♠ beats 10♠; the off-suit Ace does not count


def last_trick_winner(s):
    return [e for e in s.events if e["event"] == "trick"][-1]["winner"]


def _last_trick(s, won, last):
    """Set up the last trick of a hand: won piles and one card per hand (by seat)."""
    r = s.rules
    everything = [r.universe.names[c] for c in r.deck(s.n)]
    placed = {c for pile in won.values() for c in pile} | set(last.values())
    for seat, card in last.items():
        S.place(s, "hand", [card], owner=seat)
    for seat, pile in won.items():
        S.place(s, "won", pile, owner=seat)
    S.place(s, "stock", [name for name in everything if name not in placed])


def test_trick_score_is_cards_won_beyond_the_deal():
    """Four players, nine cards each: five tricks = 20 cards, 20 - 9 = 11 points."""
    r = rules()
    s = G.new_game(r, 4, seed=2)
    set_var(s, "trumps", "hearts")
    set_var(s, "dealt", 9)
    last = {1: "A♠", 2: "K♠", 3: "Q♠", 0: "J♠"}          # seat 1 leads and wins the last trick
    plain = [f"{rank}{suit}" for suit in "♣♦" for rank in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")]
    won = {1: plain[:16],                                      # four earlier tricks, no trumps
           3: ["10♥", "J♥", "Q♥", "K♥", "6♠", "7♠", "8♠", "9♠"],
           2: ["6♥", "7♥", "8♥", "9♥", plain[16], plain[17], "10♠", "A♥"]}
    _last_trick(s, won, last)
    assert G.current_player(s) == 1
    S.play(s, "A♠", "K♠", "Q♠", "J♠")
    score = S.var(s, "score")
    assert score[1] == 11                      # 20 cards won - 9 dealt, no trump honours
    assert score[3] == 10 + 11 + 2 + 3         # 8 cards (below the share): only the trump honours
    assert score[2] == 4                       # the Ace of trumps
    assert score[0] == 0


def test_race_to_41_is_settled_in_scoring_order():
    """A player on 40 with a big trick score loses to one on 35 who wins the 10 of trumps (scored first)."""
    r = rules()
    s = G.new_game(r, 4, seed=4)
    set_var(s, "trumps", "hearts")
    set_var(s, "dealt", 9)
    set_var(s, "score", [0, 40, 35, 0])
    everything = [r.universe.names[c] for c in r.deck(4)]
    last = {1: "A♠", 2: "6♣", 3: "7♣", 0: "8♣"}
    won = {1: ["6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", "A♦", "6♠", "7♠", "8♠"],
           2: ["10♥", "9♣", "10♣", "J♣"]}
    used = set(sum(won.values(), [])) | set(last.values())
    won[3] = [c for c in everything if c not in used]
    _last_trick(s, won, last)
    S.play(s, "A♠", "6♣", "7♣", "8♣")
    assert G.is_over(s)
    res = G.result(s)
    assert res["winners"] == [2]               # 35 + 10 for the ten of trumps = 45, before any trick score
    assert res["scores"][2] == 45
    assert res["scores"][1] == 40              # seat 1's trick score (16 - 9 = 7) was never reached


def test_game_goes_on_below_target_and_the_deal_passes_left():
    r = rules()
    s = G.new_game(r, 3, seed=11)
    assert S.var(s, "dealer") == 0
    hands_seen = []
    import random
    rng = random.Random(0)
    while not G.is_over(s) and s.hand_no < 3:
        hands_seen.append((s.hand_no, S.var(s, "dealer")))
        acts = G.legal_actions(s)
        G.apply(s, acts[rng.randrange(len(acts))])
    dealers = dict(hands_seen)
    for hand, dealer in dealers.items():
        assert dealer == (hand - 1) % 3


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_invariants_over_many_games(players):
    """No card lost or duplicated after any action, every game ends, winners have the top score >= 41."""
    r = rules()
    for seed in range(150):
        s, res = play_checked(r, players, seed, check_every_action=seed < 40)
        best = max(res["scores"])
        assert best >= 41
        assert res["winners"] and all(res["scores"][w] == best for w in res["winners"])
        assert len(res["metrics"]["trumps"]) == res["hands"]
        assert res["tricks"] == res["hands"] * (len(r.deck(players)) // players) or G.is_over(s)


def test_illegal_move_is_refused():
    r = rules()
    s = G.new_game(r, 4, seed=0)
    hand = S.zone(s, "hand", G.current_player(s))
    other = next(c for c in r.deck(4) if c not in hand)
    with pytest.raises(G.GameError):
        G.apply(s, ("play", other))


def test_same_seed_same_game():
    r = rules()
    a = play_checked(r, 4, 77, check_every_action=False)[1]
    b = play_checked(r, 4, 77, check_every_action=False)[1]
    assert a == b


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_invariants_over_thousands_of_games(players):
    """2,000 seeded games per player count, cards checked after every action (run with -m soak)."""
    r = rules()
    for seed in range(1000, 3000):
        s, res = play_checked(r, players, seed)
        assert max(res["scores"]) >= 41 and res["winners"]
