"""Game logs: every event of one game, as JSON (for tools and `rules replay`) and as text.

`write_log(path, ...)` plays nothing: it takes a record made with log=True.
The JSON form is {"ruleset", "game", "seed", "players", "bots", "per_player",
"events", "winners", "scores"}; each event is a dict with "event" (hand, deal,
holdings, reveal, set, add, choice, trick, end, note, result) and "hand".
Choice events carry "text", the move in words (card names instead of ids).
"""
from __future__ import annotations

from ..diagnostics import n_players

import json
from pathlib import Path


def player(p) -> str:
    return f"P{p}"


def describe_action(universe, action) -> str:
    name, value = action[0], action[1] if len(action) > 1 else None
    if isinstance(value, bool) or value is None:
        return name if value is None else f"{name} {str(value).lower()}"
    # The engine logs cards by name already; older logs hold card ids for 'play'.
    if isinstance(value, int) and name == "play" and 0 <= value < universe.size:
        return f"plays {universe.names[value]}"
    if name == "play" and isinstance(value, str):
        return f"plays {value}"
    if isinstance(value, list) and value:
        return f"{name} " + " ".join(str(v) for v in value)
    return f"{name} {value}"


def log_document(rules, record) -> dict:
    universe = rules.universe
    events = []
    for event in record.get("events") or []:
        event = dict(event)
        if event.get("event") == "choice":
            event["text"] = describe_action(universe, event["action"]) + (" (in secret)" if event.get("secret")
                                                                            else "")
        events.append(event)
    return {"ruleset": rules.name, "game": record.get("game", 0), "seed": record.get("seed"),
            "players": record.get("players"), "bots": record.get("bots"),
            "per_player": sorted(v.name for v in rules.var_list if v.per == "player"),
            "events": events, "winners": record.get("winners"), "scores": record.get("scores")}


def log_paths(path) -> tuple[Path, Path]:
    """(text file, JSON file) for `--log FILE`: FILE and FILE.json, or FILE.txt and FILE for a .json name."""
    path = Path(path)
    if path.suffix.lower() == ".json":
        return path.with_suffix(".txt"), path
    return path, path.with_name(path.name + ".json")


def write_log(path, rules, record) -> tuple[Path, Path]:
    doc = log_document(rules, record)
    text_path, json_path = log_paths(path)
    json_path.write_text(json.dumps(doc, ensure_ascii=False, indent=1, default=_jsonable), encoding="utf-8")
    text_path.write_text(render(doc), encoding="utf-8")
    return text_path, json_path


def _jsonable(value):
    """Values in events that JSON has no form for: a group of cards (e.g. a meld) becomes its fields."""
    if hasattr(value, "__dataclass_fields__"):
        return {name: getattr(value, name) for name in value.__dataclass_fields__}
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    return str(value)


def read_log(path) -> dict:
    """The game log at `path` (or at path.json): a JSON object with a list of events, as write_log
    writes it.  FileNotFoundError, in words, when no such file holds one."""
    path = Path(path)
    candidates = [path] if path.suffix.lower() == ".json" else [path.with_name(path.name + ".json"),
                                                                 path.with_suffix(".json"), path]
    for candidate in dict.fromkeys(candidates):
        if candidate.is_file():
            try:
                doc = json.loads(candidate.read_text(encoding="utf-8"))
            except (json.JSONDecodeError, UnicodeDecodeError):
                continue
            if isinstance(doc, dict) and isinstance(doc.get("events"), list):
                return doc
    raise FileNotFoundError(f"no game log found (looked for {' and '.join(str(c) for c in dict.fromkeys(candidates))}: "
                            "a JSON file written by `rules simulate --log FILE`)")


def render(doc, hand: int | None = None) -> str:
    lines = [f"{doc.get('ruleset', '')}: game {doc.get('game')}, seed {doc.get('seed')}, "
             f"{n_players(doc.get('players'))}"]
    bots = doc.get("bots") or []
    if bots:
        lines.append("players: " + ", ".join(f"{player(p)} {b}" for p, b in enumerate(bots)))
    per_player = set(doc.get("per_player") or [])
    for event in doc.get("events") or []:
        if hand is not None and event.get("hand") != hand and event.get("event") != "result":
            continue
        line = _line(event, per_player)
        if line is not None:
            lines.append(line)
    return "\n".join(lines) + "\n"


def _key(event, per_player):
    key = event.get("key")
    if key is None:
        return event["var"]
    shown = player(key) if event["var"] in per_player and isinstance(key, int) else key
    return f"{event['var']}[{shown}]"


def _value(value):
    if isinstance(value, list):
        return "[" + ", ".join(map(_value, value)) + "]"
    if value is None:
        return "none"                    # as the rules write it
    return str(value).lower() if isinstance(value, bool) else str(value)


def _line(event, per_player):
    kind = event.get("event")
    if kind == "hand":
        return f"\n== hand {event['hand']} ==  dealer {player(event['dealer'])}"
    if kind == "deal":
        shown = f": {' '.join(event['cards'])}" if event.get("cards") else ""     # dealt face up
        if event.get("each"):            # dealt to each player: one line, each player's cards
            shown = ": " + ", ".join(f"{player(p)} {' '.join(cards)}" for p, cards in event["each"])
            return f"  deal {event.get('count')} card(s) each to {event.get('to')}{shown}"
        return f"  deal {event.get('count')} card(s) to {event.get('to')}{shown}"
    if kind == "holdings":
        out = []
        for zone, parts in (event.get("zones") or {}).items():
            for p, cards in enumerate(parts):
                if cards:
                    out.append(f"  {player(p)} {zone}: {' '.join(cards)}")
        return "\n".join(out) if out else None
    if kind == "move":
        seen = event.get("seen_by") or {}
        sights = {tuple(v) for v in seen.values()}
        if len(sights) == 1:
            seats = next(iter(sights))
            who = "seen by " + (", ".join(player(p) for p in seats) if seats else "nobody")
        else:
            who = "; ".join(f"{c} seen by {', '.join(player(p) for p in v) or 'nobody'}" for c, v in seen.items())
        return f"  move {' '.join(event.get('cards') or [])}: {', '.join(event.get('source') or [])} -> " \
               f"{event.get('to')} ({who})"
    if kind == "reveal":
        where = f" ({', '.join(event['where'])})" if event.get("where") else ""     # whose cards they are
        to = "all" if "to" not in event else ", ".join(player(p) for p in event["to"]) or "nobody"
        return f"  shown to {to}: {' '.join(event.get('cards') or [])}{where}"
    if kind == "set":
        return f"  {_key(event, per_player)} = {_value(event.get('value'))}"
    if kind == "add":
        value = event.get("value")
        sign = "-" if isinstance(value, (int, float)) and value < 0 else "+"
        amount = abs(value) if isinstance(value, (int, float)) else value
        return f"  {_key(event, per_player)} {sign}= {amount}"
    if kind == "choice":
        return f"  {player(event['player'])} {event.get('text') or _value(event.get('action'))}"
    if kind == "trick":
        taken = set(event.get("taken") or [])
        plays = ", ".join(f"{player(p)} {c}" + (" (taken from the trick)" if c in taken else "")
                          for p, c in zip(event.get("players") or [], event.get("cards") or []))
        added = event.get("added")
        if added:
            plays += "; put in by the rules: " + " ".join(added)
        return f"  trick {event.get('number')}: {plays} -> {player(event['winner'])} wins"
    if kind == "end":
        won = event.get("winners") or []
        return "  the game ends: " + (", ".join(player(p) for p in won) + " win(s)" if won else "nobody wins")
    if kind == "end_hand":
        return "  the hand ends here (end_hand)"
    if kind == "note":
        return f"  note: {event.get('text')}"
    if kind == "result":
        scores = ", ".join(f"{player(p)} {s}" for p, s in enumerate(event.get("scores") or []))
        won = event.get("winners") or []
        winners = "winner(s) " + ", ".join(player(p) for p in won) if won else "nobody wins"
        return f"\n== result ==  {winners}; scores {scores}"
    extra = {k: v for k, v in event.items() if k not in ("event", "hand")}
    return f"  {kind}: {json.dumps(extra, ensure_ascii=False, default=str)}"
