"""`rules explain`: a compiled ruleset written out as readable rules in Markdown.

Everything comes from the merged ruleset (after `extends`) and the compiled
Rules: the pack at each player count, orders, zones, state, the steps of setup
and of a hand in words, procedures, the end and the options.  Expressions are
said in words (phrasing.py); with detail=True (`rules explain --detail`) each is
followed by its text as written, in `code`.  Step kinds without a sentence of
their own are described from their settings, so new kinds still read sensibly.
"""
from __future__ import annotations

from pathlib import Path

from ..ruleset.yamlsource import load_yaml_file
from ..engine.calls import called_name
from ..expr.parser import signature
from .phrasing import Lexicon
from .phrasing_words import _join
from .wording import Say, code, describe_steps

VISIBILITY = {"public": "everyone", "owner": "its owner", "others": "everyone but its owner", "hidden": "nobody"}


def explain(rules, detail: bool = False) -> str:
    """The rules as Markdown; `detail` shows every expression as written after its words."""
    data = rules.data or {}
    procedures = list((data.get("procedures") or {}).items())
    say = Say(Lexicon.of(data), detail, params={called_name(key): _params(key) for key, _ in procedures})
    out = [f"# {rules.name}", ""]
    if rules.description:
        out += [" ".join(str(rules.description).split()), ""]
    out += _variant(rules)
    out += _players(rules, data)
    out += _pack(rules, data)
    out += _orders(data, say)
    out += _points(data)
    out += _melds(data, say)
    out += _definitions(data, say)
    out += _objects(data)
    out += _zones(rules)
    out += _state(rules, data)
    out += _options(rules, data)
    if rules.player_counts != [1] or data.get("dealer"):      # one player deals every hand
        out += _dealer(rules, data, say)
    if data.get("setup"):
        out += ["## Before the first hand", ""] + describe_steps(data["setup"], 0, say) + [""]
    out += ["## Each hand", ""] + (describe_steps(data.get("hand"), 0, say) or ["Nothing happens."]) + [""]
    for i, (key, steps) in enumerate(procedures):
        # a call to an earlier section reads '(above)'
        here = say.after([called_name(k) for k, _ in procedures[:i + 1]])
        params = _params(key)
        heading = f"### {called_name(key)}" + (f" (given {_join(f'*{p}*' for p in params)})" if params else "")
        out += [heading, ""] + (describe_steps(steps, 0, here) or ["Nothing happens."]) + [""]
    out += _end(data, say)
    out += _metrics(data, say)
    return "\n".join(out).rstrip() + "\n"


def _params(key) -> list:
    """The parameters a procedure's key names: pay(payer, amount) -> [payer, amount]."""
    declared = signature(key)
    return declared[1] if declared else []


def _shown_path(path: str) -> str:
    p = Path(path)
    return p.name


def _variant(rules):
    """The chain of rulesets this one extends, and what it writes itself."""
    chain, path = [], rules.source
    for _ in range(10):
        try:
            raw, _ = load_yaml_file(path)
        except Exception:
            break
        if not isinstance(raw, dict) or not raw.get("extends"):
            break
        parent = Path(path).parent / str(raw["extends"])
        if not parent.suffix:
            parent = parent.with_suffix(".yaml")
        own = [_changed(k, raw[k]) for k in raw if k not in ("extends", "name", "description")]
        chain.append((str(raw["extends"]), own))
        if not parent.exists():
            break
        path = str(parent)
    if not chain:
        return []
    first, own = chain[0]
    lines = ["## A variant", "", f"These rules change **{Path(first).stem}**" + (f" ({first})" if first != Path(first).stem else "")
             + (", itself a variant of " + ", ".join(f"**{Path(c).stem}**" for c, _ in chain[1:]) if chain[1:] else "")
             + "."]
    if own:
        lines[-1] += " This variant changes: " + ", ".join(own) + "."
    return lines + [""]


def _changed(key, value) -> str:
    """A section a variant writes, with the entries it gives when it gives some of a mapping: "`define`
    (score_of, bonus)", "`hand`" (a list of steps is given whole)."""
    if isinstance(value, dict) and value and len(value) <= 6 and not any(str(k).startswith("$") for k in value):
        return f"`{key}` ({', '.join(str(k) for k in value)})"
    if not (isinstance(value, dict) and value and set(value) <= {"$items", "$insert", "$remove"}):
        return f"`{key}`"
    # {$items: {10: ...}, $insert: {3: [...]}, $remove: [4]} change an inherited list by its positions
    steps = key in ("hand", "setup")
    said = []
    changed = _positions(value.get("$items"))
    if changed:
        said.append(_at_positions(changed, steps) + (" changed" if len(value) > 1 else ""))
    added = value.get("$insert")
    if isinstance(added, dict) and added:
        said += [("steps added" if steps else "items added") + (" at the end" if k == "end" else
                 f" before {_at_positions([k], steps)}") for k in added]
    removed = _positions(value.get("$remove"))
    if removed:
        said.append(_at_positions(removed, steps) + " left out")
    return f"`{key}` ({'; '.join(said)})" if said else f"`{key}`"


def _positions(value) -> list:
    """The whole-number positions a list directive gives (as keys or as a list), in order."""
    keys = value if isinstance(value, list) else list(value) if isinstance(value, dict) else []
    keys = [k for k in keys if isinstance(k, int) and not isinstance(k, bool)]
    return sorted(keys, key=lambda k: (k < 0, k))


def _at_positions(order, steps) -> str:
    """'step 3, step 5' (steps are numbered from 1 below) or 'the item at position 2' (from 0)."""
    if steps:
        return ", ".join(f"step {k + 1}" if k >= 0 else "the last step" if k == -1 else f"step {-k} from the end"
                         for k in order)
    return (f"item{'s' if len(order) > 1 else ''} at position{'s' if len(order) > 1 else ''} "
            f"{', '.join(map(str, order))}, counting from 0")


def _players(rules, data):
    counts = rules.player_counts
    text = (f"{counts[0]} player{'' if counts[0] == 1 else 's'}" if len(counts) == 1 else
            f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} players")
    if counts == [1]:       # a patience: no other seat to number or to sit left of
        return ["## Players", "", "For one player, seat 0.", ""]
    usually = f" (usually {rules.default_players})" if len(counts) > 1 else ""     # not 'For 2 players (usually 2)'
    lines = ["## Players", "", f"For {text}{usually}. Seats are numbered from 0; 'left' is the next seat up."]
    for n, groups in sorted(rules.teams.items()):
        shown = " and ".join("seats " + ", ".join(map(str, g)) for g in groups)
        lines.append(f"With {n} players the partnerships are {shown}.")
    return lines + [""]


def _pack(rules, data):
    u = rules.universe
    lines = ["## The pack", ""]
    desc = f"Ranks from low to high: {', '.join(u.ranks)}. Suits: {', '.join(u.suits)}."
    ranks_of = (data.get("pack") or {}).get("ranks_of")
    if isinstance(ranks_of, dict) and ranks_of:
        desc += " These suits have only the ranks listed: " + "; ".join(
            f"*{suit}* {', '.join(str(r) for r in kept)}" for suit, kept in ranks_of.items()
            if isinstance(kept, list)) + "."
    if u.copies > 1:
        desc += f" {u.copies} copies of every card{' but those below' if u.copies_of else ''}."
    if u.copies_of:
        def whose(key):        # with one suit a rank is one card: "5 copies of the guard"
            if isinstance(key, str):
                return f"the {key}" if len(u.suits) == 1 else f"each {key} card"
            return u.names[u.card_id(*key)]
        desc += " " + "; ".join(f"{n} cop{'y' if n == 1 else 'ies'} of {whose(key)}"
                                for key, n in u.copies_of.items()) + "."
    if u.joker_kinds:
        desc += " Jokers: " + ", ".join(f"{kind} ({count})" for kind, count in u.joker_kinds) + "."
    elif u.jokers:
        desc += f" {u.jokers} joker{'s' if u.jokers > 1 else ''}."
    lines += [desc, ""]
    holdings = {n: _holding(rules, n) for n in rules.player_counts}
    # a game in which nobody decides anything is over before a first decision: say what the deal gives
    when = "after the deal" if all(over for _, over in holdings.values()) else "at the first decision"
    lines += [f"| players | cards | left out | each player holds {when} |", "|---|---|---|---|"]
    faces = {u.face[c] for c in range(u.size)}
    for n in rules.player_counts:
        deck = rules.deck(n)
        # a card left out is one of which no copy is left
        removed = sorted(faces - {u.face[c] for c in deck})
        left_out = _left_out(u, removed, faces)
        if isinstance(ranks_of, dict) and ranks_of and left_out.endswith(" cards"):
            left_out += ", the ranks the suits above lack" + (" and those removed" if (data.get("pack") or {}).get("remove") else "")
        lines.append(f"| {n} | {len(deck)} | {left_out or '-'} | {holdings[n][0]} |")
    lines += ["", f"The pack starts in the zone *{rules.pack_zone}*.", ""]
    return lines


def _left_out(u, removed, faces) -> str:
    """The cards a pack leaves out, in words: whole ranks and suits by name ('every 8, 9 and 10'), the
    other cards by name when they are few, else their number."""
    if len(removed) <= 8:
        return ", ".join(u.names[c] for c in removed)
    gone = set(removed)

    def whole(key):                       # the ranks (suits) none of whose cards is left
        kinds = {}
        for c in faces:
            if u.suit_of[c] is not None:          # not a joker
                kinds.setdefault(key[c], []).append(c)
        return [k for k, cs in kinds.items() if all(c in gone for c in cs)]

    ranks = [r for r in u.ranks if r in set(whole(u.rank_of))]
    suits = [s for s in u.suits if s in set(whole(u.suit_of))] if not ranks else []
    named = ranks or suits
    if not named:
        return f"{len(removed)} cards"
    said = {c for c in removed if (u.rank_of[c] in ranks if ranks else u.suit_of[c] in suits)}
    words = ", ".join(map(str, named[:-1])) + " and " + str(named[-1]) if len(named) > 1 else str(named[0])
    text = f"every {words}" if ranks else f"every card of {words}"
    rest = [c for c in removed if c not in said]
    if rest:
        text += "; " + (", ".join(u.names[c] for c in rest) if len(rest) <= 8 else f"{len(rest)} other cards")
    return f"{text} ({len(removed)} cards)"


TRIAL_DEALS = 6        # deals tried for what each player holds at the first decision


def _holding(rules, n):
    """The size of each per-player zone when the first decision comes (from trial deals), or after the
    first hand's deal for a game over before any decision; and whether the trial game was over so.  Where
    the deals differ (cards sorted out of a hand by what they are, such as camels put in a herd), the
    smallest and largest size seen: 'it depends on the deal: 4 to 5 in hand ... in 6 trial deals'."""
    from .scenarios import dealt
    seen, over = [], False
    for seed in range(TRIAL_DEALS):
        try:
            s, zones = dealt(rules, n, seed)
        except Exception:
            if not seen:
                return "?", False
            continue
        over = over or (seed == 0 and s.over)
        seen.append({info.name: [len(h) for h in zones[info.index]]
                     for info in rules.zone_list if info.per == "player"})
    parts, varies = [], False
    for name in seen[0]:
        by_deal = [sizes[name] for sizes in seen]
        if not any(any(sizes) for sizes in by_deal):
            continue
        if all(sizes == by_deal[0] for sizes in by_deal):
            sizes = by_deal[0]
            parts.append(f"{sizes[0]} in {name}" if len(set(sizes)) == 1 else f"{'/'.join(map(str, sizes))} in {name}")
            continue
        varies = True
        low = [min(sizes[p] for sizes in by_deal) for p in range(n)]
        high = [max(sizes[p] for sizes in by_deal) for p in range(n)]
        spans = [f"{lo}" if lo == hi else f"{lo} to {hi}" for lo, hi in zip(low, high)]
        parts.append(f"{spans[0]} in {name}" if len(set(spans)) == 1 else f"{'/'.join(spans)} in {name}")
    if varies:
        return f"it depends on the deal: {', '.join(parts)} in {len(seen)} trial deals", over
    return ", ".join(parts) or "-", over


def _orders(data, say):
    orders = data.get("orders") or {}
    if not orders:
        return []
    lines = ["## How cards rank", ""]
    for name, spec in orders.items():
        if isinstance(spec, list):
            lines.append(f"- **{name}**, low to high: {', '.join(map(str, spec))}")
        else:
            card = say.bind("card", "card")
            cases = "; ".join(f"when {card(c.get('when'))}, the order **{c.get('order')}**"
                              for c in spec.get("cases", []))
            other = f"; otherwise **{spec['otherwise']}**" if spec.get("otherwise") else ""
            lines.append(f"- **{name}** depends on the card: {cases}{other}")
    return lines + [""]


def _points(data):
    points = data.get("points") or {}
    if not points:
        return []
    lines = ["## Card points", ""]
    for name, spec in points.items():
        values = spec.get("values", {}) if isinstance(spec, dict) else {}
        listed = ", ".join(f"{k}: {v}" for k, v in values.items())
        default = spec.get("default", 0) if isinstance(spec, dict) else 0
        lines.append(f"- **{name}**: {listed}; any other card: {default}" if listed else
                     f"- **{name}**: every card: {default}")
    return lines + [""]


def _setting(value, default, none_means, options=None):
    """A setting of the melds section in words: a number, an option's name (and its value), or none."""
    if value is ...:
        return none_means if default is None else str(default)
    if value is None or value == "none" or value is False:
        return none_means
    if isinstance(value, str):
        spec = (options or {}).get(value)
        known = ""
        if isinstance(spec, dict) and "default" in spec:
            known = f" ({_setting(spec['default'], None, none_means)})"
        return f"the option *{value}*{known}"
    return str(value)


def _has_jokers(pack) -> bool:
    """Does the pack hold a joker at some player count (pack: jokers, or a by_players change)?"""
    if not isinstance(pack, dict):
        return True                          # not known: say what the rules say
    specs = [pack] + [v for v in (pack.get("by_players") or {}).values() if isinstance(v, dict)]
    return any(spec.get("jokers") not in (None, 0, False, {}) for spec in specs)


def _melds(data, say):
    """What a meld is: the wild cards, runs, sets and the point tables of melded cards."""
    spec = data.get("melds")
    if not isinstance(spec, dict):
        return []
    lines = ["## Melds", ""]
    opts = data.get("options") or {}
    wild = " ".join(str(spec.get("wild", "card.is_joker")).split())
    wilds = wild not in ("false", "False") and (wild != "card.is_joker" or _has_jokers(data.get("pack")))
    if wilds:
        which = "the jokers" if wild == "card.is_joker" else f"the cards for which {say.bind('card', 'card')(wild)}"
        lines.append(f"- **Wild cards**: {which}; a wild card stands for one card, which the player "
                     "declares, and a meld holds at least one natural card.")
    else:
        lines.append("- No wild cards.")
    runs, sets = spec.get("runs"), spec.get("sets")
    if isinstance(runs, dict):
        order = runs.get("order")
        order = ", ".join(map(str, order)) if isinstance(order, list) else f"the order **{order}**" if order \
            else "the pack's ranks"
        text = (f"- **Runs**: at least {_setting(runs.get('min', ...), 3, '1', opts)} cards of one suit in sequence "
                f"({order})")
        if runs.get("max") not in (None, "none", False):
            text += f", at most {_setting(runs['max'], None, '', opts)}"
        if runs.get("after_last") is not None:
            text += f"; {runs['after_last']} may also follow the last rank"
            full = runs.get("full_length", True)
            text += (" (a run of every rank with it at both ends is allowed)" if full is True else
                     " (a run of every rank with it at both ends is not allowed)" if full is False else
                     " (a run of every rank with it at both ends only when a wild card is one of them)")
        text += "; runs go round the corner" if runs.get("wrap") else "; runs do not go round the corner"
        if wilds:
            text += f"; wild cards in one run: {_setting(runs.get('wilds', ...), 1, 'any number', opts)}"
        if runs.get("split"):
            text += "; a run grown past its longest on the table is cut into shorter runs"
        lines.append(text + ".")
    else:
        lines.append("- No runs.")
    if isinstance(sets, dict):
        different = sets.get("different_suits", True)
        most = _setting(sets.get("max", ...), "as many as there are suits", "", opts)
        lines.append(f"- **Sets**: {_setting(sets.get('min', ...), 3, '1', opts)} or more cards of one rank"
                     + (f", at most {most}" if most else "") + ", "
                     + ("all of different suits" if different is True else "suits may repeat" if different is False
                        else f"of different suits when *{different}*")
                     + (f"; wild cards in one set: {_setting(sets.get('wilds', ...), 1, 'any number', opts)}" if wilds else "")
                     + ".")
    else:
        lines.append("- No sets.")
    value = spec.get("value") or {}
    places = [("in a run", "run"), ("in a set", "set"), ("after the last rank", "after_last")]
    said = [f"{where} by **{value[key]}**" for where, key in places if value.get(key)]
    if said:
        lines.append(f"- **Value of a melded card**: {', '.join(said)} (a wild card as the card it stands for).")
    return lines + [""]


def _definitions(data, say):
    """Named values in words: the designer's description when given, else the expression said."""
    defined = data.get("define") or {}
    if not defined:
        return []
    lines = ["## Named values", ""]
    for key, spec in defined.items():
        value = spec.get("value") if isinstance(spec, dict) else spec
        text = spec.get("description") if isinstance(spec, dict) else None
        text = f"{text} ({say(value)})" if text and say.detail else text or say(value)
        if isinstance(value, str) and value.strip().startswith(("argmax(", "argmin(")) and \
                not (isinstance(spec, dict) and spec.get("description")):
            text += " (all of them on a tie)"      # argmax gives every item with the best key
        lines.append(f"- **{key}**: {text}")
    return lines + [""]


def _objects(data):
    objects = data.get("objects") or {}
    if not objects:
        return []
    lines = ["## Things on the table", ""]
    for name, entries in objects.items():
        lines.append(f"- **{name}**: " + "; ".join(_entry(e) for e in entries or [] if isinstance(e, dict)))
    return lines + [""]


def _entry(e):
    """An object entry: its name, then its other fields in brackets (none when it has only a name)."""
    fields = ", ".join(f"{k} {v}" for k, v in e.items() if k != "name")
    return f"{e.get('name')} ({fields})" if fields else str(e.get("name"))


def _zones(rules):
    lines = ["## Where cards lie", "", "| zone | kept | seen by | what it is |", "|---|---|---|---|"]
    for info in rules.zone_list:
        kept = "one for all" if info.per is None else \
            f"one per entry of *{info.per}*" if info.per in rules.objects else f"one per {info.per}"
        seen = "nobody" if info.visibility == "owner" and info.per != "player" else \
            VISIBILITY.get(info.visibility, info.visibility)       # only a player owns a zone
        lines.append(f"| {info.name} | {kept} | {seen} | "
                     f"{info.description or ''} |")
    return lines + [""]


def _state(rules, data):
    spec = data.get("state") or {}
    if not spec:
        return []
    lines = ["## What the game keeps track of", "", "| name | kind | starts as | kept for | what it means |",
             "|---|---|---|---|---|"]
    for info in rules.var_list:
        if info.name not in spec and rules.player_counts == [1]:
            continue                     # the dealer a game for one player need not declare: that player
        raw = spec.get(info.name, {"type": "player", "initial": rules.first_dealer})   # the dealer, if undeclared
        initial = raw.get("initial", 0 if raw.get("type", "number") == "number" else "none") \
            if isinstance(raw, dict) else raw
        kind = info.type + (f", one per entry of *{info.per}*" if info.per in rules.objects else
                            f", one per {info.per}" if info.per else "")
        if info.visibility == "owner":
            kind += ", seen by its player only"
        kept = "the whole game" if info.scope == "game" else "one hand"
        lines.append(f"| {info.name} | {kind} | {code(initial)} | {kept} | {info.description or ''} |")
    return lines + [""]


def _options(rules, data):
    declared = data.get("options") or {}
    if not declared:
        return []
    lines = ["## Options", "", "Change them with `--option NAME=VALUE`.", "",
             "| option | value | what it changes |", "|---|---|---|"]
    for name, spec in declared.items():
        desc = spec.get("description", "") if isinstance(spec, dict) else ""
        lines.append(f"| {name} | {code(rules.options.get(name))} | {desc} |")
    return lines + [""]


def _dealer(rules, data, say):
    deal = data.get("dealer") or {}
    first = rules.first_dealer       # dealer: first, else the dealer variable's whole-number initial value
    nxt = deal.get("next", "left_of(dealer)")
    end = data.get("end") or {}
    if "after_hand" not in end or end.get("after_hand") is True:      # a game of one hand: no next dealer
        return ["## The dealer", "", f"Seat {first} deals.", ""]
    return ["## The dealer", "", f"Seat {first} deals first. After each hand the deal passes to {say(nxt)}.", ""]


def _end(data, say):
    end = data.get("end") or {}
    lines = ["## The end of the game", ""]
    if end.get("after_hand") is True or "after_hand" not in end:
        lines.append("- The game ends after one hand.")     # without after_hand the game is one hand
    elif "after_hand" in end:
        lines.append(f"- After each hand the game ends if {say(end['after_hand'])}.")
    winners = end.get("winners", "players")
    # several winners on a tie only where the winners are every best item (not first(argmax(...)))
    tie = str(winners).strip().startswith(("argmax(", "argmin("))
    # a list of winners written out: '[0] if left == 0 else []' reads 'seat 0 if ..., otherwise nobody'
    won = say(winners).replace("an empty list", "nobody")
    if str(winners).strip() == "players":
        won = "every player together"        # a game all play against the game (not 'the players')
    if won.split(" ")[0].isdigit():
        won = "seat " + won
    lines.append(f"- The game is won by {won}" + (" (all of them on a tie)." if tie else "."))
    if "score" in end:
        lines.append(f"- A player's final score is {say.bind('p', 'player')(end['score'])}.")
    if end.get("better") in ("higher", "lower"):
        lines.append(f"- A {end['better']} score is better.")
    most = end.get("max_hands", 1000)
    if "after_hand" in end and end.get("after_hand") is not True:
        lines.append(f"- A game that has not ended after {most} hand{'s' if most != 1 else ''} stops with an error.")
    return lines + [""]


def _metrics(data, say):
    metrics = data.get("metrics") or {}
    if not metrics:
        return []
    lines = ["## Recorded in simulations", ""]
    for name, spec in metrics.items():
        spec = spec if isinstance(spec, dict) else {"value": spec}
        each = "each hand" if spec.get("each") == "hand" else "each game"
        lines.append(f"- **{name}** ({each}): {say(spec.get('value'))}" +
                     (f" ({spec['description']})" if spec.get("description") else ""))
    return lines + [""]
