"""Write schemas/ruleset.schema.json from the section descriptions below and the step registry.

Run `python tools/build_schema.py` after adding a step kind; a test checks that
the committed schema is up to date.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import interpreter.engine  # noqa: E402,F401  (registers the step kinds)
from interpreter.engine.registry import STEPS  # noqa: E402

EXPR = {"$ref": "#/$defs/expression"}


def obj(description, properties, required=(), additional=False, **extra):
    out = {"type": "object", "description": description, "properties": properties,
           "additionalProperties": additional}
    if required:
        out["required"] = list(required)
    out.update(extra)
    return out


def expr(description, **extra):
    return dict({"$ref": "#/$defs/expression", "description": description}, **extra)


def text(description, **extra):
    return dict({"type": "string", "description": description}, **extra)


def steps(description):
    return {"$ref": "#/$defs/steps", "description": description}


VISIBILITY = {"enum": ["public", "owner", "hidden"],
              "description": "Who sees the cards: everyone (public), only the player the zone belongs to (owner), "
                             "or nobody (hidden)."}
PER = text("Keep one of these for each player, each suit, or each entry of an object collection: "
           "player, suit, or the collection's name.", examples=["player", "suit"])
CARD_LIST = {"type": "array", "items": {"type": "string"}, "description": "Cards such as 6♣ or 6C."}


def pack_fields():
    return {
        "ranks": {"type": "array", "items": {"type": ["string", "integer"]}, "minItems": 1,
                  "description": "Every rank the pack can use, from low to high in its natural order. "
                                 "Write ranks as text: \"10\", \"J\", \"A\".",
                  "examples": [["6", "7", "8", "9", "10", "J", "Q", "K", "A"]]},
        "suits": {"type": "array", "items": {"type": "string"}, "minItems": 1,
                  "description": "The suits, by name (clubs, diamonds, hearts, spades have the symbols ♣♦♥♠).",
                  "default": ["clubs", "diamonds", "hearts", "spades"]},
        "copies": {"type": "integer", "minimum": 1, "description": "How many copies of each card (2 for a double pack)."},
        "jokers": {"type": "integer", "minimum": 0, "description": "How many jokers the pack has."},
        "zone": text("The zone the pack starts in (default stock)."),
        "remove": obj("Cards taken out of the pack.", {
            "ranks": {"type": "array", "items": {"type": ["string", "integer"]}, "description": "Remove every card of these ranks."},
            "cards": CARD_LIST,
        }),
    }


def melds_section():
    setting = {"type": ["integer", "boolean", "string", "null"],
               "description": "A number (or true/false), none for no limit, or the name of an option holding it."}
    return obj("What melds are (runs and sets of cards, with wild cards), for the meld functions and steps.", {
        "wild": expr("Which cards are wild, as a condition on `card` (default card.is_joker)."),
        "runs": obj("Runs: cards of one suit in sequence.", {
            "order": {"description": "The ranks from low to high (a list, or the name of an order).",
                      "type": ["array", "string"], "items": {"type": ["string", "integer"]}},
            "after_last": text("A rank that may also follow the last rank (e.g. A after K)."),
            "wrap": {"type": "boolean", "description": "Runs may go round the corner (K-A-2)."},
            "min": dict(setting, description="Fewest cards in a run (3)."),
            "max": dict(setting, description="Most cards in a run (none)."),
            "wilds": dict(setting, description="Most wild cards in one run (1; none for no limit)."),
            "full_length": {"type": ["boolean", "string"],
                            "description": "Allow the run of every rank with after_last at both ends (true), "
                                           "never (false), or only when a wild card takes one of the two "
                                           "places (with_wild)."},
            "split": dict(setting, description="A run grown past 'max' on the table is cut into runs of min..max."),
        }),
        "sets": obj("Sets: cards of one rank.", {
            "min": dict(setting, description="Fewest cards in a set (3)."),
            "max": dict(setting, description="Most cards in a set (the number of suits)."),
            "wilds": dict(setting, description="Most wild cards in one set (1; none for no limit)."),
            "different_suits": dict(setting, description="The cards of a set must all be of different suits (true)."),
        }),
        "value": obj("Point tables (names under 'points:') giving the value of a card in a meld.", {
            "run": text("A card in a run."),
            "set": text("A card in a set."),
            "after_last": text("A card placed after the last rank of a run (e.g. an Ace after the King)."),
        }),
    })


def schema():
    pack = pack_fields()
    by_players = obj("Changes to the pack for particular player counts, keyed by the count.", {},
                     additional=obj("The pack settings for that player count.",
                                    {k: v for k, v in pack.items() if k in ("remove",)}),
                     propertyNames={"pattern": "^[0-9]+$"})
    pack["by_players"] = by_players
    step_props = {name: {"description": kind.doc} for name, kind in sorted(STEPS.items())}
    for kind in STEPS.values():
        for field, doc in kind.fields.items():
            step_props[field] = {"description": doc}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://example.invalid/card-rules/ruleset.schema.json",
        "title": "Card game ruleset",
        "description": "A card game described as data: pack, zones, state, the steps of a hand, scoring and the end.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "name": text("The game's name as players know it."),
            "description": text("A few sentences on what the game is."),
            "extends": text("Another ruleset this one changes: a path relative to this file, or the name of a "
                            "bundled ruleset. Only what differs needs to be written; a key set to null removes it.",
                            examples=["scotch-whist"]),
            "players": obj("Who plays.", {
                "count": {"description": "The allowed numbers of players.",
                          "oneOf": [{"type": "integer", "minimum": 1}, {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 1}],
                          "examples": [[2, 3, 4]]},
                "default": {"type": "integer", "minimum": 1, "description": "The number of players when none is given."},
                "teams": obj("Partnerships by player count: lists of seats playing together.", {},
                             additional={"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
                             examples=[{"4": [[0, 2], [1, 3]]}]),
            }, required=["count"]),
            "pack": obj("The cards in play.", pack, required=["ranks"]),
            "orders": obj("Named rankings of cards. A list of ranks from low to high, or cases that choose a list "
                          "depending on the card (e.g. a different ranking in the trump suit). "
                          "In expressions, order_name(card) is the card's position (higher beats lower).", {},
                          additional={"oneOf": [
                              {"type": "array", "items": {"type": ["string", "integer"]}, "description": "Ranks from low to high."},
                              obj("An order that depends on the card.", {
                                  "cases": {"type": "array", "description": "Tried in turn; the first whose condition holds decides.",
                                            "items": obj("One case.", {"when": expr("A condition on `card`."),
                                                                      "order": text("The order (name) to use.")},
                                                         required=["when", "order"])},
                                  "otherwise": text("The order used when no case applies."),
                              }, required=["cases"])]}),
            "points": obj("Named point tables: points per rank or card. In expressions, table_name(card).", {},
                          additional=obj("A point table.", {
                              "values": obj("Points by rank (\"10\", \"A\"), card (10♥) or joker.", {},
                                            additional={"type": "number"}),
                              "default": {"type": "number", "description": "Points for cards not listed (0)."}},
                              required=["values"])),
            "objects": obj("Named things on the table that are not cards, each with fixed fields (for example "
                           "piles or markers with a suit and a starting card). State and zones can be kept per entry.",
                           {}, additional={"type": "array", "items": {"type": "object", "required": ["name"],
                                                                       "properties": {"name": text("The entry's name.")}}}),
            "zones": obj("Places where cards lie. Cards always are in exactly one zone.", {},
                         additional=obj("A zone.", {"per": PER, "visibility": VISIBILITY,
                                                    "description": text("What the zone is for.")}),
                         examples=[{"stock": {"visibility": "hidden"}, "hand": {"per": "player", "visibility": "owner"},
                                    "trick": {"visibility": "public"}}]),
            "state": obj("Values the game keeps: scores, the trump suit, markers.", {},
                         additional=obj("A state variable.", {
                             "type": {"enum": ["number", "boolean", "text", "card", "cards", "player", "players",
                                               "suit", "rank", "list", "any"],
                                      "description": "What kind of value it holds (number by default)."},
                             "initial": expr("The starting value (an expression; for per-player values it may use `player`)."),
                             "per": text("Keep one of these for each player, each team (players.teams; without "
                                         "teams, each seat), each suit, or each entry of an object collection: "
                                         "player, team, suit, or the collection's name. A value kept per team is "
                                         "indexed by team number: score[team_of(p)].",
                                         examples=["player", "team", "suit"]),
                             "as": text("The local name of the player, team, suit or entry in `initial`."),
                             "scope": {"enum": ["game", "hand"],
                                       "description": "game: kept across hands (default); hand: reset at the start of each hand."},
                             "description": text("What the value means."),
                         }), examples=[{"dealer": {"type": "player", "initial": 0},
                                        "score": {"per": "player", "initial": 0},
                                        "trumps": {"type": "suit", "initial": None, "scope": "hand"}}]),
            "define": obj("Named derived values: expressions written once and used anywhere an expression is "
                          "(orders, follow rules, winners, scoring). A key is a name, or a name with parameters "
                          "such as effective_suit(c); the value is the expression, or a mapping with 'value' and "
                          "the parameters' kinds. A definition sees its parameters and the ruleset's names, not "
                          "the local names of where it is used; definitions may use each other, but not in a circle.",
                          {}, additional={"oneOf": [
                              EXPR,
                              obj("A definition with its parameters' kinds.", {
                                  "value": expr("The expression."),
                                  "params": obj("The kind of value of each parameter (else it takes the kind of "
                                                "what is given).", {}, additional={"enum": [
                                                    "number", "boolean", "text", "card", "cards", "player",
                                                    "players", "suit", "rank", "list", "any"]}),
                                  "description": text("What the value means.")}, required=["value"])]},
                          propertyNames={"pattern": "^\\s*[A-Za-z_][A-Za-z0-9_]*\\s*(\\(.*\\))?\\s*$"},
                          examples=[{"effective_suit(c)": "trumps if is_left_bower(c) else c.suit"}]),
            "options": obj("Named settings with defaults that variants and the command line (--option NAME=VALUE) can change.",
                           {}, additional=obj("An option.", {"default": {"description": "The value unless set otherwise."},
                                                             "description": text("What the option changes.")},
                                              required=["default"]),
                           examples=[{"target": {"default": 41, "description": "the score that ends the game"}}]),
            "dealer": obj("Who deals.", {
                "first": {"type": "integer", "minimum": 0, "description": "The seat of the first dealer (0)."},
                "next": expr("The next hand's dealer (default left_of(dealer)).")}),
            "setup": steps("Steps run once, before the first hand."),
            "hand": steps("Steps of one hand, repeated until the game ends."),
            "procedures": obj("Named lists of steps, run with `call: name`.", {}, additional={"$ref": "#/$defs/steps"}),
            "end": obj("When the game ends and who wins.", {
                "after_hand": expr("Checked after every hand: the game ends when it holds.",
                                   examples=["any(players, p => score[p] >= target)"]),
                "winners": expr("The winning players (a list; several on a tie).",
                                examples=["argmax(players, p => score[p])"]),
                "score": expr("Each player's final score, with `p` the player."),
                "team_score": expr("Each team's final score, with `t` the team number (see players.teams), "
                                   "e.g. score[t] for a value kept per team; given to records as team_scores."),
                "max_hands": {"type": "integer", "minimum": 1, "description": "Stop with an error after this many hands (a guard against endless games)."},
                "max_turns": {"type": "integer", "minimum": 1, "description": "Stop with an error after this many turns in one loop."},
            }),
            "metrics": obj("Values to record per game in simulation records.", {},
                           additional={"oneOf": [
                               {"type": "string"},
                               obj("A recorded value.", {"value": expr("What to record."),
                                                          "each": {"enum": ["hand", "game"], "description": "Record once per hand (a list) or once per game."},
                                                          "description": text("What it measures.")}, required=["value"])]}),
            "bots": obj("Hints for the bots.", {
                "evaluate": expr("How good the position is for player `p` (higher is better); used by the greedy bot."),
                "prefer": {"type": "array", "items": {"type": "string"},
                           "description": "Move names, most wanted first: the priority bot makes the first of these "
                                          "moves that is legal (other moves only when none is)."},
                "rank": obj("Per move name, how good each option is (`option`, with `p` the deciding player; "
                            "higher is better): the priority bot picks the best option, ties at random.", {},
                            additional=EXPR),
                "explore": {"type": "number", "minimum": 0, "maximum": 1,
                            "description": "How often the priority bot picks a random option of its chosen move "
                                           "instead of the best ranked one (0 to 1)."}}),
            "melds": melds_section(),
        },
        "required": ["name", "pack", "hand"],
        "$defs": {
            "expression": {"description": "An expression, e.g. count(hand[p]) > 0, or a plain number, true/false, none.",
                           "type": ["string", "number", "boolean", "null"]},
            "steps": {"type": "array", "description": "Steps run in order.", "items": {"$ref": "#/$defs/step"}},
            "step": {"description": "One step: a mapping whose key names its kind.",
                     "anyOf": [{"type": "string", "enum": [n for n, k in STEPS.items() if not k.fields]},
                               {"type": "object", "minProperties": 1, "additionalProperties": False,
                                "properties": step_props}]},
        },
    }


def main():
    out = ROOT / "schemas" / "ruleset.schema.json"
    text_ = json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"
    if "--check" in sys.argv:
        return 0 if out.read_text(encoding="utf-8") == text_ else 1
    out.write_text(text_, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
