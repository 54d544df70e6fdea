"""The ``battlewheel`` command: the desktop program and its command-line tools.

Each sub-command imports its own module only when it runs, so ``battlewheel replay``
never loads Qt and the GUI starts without loading the printing code.
"""

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

# The smoke test's start-up clock, started by the package before anything of ours.
from battlewheel import STARTED

SUBCOMMANDS = ("replay", "print", "import", "export", "forecast", "share", "party", "carry")
EXIT_UNREADABLE = 2
# What a shell reports for a program stopped by SIGPIPE (128 + 13), as ``yes | head`` does.
EXIT_READER_GONE = 141


def build_parser(*, subcommand: bool = False) -> argparse.ArgumentParser:
    """The parser of the GUI (an optional campaign) or, with ``subcommand``, of the tools.

    They are separate because argparse would hand a sub-command's name to the GUI's
    optional campaign argument (and a campaign's name to the sub-command choice).
    """
    parser = argparse.ArgumentParser(
        prog="battlewheel",
        description="A battlewheel for the Exalted game master.",
        epilog="tools: battlewheel replay LOG | battlewheel print CAMPAIGN --output PDF "
        "[--combat NAME|N] [--everyone | --character NAME ...] [--blank] "
        "[--page-size A4|Letter] | battlewheel import CAMPAIGN FILE... "
        "[--dry-run] [--rename|--replace] | battlewheel export CAMPAIGN --character NAME "
        "--to foundry --output FILE | battlewheel forecast CAMPAIGN --combat NAME "
        "[--runs N] [--seed S] [--progress] [--precision P] | battlewheel share CAMPAIGN "
        "[--combat NAME] --bind ADDRESS "
        "[--port N] | battlewheel party CAMPAIGN | battlewheel carry CAMPAIGN "
        "--combat NAME [--only NAME ...] [--again]",
    )
    if not subcommand:
        parser.add_argument("campaign", nargs="?", type=Path, help="campaign file to open")
        parser.add_argument(
            "--smoke-test",
            action="store_true",
            help="start, open the demo combat, paint once, print startup_ms and exit",
        )
        return parser
    sub = parser.add_subparsers(dest="command", required=True)
    replay = sub.add_parser("replay", help="replay a combat log and print the final state")
    replay.add_argument("log", type=Path)
    print_cmd = sub.add_parser("print", help="print one combat's cards (in its system) to a PDF")
    print_cmd.add_argument("campaign", type=Path)
    print_cmd.add_argument("--output", type=Path, required=True)
    print_cmd.add_argument("--combat", metavar="NAME|N",
                           help="the combat, by name or number from 1 (default: the newest)")
    who = print_cmd.add_mutually_exclusive_group()
    who.add_argument("--everyone", action="store_true",
                     help="every fighter of the combat, not only the player characters")
    who.add_argument("--character", action="append", default=[], metavar="NAME",
                     help="this fighter (repeat for more) instead of the player characters")
    print_cmd.add_argument("--blank", action="store_true", help="empty boxes, to hand out")
    print_cmd.add_argument("--page-size", choices=["A4", "Letter"], default="A4")
    _add_import_parser(sub)
    _add_export_parser(sub)
    _forecast_parser(sub)
    share = sub.add_parser("share", help="serve one combat's player screen, read-only, to "
                           "the table's phones (JSON lines on stdout)")
    share.add_argument("campaign", type=Path)
    share.add_argument("--combat", metavar="NAME|N", help="default: the newest")
    share.add_argument("--bind", required=True, metavar="ADDRESS",
                       help="the address to listen on (127.0.0.1 to try it out)")
    share.add_argument("--port", type=int, default=8737, help="0: any free port")
    _carry_parsers(sub)
    return parser


def _add_import_parser(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    importing = sub.add_parser(
        "import", help="bring characters in from Foundry VTT (3e), Anathema (2e) or a "
        "stat block in a text file; prints the preview as JSON")
    importing.add_argument("campaign", type=Path)
    importing.add_argument("files", type=Path, nargs="+")
    importing.add_argument("--dry-run", action="store_true",
                           help="print the preview only; change nothing")
    clash = importing.add_mutually_exclusive_group()
    clash.add_argument("--rename", dest="clash", action="store_const", const="rename",
                       help="a name the roster has: keep both, the new one numbered")
    clash.add_argument("--replace", dest="clash", action="store_const", const="replace",
                       help="a name the roster has: replace its block")
    importing.set_defaults(clash="refuse")


def _add_export_parser(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    exporting = sub.add_parser("export", help="write one roster character's 3e block for "
                               "Foundry VTT (the Exalted 3rd Edition system)")
    exporting.add_argument("campaign", type=Path)
    exporting.add_argument("--character", required=True, metavar="NAME")
    exporting.add_argument("--to", choices=["foundry"], default="foundry")
    exporting.add_argument("--output", type=Path, required=True)


def _forecast_parser(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    cmd = sub.add_parser("forecast", help="play a combat out many times and print the odds "
                         "as JSON")
    cmd.add_argument("campaign", type=Path)
    cmd.add_argument("--combat", required=True, help="the combat's name or id")
    cmd.add_argument("--runs", type=int, default=1000)
    cmd.add_argument("--seed", default="7", help="the same seed gives the same result")
    cmd.add_argument("--tactics", action="append", default=[], metavar="SIDE=STANCE",
                     help="ally or enemy = balanced, cautious or aggressive")
    cmd.add_argument("--workers", type=int, default=None,
                     help="worker processes (default: one a core; 0: none)")
    cmd.add_argument("--compare", action="store_true",
                     help="also the same match-up in every system the roster has blocks for")
    cmd.add_argument("--progress", action="store_true",
                     help="print one JSON line per chunk of playouts before the final JSON")
    cmd.add_argument("--precision", type=_precision, default=None, metavar="P",
                     help="stop once every side's 95%% interval is within P points either "
                     "way (2: +-2 points); --runs stays the most played")
    cmd.add_argument("--weigh-order", action="store_true",
                     help="also the same set-up with its order left to the dice, and "
                     "whether the order weighs 10 points or more")


def _precision(text: str) -> float:
    from battlewheel.models.forecast_command import parse_precision

    return parse_precision(text)


def _carry_parsers(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    party = sub.add_parser("party", help="print every roster character's current condition "
                           "per system, and the fight each part came from, as JSON")
    party.add_argument("campaign", type=Path)
    cmd = sub.add_parser("carry", help="carry a combat's results to the roster (every line, "
                         "as the carry dialog would) and save the campaign")
    cmd.add_argument("campaign", type=Path)
    cmd.add_argument("--combat", required=True, help="the combat's name or id")
    cmd.add_argument("--only", nargs="+", action="extend", default=[], metavar="NAME",
                     help="only these roster characters")
    cmd.add_argument("--again", action="store_true",
                     help="replace an earlier carry of the same combat")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the program; returns the process exit code."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    tool = bool(arguments) and arguments[0] in SUBCOMMANDS
    args = build_parser(subcommand=tool).parse_args(arguments)
    command = getattr(args, "command", None)
    if command == "replay":
        return _until_reader_leaves(lambda: replay_command(args.log))
    if command == "print":
        from battlewheel.printing.command import print_command

        return _until_reader_leaves(lambda: print_command(
            args.campaign, args.output, blank=args.blank, page=args.page_size,
            combat=args.combat, everyone=args.everyone, names=tuple(args.character)))
    if command == "import":
        from battlewheel.storage.imports.command import import_command

        return _until_reader_leaves(lambda: import_command(
            args.campaign, args.files, dry_run=args.dry_run, clash=args.clash))
    if command == "export":
        from battlewheel.storage.imports.export_command import export_command

        return _until_reader_leaves(lambda: export_command(
            args.campaign, args.character, args.output, to=args.to))
    if command == "forecast":
        from battlewheel.models.forecast_command import forecast_command

        return _until_reader_leaves(lambda: forecast_command(
            args.campaign, args.combat, runs=args.runs, seed=args.seed, tactics=args.tactics,
            workers=args.workers, compare=args.compare, progress=args.progress,
            precision=args.precision, weigh_order=args.weigh_order))
    if command == "share":
        from battlewheel.sharing.command import share_command

        return share_command(args.campaign, combat=args.combat, bind=args.bind, port=args.port)
    if command in ("party", "carry"):
        from battlewheel.storage import carry_command as carrying

        if command == "party":
            return _until_reader_leaves(lambda: carrying.party_command(args.campaign))
        return _until_reader_leaves(lambda: carrying.carry_command(
            args.campaign, args.combat, only=tuple(args.only), again=args.again))
    from battlewheel.app import run_gui

    return run_gui(args.campaign, smoke_test=args.smoke_test, started=STARTED)


def replay_command(path: Path, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``battlewheel replay LOG``: the final state as JSON; exit 2 unreadable, 3 refused."""
    from battlewheel.engine.core.replay import replay_document
    from battlewheel.storage.errors import CampaignFileError
    from battlewheel.storage.schema import read_json_file

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        document = read_json_file(Path(path))
    except CampaignFileError as error:
        print(f"{path}: cannot read the log: {error.problem}", file=err)
        return EXIT_UNREADABLE
    return replay_document(document, str(path), out=out, err=err)


def _until_reader_leaves(command: Callable[[], int]) -> int:
    """Run a tool; if its reader stops reading (``| head``), end quietly.

    Python's advice for SIGPIPE: point stdout at devnull so the flush at exit does not
    raise a second time.
    """
    try:
        code = command()
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_READER_GONE
    return code
