"""The `tricks` block: a rule that ends the game inside a trick stops play at once."""
import random

from interpreter.engine import game as G
from interpreter.ruleset.loader import load_ruleset

# Scotch Whist's tricks, but the game ends after the second trick of the first hand.
VARIANT = """
extends: {base}
hand:
  - gather: {{from: [hand, trick, won], to: stock}}
  - shuffle: stock
  - deal: {{from: stock, to: hand, count: all, start: left_of(dealer)}}
  - set:
      trumps: last(hand[dealer]).suit
      dealt: count(hand[dealer])
  - tricks:
      hand: hand
      trick: trick
      lead: left_of(dealer)
      follow: suit
      trumps: trumps
      order: strength
      collect: won[winner]
      after_trick:
        - add:
            score[winner]: 1
        - end_game:
            when: trick_number == 2
            winners: "[winner]"
"""


def _rules(tmp_path):
    from tests.helpers import ROOT
    path = tmp_path / "short.yaml"
    path.write_text(VARIANT.format(base=ROOT / "rulesets" / "scotch-whist.yaml"))
    loaded = load_ruleset(str(path))
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def test_end_game_in_after_trick_stops_after_that_trick(tmp_path):
    rules = _rules(tmp_path)
    for seed in range(20):
        s = G.new_game(rules, 4, seed)
        rng = random.Random(seed)
        decisions = 0
        while not s.over:
            G.apply_index(s, rng.randrange(len(s.pending.actions)))
            decisions += 1
        assert decisions == 8                      # two tricks of four cards, no more
        assert s.tricks == 2
        assert s.pending is None and not s.stack
        result = G.result(s)
        assert sum(result["scores"]) == 2          # one point per trick played
        assert len(result["winners"]) == 1
        assert result["scores"][result["winners"][0]] >= 1   # the winner of the second trick


def _play(rules, seed, log):
    s = G.new_game(rules, rules.default_players, seed, log=log)
    rng = random.Random(seed)
    while not s.over:
        G.apply_index(s, rng.randrange(len(s.pending.actions)))
    return s


def test_straight_path_between_tricks_plays_as_the_general_one(monkeypatch):
    """Between two tricks, an unlogged game takes a straight path when every hook is one plain
    function: the end of a trick written out for its block (trickgen.py), or Tricks.next_trick when
    that is not generated; a logged game goes through the general phase loop (Tricks.step).  All three
    must play the same games: same decisions, scores, tricks and cards."""
    from interpreter.engine import tricks
    from interpreter.engine.tricks import Tricks
    from interpreter.resources import bundled_rulesets
    runs = {"generated": 0, "method": 0}
    original, generate = Tricks.next_trick, tricks.trick_end

    def counted(block):
        fn = generate(block)
        return lambda *a: runs.__setitem__("generated", runs["generated"] + 1) or fn(*a)
    monkeypatch.setattr(tricks, "trick_end", counted)
    monkeypatch.setattr(Tricks, "next_trick",
                        lambda self, *a: runs.__setitem__("method", runs["method"] + 1) or original(self, *a))
    checked = 0
    for name, path in sorted(bundled_rulesets().items()):
        rules = load_ruleset(str(path)).rules
        if "tricks" not in str(rules.data):
            continue
        with monkeypatch.context() as m:        # the same rules without the generated trick end
            m.setattr(Tricks, "folded", lambda self, generate: self.hooks())
            plain = load_ruleset(str(path)).rules
        for seed in range(4):
            fast, method, logged = _play(rules, seed, False), _play(plain, seed, False), _play(rules, seed, True)
            for other in (method, logged):
                assert fast.history == other.history, name
                assert G.result(fast) == G.result(other), name
                assert fast.z == other.z and fast.v == other.v, name
        checked += 1
    assert checked >= 8
    assert runs["generated"] > 1000 and runs["method"] > 1000     # both straight paths did run


def test_a_refused_card_leaves_the_choice_as_it_was():
    """A bad answer stops with a GameError before anything moves: the same player is still asked."""
    from tests.helpers import rules_of
    rules = rules_of("rulesets/scotch-whist.yaml")
    hands = rules.zones["hand"].index
    s = G.new_game(rules, 4, 3)
    G.apply_index(s, 0)                           # the lead: the next answers come through resolve()
    before = (s.pending.player, list(s.pending.actions), [list(h) for h in s.z[hands]], s.turns)
    try:
        G.apply_index(s, len(s.pending.actions))   # one past the last card offered
    except G.GameError:
        pass
    else:
        raise AssertionError("an index past the offered cards was accepted")
    assert (s.pending.player, s.pending.actions, [list(h) for h in s.z[hands]], s.turns) == before
    G.apply_index(s, 0)                           # and the game goes on
    assert s.turns == before[3] + 1


def test_the_decision_limit_stops_a_game_and_is_kept_by_a_copy(tmp_path):
    """end: max_turns bounds a game at four times as many decisions; a copy has the same bound."""
    from tests.helpers import ROOT
    path = tmp_path / "endless.yaml"
    path.write_text(f"extends: {ROOT / 'rulesets' / 'scotch-whist.yaml'}\nend:\n  max_turns: 10\n")
    rules = load_ruleset(str(path)).rules
    s = G.new_game(rules, 4, 1)
    for _ in range(40):
        G.apply_index(s, 0)
    copy = s.clone()
    for state in (s, copy):
        try:
            G.apply_index(state, 0)
        except G.GameError as err:
            assert "no end after 40 decisions" in str(err)
        else:
            raise AssertionError("the 41st decision was played")
