"""Writing game records: JSON lines (every field) or CSV (one row per game, fixed columns).

The columns and fields are a contract that scripts rely on; docs/simulation.md lists them.
"""
from __future__ import annotations

import csv
import json

CSV_COLUMNS = ["game", "variant", "seed", "players", "bots", "winners", "scores", "hands", "tricks", "turns",
               "lead_changes", "decided_hand", "decided_fraction", "error", "side_lead_changes",
               "hand_lead_changes", "drama", "teams", "team_scores"]


def jsonl_writer(handle):
    def write(record):
        handle.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
    return write


def csv_writer(handle, metric_names=()):
    """Lists are joined with spaces (winners, scores, bots); each ruleset metric is a column
    `metric:NAME` holding its value as JSON."""
    columns = CSV_COLUMNS + [f"metric:{m}" for m in metric_names]
    writer = csv.writer(handle)
    writer.writerow(columns)

    def write(record):
        row = []
        for col in columns:
            if col.startswith("metric:"):
                value = (record.get("metrics") or {}).get(col[7:])
                row.append("" if value is None else json.dumps(value, ensure_ascii=False, default=str))
                continue
            value = record.get(col, "")
            if isinstance(value, list):
                value = " ".join(str(v) for v in value)
            row.append(value)
        writer.writerow(row)
    return write


def open_records(path, rules):
    """(handle, writer) for a records file: CSV if the name ends in .csv, else JSON lines."""
    if path is None:
        return None, None
    if str(path).lower().endswith(".csv"):
        handle = open(path, "w", encoding="utf-8", newline="")
        return handle, csv_writer(handle, [m.name for m in rules.metrics])
    handle = open(path, "w", encoding="utf-8")
    return handle, jsonl_writer(handle)
