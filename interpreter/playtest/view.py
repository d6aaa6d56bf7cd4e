"""What one seat may see: its own zones, public zones, revealed cards, the sizes of the rest, scores,
whose turn, and a log of the game with every card it has not seen masked.

The engine's log (State.events) is written for someone who sees everything.  A seat's log is built from
it event by event, right after each decision, with the cards the seat had in sight just before that
decision or has in sight after it (engine.game.observation), and a card played to a public trick (seen
face up even when the trick is gathered in the same step).  Any other card name becomes '?', even a card
the seat saw long ago: that it knows the card says nothing of whether a face-down move took it.
"""
from __future__ import annotations

import re

from ..engine import game as G
from ..engine.tricks import Tricks
from ..sim.gamelog import _line

HIDDEN = "?"
_TOKEN = re.compile(r"([^\s\[\],=]+)")


def visible(s, seat) -> set:
    """Card ids `seat` sees now, read from the engine's observation."""
    seen = set()
    obs = G.observation(s, seat)
    for value in obs["zones"].values():
        _collect(value, seen)
    return seen


def _collect(value, out):
    if isinstance(value, dict):
        for v in value.values():
            _collect(v, out)
    elif isinstance(value, list):
        for v in value:
            if isinstance(v, (list, dict)):
                _collect(v, out)
            elif isinstance(v, int) and not isinstance(v, bool):
                out.add(v)


def face_up_play(s) -> bool:
    """Is the pending decision a play to a public trick (the card is seen by all as it is played)?"""
    node = s.stack[-1][0] if s.stack else None
    return isinstance(node, Tricks) and s.rules.zone_list[node.trick_zone].visibility == "public"


class Mask:
    """Replaces the names of cards a seat has not seen by '?', in any text or JSON-like value."""

    def __init__(self, universe, known_names):
        self.all = set(universe.names)
        self.known = known_names

    def text(self, text: str) -> str:
        # a name after '=' is what a wild card stands for in a meld (Joker=J♦), said on the table: not a card
        return _TOKEN.sub(lambda m: HIDDEN if m.group(1) in self.all and m.group(1) not in self.known
                          and text[m.start() - 1:m.start()] != "=" else m.group(1), text)

    def value(self, value):
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self.value(v) for v in value]
        if isinstance(value, dict):
            # keys too: a move's `seen_by` is keyed by card name (cards nobody at this seat saw merge
            # into one '?' entry)
            out = {}
            for k, v in value.items():
                out.setdefault(self.text(k) if isinstance(k, str) else k, self.value(v))
            return out
        return value


def hide_some(value, counts):
    """`value` (a move's value as a log shows it: names, lists of names, meld text) with the names in
    `counts` replaced by '?', as many times as counted, from the left; the counts are used up."""
    if isinstance(value, list):
        return [hide_some(v, counts) for v in value]
    if not isinstance(value, str):
        return value

    def one(m):
        word = m.group(1)
        if counts.get(word, 0) > 0 and value[m.start() - 1:m.start()] != "=":
            counts[word] -= 1
            return HIDDEN
        return word
    return _TOKEN.sub(one, value)


def log_lines(events, per_player) -> list[str]:
    """The text lines of masked events (the format of `rules replay`)."""
    out = []
    for event in events:
        kind = event.get("event")
        if kind == "holdings":
            continue
        if kind == "meld":
            line = "  laid: " + " ".join("[" + " ".join(m) + "]" for m in event.get("melds") or [])
        elif kind == "change_meld":
            line = ("  changed a meld: " + " ".join(event.get("added") or []) + " -> " +
                    " ".join("[" + " ".join(m) + "]" for m in event.get("melds") or []) +
                    (f" (freed {' '.join(event['freed'])})" if event.get("freed") else ""))
        else:
            line = _line(event, per_player)
        if line is not None:
            out.append(line)
    return out


def _winners(s):
    """The winners of a finished game (None while it goes on): those of an end_game step, else the end
    section's (s.winners alone is set only by an end_game step)."""
    if not s.over:
        return None
    try:
        return G.result(s)["winners"]
    except G.GameError:                  # winners that cannot be worked out: those an end_game step named
        return sorted(s.winners) if s.winners is not None else None


def scores(s, seat=None) -> list:
    """Each player's score as `end: score` gives it (none where it cannot be read mid-game).  With a
    seat and a game not over, a score that reads cards the seat cannot see (penalty points of the cards
    in another player's hand) shows as none: it would tell the seat what those cards are; so does one
    that reads another player's value only its player sees (`visibility: owner`)."""
    out = _scores(s)
    if seat is None or s.over:
        return out
    if s.rules.private_vars:
        other = G.clone(s)
        G.forget_private(other, seat)
        out = [None if a != b else a for a, b in zip(out, _scores(other))]
    hidden = G.hidden_from(s, seat)
    if len(hidden) < 2:
        return out
    import random
    from ..ruleset.peeking import shuffle_hidden
    rng = random.Random(f"{seat}/{len(s.events or ())}")   # the same answer each time the view is drawn
    for _ in range(WORLDS):
        other = G.clone(s)
        shuffle_hidden(other, hidden, rng)
        out = [None if a != b else a for a, b in zip(out, _scores(other))]
    return out


WORLDS = 8    # deals of the cards hidden from a seat that a score shown to it must not change with


def _scores(s) -> list:
    env, out = {}, []
    for p in range(s.n):
        env["p"] = p
        try:
            value = s.rules.final_score(s, env)
        except Exception:  # noqa: BLE001 - a score that cannot be read mid-game shows as none
            value = None
        out.append(value if isinstance(value, (int, float)) and not isinstance(value, bool) else None)
    return out


def seat_view(session, seat) -> dict:
    """Everything `seat` may know, as plain JSON data (card names, never ids)."""
    s = session.state
    u = s.rules.universe
    names = u.names
    mask = Mask(u, session.known_names(seat))
    obs = G.observation(s, seat)
    zones = []
    for info in s.rules.zone_list:
        seen, sizes = obs["zones"][info.name], obs["sizes"][info.name]
        entry = {"name": info.name, "visibility": info.visibility, "per": info.per}
        if info.per == "player":
            entry["players"] = [{"player": p, "size": sizes[p], "cards": _cards(s, info, _sorted(u, seen[p]), names),
                                 "all_shown": info.seen_by(p, seat)}
                                for p in range(s.n)]
            if info.visibility == "hidden":
                # face-down places of each player (cards nobody looks at but by a peek): where each card shown
                # lies, zone[p][i] as the rules read it, for the place is what the seat remembers
                for part, p in zip(entry["players"], range(s.n)):
                    mine = s.z[info.index][p]
                    if seen[p] and not _has_groups(mine):
                        part["shown_at"] = [[names[c], i] for i, c in enumerate(mine) if c in set(seen[p])]
        elif isinstance(seen, dict):
            entry["parts"] = [{"key": str(k), "size": sizes[k], "cards": _cards(s, info, v, names)}
                              for k, v in seen.items()]
        else:
            entry["size"] = sizes
            entry["cards"] = _cards(s, info, seen, names)
            entry["groups"] = _groups(s, info, seen)
            if info.visibility != "public" and seen and not _has_groups(s.z[info.index]):
                # where each card shown in a face-down zone lies (zone[i], as the rules read it): in a
                # memory game the place of a card turned back is what the seat remembers
                entry["shown_at"] = [[names[c], i] for i, c in enumerate(s.z[info.index]) if c in set(seen)]
        zones.append(entry)
    to_move = G.current_player(s)
    view = {"seat": seat, "players": s.n, "ruleset": s.rules.name, "hand": s.hand_no, "to_move": to_move,
            "your_turn": to_move == seat and seat in session.humans, "over": s.over,
            "winners": _winners(s),
            "scores": scores(s, seat), "zones": zones, "state": mask.value(_state(s, session.known_ids(seat), seat)),
            # how the page shows each value: kept per player ("you 2, P1 0") and/or a player ("P1")
            "state_per_player": sorted(_per_player(s)),
            "state_players": sorted(v.name for v in s.rules.var_list if v.type == "player"),
            "seats": [("you" if p == seat else "human" if p in session.humans else session.bot_names[p])
                      for p in range(s.n)],
            "log": log_lines(session.seat_log(seat), _per_player(s)),
            "legal": session.legal(seat) if to_move == seat else []}
    # a card chosen for another seat's hand (tricks: decided_by, a declarer playing the dummy's cards)
    view["playing_for"] = _playing_for(s)
    return view


def _playing_for(s):
    """The seat whose card the pending trick play is, when another seat chooses it; else None."""
    frame = s.stack[-1] if s.stack and s.pending is not None else None
    if frame is None or not isinstance(frame[0], Tricks) or frame[1] != -1:
        return None
    owner = frame[0].owner(frame[2], s.pending)
    return owner if owner != s.pending.player else None


def _cards(s, info, cards, names):
    return [names[c] for c in cards if isinstance(c, int)] if not _has_groups(cards) else \
        [names[c] for g in cards if isinstance(g, list) for c in g]


def _sorted(u, cards):
    """A hand shown sorted by suit and rank (jokers last); the engine's order is kept elsewhere."""
    if _has_groups(cards):
        return cards
    return sorted(cards, key=lambda c: (u.is_joker[c], u.suit_index[c], u.rank_index[c], c))


def _has_groups(cards):
    return any(isinstance(c, list) for c in cards)


def _groups(s, info, cards):
    """A zone of melds: each group with what its jokers stand for (public zones only)."""
    if not _has_groups(cards) or info.visibility != "public":
        return None
    from ..authoring.meldvalues import table_tokens
    return [[name if stands is None else f"{name}={stands}" for name, stands in g]
            for g in table_tokens(s, s.z[info.index])]


def _per_player(s):
    return {v.name for v in s.rules.var_list if v.per == "player"}


def _state(s, known, seat=None) -> dict:
    """State variables with plain values; a card (by id) the seat has not seen is '?', and the caller
    masks card names in other values.  A value the seat picked in secret in a step still running (a
    `select:` of values) shows in its own entry; the others' entries hold what they held before the step."""
    from ..expr import types as T
    names = s.rules.universe.names

    def show(value, typ):
        if typ == T.CARD and isinstance(value, int) and not isinstance(value, bool):
            return names[value] if value in known else HIDDEN
        if typ == T.CARDS and isinstance(value, (list, tuple)):
            return [show(c, T.CARD) for c in value]
        return _plain(value)
    out = {}
    mine = {info.index: value for info, value in G.own_picks(s, seat)} if seat is not None else {}
    for info in s.rules.var_list:
        value = s.v[info.index]
        if info.index in mine:
            value = list(value)
            value[seat] = mine[info.index]
        try:
            if info.visibility == "owner" and isinstance(value, list):     # only its player sees an entry
                out[info.name] = [show(v, info.type) if q == seat else HIDDEN for q, v in enumerate(value)]
            elif info.per == "player" and isinstance(value, list):
                out[info.name] = [show(v, info.type) for v in value]
            elif isinstance(value, dict):
                out[info.name] = {str(k): show(v, info.type) for k, v in value.items()}
            else:
                out[info.name] = show(value, info.type)
        except Exception:  # noqa: BLE001 - a value with no plain form is left out
            continue
    return out


def _plain(value):
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return str(value)
