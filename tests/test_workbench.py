"""The browser workbench (`rules serve`) in a real headless Chromium, driven with Playwright: load a
ruleset, break it and see the error at its line, fix it, explain, simulate, play a hand to the end; a
seat's page and its JSON never hold another seat's hidden cards.  The screenshot in the README comes from
here (docs/img/workbench.png).

In CI (CI=true) a missing browser or package fails the test; elsewhere it is skipped."""
import json
import os
import re
import socket
import threading
import time
import urllib.error
import urllib.request

import pytest

from tests.helpers import ROOT, run_cli

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOT = ROOT / "docs" / "img" / "workbench.png"


def _requirements():
    missing = []
    for module in ("playwright.sync_api", "starlette", "uvicorn"):
        try:
            __import__(module)
        except ImportError:
            missing.append(module.split(".")[0])
    if not os.path.exists(CHROMIUM):
        missing.append(CHROMIUM)
    if missing:
        message = f"the workbench tests need {', '.join(missing)} (see .ci/run)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="module")
def server():
    _requirements()
    import uvicorn
    from interpreter.playtest.web import create_app
    app = create_app()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    assert srv.started, "the workbench server did not start"
    yield f"http://127.0.0.1:{port}", app.state.bench
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def page(server):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.set_default_timeout(30000)
        yield page
        browser.close()


def _call(url, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"content-type": "application/json",
                                                              **({"x-seat-token": token} if token else {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def hidden_from_seat(session, seat) -> set:
    """Names of the cards in other seats' hands that nobody has been shown (from the server's game): in a
    trick game a card in a hand has never been face up."""
    s = session.state
    names = s.rules.universe.names
    out = set()
    for info in s.rules.zone_list:
        if info.per == "player" and info.visibility == "owner":
            for p, cards in enumerate(s.z[info.index]):
                if p != seat:
                    out.update(names[c] for c in cards if c not in s.revealed)
    mine = {names[c] for info in s.rules.zone_list if info.per == "player" for c in s.z[info.index][seat]}
    return out - mine


def test_edit_validate_explain_simulate_and_play(server, page, tmp_path):
    url, bench = server
    responses = []
    page.on("response", lambda r: responses.append(r) if "/api/games" in r.url else None)
    page.goto(url)
    page.wait_for_function("document.getElementById('status').textContent.startsWith('valid')")
    assert "Scotch Whist" in page.text_content("#status")
    original = page.input_value("#source")

    # break the ruleset: the error shows at its line, as you type
    lines = original.split("\n")
    line = next(i for i, text in enumerate(lines) if text.strip() == "follow: suit") + 1
    page.fill("#source", original.replace("follow: suit", "folow: suit"))
    page.wait_for_selector(f"#gutter div.err[data-line='{line}']")
    assert "folow" in page.get_attribute(f"#gutter div.err[data-line='{line}']", "title")
    diag = page.text_content(f"#diagnostics .diag[data-line='{line}']")
    assert f"line {line}, column" in diag and "folow" in diag
    assert "error" in page.text_content("#status")

    # fix it: the error goes
    page.fill("#source", original)
    page.wait_for_function("document.getElementById('status').textContent.startsWith('valid')")
    assert page.query_selector("#gutter div.err") is None
    page.fill("#options", "target=5")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('valid')")

    page.click("#tab-explain")
    page.click("#explain-btn")
    page.wait_for_function("document.getElementById('explain-out').textContent.includes('Scotch Whist')")

    page.click("#tab-simulate")
    page.fill("#sim-games", "60")
    page.click("#sim-btn")
    page.wait_for_selector("#sim-done")
    assert page.eval_on_selector("#sim-progress", "p => p.value === p.max && p.max === 60")
    assert "60 games of Scotch Whist" in page.text_content("#sim-done")
    assert len(page.query_selector_all("#sim-table tr")) == 1 + 4
    try:
        import matplotlib  # noqa: F401
        page.wait_for_selector("#sim-plot:not([hidden])")
    except ImportError:
        pass

    page.click("#tab-play")
    page.fill("#play-seed", "4")
    page.click("#play-btn")
    page.wait_for_selector("#hand .card")
    # the state panel: the game's values as this seat may know them, players named from the seat
    assert page.text_content("#state [data-var=score]") == "score: you 0, P1 0, P2 0, P3 0"
    assert page.text_content("#state [data-var=dealer]") == "dealer: you"
    assert re.fullmatch(r"trumps: (clubs|diamonds|hearts|spades)", page.text_content("#state [data-var=trumps]"))
    game_id = page.evaluate("() => game.id")
    token = page.evaluate("() => game.token")
    session = bench.games[game_id].session

    checked = []

    def no_leak():
        hidden = hidden_from_seat(session, 0)
        checked.append(len(hidden))     # empty when only this seat still holds cards (the last trick)
        html = page.content()
        for name in hidden:
            assert f'data-card="{name}"' not in html and name not in page.inner_text("body"), name
        while responses:
            body = responses.pop().text()
            for name in hidden:
                assert name not in body, f"{name} (another seat's hidden card) is in {body[:200]}"

    no_leak()
    moves = 0
    while "Game over" not in page.text_content("#play-status"):
        assert moves < 40
        if moves == 2:
            SHOT.parent.mkdir(parents=True, exist_ok=True)
            page.evaluate("() => { const s = document.getElementById('source'); s.scrollTop = 0; "
                          "s.dispatchEvent(new Event('scroll')); }")
            page.screenshot(path=str(SHOT))
        if moves == 1:
            page.click("#hint")
            page.wait_for_selector("#moves button.hinted")
        with page.expect_response(re.compile(r"/api/games/.*/move")):
            page.click("#hand .card.playable >> nth=0")
        page.wait_for_function("document.getElementById('play-status').textContent !== ''")
        moves += 1
        if session.state.over:      # the page may show the last move a moment later than the server has it
            page.wait_for_function("document.getElementById('play-status').textContent.includes('Game over')")
        else:
            no_leak()
    assert moves >= 1 and sum(checked) > 0
    assert re.search(r"trick \d+: .* -> P\d wins", page.text_content("#play-log"))
    page.wait_for_selector("#download-scenario")

    # the server refuses another seat's view, a wrong token, an illegal move
    status, answer = _call(f"{url}/api/games/{game_id}?seat=2", token=token)
    assert status == 403 and "not yours" in answer["error"]
    status, answer = _call(f"{url}/api/games/{game_id}?seat=0", token="guess")
    assert status == 403
    # the finished game as a scenario that `rules test` runs
    with urllib.request.urlopen(f"{url}/api/games/{game_id}/scenario?token={token}", timeout=30) as answer:
        scenario = answer.read().decode("utf-8")
    path = tmp_path / "played.scenario.yaml"
    path.write_text(scenario, encoding="utf-8")
    check = run_cli("test", str(path))
    assert check.returncode == 0 and "1 passed" in check.stdout, check.stdout + check.stderr


def test_edits_survive_a_reload_and_a_change_of_ruleset_and_download_as_yaml(server, page, tmp_path):
    """The editor's text is the designer's work: it is kept in the browser (a reload or picking another
    ruleset and coming back loses nothing), it downloads as a .yaml file, and revert throws it away.
    An uploaded file comes back after a reload too."""
    url, _ = server
    context = page.context.browser.new_context(accept_downloads=True)
    tab = context.new_page()
    tab.set_default_timeout(30000)
    valid = "document.getElementById('status').textContent.startsWith('valid')"
    tab.goto(url)
    tab.wait_for_function(valid)
    original = tab.input_value("#source")
    assert tab.is_hidden("#draft-note")
    edited = original.replace("name: Scotch Whist", "name: Scotch Whist, my way", 1)
    assert edited != original
    tab.fill("#source", edited)
    tab.wait_for_function("document.getElementById('status').textContent.includes('my way')")
    assert tab.is_visible("#draft-note")

    tab.reload()
    tab.wait_for_function(valid)
    assert tab.input_value("#source") == edited and tab.is_visible("#draft-note")

    tab.select_option("#ruleset", "hearts")
    tab.wait_for_function("document.getElementById('status').textContent.includes('Hearts')")
    assert tab.is_hidden("#draft-note")
    tab.select_option("#ruleset", "scotch-whist")
    tab.wait_for_function("document.getElementById('status').textContent.includes('my way')")
    assert tab.input_value("#source") == edited

    with tab.expect_download() as download:
        tab.click("#download")
    assert download.value.suggested_filename == "scotch-whist.yaml"
    assert download.value.path().read_text(encoding="utf-8") == edited

    tab.click("#revert")
    tab.wait_for_function("!document.getElementById('status').textContent.includes('my way') && " + valid)
    assert tab.input_value("#source") == original and tab.is_hidden("#draft-note")
    tab.reload()
    tab.wait_for_function(valid)
    assert tab.input_value("#source") == original

    # an uploaded file, edited, is there again after a reload
    mine = tmp_path / "my-whist.yaml"
    mine.write_text(edited, encoding="utf-8")
    tab.set_input_files("#upload", str(mine))
    tab.wait_for_function("document.getElementById('status').textContent.includes('my way')")
    again = edited.replace("my way", "my second way")
    tab.fill("#source", again)
    tab.wait_for_function("document.getElementById('status').textContent.includes('my second way')")
    tab.reload()
    tab.wait_for_function("document.getElementById('status').textContent.includes('my second way')")
    assert tab.input_value("#source") == again and tab.eval_on_selector("#ruleset", "s => s.value") == "my-whist"
    context.close()


def test_games_are_isolated_and_bad_input_is_refused(server):
    url, bench = server
    text = (ROOT / "rulesets" / "scotch-whist.yaml").read_text(encoding="utf-8")
    status, a = _call(f"{url}/api/games", {"text": text, "name": "scotch-whist", "seat": 0, "seed": 1})
    assert status == 200
    status, b = _call(f"{url}/api/games", {"text": text, "name": "scotch-whist", "seat": 1, "seed": 1})
    assert status == 200 and a["game"] != b["game"]
    status, answer = _call(f"{url}/api/games/{b['game']}", token=a["token"])
    assert status == 403
    hand_a = next(z for z in a["view"]["zones"] if z["name"] == "hand")["players"]
    assert hand_a[0]["cards"] and hand_a[1]["cards"] == [] and hand_a[1]["size"] >= 8
    # an illegal move: refused with the reason, the game goes on
    mine = set(hand_a[0]["cards"])
    stranger = next(c for c in ("A♠", "K♠", "Q♠", "J♠", "10♠", "A♥", "K♥", "A♣") if c not in mine)
    status, answer = _call(f"{url}/api/games/{a['game']}/move", {"move": stranger}, token=a["token"])
    assert status == 409 and f"you do not hold {stranger}" in answer["error"]
    status, answer = _call(f"{url}/api/games/{a['game']}/move", {"move": [1, 2]}, token=a["token"])
    assert status == 400
    # a broken ruleset: located errors, not a crash
    status, answer = _call(f"{url}/api/games", {"text": "name: x\nplayers: [", "name": "broken"})
    assert status == 422 and answer["diagnostics"][0]["line"] >= 1
    status, answer = _call(f"{url}/api/validate", {"text": 12})
    assert status == 400
    status, answer = _call(f"{url}/api/simulate", {"text": text, "games": "many"})
    assert status == 400 and "games" in answer["error"]
    status, answer = _call(f"{url}/api/games/nope")
    assert status == 404
    status, answer = _call(f"{url}/api/rulesets")
    assert status == 200 and any(r["name"] == "scala40" for r in answer["rulesets"])


def test_readme_and_ci_install_the_same_things():
    """The README's test command is what .ci/run does: Chromium if missing, the same extras, the same
    pytest command (on every core)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    block = re.search(r"Run the tests.*?```sh\n(.*?)```", readme, flags=re.S).group(1)
    extras = re.findall(r"'\.\[([a-z,]+)\]'", block)
    assert extras == re.findall(r"'\.\[([a-z,]+)\]'", ci) == ["test,plot,web"]
    assert "[ -x /usr/bin/chromium ] ||" in block and "[ -x /usr/bin/chromium ] ||" in ci
    assert "apt-get install -y chromium" in block and "apt-get install -y chromium" in ci
    command = "python -m pytest -q -n auto"
    assert block.strip().endswith(command) and ci.strip().endswith(command)
    assert "playwright install" not in ci
