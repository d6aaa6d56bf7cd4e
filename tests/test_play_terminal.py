"""`rules play` at a real pseudo-terminal (pexpect): a whole game of Scotch Whist, a bidding hand of the
escalative game and a Scala Quaranta hand with an opening meld, typed as a player would."""
import os
import re
import sys

import pytest

from tests.helpers import ROOT, run_cli

pexpect = pytest.importorskip("pexpect", reason="pexpect is not installed (pip install '.[test]')")

PROMPT = "P0> "
MOVE = re.compile(r"(\d+)\) (.+?)(?=\s{3}\d+\) |$)")


class Table:
    """One `rules play` process: read up to the prompt, type lines, keep everything shown."""

    def __init__(self, *args, timeout=60):
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", COLUMNS="120")
        self.child = pexpect.spawn(sys.executable, ["-m", "interpreter", "play", *args], env=env, cwd=str(ROOT),
                                   encoding="utf-8", timeout=timeout, dimensions=(50, 160))
        self.shown = ""

    def turn(self):
        """Wait for the prompt (returns the legal moves {key: text}) or the end of the game (returns None)."""
        index = self.child.expect([PROMPT, "GAME OVER", pexpect.EOF])
        self.shown += self.child.before + (self.child.after if isinstance(self.child.after, str) else "")
        if index != 0:
            return None
        block = self.child.before.rsplit("moves:", 1)
        if len(block) < 2:
            return {}
        moves = {}
        for line in block[1].splitlines():
            for key, text in MOVE.findall(line.strip()):
                moves[key] = text.strip()
        return moves

    def type(self, line):
        self.child.sendline(line)

    def answer(self):
        """What the program printed in answer to the last line, up to the next prompt."""
        self.child.expect(PROMPT)
        self.shown += self.child.before
        return self.child.before

    def finish(self):
        self.child.expect(pexpect.EOF)
        self.shown += self.child.before
        self.child.close()
        return self.child.exitstatus


def letters(card):
    """J♥ -> jh, 10♠ -> 10s: a card typed without suit symbols, in lower case."""
    return card[:-1].lower() + {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}[card[-1]]


def test_whole_game_of_scotch_whist(tmp_path):
    stem = tmp_path / "whist"
    table = Table("scotch-whist", "--option", "target=5", "--seed", "3", "--bots", "random", "--save", str(stem))
    moves = table.turn()
    assert "You are P0" in table.shown and "your hand:" in table.child.before
    hand = re.search(r"your hand: (.+)", table.child.before).group(1).split()
    assert set(moves.values()) <= set(hand)
    table.type("help")
    assert "undo" in table.answer()
    table.type("zz")
    assert "not legal: 'zz' is not a legal move now; legal:" in table.answer()
    stranger = next(c for c in ("A♠", "K♠", "Q♠", "J♠", "10♠", "A♣", "K♣", "A♥") if c not in hand)
    table.type(letters(stranger))
    assert f"not legal: you do not hold {stranger}" in table.answer()
    table.type("hint")
    hint = re.search(r"hint: the search bot would play (\d+)\) (\S+)", table.answer())
    assert hint and moves[hint.group(1)] == hint.group(2)
    first = moves["1"]
    table.type(letters(first))                   # a card typed as js, 10h
    moves = table.turn()
    assert f"P0 plays {first}" in table.shown
    table.type("undo")
    assert "taken back" in table.answer()
    table.type(first)                             # and typed as on the table
    played = 1
    while True:
        moves = table.turn()
        if moves is None:
            break
        table.type(list(moves)[-1] if played % 2 else list(moves.values())[0])
        played += 1
    assert table.finish() == 0
    assert re.search(r"trick \d+: .* -> P\d wins", table.shown)
    assert "final scores:" in table.shown and ("You win!" in table.shown or "Winner(s): P" in table.shown)
    assert re.search(r"score\[P\d\] \+= \d+", table.shown)
    scenario = tmp_path / "whist.scenario.yaml"
    assert scenario.exists() and (tmp_path / "whist.log.json").exists()
    check = run_cli("test", str(scenario))
    assert check.returncode == 0, check.stdout + check.stderr
    assert "1 passed" in check.stdout
    replay = run_cli("replay", str(tmp_path / "whist.log"))
    assert replay.returncode == 0 and "P0 human" in replay.stdout and "== result ==" in replay.stdout


def test_a_bidding_hand_of_the_escalative_game(tmp_path):
    table = Table("escalative", "--seed", "5", "--bots", "random", "-o", "deals=4")   # a second hand follows
    bids = 0
    while True:
        moves = table.turn()
        assert moves is not None, "the game ended before its first hand did"
        if "== hand 2 ==" in table.shown:
            break
        texts = list(moves.values())
        bid = [t for t in texts if t.startswith("bid ")]
        if bid and bids == 0:
            table.type(bid[0])                    # typed as words: bid 5
            bids += 1
        elif "pass" in texts:
            table.type("pass")
        else:
            table.type("1")
    assert bids == 1
    assert re.search(r"P0 bid \d+", table.shown)
    assert re.search(r"P[123] (bid \d+|pass)", table.shown)
    assert re.search(r"trick \d+: .* -> P\d wins", table.shown)
    assert "scores: P0 " in table.shown
    table.type("quit")
    assert table.finish() == 0


def test_a_scala_quaranta_hand_with_a_meld(tmp_path):
    stem = tmp_path / "scala"
    table = Table("scala40", "--seed", "4", "--bots", "random")
    opened = None
    while True:
        moves = table.turn()
        assert moves is not None
        if "== hand 2 ==" in table.shown:
            break
        texts = list(moves.values())
        if "draw" in texts:
            table.type("draw")                    # a move by its word
            continue
        open_key = next((k for k, t in moves.items() if t.startswith("open ")), None)
        if opened is None and open_key is not None:
            opened = moves[open_key]
            table.type(open_key)
            continue
        more = next((k for k, t in moves.items() if t.startswith(("meld ", "add "))), None)
        table.type(more or next((k for k, t in moves.items() if t.startswith("discard ")), "1"))
    assert opened, "the human never could open"
    assert f"P0 {opened}" in table.shown
    groups = re.findall(r"\[([^\]]+)\]", opened)
    assert any(line.strip().startswith("table:") and f"[{groups[0]}]" in line for line in table.shown.splitlines())
    assert re.search(r"score\[P\d\] \+= \d+", table.shown)
    table.type(f"save {stem}")
    saved = table.answer()
    assert "saved" in saved
    table.type("quit")
    assert table.finish() == 0
    check = run_cli("test", str(tmp_path / "scala.scenario.yaml"))
    assert check.returncode == 0, check.stdout + check.stderr


# -- the session layer under the terminal ------------------------------------------------------------

def _session(name, seed=2, **options):
    from interpreter.playtest.session import Session
    from tests.helpers import rules_of
    paths = {"scotch-whist": "rulesets/scotch-whist.yaml", "escalative": "rulesets/escalative/escalative.yaml",
             "scala40": "rulesets/scala40/scala40.yaml", "escalation": "rulesets/escalation/escalation.yaml",
             "scalade": "rulesets/scalade/scalade.yaml"}
    session = Session(rules_of(paths[name], **options), seed=seed, bots=["random"])
    session.run_bots()
    return session


def test_cards_are_read_as_typed_on_the_table():
    from interpreter.playtest.words import parse_card
    u = _session("scotch-whist").rules.universe
    for typed in ("J♠", "JS", "js", "jS", " j♠ "):
        assert u.names[parse_card(u, typed)] == "J♠"
    for typed in ("10h", "10H", "Th", "th", "10♥"):
        assert u.names[parse_card(u, typed)] == "10♥"
    assert parse_card(u, "xx") is None and parse_card(u, "5♥") is None   # no fives in this pack


@pytest.mark.parametrize("name", ["scotch-whist", "escalative", "scala40", "escalation", "scalade"])
def test_every_move_can_be_typed_as_it_is_shown(name):
    """Each legal move's words (bids, melds with jokers, climbing plays) read back to that move."""
    import random
    se = _session(name)
    rng = random.Random(5)
    kinds = set()
    for _ in range(60):
        if se.over:
            break
        legal = se.legal(0)
        for m in legal:
            kinds.add(m["move"])
            chosen = se.state.pending.actions
            from interpreter.playtest.words import describe, match
            index = match(se.state, chosen, m["text"])
            assert describe(se.state, chosen[index]) == m["text"]
        se.choose(0, rng.randrange(len(legal)))
    assert kinds


def test_undo_goes_back_to_the_humans_previous_decision():
    se = _session("escalative", seed=7)
    before = (se.view(0)["zones"], se.view(0)["legal"], len(se.decisions))
    assert not se.undo(0)                                   # nothing to take back yet
    se.choose(0, 0)
    assert len(se.decisions) > before[2]
    assert se.undo(0)
    assert (se.view(0)["zones"], se.view(0)["legal"], len(se.decisions)) == before


def test_a_seats_log_never_names_cards_it_has_not_seen():
    """Through the first hand (later deals give seen cards to others), no card in another hand shows."""
    se = _session("escalative", seed=3)
    import random
    rng = random.Random(2)
    checked = 0
    while not se.over and se.state.hand_no == 1:
        checked += 1
        s = se.state
        names = s.rules.universe.names
        hand = s.rules.zones["hand"].index
        others = {names[c] for p in range(1, s.n) for c in s.z[hand][p]}
        text = json_text(se.view(0))
        assert not [c for c in others if c in text]
        se.choose(0, rng.randrange(len(se.legal(0))))
    assert checked > 3


def json_text(value):
    import json
    return json.dumps(value, ensure_ascii=False)


def test_bots_cannot_change_the_real_game():
    """Bots think on a private copy: every trick of the real game lists each seat once, in turn."""
    from interpreter.playtest.session import Session
    from tests.helpers import rules_of
    se = Session(rules_of("rulesets/scotch-whist.yaml"), seed=0, bots=["greedy"])
    se.run_bots()
    while not se.over and se.state.hand_no == 1:
        se.choose(0, 0)
    tricks = [e for e in se.state.events if e["event"] == "trick"]
    assert tricks
    for e in tricks:
        assert e["players"] == [(e["leader"] + k) % 4 for k in range(4)], e


def test_a_failing_bot_does_not_stop_the_game():
    from interpreter.playtest.session import Session
    from tests.helpers import rules_of
    se = Session(rules_of("rulesets/scotch-whist.yaml"), seed=1, bots=["random"])

    def broken(*args):
        raise TypeError("no idea")
    se.bots[2].decide = broken
    se.run_bots()
    while not se.over and se.state.hand_no == 1:
        se.choose(0, 0)
    notes = [e["text"] for e in se.seat_log(0) if e.get("event") == "note"]
    assert notes == ["the random bot of P2 failed (TypeError: no idea); it plays a random move whenever it fails"]
    assert any(e["event"] == "trick" for e in se.state.events)


def test_a_refused_move_lists_the_legal_moves_in_the_menus_order():
    import pytest

    from interpreter.playtest.words import Refused, describe
    session = _session("scotch-whist")
    assert session.state.pending.player == 0 and len(session.legal(0)) > 2
    shown = [m["text"] for m in session.legal(0)]
    assert shown != [describe(session.state, a) for a in session.state.pending.actions]   # the menu is sorted
    with pytest.raises(Refused) as refused:
        session.choose(0, "nonsense words")
    listed = str(refused.value).split("legal: ", 1)[1].split(", ")
    assert listed == shown[:len(listed)]
    # a typed card still plays the move it names
    before = len(session.state.history)
    session.choose(0, shown[-1].split()[-1])
    player, action = session.state.history[before]
    assert player == 0 and describe(session.state, action) == shown[-1]


def test_save_keeps_the_files_of_another_game_and_brings_its_own_up_to_date(tmp_path, monkeypatch):
    """`save` never replaces files this game did not write (a scenario saved from an earlier game, since
    edited): it says so and names a free name; saving again under a name this game used updates it."""
    from interpreter.playtest.terminal import Terminal
    monkeypatch.chdir(tmp_path)
    earlier = tmp_path / "playtest.scenario.yaml"
    earlier.write_text("# my edited scenario\n", encoding="utf-8")
    typed = iter(["save", "save", "save mine", "save mine", "quit"])
    said = []
    session = _session("scotch-whist")
    Terminal(session, 0, ask=lambda prompt: next(typed), say=said.append).run()
    refusals = [x for x in said if x.startswith("not saved:")]
    assert len(refusals) == 2 and "playtest.scenario.yaml" in refusals[0] and "save playtest-2" in refusals[0], said
    assert earlier.read_text(encoding="utf-8") == "# my edited scenario\n"
    assert not (tmp_path / "playtest.log").exists()
    assert sum(x.startswith("saved mine.log") for x in said) == 2, said
    assert (tmp_path / "mine.scenario.yaml").read_text(encoding="utf-8").startswith("# A game played")
