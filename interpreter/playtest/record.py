"""Save a played game: as a game log (`rules replay` shows it) and as a scenario file (`rules test` runs it).

The log holds every event, everyone's cards included: it is for after the game.  The scenario replays the
game from its seed with every move written as docs/scenarios.md says (`{player: 1, play: J♥}`,
`{player: 2, move: bid, value: 3}`, melds by their cards with `Joker=10♣` readings) and expects the
outcome that was played: the winners and scores of a finished game, else whose turn it is.
"""
from __future__ import annotations

import os
from pathlib import Path

import yaml

from ..authoring.meldvalues import _groups, is_structured
from ..engine import game as G
from ..engine import scenario as S
from ..engine.scenario import _option_type
from ..sim.gamelog import write_log
from . import view as V


def log_record(session) -> dict:
    s = session.state
    from .session import plain_choice
    events = [plain_choice(s, e) if e.get("event") == "choice" else e for e in s.events]
    record = {"game": 0, "seed": session.seed, "players": s.n, "events": events,
              "bots": [("human" if p in session.humans else session.bot_names[p]) for p in range(s.n)],
              "winners": None, "scores": V.scores(s)}
    if s.over:
        result = G.result(s)
        record.update(winners=result["winners"], scores=result["scores"])
        record["events"].append({"event": "result", "winners": result["winners"], "scores": result["scores"],
                                 "hand": s.hand_no})
    return record


def save_log(session, path) -> tuple[Path, Path]:
    """FILE (text) and FILE.json, as `rules simulate --log FILE` writes them."""
    return write_log(path, session.rules, log_record(session))


def scenario_document(session, name=None) -> dict:
    s = session.state
    replay = G.new_game(s.rules, s.n, session.seed)
    moves = []
    for player, index in session.decisions:
        action = replay.pending.actions[index]
        moves.append(_nth(replay, action, _move(replay, player, action)))
        G.apply_index(replay, index)
    expect = {"hand": s.hand_no, "over": s.over}
    if s.over:
        result = G.result(s)
        expect.update(winners=result["winners"], scores=result["scores"])
    else:
        expect["to_move"] = s.pending.player
    doc = {"ruleset": str(session.source or s.rules.name), "players": s.n}
    if session.options:
        # as the ruleset took them (hands: 2), not as typed on the command line ('2')
        taken = getattr(s.rules, "options", None) or {}
        doc["options"] = {k: taken.get(k, v) for k, v in session.options.items()}
    doc["scenarios"] = [{"name": name or f"a game played with rules play (seed {session.seed})",
                         "description": "Seats: " + ", ".join(
                             f"P{p} {'human' if p in session.humans else session.bot_names[p]}" for p in range(s.n)),
                         "seed": session.seed, "moves": moves, "expect": expect}]
    return doc


def _move(s, player, action):
    name, value = action[0], action[1]
    u = s.rules.universe
    if is_structured(value):
        groups = [[t if stands is None else f"{t}={stands}" for t, stands in g] for g in _groups(s, value)]
        written = groups[0] if len(groups) == 1 and type(value).__name__ == "Meld" else groups
        return {"player": player, "move": name, "value": written}
    if isinstance(value, int) and not isinstance(value, bool) and name == "play" and V.face_up_play(s):
        return {"player": player, "play": u.names[value]}
    from ..engine.scenario import card_option
    if isinstance(value, int) and not isinstance(value, bool) and card_option(s, name):
        return {"player": player, "move": name, "value": u.names[value]}
    from ..expr import types as T
    if isinstance(value, tuple) and T.tuple_items(_option_type(s, name)) is not None:
        from ..engine.steps import shown          # (card, pile): the card by name, the rest as it is
        return {"player": player, "move": name, "value": shown(s, value, _option_type(s, name))}
    if isinstance(value, (list, tuple)) and value and all(isinstance(c, int) and not isinstance(c, bool)
                                                          for c in value) and _option_type(s, name) != "list":
        return {"player": player, "move": name, "value": [u.names[c] for c in value]}
    move = {"player": player, "move": name}
    if value is not None:
        move["value"] = list(value) if isinstance(value, tuple) else value
    return move


def _nth(s, action, move):
    """The scenario move, with 'nth' when the words it gives fit several legal actions and the one
    played is not the first of them (identical copies of a card in different places: two jokers at
    different depths of a discard pile take different cards with them)."""
    if "play" in move:
        fits = S.matching_actions(s, "play", move["play"])
    elif "value" in move and not is_structured(action[1]):
        fits = S.matching_actions(s, move["move"], move["value"])
    else:
        return move
    if len(fits) > 1 and fits.index(action) > 0:
        move["nth"] = fits.index(action) + 1
    return move


def save_scenario(session, path, name=None) -> Path:
    path = Path(path)
    doc = scenario_document(session, name)
    source = Path(doc["ruleset"])
    if not source.is_absolute() and source.is_file():
        # a path as given on the command line is relative to where `rules play` ran; a scenario's
        # ruleset is read relative to the scenario file
        doc["ruleset"] = Path(os.path.relpath(source.resolve(), path.resolve().parent)).as_posix()
    text = ("# A game played with `rules play`; run it with: rules test " + path.name + "\n" +
            yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=110))
    path.write_text(text, encoding="utf-8")
    return path


SUFFIXES = (".log", ".log.json", ".scenario.yaml")


def save_all(session, stem) -> list[Path]:
    """STEM.log (+ STEM.log.json) and STEM.scenario.yaml."""
    text, json_path = save_log(session, f"{stem}.log")
    return [text, json_path, save_scenario(session, f"{stem}.scenario.yaml")]


def existing(stem) -> list[str]:
    """The files save_all(stem) would write that are there already."""
    return [stem + x for x in SUFFIXES if Path(stem + x).exists()]


def free_stem(stem) -> str:
    """STEM-2, STEM-3, ...: the first name none of whose files exist."""
    k = 2
    while existing(f"{stem}-{k}"):
        k += 1
    return f"{stem}-{k}"


__all__ = ["existing", "free_stem", "save_log", "save_scenario", "save_all", "scenario_document", "log_record"]
