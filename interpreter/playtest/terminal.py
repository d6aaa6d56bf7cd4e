"""`rules play`: one human seat at the terminal, bots in the others.

Each turn shows what happened since the human's last move (plays, tricks and their winners, scoring),
the table as the seat sees it and the legal moves with short keys.  A move is its key, a card as written
on the table (J♠, JS, js, 10h, Th) or its words (`bid 3`, `pass`); commands: undo, hint, log, moves, state,
save [NAME], help, quit.
"""
from __future__ import annotations

from . import view as V
from .record import existing, free_stem, save_all
from .words import Refused

HELP = """Type a move: its number, a card (J♠, JS, js, 10h, Th) or its words (bid 3, pass, draw).
Commands:
  undo         take back your last move (and the bots' moves since)
  hint         what the search bot would play here
  log          everything that happened so far (cards you have not seen show as ?)
  moves        list every legal move
  state        every value the game keeps (scores, bids, the trump suit...), as your seat may know it
  save [NAME]  write NAME.log (+ .json, for rules replay) and NAME.scenario.yaml (for rules test)
  help         this text
  quit         leave the game"""

BRIEF = {"choice", "trick", "reveal", "meld", "change_meld", "add", "end", "end_hand", "note", "hand", "result"}
MOST_MOVES = 40


def brief_lines(events, per_player) -> list[str]:
    """The events worth telling as play goes on (what `log` shows in full): not an add of 0, which
    changes nothing (a score rule that found no points: 'score[P1] += 0' after every card)."""
    keep = [e for e in events if (e.get("event") in BRIEF and not (e.get("event") == "add" and e.get("value") == 0))
            or (e.get("event") == "set" and e.get("var") in per_player and not isinstance(e.get("value"), list)) or
            # cards turned face up for everyone: a card drawn face up, a hand shown, a face-up deal
            (e.get("event") == "move" and e.get("face_up")) or
            (e.get("event") == "deal" and (e.get("cards") or e.get("face_up")))]
    return V.log_lines(keep, per_player)


def cards_text(cards) -> str:
    return " ".join(cards) if cards else "-"


def state_text(view, variables, names=None) -> list[str]:
    """Lines 'name: value' for the game's state variables (`variables`: the ruleset's var_list; only
    `names` if given); a value kept per player reads 'you 2, P1 0, P2 5', a player 'you' or 'P1'; a value
    that is none is left out."""
    seat, lines, state = view["seat"], [], view.get("state") or {}

    def who(p):
        return "you" if p == seat else f"P{p}"
    for info in variables:
        value = state.get(info.name)
        if (names is not None and info.name not in names) or value is None:
            continue
        one = (lambda v: who(v) if isinstance(v, int) and not isinstance(v, bool) else _plain(v)) \
            if info.type == "player" else _plain
        if info.per == "player" and isinstance(value, list):
            text = ", ".join(f"{who(p)} {one(v)}" for p, v in enumerate(value))
        else:
            text = one(value)
        lines.append(f"  {info.name}: {text}")
    return lines


def _plain(value) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
    return "-" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def table_text(view, kept=()) -> str:
    """The table as the seat sees it; `kept` lists state variables shown with it (the trump suit)."""
    lines = []
    seat = view["seat"]
    for zone in view["zones"]:
        if "players" in zone:
            for part in zone["players"]:
                who = "you" if part["player"] == seat else f"P{part['player']}"
                if part["player"] == seat and zone["visibility"] != "hidden" and part["all_shown"]:
                    lines.append(f"  your {zone['name']}: {cards_text(part['cards'])}")
                elif part["all_shown"]:
                    if part["cards"]:
                        lines.append(f"  {who} {zone['name']}: {cards_text(part['cards'])}")
                elif part["size"]:
                    cards = cards_text(part["cards"])
                    if part.get("shown_at"):        # a face-down place: where the card shown lies
                        cards = ", ".join(f"{name} at {zone['name']}[{part['player']}][{i}]"
                                          for name, i in part["shown_at"])
                    shown = f" (shown: {cards})" if part["cards"] else ""
                    lines.append(f"  {who} {zone['name']}: {part['size']} card(s){shown}")
        elif "parts" in zone:
            for part in zone["parts"]:
                if part["cards"] or part["size"]:
                    # a hidden place shows the cards turned face up in it (a memory game's turned card)
                    body = cards_text(part["cards"]) if zone["visibility"] == "public" else \
                        f"{part['size']} card(s)" + (f" (shown: {cards_text(part['cards'])})" if part["cards"] else "")
                    lines.append(f"  {zone['name']} {part['key']}: {body}")
        elif zone["groups"]:
            lines.append(f"  {zone['name']}: " + "  ".join("[" + " ".join(g) + "]" for g in zone["groups"]))
        elif zone["visibility"] == "public":
            if zone["cards"]:
                lines.append(f"  {zone['name']}: {cards_text(zone['cards'])}")
        elif zone["size"]:
            cards = cards_text(zone["cards"])
            if zone.get("shown_at"):
                cards = ", ".join(f"{name} at {zone['name']}[{i}]" for name, i in zone["shown_at"])
            shown = f" (shown: {cards})" if zone["cards"] else ""
            lines.append(f"  {zone['name']}: {zone['size']} card(s){shown}")
    lines += state_text(view, kept) if kept else []
    if any(s is not None for s in view["scores"]):
        lines.append("  scores: " + "  ".join(f"{'you' if p == seat else f'P{p}'} {'?' if s is None else s}"
                                              for p, s in enumerate(view["scores"])))
    return "\n".join(lines)


def moves_text(legal, most=MOST_MOVES) -> str:
    shown = [f"{m['key']}) {m['text']}" for m in legal[:most]]
    rows, row = [], ""
    for item in shown:
        if row and len(row) + len(item) + 3 > 100:
            rows.append(row)
            row = ""
        row += ("   " if row else "") + item
    if row:
        rows.append(row)
    if len(legal) > most:
        rows.append(f"... {len(legal) - most} more: type 'moves' to list them all")
    return "\n".join("  " + r for r in rows)


class Terminal:
    """The play loop, reading with `ask(prompt)` and writing with `say(text)` (input/print by default)."""

    def __init__(self, session, seat, ask=input, say=print, save_stem=None):
        self.session, self.seat, self.ask, self.say = session, seat, ask, say
        self.save_stem = save_stem
        self.saved = set()       # the names this game was saved under: saving there again brings them up to date
        self.shown = 0
        self.per_player = {v.name for v in session.rules.var_list if v.per == "player"}
        # a suit the game keeps (the trump suit) matters at every turn: shown with the table
        self.kept = [v for v in session.rules.var_list if v.type == "suit" and not v.per]

    def run(self) -> int:
        se = self.session
        bots = ", ".join(f"P{p} {name}" for p, name in sorted(se.bot_names.items()))
        if se.n == 1 or not bots:       # a patience: nobody else at the table
            self.say(f"{se.rules.name}: one player, seed {se.seed}. You are P{self.seat}, playing alone.")
        else:
            self.say(f"{se.rules.name}: {se.n} players, seed {se.seed}. You are P{self.seat}; {bots}.")
        self.say("Type help for the commands.")
        se.run_bots()
        if se.over and not se.decisions:
            # nobody decides anything (a game such as War): the brief news would be a stream of counters
            lines = V.log_lines(se.seat_log(self.seat), self.per_player)
            self.shown = len(se.seat_log(self.seat))
            self.say("Nobody has a decision to make in this game: it played itself to the end "
                     f"({len(lines)} lines of log; `--save NAME` writes them to NAME.log).")
        while True:
            self._news()
            if se.over:
                self._finish()
                return 0
            view = se.view(self.seat)
            playing_for = view.get("playing_for")
            other = f": you choose P{playing_for}'s card" if playing_for is not None else ""
            self.say(f"\nhand {view['hand']}, your turn (P{self.seat}){other}")
            self.say(table_text(view, self.kept))
            self.say("moves:\n" + moves_text(view["legal"]))
            if not self._turn(view):
                self.say("bye")
                return 0

    def _turn(self, view) -> bool:
        """Read until a move is made (True) or the player quits (False)."""
        se = self.session
        while True:
            try:
                typed = self.ask(f"P{self.seat}> ").strip()
            except EOFError:
                return False
            word, _, rest = typed.partition(" ")
            word = word.lower()
            if word in ("quit", "exit", "q"):
                return False
            if word in ("help", "?", "h"):
                self.say(HELP)
            elif word == "log":
                self.say("\n".join(V.log_lines(se.seat_log(self.seat), self.per_player)) or "(nothing yet)")
            elif word == "state":
                self.say("\n".join(state_text(view, self.session.rules.var_list)) or "(no values kept)")
            elif word == "moves":
                self.say(moves_text(view["legal"], most=len(view["legal"])))
            elif word == "hint":
                try:
                    move = se.hint_move(self.seat)
                    self.say(f"hint: the search bot would play {move['key']}) {move['text']}")
                except Refused as err:
                    self.say(str(err))
            elif word == "undo":
                if se.undo(self.seat):
                    self.shown = len(se.seat_log(self.seat))
                    self.say("taken back: your previous move is to make again")
                    return True
                self.say("nothing to undo: you have not moved yet")
            elif word == "save":
                stem = rest.strip() or self.save_stem or "playtest"
                taken = [] if stem in self.saved or stem == self.save_stem else existing(stem)
                if taken:
                    # files of another game (a scenario the designer has since edited, say) are kept
                    self.say(f"not saved: {', '.join(taken)} already exist (not written by this game); "
                             f"save under another name, e.g. save {free_stem(stem)}")
                else:
                    self._save(stem)
            else:
                try:
                    se.choose(self.seat, typed)
                except Refused as err:
                    self.say(f"not legal: {err}")
                    continue
                return True

    def _news(self):
        log = self.session.seat_log(self.seat)
        new = brief_lines(log[self.shown:], self.per_player)
        self.shown = len(log)
        for line in new:
            if line.startswith("\n== hand"):
                hand = line.split()[2]
                if hand != "1":
                    scores = V.scores(self.session.state, self.seat)
                    self.say("scores: " + "  ".join(f"P{p} {'?' if s is None else s}" for p, s in enumerate(scores)))
            self.say(line)

    def _finish(self):
        view = self.session.view(self.seat)
        winners = view["winners"] or []
        self.say("\nGAME OVER. " + ("You win!" if self.seat in winners else
                                    "Winner(s): " + ", ".join(f"P{p}" for p in winners) if winners else
                                    "Nobody wins."))
        self.say("final scores: " + "  ".join(f"P{p} {s}" for p, s in enumerate(view["scores"])))
        if self.save_stem:
            self._save(self.save_stem)

    def _save(self, stem):
        try:
            paths = save_all(self.session, stem)
        except OSError as err:
            self.say(f"could not save: {err}")
            return
        self.saved.add(stem)
        self.say("saved " + ", ".join(str(p) for p in paths) +
                 f" (show the log with: rules replay {paths[1]}; run the scenario with: rules test {paths[2]})")
