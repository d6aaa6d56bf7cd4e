"""`rules serve`: the browser workbench, a Starlette app run by uvicorn (`pip install 'card-rules[web]'`).

One static page (static/workbench.html, no external assets) talks to JSON endpoints:

    GET  /api/rulesets                     bundled rulesets;  GET /api/rulesets/NAME: its text
    POST /api/validate   {text, name, options}      the diagnostics of `rules validate`, located
    POST /api/explain    {text, name, options}      the `rules explain` text
    POST /api/simulate   {text, name, options, games, bots, players, seed} -> {job}
    GET  /api/simulate/JOB                          progress, then the summary and the plot (PNG)
    POST /api/games      {text, name, options, seat, players, bots, seed} -> {game, token, view}
    GET  /api/games/ID?seat=N                       that seat's view (header X-Seat-Token)
    POST /api/games/ID/move {move}  /undo  /hint    a move: its number or its words
    GET  /api/games/ID/log, /scenario               the whole game, once it is over

Games are isolated by a random id; a game's human seat is identified by the token returned when it was
created, and every answer holds only that seat's view (view.py): a request for another seat's view, an
illegal move or a broken ruleset gets an error in words, never a crash.
"""
from __future__ import annotations

from ..diagnostics import players_phrase
import base64
import json
import secrets
import tempfile
import threading
import time
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse
from starlette.routing import Route

from ..engine.game import GameError
from . import sources
from .words import Refused

STATIC = Path(__file__).parent / "static"
MAX_GAMES = 200
MAX_JOBS = 20
MAX_SIM_GAMES = 5000
BOTS = ("random", "greedy", "search")


class Problem(Exception):
    """A request that cannot be served, with the HTTP status and a message for the page."""

    def __init__(self, status, message, **extra):
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra


class Game:
    def __init__(self, session, seat):
        self.session, self.seat = session, seat
        self.token = secrets.token_urlsafe(16)
        self.lock = threading.Lock()
        self.touched = time.time()


class Job:
    def __init__(self, total):
        self.total, self.played, self.done = total, 0, False
        self.started = time.time()
        self.summary = self.plot = self.error = None


class Workbench:
    """The server's state: games and simulation jobs, each under a random id."""

    def __init__(self):
        self.games, self.jobs = {}, {}
        self.lock = threading.Lock()

    # -- rulesets ----------------------------------------------------------------------------
    def load(self, body, dry_run=False):
        options = _options(body.get("options"))
        loaded, diags = sources.load_text(body.get("text"), body.get("name") or "ruleset", options, dry_run)
        if not loaded.ok:
            raise Problem(422, "the ruleset has errors", diagnostics=diags)
        return loaded, options, diags

    def validate(self, body):
        options = _options(body.get("options"))
        loaded, diags = sources.load_text(body.get("text"), body.get("name") or "ruleset", options,
                                          bool(body.get("dry_run")))
        out = {"ok": loaded.ok, "diagnostics": diags}
        if loaded.ok:
            rules = loaded.rules
            out.update(ruleset=rules.name, players=rules.default_players, player_counts=list(rules.player_counts))
        return out

    def explain(self, body):
        from ..authoring.explain import explain
        loaded, _, diags = self.load(body)
        return {"ok": True, "markdown": explain(loaded.rules), "diagnostics": diags}

    # -- simulation ----------------------------------------------------------------------------
    def simulate(self, body):
        loaded, options, _ = self.load(body)
        rules = loaded.rules
        games = _int(body.get("games", 200), "games", 1, MAX_SIM_GAMES)
        players = _players(rules, body.get("players"))
        bots = _bots(body.get("bots"))
        seed = _int(body.get("seed", 0), "seed", -2 ** 31, 2 ** 31)
        job = Job(games)
        with self.lock:
            if sum(1 for j in self.jobs.values() if not j.done) >= 2:
                raise Problem(429, "two simulations are running already; wait for one to finish")
            _trim(self.jobs, MAX_JOBS, age=lambda j: (not j.done, j.started))
            job_id = secrets.token_hex(8)
            self.jobs[job_id] = job
        threading.Thread(target=_run_job, args=(job, rules, games, seed, players, bots), daemon=True).start()
        return {"job": job_id, "total": games}

    def job(self, job_id):
        job = self.jobs.get(job_id)
        if job is None:
            raise Problem(404, "no such simulation")
        out = {"done": job.done, "played": job.played, "total": job.total, "error": job.error}
        if job.done:
            out.update(summary=job.summary, plot=job.plot)
        return out

    # -- games -----------------------------------------------------------------------------------
    def new_game(self, body):
        from .session import Session
        loaded, options, _ = self.load(body)
        rules = loaded.rules
        players = _players(rules, body.get("players"))
        seat = _int(body.get("seat", 0), "seat", 0, players - 1)
        seed = _int(body.get("seed", 0), "seed", -2 ** 31, 2 ** 31)
        name = str(body.get("name") or rules.name)
        session = Session(rules, players, seed, humans=[seat], bots=_bots(body.get("bots")),
                          source=name, options=options)
        game = Game(session, seat)
        with game.lock:
            session.run_bots()
        with self.lock:
            _trim(self.games, MAX_GAMES, age=lambda g: g.touched)
            game_id = secrets.token_hex(8)
            self.games[game_id] = game
        return {"game": game_id, "token": game.token, "seat": seat, "view": session.view(seat)}

    def game(self, game_id, request_token, seat=None) -> Game:
        game = self.games.get(game_id)
        if game is None:
            raise Problem(404, "no such game (it may have ended long ago)")
        if not request_token or not secrets.compare_digest(str(request_token), game.token):
            raise Problem(403, "this game's seat token is missing or wrong")
        if seat is not None and str(seat) != str(game.seat):
            raise Problem(403, f"seat {seat} is not yours: you may see only seat {game.seat}")
        game.touched = time.time()
        return game

    def view(self, game):
        with game.lock:
            return {"view": game.session.view(game.seat)}

    def move(self, game, body):
        move = body.get("move")
        if isinstance(move, bool) or not isinstance(move, (int, str)):
            raise Problem(400, "give a move: its number (from 0) or its words")
        with game.lock:
            try:
                game.session.choose(game.seat, move)
            except Refused as err:
                raise Problem(409, str(err), view=game.session.view(game.seat))
            return {"view": game.session.view(game.seat)}

    def undo(self, game):
        with game.lock:
            done = game.session.undo(game.seat)
            return {"undone": done, "view": game.session.view(game.seat)}

    def hint(self, game):
        with game.lock:
            try:
                move = game.session.hint_move(game.seat)
            except Refused as err:
                raise Problem(409, str(err))
            return {"index": move["index"], "key": move["key"], "text": move["text"]}

    def finished(self, game):
        if not game.session.over:
            raise Problem(403, "the whole game (every hand) can be seen once it is over")
        return game.session


def _run_job(job, rules, games, seed, players, bots):
    from ..sim.runner import run

    def step(k):
        job.played += k
    try:
        summary = run(rules, games, seed, players, bots, progress=step)
        summary["ruleset"] = rules.name
        job.summary = json.loads(json.dumps(summary, default=str))
        job.plot = _plot(summary)
    except Exception as err:  # noqa: BLE001 - reported to the page, the server goes on
        job.error = f"the simulation stopped: {err}"
    job.done = True


def _plot(summary):
    """The plot of `rules simulate --plot` as a data URL, or None without matplotlib."""
    try:
        from ..sim.plot import PlotUnavailable, plot_run
    except ImportError:
        return None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "plot.png"
        try:
            plot_run(summary, str(path))
        except PlotUnavailable:
            return None
        return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


def _trim(table, most, age):
    """Make room for one more entry: drop the entries with the lowest `age` (oldest) first."""
    while len(table) >= most:
        table.pop(min(table, key=lambda k: age(table[k])))


def _options(value):
    try:
        return sources.parse_options(value)
    except ValueError as err:
        raise Problem(400, str(err))


def _int(value, what, low, high):
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise Problem(400, f"{what} must be a whole number, not {value!r}") from None
    if not low <= number <= high:
        raise Problem(400, f"{what} must be between {low} and {high}")
    return number


def _players(rules, value):
    if value in (None, ""):
        return rules.default_players
    n = _int(value, "players", 1, 64)
    if n not in rules.player_counts:
        raise Problem(400, f"{rules.name} is for {players_phrase(rules.player_counts)}, not {n}")
    return n


def _bots(value):
    names = value if isinstance(value, list) else str(value or "random").split(",")
    names = [str(b).strip() for b in names if str(b).strip()] or ["random"]
    for b in names:
        if b not in BOTS:
            raise Problem(400, f"unknown bot '{b}'; bots: {', '.join(BOTS)}")
    return names


# -- HTTP -----------------------------------------------------------------------------------------

def create_app(bench: Workbench | None = None) -> Starlette:
    bench = bench or Workbench()

    async def body_of(request):
        try:
            data = await request.json()
        except (ValueError, UnicodeDecodeError):
            raise Problem(400, "the request body must be a JSON object") from None
        if not isinstance(data, dict):
            raise Problem(400, "the request body must be a JSON object")
        return data

    def token(request):
        return request.headers.get("x-seat-token") or request.query_params.get("token")

    async def page(request):
        return HTMLResponse((STATIC / "workbench.html").read_text(encoding="utf-8"))

    async def rulesets(request):
        return {"rulesets": sources.bundled()}

    async def ruleset_text(request):
        text = sources.bundled_text(request.path_params["name"])
        if text is None:
            raise Problem(404, f"no bundled ruleset named '{request.path_params['name']}'")
        return {"name": request.path_params["name"], "text": text}

    async def validate(request):
        return await run_in_threadpool(bench.validate, await body_of(request))

    async def explain(request):
        return await run_in_threadpool(bench.explain, await body_of(request))

    async def simulate(request):
        return await run_in_threadpool(bench.simulate, await body_of(request))

    async def job(request):
        return bench.job(request.path_params["job"])

    async def new_game(request):
        return await run_in_threadpool(bench.new_game, await body_of(request))

    async def game_view(request):
        game = bench.game(request.path_params["game"], token(request), request.query_params.get("seat"))
        return await run_in_threadpool(bench.view, game)

    async def move(request):
        body = await body_of(request)
        game = bench.game(request.path_params["game"], token(request), body.get("seat"))
        return await run_in_threadpool(bench.move, game, body)

    async def undo(request):
        game = bench.game(request.path_params["game"], token(request))
        return await run_in_threadpool(bench.undo, game)

    async def hint(request):
        game = bench.game(request.path_params["game"], token(request))
        return await run_in_threadpool(bench.hint, game)

    async def game_log(request):
        from .record import log_record
        from ..sim.gamelog import log_document
        session = bench.finished(bench.game(request.path_params["game"], token(request)))
        doc = log_document(session.rules, log_record(session))
        return JSONResponse(json.loads(json.dumps(doc, default=str, ensure_ascii=False)),
                            headers={"content-disposition": 'attachment; filename="game.log.json"'})

    async def game_scenario(request):
        import yaml
        from .record import scenario_document
        session = bench.finished(bench.game(request.path_params["game"], token(request)))
        text = yaml.safe_dump(scenario_document(session), sort_keys=False, allow_unicode=True, width=110)
        return PlainTextResponse(text, media_type="text/yaml; charset=utf-8",
                                 headers={"content-disposition": 'attachment; filename="game.scenario.yaml"'})

    def wrap(fn):
        async def endpoint(request: Request):
            try:
                out = await fn(request)
            except Problem as err:
                return JSONResponse({"error": err.message, **err.extra}, status_code=err.status)
            except (Refused, ValueError) as err:
                return JSONResponse({"error": str(err)}, status_code=400)
            except GameError as err:
                return JSONResponse({"error": f"the game stopped: {err}"}, status_code=409)
            except HTTPException:
                raise
            except Exception as err:  # noqa: BLE001 - any other failure is reported, the server goes on
                return JSONResponse({"error": f"internal error: {type(err).__name__}: {err}"}, status_code=500)
            return out if not isinstance(out, dict) else JSONResponse(out)
        return endpoint

    routes = [
        Route("/", wrap(page)),
        Route("/api/rulesets", wrap(rulesets)),
        Route("/api/rulesets/{name}", wrap(ruleset_text)),
        Route("/api/validate", wrap(validate), methods=["POST"]),
        Route("/api/explain", wrap(explain), methods=["POST"]),
        Route("/api/simulate", wrap(simulate), methods=["POST"]),
        Route("/api/simulate/{job}", wrap(job)),
        Route("/api/games", wrap(new_game), methods=["POST"]),
        Route("/api/games/{game}", wrap(game_view)),
        Route("/api/games/{game}/move", wrap(move), methods=["POST"]),
        Route("/api/games/{game}/undo", wrap(undo), methods=["POST"]),
        Route("/api/games/{game}/hint", wrap(hint), methods=["POST"]),
        Route("/api/games/{game}/log", wrap(game_log)),
        Route("/api/games/{game}/scenario", wrap(game_scenario)),
    ]
    app = Starlette(routes=routes)
    app.state.bench = bench
    return app


def run_server(host="127.0.0.1", port=8000):
    import uvicorn
    uvicorn.run(create_app(), host=host, port=port, log_level="warning")
