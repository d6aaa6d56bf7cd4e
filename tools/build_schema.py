"""Write the JSON Schemas of rulesets from the section descriptions below and the step registry.

- schemas/ruleset.schema.json: a complete ruleset (the loader checks every merged ruleset with it);
- schemas/variant.schema.json: a file with `extends:`, which writes only what changes: the same
  sections and settings, nothing required, `null` (remove) and `$items` (change list items) allowed.

The settings of each step kind are the ones its compile function declares to `_fields` (found by
calling it with a probe), described by SETTING_DOCS below.  Run `python tools/build_schema.py` after
adding a step kind or a setting; a test checks that the committed schemas are up to date.
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
STEP_LIST = {"$ref": "#/$defs/steps"}

# What each step setting means: "kind.setting", or "setting" for every kind that has it.
SETTING_DOCS = {
    "from": "The zone the cards come from.",
    "to": "The zone the cards go to.",
    "do": "The steps to run.",
    "limit": "Stop with an error after this many rounds (a guard against endless loops).",
    "deal.count": "How many cards each player (or the zone) gets; 'all' deals out the whole zone.",
    "deal.packet": "How many cards a player gets at a time (1).",
    "deal.start": "The first player dealt to (default left_of(dealer)).",
    "deal.direction": "1 to deal clockwise (to the left), -1 the other way.",
    "deal.players": "Deal only to these players (default: everyone).",
    "deal.from": "The zone dealt from, its top card first (e.g. stock).",
    "deal.to": "A zone kept per player (each player gets cards in turn) or one shared zone.",
    "move.cards": "The card or cards to move (an expression, e.g. last(stock)).",
    "move.from": "The zone they are taken from (default: wherever each card is).",
    "move.position": "top (default), bottom, or a number (an expression): the cards go under that many of the zone's cards.",
    "move.keep_seen": "true: the players who saw the cards where they were still see them where they go (a face-down card moved in full view).",
    "move.reveal": "Show the moved cards to every player.",
    "gather.from": "The zones whose cards are all gathered (a list of zone names).",
    "for_each.in": "The items, e.g. players or hand[p].",
    "for_each.as": "The local name of the current item (default item).",
    "for_each.do": "The steps run once per item.",
    "repeat.while": "Repeat while this condition holds (checked before each round).",
    "repeat.until": "Repeat until this condition holds (checked after each round).",
    "repeat.times": "Repeat this many times (the local name round counts from 1).",
    "end_game.when": "The condition that ends the game at once (default true).",
    "end_game.winners": "The winning players (default: the 'end: winners' expression).",
    "end_hand.when": "The condition that ends the hand at once (default true).",
    "fail.when": "The condition that is a mistake in the rules.",
    "fail.message": "The message shown when it happens.",
    "select.players": "Who picks, in this order (default: every player).",
    "select.from": "To pick cards: the zone kept per player each player picks from (e.g. hand).",
    "select.to": "To pick cards: the zone kept per player, not public, where each pick waits unseen by the others.",
    "select.count": "To pick cards: how many each player picks (default 1; fewer if the player has fewer).",
    "select.options": "To pick a value: the values a player may pick, an expression of player (e.g. range(0, 6)).",
    "select.set": "To pick a value: the state variable kept per player that takes each pick once all have picked.",
    "select.legal": "A condition each pick must meet: on card (cards) or option (a value); player is the one picking.",
    "select.as": "The local name of the player picking (default player).",
    "select.move": "The name of the move offered for each pick (default select).",
    "choose.player": "The player who decides.",
    "choose.moves": "The moves the player may make, by name: each with options, legal, as, do and description.",
    "lay_melds.melds": "A meld or a list of melds, from the meld built-ins (e.g. an option of the move).",
    "lay_melds.from": "The zone holding the cards (e.g. hand[current]).",
    "lay_melds.to": "The table zone the melds are laid on, each as a group.",
    "change_meld.change": "The change (from table_additions or wild_swaps, e.g. an option of the move).",
    "change_meld.from": "The zone the added cards come from (e.g. hand[current]).",
    "change_meld.to": "The table zone holding the meld.",
    "change_meld.freed": "Where a wild card that is replaced goes (default: the 'from' zone).",
    "tricks.hand": "The zone kept per player that cards are played from (e.g. hand).",
    "tricks.trick": "The shared zone the cards of the trick are played to (e.g. trick).",
    "tricks.collect": "Where a finished trick goes, e.g. won[winner].",
    "tricks.lead": "Who leads the first trick (default left_of(dealer)); later tricks are led by the winner.",
    "tricks.count": "How many tricks, worked out again before each trick (count: trick_number ends the block after the trick just played); default: while the leader has cards.",
    "tricks.follow": "Which cards may be played: suit (follow suit if you can), any, or a condition on `card`.",
    "tricks.trumps": "The trump suit (an expression, e.g. trumps; none for no trumps).",
    "tricks.card_suit": "The suit a card counts as in this block, an expression of `card` (default its own suit), e.g. trumps if is_left_bower(card) else card.suit: following, the suit led (led_suit) and the trumps read it. What the card led counts as is fixed when it is led; the cards of a finished trick are read again when its winner is decided.",
    "tricks.decided_by": "Who chooses the card of the player whose turn it is (`current`), an expression of current (default that player): a bridge declarer plays the dummy's cards with declarer if current == dummy else current. The card comes from current's hand, follows the rules for that hand and counts as current's play; only the decision is the chooser's.",
    "tricks.may_pass": "A condition of `current`: when it holds, the player whose turn it is may pass instead of playing (the move pass) and takes no part in this trick; a leader who passes hands the lead to the next player taking part; a player with no card to play may only pass. E.g. a player on a dog's life who still holds their card: dog[current] and count(hand[current]) > 0. If every player passes the game stops with an error.",
    "tricks.order": "The order (name under 'orders:') that ranks the cards of a trick, or an expression of `card` giving a number (higher beats lower), e.g. 30 if is_right_bower(card) else plain(card).",
    "tricks.winner": "Who wins a trick, as an expression (instead of the highest card by 'order').",
    "tricks.direction": "1 to play clockwise (to the left), -1 the other way.",
    "tricks.before_trick": "Steps run before each trick.",
    "tricks.after_play": "Steps run after each card is played to a trick (card_played names it), before the next player is asked; after the last card, before after_plays. E.g. lay a dummy's hand face up after the opening lead.",
    "tricks.after_plays": "Steps run once every card of a trick is played, before the winner takes it.",
    "tricks.after_trick": "Steps run after each trick (the local name winner is its winner).",
    "turns.first": "Who plays first (default left_of(dealer)).",
    "turns.next": "Who plays after `current` (default left_of(current)).",
    "turns.until": "The turns end when this condition holds (checked after each turn).",
    "turns.do": "The steps of one turn; `current` is the player whose turn it is.",
}
STEP_LIST_SETTINGS = {"do", "before_trick", "after_play", "after_plays", "after_trick"}
MOVE_FIELDS = {
    "options": "The choices of this move (a list, e.g. hand[current]); one action per option.",
    "legal": "When the move (with `option`) is allowed.",
    "as": "The local name of the chosen option (default option).",
    "do": "The steps that make the move (none: the move changes nothing).",
    "description": "What the move is, in words (used by rules explain).",
}


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


class _Declared(Exception):
    """Raised by the probe in place of `_fields`: carries the kind's required and allowed settings."""


def declared_settings() -> dict:
    """{kind: (required, allowed)} for every step kind whose compile function checks its settings
    with `_fields`: each is called with a probe that records the declaration and stops."""
    import interpreter.engine.steps as steps_module
    real = steps_module._fields

    def probe(cx, value, path, kind, required=(), allowed=()):
        raise _Declared(tuple(required), tuple(allowed))

    modules = [m for m in list(sys.modules.values()) if getattr(m, "_fields", None) is real]
    found = {}
    for m in modules:
        m._fields = probe
    try:
        for name, kind in sorted(STEPS.items()):
            try:
                kind.compile(object(), {}, (name,), {name: {}})
            except _Declared as declared:
                found[name] = declared.args
            except Exception:       # a kind that reads something else first: no settings mapping
                pass
    finally:
        for m in modules:
            m._fields = real
    return found


def setting_schema(kind, name):
    doc = SETTING_DOCS.get(f"{kind}.{name}") or SETTING_DOCS.get(name) or f"A setting of '{kind}' (see docs/reference.md)."
    if kind == "choose" and name == "moves":
        move = obj("One move.", {k: (dict(STEP_LIST, description=v) if k == "do" else {"description": v})
                                 for k, v in MOVE_FIELDS.items()})
        move["type"] = ["object", "null"]
        return obj(doc, {}, additional=move)
    if name in STEP_LIST_SETTINGS:
        return dict(STEP_LIST, description=doc)
    return {"description": doc}


def step_properties():
    """The properties of a step mapping: each kind with its settings, and the kinds' extra keys."""
    settings = declared_settings()
    props = {}
    for name, kind in sorted(STEPS.items()):
        if name in settings:
            required, allowed = settings[name]
            props[name] = obj(kind.doc, {k: setting_schema(name, k) for k in list(required) + list(allowed)},
                              required=required)
        else:
            props[name] = {"description": kind.doc}
    for kind in STEPS.values():
        for field, doc in kind.fields.items():
            props[field] = dict(STEP_LIST, description=doc) if field in ("then", "else") else {"description": doc}
    return props


VISIBILITY = {"enum": ["public", "owner", "others", "hidden"],
              "description": "Who sees the cards: everyone (public), only the player the zone belongs to (owner), "
                             "every player but the one it belongs to (others: a card held to the forehead, a "
                             "hand held facing out), or nobody (hidden)."}
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
                  "description": "The suits, by name (clubs, diamonds, hearts, spades have the symbols ♣♦♥♠). Without it the pack has those four suits: a game whose cards have no suits names one suit of its own, e.g. [card].",
                  "default": ["clubs", "diamonds", "hearts", "spades"]},
        "ranks_of": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": ["string", "integer"]},
                                                                  "minItems": 1},
                     "description": "The ranks of the suits that have only some of `ranks`, by suit (a suit not "
                                    "named has every rank): a tarock pack's 22 tarocks and its red and black "
                                    "suits' pip cards. The suit's other cards are not in the pack. It says which "
                                    "cards there are, not how they rank: rank each suit with `orders:` (cases).",
                     "examples": [{"tarock": ["I", "II", "III"], "hearts": ["4", "3", "2", "1", "J", "C", "Q", "K"]}]},
        "copies": {"type": "integer", "minimum": 1, "description": "How many copies of each card (2 for a double pack)."},
        "copies_of": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1},
                      "description": "How many copies of the cards of a rank, or of one card, where it is not "
                                     "`copies`: {W: 3} gives three identical W cards in every suit, {chaff/paulownia: 3} "
                                     "three of that card (a card's own number wins over its rank's). Copies are "
                                     "identical, as with `copies`.",
                      "examples": [{"W": 3}]},
        "jokers": {"oneOf": [{"type": "integer", "minimum": 0},
                             {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
                              "minProperties": 1}],
                   "description": "How many jokers the pack has; or, when the jokers differ, how many of each "
                                  "by name. A joker's name is its rank (c.rank) and its printed name, and orders "
                                  "and point tables may list it.",
                   "examples": [2, {"Small Joker": 2, "Big Joker": 2}]},
        "zone": text("The zone the pack starts in (default stock)."),
        "remove": obj("Cards taken out of the pack.", {
            "ranks": {"type": "array", "items": {"type": ["string", "integer"]}, "description": "Remove every card of these ranks."},
            "cards": dict(CARD_LIST, description="Remove these cards, every copy: such as 6♣ or 6C, or a joker by "
                                                 "its name (joker: every joker)."),
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
            "different_suits": dict(setting, description="The cards of a set must all be of different suits (true). With false, a wild card in a set stands for a card of the set's rank, one reading whatever its suit, and wild_swaps lets any natural card of that rank take its place."),
        }),
        "value": obj("Point tables (names under 'points:') giving the value of a card in a meld.", {
            "run": text("A card in a run."),
            "set": text("A card in a set."),
            "after_last": text("A card placed after the last rank of a run (e.g. an Ace after the King)."),
        }),
    })


def complete_schema():
    """The schema of a complete ruleset, with the definitions it refers to under "$defs"."""
    pack = pack_fields()
    by_players = obj("Changes to the pack for particular player counts, keyed by the count: "
                     "{5: {remove: {cards: [6♣]}}}. At that count its `remove` takes the place of the pack's "
                     "`remove` (list everything taken out at that count).", {},
                     additional=obj("The pack settings for that player count.",
                                    {k: v for k, v in pack.items() if k in ("remove",)}),
                     propertyNames={"pattern": "^[0-9]+$"})
    pack["by_players"] = by_players
    step_props = step_properties()
    return {
        "description": "A complete ruleset: the pack, zones, state, the steps of a hand, scoring and the end.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "name": text("The game's name as players know it."),
            "description": text("A few sentences on what the game is."),
            "extends": text("Another ruleset this one changes: a path relative to this file, or the name of a "
                            "bundled ruleset. Only what differs needs to be written: mappings merge key by key, a "
                            "key set to null removes it, lists replace the inherited list, and "
                            "{$items: {position: value}} changes items of an inherited list (positions from 0, -1 "
                            "for the last; a mapping item merges key by key), {$insert: {position: [items]}} adds "
                            "items before the one at that position (end: at the end) and {$remove: [positions]} "
                            "leaves items out; every position counts in the inherited list.",
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
                          "In expressions, order_name(card) is the card's position in the list, from 0 for the first rank (higher beats lower; -1 for a card whose rank the list leaves out, such as a joker), and order_name(rank) the position of a rank, e.g. high('3') (an order given as a list only: cases depend on the card). A joker named in pack: jokers is listed by its name.", {},
                          additional={"oneOf": [
                              {"type": "array", "items": {"type": ["string", "integer"]}, "description": "Ranks from low to high."},
                              obj("An order that depends on the card.", {
                                  "cases": {"type": "array", "description": "Tried in turn, each {when: a condition on card, order: the name of an order given as a list}; the first whose condition holds decides: [{when: card.suit == trumps, order: trump_ranks}].",
                                            "items": obj("One case.", {"when": expr("A condition on `card`."),
                                                                      "order": text("The order (name) to use.")},
                                                         required=["when", "order"])},
                                  "otherwise": text("The name of the order used when no case applies (without it such a card is at -1, below every card a case ranks)."),
                              }, required=["cases"])]}),
            "points": obj("Named point tables: points per rank or card. In expressions, table_name(card) is a card's points, and table_name(rank) the points given to a rank, e.g. value('A') (the default for a rank not listed).", {},
                          additional=obj("A point table.", {
                              "values": obj("Points by rank (\"10\", \"A\"), card (10♥) or joker.", {},
                                            additional={"type": "number",
                                                        "description": "the points this rank or card is worth, "
                                                                       "as a number such as 5"}),
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
            "state": obj("Values the game keeps: scores, the trump suit, markers. The dealer's seat is the variable `dealer` (type player); a game that does not declare it gets one, starting at `dealer.first`. Every player sees every state variable (a variable of kind card or cards shows only the cards the player has seen), but a value kept per player with `visibility: owner` is seen by its player alone. A public value worked out from hidden cards, such as the strength of each player's hand, tells it to everyone once set, so set it when the cards are shown.", {},
                         additional=obj("A state variable.", {
                             "type": {"enum": ["number", "boolean", "text", "card", "cards", "player", "players",
                                               "suit", "rank", "list", "any"],
                                      "description": "What kind of value it holds. Without it, the kind of the initial value (a number when there is none; any kind with initial: none)."},
                             "initial": expr("The starting value (an expression; for per-player values it may use `player`)."),
                             "per": text("Keep one of these for each player, each team (players.teams; without "
                                         "teams, each seat), each suit, or each entry of an object collection: "
                                         "player, team, suit, or the collection's name. A value kept per team is "
                                         "indexed by team number: score[team_of(p)].",
                                         examples=["player", "team", "suit"]),
                             "as": text("The local name of the player, team, suit or entry in `initial`."),
                             "scope": {"enum": ["game", "hand"],
                                       "description": "game: kept across hands (default); hand: reset at the start of each hand."},
                             "visibility": {"enum": ["public", "owner"],
                                            "description": "public: every player sees the value (default). owner "
                                                           "(a value kept per player): each player sees only their "
                                                           "own entry, e.g. a place in a pile picked with select: "
                                                           "or chips kept face down; the other seats' bots "
                                                           "imagine it at its initial value."},
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
                          propertyNames={"pattern": "^\\s*[^\\W\\d]\\w*\\s*(\\(.*\\))?\\s*$"},
                          examples=[{"effective_suit(c)": "trumps if is_left_bower(c) else c.suit"}]),
            "options": obj("Named settings with defaults that variants and the command line (--option NAME=VALUE) can change.",
                           {}, additional=obj("An option.", {"default": {"description": "The value unless set otherwise."},
                                                             "description": text("What the option changes."),
                                                             "range": {"type": "array", "items": {"type": "number"},
                                                                       "minItems": 2, "maxItems": 2,
                                                                       "description": "The values `rules tune` may try: [low, high] (whole numbers when the default and both bounds are)."},
                                                             "step": {"type": "number", "exclusiveMinimum": 0,
                                                                      "description": "With `range`: the spacing of the values `rules tune` tries."},
                                                             "values": {"type": "array", "minItems": 1,
                                                                        "description": "The values `rules tune` may try, as a list (instead of a range)."}},
                                              required=["default"]),
                           examples=[{"target": {"default": 41, "description": "the score that ends the game"}}]),
            "dealer": obj("Who deals.", {
                "first": {"type": "integer", "minimum": 0, "description": "The seat of the first dealer (default: the whole-number initial value of the state variable dealer, else 0)."},
                "next": expr("The next hand's dealer (default left_of(dealer)).")}),
            "setup": steps("Steps run once, before the first hand."),
            "hand": steps("Steps of one hand, repeated until the game ends."),
            "procedures": obj("Named lists of steps, run with `call: name`. A key may name parameters, as a "
                              "definition's does: `pay(payer, amount):`; each call then gives a value for each, "
                              "`call: pay(declarer, 10)` (expressions of the place it is called from), and the "
                              "steps read them by name. A procedure sees its parameters and the ruleset's names, "
                              "not the local names of the place it is called from.", {},
                              additional={"$ref": "#/$defs/steps"}),
            "end": obj("When the game ends and who wins.", {
                "after_hand": expr("Checked after every hand: the game ends when it holds. Without it the "
                                   "game is one hand.",
                                   examples=["any(players, p => score[p] >= target)"]),
                "winners": expr("The winning players (a list; several on a tie; default: every player).",
                                examples=["argmax(players, p => score[p])"]),
                "score": expr("Each player's final score, with `p` the player (default 0)."),
                "team_score": expr("Each team's final score, with `t` the team number (see players.teams), "
                                   "e.g. score[t] for a value kept per team; given to records as team_scores."),
                "better": {"enum": ["higher", "lower"],
                           "description": "Whether a higher or a lower final score is the better one, for simulation's "
                                          "figures (leader, drama, decisiveness) and the greedy bot. Without it each "
                                          "game is read from its winners: lower is better where they hold the lowest "
                                          "score and not the highest. Give it where a game may be won outright by a "
                                          "side that is behind (a sudden win)."},
                "max_hands": {"type": "integer", "minimum": 1, "description": "Stop with an error after this many hands (a guard against endless games)."},
                "max_turns": {"type": "integer", "minimum": 1, "description": "Stop with an error after this many turns in one loop."},
            }),
            "metrics": obj("Values to record per game in simulation records, by name: an expression, "
                           "recorded once at the end of the game (`tricks_won: count(won[0])`), or a mapping "
                           "with `each: hand` to record it after every hand (a list). A `record:` step adds to "
                           "the list of its name.", {},
                           additional={"oneOf": [
                               {"type": "string", "description": "An expression recorded once per game."},
                               obj("A recorded value.", {"value": expr("What to record."),
                                                          "each": {"enum": ["hand", "game"], "description": "Record once per hand (a list) or once per game (the default)."},
                                                          "description": text("What it measures.")}, required=["value"])]}),
            "bots": obj("Hints for the bots.", {
                "evaluate": expr("How good the position is for player `p` (higher is better); used by the greedy bot."),
                "sides": expr("The side of player `p` in the position where a bot decides (players given the "
                              "same value play together), for sides that change from hand to hand: "
                              "`none if declarer == none else p == declarer`. The greedy and search bots count "
                              "only the players of other sides as rivals. Where it gives none, or without it: "
                              "`players.teams` (each seat alone without teams). It should read only what every "
                              "player sees (validate warns)."),
                "prefer": {"type": "array", "items": {"type": "string"},
                           "description": "Move names, most wanted first: the priority bot makes the first of these "
                                          "moves that is legal (other moves only when none is)."},
                "rank": obj("Per move name, how good each option is (`option`, with `p` the deciding player; "
                            "higher is better): the priority bot picks the best option, ties at random. It should read "
                            "only what p may see (validate warns when a ranking reads hidden cards).", {},
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


# -- variants -----------------------------------------------------------------------

VARIANT_REFS = {"#/$defs/steps": "#/$defs/variant_steps", "#/$defs/step": "#/$defs/variant_step"}


def list_items(item=None):
    """`{$items: {position: new item}, $insert: {position: [items]}, $remove: [positions]}`: change, add and
    leave out items of an inherited list, by their positions in it."""
    new = dict(item or {}, description="The new item (a mapping merges into the inherited item key by key).")
    added = {"type": "array", "items": dict(item or {}), "description": "The items to add there, in order."}
    return obj("Change the inherited list by the positions of its items (from 0), keeping the others: "
               "{$items: {2: 6}} makes the third item 6 (-1 is the last); {$insert: {2: [...]}} adds items "
               "before the third (its length, or end, adds them at the end); {$remove: [4]} leaves out the fifth.",
               {"$items": obj("New items by position.", {}, additional=new, propertyNames={"pattern": "^-?[0-9]+$"}),
                "$insert": obj("Items to add, by the position of the inherited item they go before.", {},
                               additional=added, propertyNames={"pattern": "^([0-9]+|end)$"}),
                "$remove": {"type": "array", "items": {"type": "integer"},
                            "description": "The positions of inherited items to leave out."}},
               minProperties=1)


NULL = {"type": "null", "description": "null removes the inherited entry."}


def _list_item(sub):
    """If `sub` (a variant's schema) may be a list: the (variant) schema of one item, else None."""
    types = sub.get("type")
    if sub.get("$ref") == VARIANT_REFS["#/$defs/steps"]:
        return {"$ref": VARIANT_REFS["#/$defs/step"]}
    if types == "array" or (isinstance(types, list) and "array" in types):
        return sub.get("items") if isinstance(sub.get("items"), dict) else {}
    for branch in (b for kw in ("oneOf", "anyOf") for b in sub.get(kw, [])):
        found = _list_item(branch)
        if found is not None:
            return found
    return None


def _optional(sub):
    """A variant's entry: the same value as in a ruleset, null (remove it) or, for a list, $items."""
    item = _list_item(sub)
    branches = [sub, NULL] + ([list_items(item)] if item is not None else [])
    return {"description": sub.get("description", "An entry."), "anyOf": branches}


def relax(node):
    """The variant form of a schema: nothing required, every entry optional in the sense of `_optional`."""
    if isinstance(node, list):
        return [relax(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key == "required":
            continue
        if key == "$ref":
            out[key] = VARIANT_REFS.get(value, value)
        elif key == "properties":
            out[key] = {name: _optional(relax(sub)) for name, sub in value.items()}
        elif key == "additionalProperties" and isinstance(value, dict):
            out[key] = _optional(relax(value))
        elif key in ("examples", "default", "enum", "const"):
            out[key] = value
        else:
            out[key] = relax(value)
    return out


def schema():
    """One schema for every ruleset file: a file with `extends:` is checked as a variant, any other as a
    complete ruleset (the loader checks merged rulesets, which have no `extends`, the complete way)."""
    complete = complete_schema()
    defs = complete.pop("$defs")
    variant = relax(complete)
    variant["required"] = ["extends"]
    variant["description"] = ("A variant: a file with `extends:` that writes only what differs from the ruleset it "
                              "extends. null removes an entry; {$items: {position: value}} changes items of a list, "
                              "{$insert: {position: [items]}} adds items and {$remove: [positions]} leaves some out.")
    defs.update(variant_steps=relax(defs["steps"]), variant_step=relax(defs["step"]),
                ruleset=complete, variant=variant)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://example.invalid/card-rules/ruleset.schema.json",
        "title": "Card game ruleset",
        "description": "A card game described as data: pack, zones, state, the steps of a hand, scoring and the "
                       "end; or, with `extends:`, a variant of another ruleset.",
        "type": "object",
        "if": {"required": ["extends"]},
        "then": {"$ref": "#/$defs/variant"},
        "else": {"$ref": "#/$defs/ruleset"},
        "$defs": defs,
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
