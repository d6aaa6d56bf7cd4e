"""Playtest: a designer plays a ruleset against bots, at the terminal (`rules play`) or in a browser
workbench (`rules serve`).  session.py holds a game with human and bot seats on the engine API the bots
use; view.py says what one seat may see; words.py reads and writes moves; record.py saves a played game
as a log and a scenario file."""
