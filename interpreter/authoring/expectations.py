"""What a scenario expects, compared with the game: every mismatch of one check is reported together."""
from __future__ import annotations

import re

from ..diagnostics import did_you_mean
from ..engine import game as G
from ..engine.state import zone_parts
from ..expr import types as T

EXPECT_KEYS = ("state", "zones", "sizes", "trick_winners", "last_trick_winner", "to_move", "legal", "not_legal",
               "over", "winners", "scores", "hand", "revealed", "absent", "seen")


def to_internal(s, typ, value, path, failure):
    """A value written in a scenario (card names, suit names, seats) as the engine keeps it."""
    u = s.rules.universe
    if typ == T.CARD and value is not None:
        cid = u.parse_card(str(value))
        if cid is None:
            raise failure(path, f"'{value}' is not a card of {s.rules.name}", u.card_hint(value))
        return cid
    if typ == T.CARDS:
        return [to_internal(s, T.CARD, v, path, failure) for v in (card_words(u, value) if isinstance(value, str) else value)]
    if typ == T.SUIT and value is not None and str(value) not in u.suits:
        raise failure(path, f"'{value}' is not a suit of {s.rules.name}", did_you_mean(value, u.suits))
    return value


def shown(s, typ, value):
    """The engine's value as a designer writes it: card names rather than numbers."""
    names = s.rules.universe.names
    if T.is_per(typ):
        _, element = T.per_parts(typ)
        if isinstance(value, dict):
            return {k: shown(s, element, v) for k, v in value.items()}
        return [shown(s, element, v) for v in value]
    if typ == T.CARD and isinstance(value, int) and not isinstance(value, bool):
        return names[value]
    if typ == T.CARDS and isinstance(value, list):
        return [names[c] for c in value]
    return value


def _expected_value(s, typ, value):
    """An expected state value as shown() gives the engine's: `none` (as in expressions) is nothing, and a
    card may be written in any form a move takes (AS, A♠)."""
    if T.is_per(typ):
        _, element = T.per_parts(typ)
        if isinstance(value, dict):
            return {k: _expected_value(s, element, v) for k, v in value.items()}
        if isinstance(value, list):
            return [_expected_value(s, element, v) for v in value]
        return value
    if isinstance(value, str) and value.strip().lower() == "none" and typ != T.STR:
        return None
    if typ == T.SUIT and isinstance(value, str) and value not in s.rules.universe.suits:
        from ..cards.pack import SYMBOL_SUITS
        return SYMBOL_SUITS.get(value.strip(), value)      # trumps: ♥ for hearts
    if typ == T.CARD and isinstance(value, str):
        cid = s.rules.universe.parse_card(value)
        return s.rules.universe.names[cid] if cid is not None else value
    if typ == T.CARDS and isinstance(value, (list, str)):
        return [_expected_value(s, T.CARD, v) for v in (card_words(s.rules.universe, value) if isinstance(value, str) else value)]
    return value


def card_words(u, text) -> list:
    """The card names written in `text`, separated by spaces: a name that itself holds spaces (a joker
    named "Skull King" in pack: jokers) is read whole, the longest such name first."""
    words = str(text).split()
    if not any(" " in name for name in u.names):
        return words
    out, i = [], 0
    while i < len(words):
        for j in range(len(words), i + 1, -1):
            joined = " ".join(words[i:j])
            if u.parse_card(joined) is not None:
                out.append(joined)
                i = j
                break
        else:
            out.append(words[i])
            i += 1
    return out


def _card_names(s, value):
    u = s.rules.universe
    items = card_words(u, value) if isinstance(value, str) else list(value)
    out = []
    for v in items:
        cid = u.parse_card(str(v))
        out.append(u.names[cid] if cid is not None else str(v))
    return sorted(out)


def _eq(expected, actual):
    if isinstance(expected, str) and expected.strip().lower() == "none" and not isinstance(actual, str):
        expected = None          # `none` as a designer writes it (YAML reads it as text): no value
    if isinstance(expected, float) or isinstance(actual, float):
        return abs(float(expected) - float(actual)) < 1e-9 if _num(expected) and _num(actual) else False
    return expected == actual


def _num(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


class _Checker:
    def __init__(self, s, path, when, failure):
        self.s, self.path, self.when, self.failure = s, path, when, failure
        self.wrong = []            # (key path, text)

    def mismatch(self, sub, what, expected, actual):
        self.wrong.append((sub, f"{what}: expected {_fmt(expected)}, got {_fmt(actual)}"))

    def compare(self, sub, what, expected, actual):
        if isinstance(expected, dict) and isinstance(actual, (list, dict)):
            for key, value in expected.items():
                try:
                    got = actual[key]
                except (KeyError, IndexError, TypeError):
                    self.wrong.append((sub + (key,), f"{what}[{key}]: there is no such entry"))
                    continue
                self.compare(sub + (key,), f"{what}[{key}]", value, got)
        elif isinstance(expected, list) and isinstance(actual, list):
            if len(expected) != len(actual) or not all(_eq(a, b) for a, b in zip(expected, actual)):
                self.mismatch(sub, what, expected, actual)
        elif not _eq(expected, actual):
            self.mismatch(sub, what, expected, actual)


def _fmt(value):
    if isinstance(value, list):
        return "[" + ", ".join(_fmt(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


def check_expectations(s, spec, path, when, failure):
    if not isinstance(spec, dict):
        raise failure(path, "'expect' needs a mapping such as {state: {trumps: hearts}}")
    c = _Checker(s, path, when, failure)
    rules = s.rules
    for key, expected in spec.items():
        sub = path + (key,)
        if key == "state":
            for name, value in (expected or {}).items():
                info = rules.vars.get(str(name))
                if info is None:
                    raise failure(sub + (name,), f"unknown state variable '{name}'", did_you_mean(name, rules.vars),
                                  key=True)
                typ = T.per(info.per, info.type) if info.per else info.type
                want = _expected_value(s, typ, value)
                c.compare(sub + (name,), name, want, shown(s, typ, s.v[info.index]))
        elif key in ("zones", "sizes"):
            for name, value in (expected or {}).items():
                info = rules.zones.get(str(name))
                if info is None:
                    raise failure(sub + (name,), f"unknown zone '{name}'", did_you_mean(name, rules.zones), key=True)
                zone = s.z[info.index]
                if key == "sizes":
                    actual = [len(p) for p in zone] if info.per == "player" else \
                        {k: len(p) for k, p in zone.items()} if isinstance(zone, dict) else len(zone)
                    c.compare(sub + (name,), f"size of {name}", value, actual)
                    continue
                if info.per is None and (_groups_zone(zone) or _groups_written(value)):
                    from .meldvalues import parse_value, table_tokens, same_table, groups_text
                    try:
                        written = [parse_value(rules.universe, g)[1] for g in (value or [])]
                    except ValueError as err:
                        raise failure(sub + (name,), str(err)) from None
                    actual = table_tokens(s, zone)
                    if not same_table(written, actual):
                        c.wrong.append((sub + (name,), f"{name}: expected {groups_text(written)}, "
                                                       f"got {groups_text(actual)}"))
                    continue
                if info.per is None:
                    c.compare(sub + (name,), name, _card_names(s, value), _card_names(s, [rules.universe.names[x]
                                                                                          for x in zone]))
                    continue
                items = dict(enumerate(value)) if isinstance(value, list) else value
                for owner, cards in items.items():
                    if isinstance(zone, dict) and owner not in zone:
                        parts = [str(k) for k in zone]
                        raise failure(sub + (name, owner), f"zone '{name}' has no part '{owner}'; its parts are "
                                      f"{', '.join(parts[:12])}{', ...' if len(parts) > 12 else ''}",
                                      did_you_mean(str(owner), parts), key=True)
                    if not isinstance(zone, dict) and (not isinstance(owner, int) or isinstance(owner, bool)):
                        raise failure(sub + (name, owner), f"zone '{name}' is kept per player: name a part by "
                                      f"its seat number, from 0, not '{owner}'", key=True)
                    part = zone[owner] if (isinstance(zone, dict) or 0 <= owner < len(zone)) else []
                    if _groups_zone(part) or _groups_written(cards):     # a table kept per player
                        from .meldvalues import parse_value, table_tokens, same_table, groups_text
                        try:
                            written = [parse_value(rules.universe, g)[1] for g in (cards or [])]
                        except ValueError as err:
                            raise failure(sub + (name, owner), str(err)) from None
                        actual = table_tokens(s, part)
                        if not same_table(written, actual):
                            c.wrong.append((sub + (name, owner), f"{name}[{owner}]: expected "
                                                                 f"{groups_text(written)}, got {groups_text(actual)}"))
                        continue
                    c.compare(sub + (name, owner), f"{name}[{owner}]", _card_names(s, cards),
                              _card_names(s, [rules.universe.names[x] for x in part]))
        elif key in ("trick_winners", "last_trick_winner"):
            winners = [e["winner"] for e in (s.events or []) if e.get("event") == "trick"]
            if key == "trick_winners":
                c.compare(sub, "trick winners", list(expected), winners)
            else:
                c.compare(sub, "last trick winner", expected, winners[-1] if winners else None)
        elif key == "to_move":
            c.compare(sub, "player to move", expected, G.current_player(s))
        elif key in ("legal", "not_legal") and isinstance(expected, list) and \
                any(isinstance(e, dict) for e in expected):
            _check_moves(s, c, sub, key, expected)
        elif key in ("legal", "not_legal"):
            legal = _legal_names(s)
            wanted = _card_names(s, expected) if not _are_moves(expected) else list(map(str, expected))
            sets = _set_moves(G.legal_actions(s))
            legal = [_set_text(s, t, sets) for t in legal]
            wanted = sorted((_set_text(s, t, sets) for t in wanted), key=_in_number_order)
            if key == "legal":
                # the two copies of a card (a double pack) played from one hand are one move, named once
                want = sorted(set(wanted), key=_in_number_order)
                got = sorted(set(legal), key=_in_number_order)
                if want != got and max(len(want), len(got)) > LONG_MOVE_LIST:
                    c.wrong.append((sub, _moves_differ(want, got)))
                else:
                    c.compare(sub, "legal moves", want, got)
            else:
                bad = [w for w in wanted if w in legal]
                if bad:
                    c.wrong.append((sub, f"not legal: expected none of {_fmt(wanted)} to be legal, but "
                                         f"{_fmt(bad)} {'is' if len(bad) == 1 else 'are'}"))
        elif key == "over":
            c.compare(sub, "game over", bool(expected), s.over)
        elif key == "winners":
            if not s.over:
                c.wrong.append((sub, "winners: the game is not over yet"))
            else:
                c.compare(sub, "winners", sorted(expected), G.result(s)["winners"])
        elif key == "scores":
            env, scores = {}, []
            for p in range(s.n):
                env["p"] = p
                scores.append(rules.final_score(s, env))
            c.compare(sub, "scores", expected, scores)
        elif key == "hand":
            c.compare(sub, "hand number", expected, s.hand_no)
        elif key == "revealed":
            # shown to everyone: by a reveal, or lying face up in a public zone (a card turned up into a row)
            shown_cards = {rules.universe.names[x] for x in s.revealed}
            shown_cards.update(rules.universe.names[x] for info in rules.zone_list if info.visibility == "public"
                               for _, part in zone_parts(s, info) for x in _cards_of(part))
            hidden = [n for n in _card_names(s, expected) if n not in shown_cards]
            if hidden:
                c.wrong.append((sub, f"revealed: {_fmt(hidden)} {'is' if len(hidden) == 1 else 'are'} not shown "
                                     f"to everyone (shown: {_fmt(sorted(shown_cards))})"))
        elif key == "seen":
            _check_seen(s, c, sub, expected, failure)
        elif key == "absent":
            present = {rules.universe.names[x] for x in G.all_cards(s)}
            there = [n for n in _card_names(s, expected) if n in present]
            if there:
                c.wrong.append((sub, f"absent: {_fmt(there)} {'is' if len(there) == 1 else 'are'} in play"))
        else:
            raise failure(sub, f"unknown expectation '{key}'", did_you_mean(key, EXPECT_KEYS), key=True)
    if c.wrong:
        first = c.wrong[0][0]
        raise failure(first, f"{when}: " + "; ".join(text for _, text in c.wrong))


def _cards_of(part):
    """The cards of a zone part, a table's melds taken apart."""
    for x in part:
        yield from (x if isinstance(x, list) else [x])


def _check_seen(s, c, sub, expected, failure):
    """`seen: {seat: {zone: cards}}`: the cards of each zone that the seat sees (its view of the table:
    the zone's visibility, and the cards shown to it), in any order; a zone kept per player or per entry
    takes one list per part, `{row: {0: [2♣], 1: []}}`, and only the parts listed are checked."""
    rules = s.rules
    if not isinstance(expected, dict):
        raise failure(sub, "'seen' needs a mapping of seats to zones: {1: {row: {0: [2♣]}}}")
    for seat, zones in expected.items():
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < s.n:
            raise failure(sub + (seat,), f"'seen' is keyed by seat numbers, from 0 to {s.n - 1}, not {seat!r}",
                          key=True)
        view = G.observation(s, seat)["zones"]
        for name, value in (zones or {}).items():
            info = rules.zones.get(str(name))
            if info is None:
                raise failure(sub + (seat, name), f"unknown zone '{name}'", did_you_mean(name, rules.zones),
                              key=True)
            part = view[info.name]
            names = rules.universe.names
            if info.per is None:
                c.compare(sub + (seat, name), f"seen by {seat} in {name}", _card_names(s, value or []),
                          _card_names(s, [names[x] for x in part]))
                continue
            items = dict(enumerate(value)) if isinstance(value, list) else (value or {})
            for owner, cards in items.items():
                if (owner not in part) if isinstance(part, dict) else \
                        not (isinstance(owner, int) and 0 <= owner < len(part)):
                    raise failure(sub + (seat, name, owner), f"zone '{name}' has no part '{owner}'", key=True)
                c.compare(sub + (seat, name, owner), f"seen by {seat} in {name}[{owner}]",
                          _card_names(s, cards or []), _card_names(s, [names[x] for x in part[owner]]))


LONG_MOVE_LIST = 12     # past this many moves, a wrong 'legal' list is told by what differs


def _moves_differ(want, got) -> str:
    """A wrong `legal:` list with many moves: what is missing and what else is legal, not both lists."""
    missing = [w for w in want if w not in got]
    extra = [g for g in got if g not in want]
    parts = [f"legal moves: expected {len(want)}, got {len(got)}"]
    if missing:
        parts.append(f"not legal: {_fmt(missing)}")
    if extra:
        shown = _fmt(extra[:LONG_MOVE_LIST])[:-1] + (f", ... ({len(extra) - LONG_MOVE_LIST} more)]"
                                                     if len(extra) > LONG_MOVE_LIST else "]")
        parts.append(f"legal but not listed: {shown} ('legal' lists every legal move; to check only some, "
                     "write them as moves, e.g. {move: bid, value: 3}, or use 'not_legal')")
    return "; ".join(parts)


def _groups_zone(zone):
    return isinstance(zone, list) and any(isinstance(g, list) for g in zone)


def _groups_written(value):
    return isinstance(value, list) and bool(value) and all(isinstance(v, list) for v in value)


def _are_moves(values):
    items = values.split() if isinstance(values, str) else values
    return any(not isinstance(v, str) or " " in v for v in items) if items else False


def describe_action(s, action) -> str:
    """A legal move as text; meld moves name their cards (meldvalues.py)."""
    from ..engine.scenario import describe
    from .meldvalues import describe as describe_meld, is_structured
    return describe_meld(s, action) if is_structured(action[1]) else describe(s, action)


def legal_text(s, actions, most=40) -> str:
    """The legal moves for a message: the first `most` of them, then how many more."""
    shown = ", ".join(describe_action(s, a) for a in actions[:most])
    return shown + (f", ... ({len(actions) - most} more)" if len(actions) > most else "")


def _in_number_order(text):
    """A sort key reading the numbers in a move's text as numbers: 'bid 8' before 'bid 10'."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in _NUMBER.split(text) if part]


_NUMBER = re.compile(r"(\d+)")


def _legal_names(s):
    return [describe_action(s, a) for a in G.legal_actions(s)]


def _set_moves(actions):
    """The names of the moves whose options are plain sets of cards (not melds): for them the order in
    which a move's text names its cards does not matter."""
    from .meldvalues import is_structured
    return {a[0] for a in actions if isinstance(a[1], (list, tuple)) and not is_structured(a[1])
            and all(isinstance(c, int) and not isinstance(c, bool) for c in a[1])}


def _set_text(s, text, sets):
    """'play 9♠ 9♥' written one way whatever the order of its cards ('play 9♥ 9♠': by rank, then suit in
    the pack's order, jokers last, so that a straight reads 3♦ 4♣ 5♦ 6♥ 7♠), when `play` offers sets of
    cards and every word after it is a card; any other text as it is."""
    words = str(text).split()
    if len(words) < 3 or words[0] not in sets:
        return text
    u = s.rules.universe
    ids = [u.parse_card(w) for w in words[1:]]
    if any(c is None for c in ids):
        return text
    ids.sort(key=lambda c: (u.rank_index[c] if u.rank_index[c] >= 0 else len(u.ranks), u.suit_index[c], c))
    return " ".join([words[0]] + [u.names[c] for c in ids])


def _fitting(s, actions, entry):
    """The legal actions that fit one entry of legal / not_legal: a move written as in 'moves:'
    ({move: meld, value: [...]}, {play: J♥}) or, as before, a card or a move's text."""
    from ..engine import scenario as S
    from .meldvalues import is_structured, parse_value, matches
    u = s.rules.universe
    if not isinstance(entry, dict):
        cid = u.parse_card(str(entry))
        text = u.names[cid] if cid is not None else str(entry)
        return [a for a in actions if describe_action(s, a) == text]
    if "play" in entry:
        cid = u.parse_card(str(entry["play"]))
        return [a for a in actions if a[0] == "play" and cid is not None and isinstance(a[1], int)
                and u.names[a[1]] == u.names[cid]]
    move, value = str(entry.get("move")), entry.get("value")
    mine = [a for a in actions if a[0] == move]
    if value is None:
        return mine
    if any(is_structured(a[1]) for a in mine) and isinstance(value, (list, str)):
        parsed = parse_value(u, value)
        return [a for a in mine if is_structured(a[1]) and matches(s, a[1], parsed)]
    try:
        return [S.find_action(s, move, value)]
    except AssertionError:
        return []


def _written(value):
    """A move value as the scenario wrote it: [8♣, 9♣] as '8♣ 9♣', [[..], [..]] as '[..] [..]'."""
    if isinstance(value, list):
        return " ".join(f"[{_written(v)}]" if isinstance(v, list) else str(v) for v in value)
    return str(value)


def _check_moves(s, c, sub, key, entries):
    """legal / not_legal with moves written as mappings: each must (must not) fit a legal move."""
    from .meldvalues import is_structured
    actions = G.legal_actions(s)
    for i, entry in enumerate(entries):
        try:
            hits = _fitting(s, actions, entry)
        except ValueError as err:
            raise c.failure(sub + (i,), str(err)) from None
        shown = " ".join(_written(entry.get(k)) for k in ("move", "play", "value") if entry.get(k) is not None) \
            if isinstance(entry, dict) else str(entry)
        if key == "legal" and not hits:
            c.wrong.append((sub + (i,), f"legal: expected '{shown}' to be legal, but no legal move fits it "
                                        f"(legal: {legal_text(s, actions)})"))
        if key == "not_legal" and hits:
            what = describe_action(s, hits[0]) if is_structured(hits[0][1]) else "it"
            c.wrong.append((sub + (i,), f"not legal: expected '{shown}' not to be legal, but {what} is"))
