"""Open thousands of mutated campaigns and combat logs; count what happens to each.

Run: .venv/bin/python -m tests.fuzz.run [--cases N] [--first SEED]

Every mutant is written to a fresh folder and opened the way the program opens it
(``load_campaign`` as File > Open and the start do; ``battlewheel replay`` for logs),
each within a time limit. A case is bad if it raises anything but the documented
refusal (a traceback), runs past the limit (a hang), changes or adds a file in its
folder, or is accepted but does not save and open again unchanged. Exits 1 if any
case is bad, printing the first of each kind with its seed.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from battlewheel.cli import replay_command
from battlewheel.engine.core.session import CombatSession
from battlewheel.storage.campaign import campaign_bytes, load_campaign, save_campaign
from battlewheel.storage.errors import CampaignFileError
from tests.fuzz.mutator import mutant
from tests.time_limits import Hang, time_limit

CASE_SECONDS = 10
"""A case's time limit: opening the biggest legal file (10,000 actions) takes under 1 s."""

KINDS = ("campaign", "log")
OUTCOMES = ("accepted", "refused", "traceback", "hang", "file changed", "not saved unchanged")


@dataclass
class Tally:
    """Outcomes by name, and the first failure of each bad kind."""

    counts: Counter[str] = field(default_factory=lambda: Counter(dict.fromkeys(OUTCOMES, 0)))
    first: dict[str, str] = field(default_factory=dict)

    def bad(self, outcome: str, case: str, detail: str) -> None:
        self.counts[outcome] += 1
        self.first.setdefault(outcome, f"{case}: {detail}")

    @property
    def failures(self) -> int:
        return sum(n for name, n in self.counts.items() if name not in ("accepted", "refused"))


def open_campaign(path: Path) -> str | None:
    """Open like File > Open; an accepted campaign must save and reopen unchanged."""
    try:
        campaign = load_campaign(path)
    except CampaignFileError:
        return None
    saved = path.with_name("saved.json")
    save_campaign(campaign, saved)
    again = load_campaign(saved)
    if campaign_bytes(again) != saved.read_bytes():
        return "a saved campaign opened differently"
    saved.unlink()
    return "accepted"


def open_log(path: Path) -> str | None:
    """Replay like ``battlewheel replay``; an accepted log must save and replay unchanged."""
    out, err = io.StringIO(), io.StringIO()
    code = replay_command(path, out=out, err=err)
    if code in (2, 3) and err.getvalue():
        return None
    if code != 0:
        return f"exit {code}: {err.getvalue()[:200]}"
    session = CombatSession.from_json(json.loads(path.read_bytes()))
    saved = path.with_name("saved.json")
    saved.write_text(json.dumps(session.to_json()), encoding="utf-8")
    again = io.StringIO()
    if replay_command(saved, out=again, err=io.StringIO()) != 0:
        return "a saved log was refused"
    saved.unlink()
    if again.getvalue() != out.getvalue():
        return "a saved log replayed to another state"
    return "accepted"


OPENERS: dict[str, Callable[[Path], str | None]] = {"campaign": open_campaign, "log": open_log}


def run_case(kind: str, seed: int, tally: Tally) -> None:
    """One mutant in a folder of its own: open it and record the outcome."""
    data = mutant(kind, seed)
    case = f"{kind} seed {seed}"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutant.json"
        path.write_bytes(data)
        try:
            with time_limit(CASE_SECONDS, "the case"):
                outcome = OPENERS[kind](path)
        except Hang as error:
            tally.bad("hang", case, str(error))
            return
        except Exception:  # any other exception is the finding
            tally.bad("traceback", case, traceback.format_exc(limit=-3))
            return
        if path.read_bytes() != data or sorted(p.name for p in Path(folder).iterdir()) \
                != ["mutant.json"]:
            tally.bad("file changed", case, "the folder is not as it was")
        elif outcome is None:
            tally.counts["refused"] += 1
        elif outcome != "accepted":
            tally.bad("not saved unchanged", case, outcome)
        else:
            tally.counts["accepted"] += 1


def run(cases: int, first: int = 0) -> Tally:
    """``cases`` mutants of each kind, seeds ``first`` onwards."""
    tally = Tally()
    for seed in range(first, first + cases):
        for kind in KINDS:
            run_case(kind, seed, tally)
    return tally


def main(argv: list[str] | None = None) -> int:
    """Print the counts; exit 1 if any case crashed, hung, changed a file or did not reopen."""
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.run")
    parser.add_argument("--cases", type=int, default=5000, help="mutants of each kind")
    parser.add_argument("--first", type=int, default=0, help="first seed")
    args = parser.parse_args(argv)
    tally = run(args.cases, args.first)
    total = sum(tally.counts.values())
    print(f"{total} mutants ({args.cases} campaigns, {args.cases} logs, seeds "
          f"{args.first}-{args.first + args.cases - 1}): " +
          ", ".join(f"{tally.counts[name]} {name}" for name in OUTCOMES))
    for outcome, example in tally.first.items():
        print(f"first {outcome}: {example}")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
