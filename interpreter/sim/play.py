"""Play one game with bots and return its record.

Besides the engine's result (winners, scores, hands, tricks, turns, metrics)
the record holds what the balance metrics need: the running score of every
player after each hand (`hand_scores`, the ruleset's `end.score`), the bot of
each seat, and the per-game figures derived from them (metrics.py).
"""
from __future__ import annotations

from ..bots.base import Bot, make_bot
from ..engine import game as G
from ..engine.autoplay import play_picked
from .metrics import Progress, every_value, record_figures, sides_of


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game `index` in a run: independent of how games are split among workers."""
    return (base_seed * 1_000_003 + index * 7_919 + 17) % (2 ** 63)


def seat_bots(bots: list[str], players: int, index: int = 0, rotate: bool = False) -> list[str]:
    """The bot of each seat: the list repeats to fill the seats; with rotate, game i shifts it by i."""
    full = [bots[p % len(bots)] for p in range(players)]
    shift = index % players if rotate else 0
    return [full[(p - shift) % players] for p in range(players)]


def play_game(rules, players: int, seed: int, bots: list[str], log: bool = False, bot_options: dict | None = None,
              index: int = 0, rotate: bool = False, check: bool = False, with_leads: bool = False):
    """The game's record.  With `check`, every move goes through a rules check (rulecheck.py); its report
    is record['check'].  With `with_leads`, (record, leads): leads is what Summary.add(record, leads)
    counts for the decisiveness table (metrics.record_figures), worked out here from rows the figures
    have signed already, so that the summary (in the parent process, with workers) need not."""
    checker = None
    if check:
        from .rulecheck import RuleCheck
        checker = RuleCheck(seed)
    names = seat_bots(list(bots), players, index, rotate)
    s = None
    try:
        s = G.new_game(rules, players, seed, log=log)
        return _play(s, rules, players, seed, names, log, bot_options, checker, with_leads)
    except G.GameError as err:
        s = getattr(err, "state", None) if s is None else s
        if log and s is not None and s.events is not None:
            # the log up to the failure goes with the error (`simulate --log` writes it)
            s.events.append({"event": "stopped", "message": str(err), "hand": s.hand_no})
            err.record = {"seed": seed, "players": players, "bots": names, "winners": None, "scores": None,
                          "events": s.events}
        raise


def seated(seed, specs) -> list:
    """The bots of a game, one per seat from [(name, options)], each with its seat and its own generator."""
    seats = []
    for p, (name, options) in enumerate(specs):
        bot = make_bot(name, seed * 31 + p, options)
        bot.seat = p
        seats.append(bot)
    return seats


def watching_bots(seats) -> list:
    """The bots that watch every decision (their observe is their own)."""
    return [b for b in seats if type(b).observe is not Bot.observe]


def play_out(s, seats) -> None:
    """Play `s` to its end with these bots, each watching bot shown every decision."""
    watching = watching_bots(seats)
    while not s.over:
        for bot in watching:
            bot.observe(s)
        choice = s.pending
        G.apply_index(s, seats[choice.player].decide(s, choice.player, choice.actions))


def _play(s, rules, players, seed, names, log, bot_options, checker, with_leads=False):
    seats = seated(seed, [(name, bot_options) for name in names])
    watching = watching_bots(seats)
    # Seats whose bot picks from the number of actions alone are played by the engine itself
    # (engine/autoplay.py), stopping where this loop looks at the game: a new hand, and a new trick or
    # turn when the progress is sampled within hands.  Not with a watching bot, the log or the check,
    # which need every decision to come through here.
    pickers = None
    if not watching and not log and checker is None:
        pickers = [bot.picker() for bot in seats]
        if not any(pickers):
            pickers = None
    hand_scores = []
    hand = s.hand_no
    progress = Progress(rules)
    within = progress.within
    # Sampled only at each hand's first decision (not within), the samples are the scores read there
    # anyway: they are kept in `starts` and given to the Progress after the game, in one go.
    starts = []

    sampled = sampled_hand = None

    def at_hand(s):
        """What the loop below does at a new hand when sampling once a hand, for the engine to call
        where it would stop there (engine/autoplay.py), so that it plays on through the hands."""
        nonlocal hand, sampled_hand
        scores = _scores(s)
        hand_scores.append(scores)
        starts.append(scores)
        hand = sampled_hand = s.hand_no

    if log:
        _log_holdings(s)
    while not s.over:
        scores = None
        if s.hand_no != hand:
            scores = _scores(s)
            hand_scores.append(scores)
            hand = s.hand_no
            if log:
                _log_holdings(s)
        for bot in watching:
            bot.observe(s)
        if within:
            mark = s.tricks or -s.turns          # when to sample: see Progress
            if mark != sampled or s.hand_no != sampled_hand:
                sampled, sampled_hand = mark, s.hand_no
                progress.sample(s, scores)      # the scores just read, if any, are not read again
        elif s.hand_no != sampled_hand:
            sampled_hand = s.hand_no
            starts.append(scores if scores is not None else _scores(s))
        choice = s.pending
        if pickers is not None and pickers[choice.player] is not None:
            if within:                   # sampled at every new trick (every turn before the first trick)
                play_picked(s, pickers, s.hand_no, None if s.tricks else s.turns, s.tricks,
                            at_stop=progress.at_stop)
            else:
                play_picked(s, pickers, s.hand_no, at_hand=at_hand)
            continue
        index_chosen = seats[choice.player].decide(s, choice.player, choice.actions)
        (checker.apply if checker is not None else G.apply_index)(s, index_chosen)
    record = G.result(s)
    hand_scores.append(list(record["scores"]))
    record["seed"] = seed
    record["players"] = players
    record["bots"] = names
    record["hand_scores"] = hand_scores
    watchers = [b.watcher for b in seats if getattr(b, "watcher", None) is not None]
    if watchers:      # how the bots' worlds were drawn (docs/simulation.md, "What a bot knows")
        record["sampled_worlds"] = sum(w.samples for w in watchers)
        record["sampling_fallbacks"] = sum(w.fallbacks for w in watchers)
    if starts:
        progress.hand_starts(starts)
    hands = progress.finish(record["scores"])
    figures = record_figures(record, hands, sides_of(rules, players), with_leads, rules.high_better)
    first, second = figures[0], figures[1]
    record.update(first)                    # the figures of the game, its progress, the figures by side
    record["progress"] = hands
    record.update(second)
    if checker is not None:
        record["check"] = checker.report()
    if log:
        s.events.append({"event": "result", "winners": record["winners"], "scores": record["scores"],
                         "hand": s.hand_no})
        record["events"] = s.events
    return (record, figures[2]) if with_leads else record


def _scores(s):
    """Every player's running score (read at every hand's start): the ruleset's end.score for p, none
    where it cannot be read mid-game."""
    return every_value(s.rules.final_score, s)


def _log_holdings(s):
    """For the game log: what every player holds once the hand is dealt (the log shows everything)."""
    names = s.rules.universe.names
    zones = {}
    for info in s.rules.zone_list:
        if info.per == "player":
            zones[info.name] = [[names[c] for c in cards] for cards in s.z[info.index]]
    s.events.append({"event": "holdings", "hand": s.hand_no, "zones": zones})
