"""Per-game balance figures derived from a record (definitions in docs/simulation.md).

All use `hand_scores`: the running score of every player after each hand (the
ruleset's `end.score`).  Whether a high or a low score is good is read from the
game's own result: if the winners hold the lowest final score and not the
highest, lower is better; otherwise higher is better.
"""
from __future__ import annotations


def higher_is_better(final, winners) -> bool:
    if not winners or any(v is None for v in final):
        return True
    top, bottom = max(final), min(final)
    won = [final[w] for w in winners]
    return not (all(v == bottom for v in won) and any(v != top for v in won))


def _best(values, seats, high):
    vals = [values[q] for q in seats if values[q] is not None]
    if not vals:
        return None
    return max(vals) if high else min(vals)


def leader(scores, high) -> int | None:
    """The one player with the best running score, or None on a tie."""
    best = _best(scores, range(len(scores)), high)
    if best is None:
        return None
    top = [q for q, v in enumerate(scores) if v == best]
    return top[0] if len(top) == 1 else None


def lead_changes(hand_scores, high) -> int:
    """How often the sole leader after a hand differs from the previous sole leader (ties skipped)."""
    changes, last = 0, None
    for scores in hand_scores:
        now = leader(scores, high)
        if now is None:
            continue
        if last is not None and now != last:
            changes += 1
        last = now
    return changes


def decided_hand(hand_scores, winners, high) -> int:
    """The first hand from which the eventual winners were never behind (1 = never behind at all).

    Behind after a hand: someone outside the winners had a strictly better running score than the
    best of the winners."""
    n_hands = len(hand_scores)
    if not n_hands or not winners:
        return n_hands
    rest = [q for q in range(len(hand_scores[0])) if q not in winners]
    last_behind = 0
    for h, scores in enumerate(hand_scores, 1):
        mine, theirs = _best(scores, winners, high), _best(scores, rest, high)
        if mine is None or theirs is None:
            continue
        if (theirs > mine) if high else (theirs < mine):
            last_behind = h
    return min(n_hands, last_behind + 1)


def game_figures(record) -> dict:
    hs = record.get("hand_scores") or [record["scores"]]
    high = higher_is_better(record["scores"], record["winners"])
    decided = decided_hand(hs, record["winners"], high)
    return {"lead_changes": lead_changes(hs, high), "decided_hand": decided,
            "decided_fraction": decided / len(hs) if hs else 1.0}
