"""Write docs/reference.md from the schema, the step registry and the function registry.

Run `python tools/build_reference.py` after adding a section, a step kind or a
built-in function (and after `python tools/build_schema.py`); `--check` exits
1 when the committed page is out of date (tests/test_docs.py runs it).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import interpreter.engine  # noqa: E402,F401  (registers the step kinds)
import interpreter.expr  # noqa: E402,F401  (registers the built-in functions)
from interpreter.engine.registry import STEPS  # noqa: E402
from interpreter.expr.attributes import CARD_ATTRIBUTES  # noqa: E402
from interpreter.expr.functions import BUILTINS  # noqa: E402
from interpreter.ruleset.namespace import BUILTIN_NAMES  # noqa: E402

OUT = ROOT / "docs" / "reference.md"

CONSTRUCTS = [
    ("`12`, `0`", "whole numbers"),
    ("`\"10\"`, `'tricks'`", "text, in double or single quotes (rank names are text: `\"10\"`, `\"Q\"`)"),
    ("`10♥`, `Q♠`, `A♣`, `guard♣`", "a card of the pack: rank then suit symbol (a rank written as a word too, as the pack prints its cards)"),
    ("`7/coins`, `K/cups`", "a card of a suit without a symbol: rank, slash, the suit's name (how such cards are "
                            "printed; scenarios, point tables and pack removals read them the same way)"),
    ("`♥`, `hearts`", "a suit, by symbol or by the name used in `pack: suits:`"),
    ("`true`, `false`, `none`", "yes, no, and 'nothing' (no card, no player, no suit)"),
    ("`score`, `hand`, `target`", "a name: a state variable, zone, option, object, order or built-in name"),
    ("`hand[p]`, `score[winner]`", "one entry of something kept per player, per suit or per object; "
                                    "a position in a list (from 0; a negative position counts from the end, "
                                    "xs[-1] is the last item; a position past either end stops the game)"),
    ("`card.suit`", "an attribute of a card (see below) or a field of an object entry"),
    ("`count(hand[p])`", "a built-in function, an order or a point table called on its arguments"),
    ("`p => score[p] > 10`", "a function of one name, given to built-ins such as `filter`, `any`, `argmax`"),
    ("`a + b`, `a - b`, `a * b`, `a / b`, `a // b`, `a % b`", "arithmetic (`/` gives a whole number when the "
                                                              "division comes out even, 6 / 3 is 2, else a "
                                                              "fraction, 7 / 2 is 3.5; `//` divides and rounds "
                                                              "down, `%` is the remainder); `+` also joins two lists, "
                                                              "or text with text, a rank, a suit or a number: "
                                                              "`'claims ' + rank_now`, `'bid ' + 3`"),
    ("`-a`", "minus"),
    ("`==`, `!=`, `<`, `<=`, `>`, `>=`", "comparisons; they chain: `0 < x <= 5`. Cards, suits and ranks compare "
                                         "only with `==` and `!=` (a rank's size is its place in an order: "
                                         "`plain(c) < plain(\"9\")`); identical cards (the two copies of a card in a "
                                         "double pack, jokers of one kind) are equal, and so are two lists of "
                                         "cards that hold identical cards in the same order. Values of kinds "
                                         "that are never equal are an error: a rank is text (`c.rank == \"2\"`, "
                                         "not `c.rank == 2`), a card is not its suit (`c.suit == trumps`)"),
    ("`x in items`, `x not in items`", "membership in a list or zone (a card is in a list that holds a card "
                                       "identical to it)"),
    ("`a and b`, `a or b`, `not a`", "logic (a player is no condition: seat 0 would count as false, so "
                                     "compare it, `declarer != none`)"),
    ("`x if condition else y`", "a choice between two values"),
    ("`[a, b, c]`", "a list"),
    ("`(a, b)`", "a pair (or longer tuple), e.g. a sort key"),
]

TYPES = [
    ("number", "a whole number (booleans count as 0 and 1)"), ("boolean", "true or false"),
    ("text", "text in quotes"), ("card", "one card"), ("cards", "a list of cards (a zone is one)"),
    ("player", "a seat number, 0 first"), ("players", "a list of seats"), ("suit", "a suit name"),
    ("rank", "a rank name such as \"10\""), ("list", "a list of anything"), ("any", "not checked: a card, or an entry of objects (a pile chosen in one move and used in the next), whose fields it reads"),
]


def _type(schema) -> str:
    if "$ref" in schema:
        return {"#/$defs/expression": "expression", "#/$defs/steps": "list of steps"}.get(schema["$ref"], "")
    if "enum" in schema:
        return " \\| ".join(f"`{v}`" for v in schema["enum"])
    if "oneOf" in schema:
        return " or ".join(_type(s) for s in schema["oneOf"])
    t = schema.get("type")
    words = {"string": "text", "integer": "whole number", "number": "number", "boolean": "true/false",
             "object": "mapping", "array": "list"}
    if isinstance(t, list):
        return " or ".join(words.get(x, x) for x in t)
    if t == "array" and isinstance(schema.get("items"), dict) and schema["items"].get("type"):
        return f"list of {_type(schema['items'])}"
    return words.get(t, "")


def _cell(text) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _examples(schema) -> str:
    ex = schema.get("examples")
    if not ex:
        return ""
    return " Example: " + ", ".join(f"`{json.dumps(e, ensure_ascii=False)}`" for e in ex[:2])


def _section(name, schema, level=3):
    out = [f"{'#' * level} `{name}`", "", _cell(schema.get("description", "")) + _examples(schema), ""]
    props = schema.get("properties") or {}
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict) and not props:
        entry = extra
        if "oneOf" in entry:
            out += ["Each entry is one of:", ""]
            for alt in entry["oneOf"]:
                out.append(f"- {_type(alt)}: {_cell(alt.get('description', ''))}")
                for key, sub in (alt.get("properties") or {}).items():
                    out.append(f"  - `{key}` ({_type(sub)}): {_cell(sub.get('description', ''))}")
            out.append("")
            return out
        props = entry.get("properties") or {}
        if entry.get("description"):
            out += [f"Each entry: {_cell(entry['description'])}", ""]
        elif _type(entry):
            out += [f"Each entry: {_type(entry)}.", ""]
    if props:
        required = set(schema.get("required", [])) | set((extra or {}).get("required", []) if isinstance(extra, dict) else [])
        out += ["| key | kind | meaning |", "|---|---|---|"]
        for key, sub in props.items():
            mark = " (required)" if key in required else ""
            out.append(f"| `{key}`{mark} | {_type(sub)} | {_cell(sub.get('description', ''))}{_examples(sub)} |")
            for inner, deeper in (sub.get("properties") or {}).items():    # e.g. melds: runs: min
                out.append(f"| `{key}.{inner}` | {_type(deeper)} | {_cell(deeper.get('description', ''))} |")
        out.append("")
    return out


def build() -> str:
    schema = json.loads((ROOT / "schemas" / "ruleset.schema.json").read_text(encoding="utf-8"))
    schema = schema.get("$defs", {}).get("ruleset", schema)     # the complete form (variants relax it)
    out = ["# Reference", "",
           "<!-- Generated by tools/build_reference.py from the schema and the registries: do not edit. -->", "",
           "Every section of a ruleset, every construct of the expression language, every built-in "
           "function and every step kind.  The tutorial (`docs/tutorial.md`) shows them at work.", "",
           "## Sections", "", "Required: " + ", ".join(f"`{r}`" for r in schema.get("required", [])) + ".", ""]
    for name, sub in schema["properties"].items():
        out += _section(name, sub)
    out += ["## Expressions", "",
            "Conditions, counts, scores and targets are expressions, written as YAML text.  Quote an "
            "expression that contains `: `, `#`, `[` or `{` at its start, or starts with a quote.", "",
            "| construct | meaning |", "|---|---|"]
    out += [f"| {c} | {_cell(m)} |" for c, m in CONSTRUCTS]
    out += ["", "### Card attributes", "", "| attribute | kind | meaning |", "|---|---|---|"]
    out += [f"| `.{name}` | {typ} | {_cell(doc)} |" for name, (typ, doc) in CARD_ATTRIBUTES.items()]
    out += ["", "### Built-in names", "", "| name | kind | meaning |", "|---|---|---|"]
    out += [f"| `{name}` | {typ} | {_cell(doc)} |" for name, (typ, doc) in BUILTIN_NAMES.items()]
    out += ["", "Inside `tricks:` the names `leader`, `current`, `led_suit`, `trick_number` (the number of the trick being played, 1 for the first; in `count:`, worked out before a trick, the number of tricks played so far), `trick_players` "
            "(who has played to this trick, in order), `taking_part` (who takes part in this trick) "
            "and `winner` are defined (and `card` in a `follow:` condition; `current` is the player to play: "
            "in `before_trick` the leader, in `after_play`, `after_plays` and `after_trick` the player who "
            "played last, so the trick's winner there is `winner`); inside `turns:` `current` and "
            "`turn_number`; inside `for_each:` the name given with `as:`; inside a move of `choose:` the "
            "option's name given with `as:`.", "",
            "### How play runs", "",
            "- **One hand** is the `hand:` steps run once (an `end_hand` step ends it at once, skipping the "
            "steps left). After it, `end: after_hand` is checked; if the game "
            "goes on, `dealer: next` is worked out (it still sees the finished hand's values, before the "
            "variables kept per hand are reset) and the next hand starts.",
            "- **A trick** (in the figures of `rules simulate` and in records) is one completed trick of a "
            "`tricks:` block, whatever the number of cards in it. **A turn** is one card played to a trick, or "
            "one turn of a `turns:` block; choices made in `choose:` or `select:` steps are not turns.",
            "- **Following** in a `tricks:` block: `follow: suit` (the default) allows a card of the suit led "
            "when the player has one, else any card (a card without a suit, such as a joker, leads no suit: "
            "any card may follow it, and `led_suit` stays none); `follow: any` allows any card; a condition on `card` "
            "replaces the follow-suit rule entirely: exactly the cards for which it holds may be played. "
            "For the leader of a trick `led_suit` is none, so a condition must allow a lead, e.g. "
            "`led_suit == none or card.suit == led_suit or not any(hand[current], c => c.suit == led_suit)`. "
            "**A card that counts as another suit** (a left bower that is a trump, Queens and Jacks that belong "
            "to the trump suit): `card_suit:` gives the suit each card counts as, e.g. "
            "`card_suit: trumps if is_left_bower(card) else card.suit`; following, `led_suit` and the trumps "
            "then read it, with no follow condition or winner rule to write.",
            "- **A card another player chooses** (a bridge declarer plays the dummy's cards): `decided_by:` "
            "gives the seat that chooses the card of the player whose turn it is (`current`), e.g. "
            "`decided_by: declarer if current == dummy else current`. The card comes from current's hand and "
            "counts as current's play (`trick_players`); the decision, the history and the bots' view are the "
            "chooser's. Show the hand with `reveal:` when its cards are public: a dummy's just after the opening "
            "lead with `after_play:` (steps after each card, `card_played` the card), e.g. "
            "`after_play: [{if: trick_number == 1 and count(trick) == 1, then: [{reveal: hand[dummy]}]}]`.",
            "- **A player who may play no card** (an empty hand, or a follow condition that allows none) stops "
            "the game with an error naming the `tricks:` step: the rules must make sure this cannot happen "
            "(by default a block plays tricks while the leader has cards).",
            "- **A trick a rule changed** before its winner is decided (a step that takes a card from the "
            "trick zone, puts one in or swaps one for another) is won among the cards played to it that are "
            "still there, each for the player who played it; a card a rule put in does not count. Without a "
            "`winner:` expression, the highest trump among them wins, else the highest card of the suit led; "
            "when the rule took the led card itself away (a card that never wins, such as an excuse), the "
            "first card left that has a suit sets that suit (the leader wins when no card of it is left).",
            "- **Cards outside the suits** (jokers): without a `winner:` expression such a card wins a trick "
            "only as the highest of the suitless cards in a trick one of them led and no trump was played to "
            "(by the order, the first played on a tie: the leader's card when the order does not list them); "
            "cards of a suit never win a trick a suitless card led. Cards that win or lose whatever was led "
            "(a wizard, a jester, a pirate), or a card led that leaves the suit to the next card played, need "
            "a `winner:` and a `follow:` condition that read the trick, through definitions such as "
            "`setter: first(filter(trick, c => not is_jester(c)))` (the card that sets the suit), "
            "`suit_to_follow: none if setter == none or setter.is_joker else setter.suit` and "
            "`winner: trick_players[position(trick, winning_card)]`.",
            "- **The lines of one `set:` or `add:`** apply in order: a line sees the values the lines above it "
            "stored.",
            "- **A random bot** chooses uniformly among the actions offered: each option of a move is one "
            "action, so a move with many options is chosen more often than a move with one.",
            "- **YAML**: quote a key or value that holds `[`, `{`, `: ` or `#`: `add: {\"score[p]\": 10}`, "
            "`set: {trumps: \"last(hand[dealer]).suit\"}`.", "",
            "### Definitions", "",
            "The `define:` section names values written once and used in any expression. A key is a name "
            "(`lead_is_trump: led_suit == trumps` is wrong: a definition cannot see local names such as "
            "`led_suit`; give them as parameters) or a name with parameters:", "",
            "```yaml", "define:",
            "  partner_suit(x): \"spades if x == clubs else clubs if x == spades else hearts if x == diamonds "
            "else diamonds\"",
            "  is_left_bower(c): c.rank == \"J\" and c.suit == partner_suit(trumps)",
            "  effective_suit(c): trumps if is_left_bower(c) else c.suit",
            "  led: effective_suit(first(trick))          # no parameters: used as `led`",
            "  worth:                                     # the long form declares the parameters' kinds",
            "    params: {c: card}", "    value: plain(c) + 1", "```", "",
            "A use `effective_suit(card)` is checked with the kind of what it is given (or the kind "
            "declared under `params:`), so a mistake inside a definition is reported at the definition "
            "when it is first used. Definitions may use each other but not in a circle; one nothing uses "
            "is checked too, and warned about. They read the game as it is when they are used: `led` above "
            "is the suit of the first card in the trick at that moment.", "",
            "### Packs other than the French pack", "",
            "- **Suits and ranks** are any names: `suits: [yellow, blue, white]`, `ranks: [W, \"2\", \"3\"]`. "
            "A card of a suit without a symbol is written rank, slash, suit: `W/red`, `bright/willow`. Where the "
            "rank is also a name of the ruleset (a definition `bright(p)`, say), write `card(\"bright\", willow)`.",
            "- **Uneven numbers of cards**: `copies_of` gives a rank or one card its own number of identical "
            "copies (`copies_of: {W: 3}`: three wager cards in each colour); `remove: {cards: [...]}` takes out "
            "the cards the pack lacks.",
            "- **Suits with ranks of their own** (a tarock pack: 22 tarocks, red suits with pips 4 3 2 1, black "
            "ones 7 8 9 10): list every rank under `ranks`, and under `ranks_of` the ranks of each suit that has "
            "only some of them (`ranks_of: {tarock: [I, II, ..., Sküs], hearts: [\"4\", \"3\", \"2\", \"1\", J, C, Q, K]}`). "
            "A card of a rank of the pack's own is written with its suit symbol as usual (`C♥`, `1♥`), and ranks "
            "and suits may use letters of any alphabet (`Sküs/tarock`). Rank each suit with an order by cases "
            "(`cases: [{when: card.suit == tarock, order: tarocks}, ...]`); an order used only as such a case is "
            "checked against the ranks of the cards it ranks. Example: `tests/rulesets_review55/koenigrufen.yaml`.",
            "- **What else a card is** (a Hanafuda card's kind, a value): a card has only its rank, suit, "
            "`is_joker` and name. Give other properties with a point table by rank or by card "
            "(`values: {bright/willow: 0}`), or a definition such as `is_poetry(c): c in [poetry/pine, "
            "poetry/plum]`; when the kinds are few, make the kind the rank (ranks `[chaff, ribbon, animal, "
            "bright]`, months as suits) and remove the cards no suit has.",
            "- **A layout per player and per suit** (a column for each player in each colour): a zone is kept "
            "per player, per suit or per entry of an object collection, not per pair. Either keep one zone per "
            "player and read a column with `of_suit(expedition[p], s)`, or list the pairs as entries "
            "(`objects: {columns: [{name: red_0, owner: 0, colour: red}, ...]}`, zone `per: columns`) and find "
            "one with `first(filter(columns, k => k.owner == p and k.colour == s))`.", "",
            "### Kinds of value", "", "Expressions are checked when the ruleset loads: a card where a "
            "number is needed is an error before any game is played.", "",
            "| kind | meaning |", "|---|---|"]
    out += [f"| {t} | {m} |" for t, m in TYPES]
    out += ["", "## Built-in functions", ""]
    by_category: dict = {}
    for b in BUILTINS.values():
        by_category.setdefault(b.category, []).append(b)
    for category in sorted(by_category):
        out += [f"### {category.capitalize()}", "", "| function | arguments | what it gives |", "|---|---|---|"]
        for b in sorted(by_category[category], key=lambda b: b.name):
            args = str(b.min_args) if b.min_args == b.max_args else f"{b.min_args} to {b.max_args}"
            out.append(f"| `{_cell(b.usage)}` | {args} | {_cell(b.doc)} |")
        out.append("")
    out += ["## Step kinds", "", "A step is one mapping in a list of steps (`setup`, `hand`, a procedure, "
            "or nested `do:`, `then:` lists); its key names its kind.", ""]
    for name in sorted(STEPS):
        kind = STEPS[name]
        out += [f"### `{name}`", "", _cell(kind.doc), ""]
        if kind.fields:
            out += ["Beside it in the same step: " + "; ".join(f"`{k}`: {_cell(v)}" for k, v in kind.fields.items())
                    + ".", ""]
    return "\n".join(out).rstrip() + "\n"


def main():
    text = build()
    if "--check" in sys.argv:
        return 0 if OUT.exists() and OUT.read_text(encoding="utf-8") == text else 1
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
