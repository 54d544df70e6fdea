"""The ``battlewheel`` command: the desktop program and its command-line tools.

Each sub-command imports its own module only when it runs, so ``battlewheel replay``
never loads Qt and the GUI starts without loading the printing code.
"""

import argparse
from collections.abc import Sequence
from pathlib import Path


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for the program and its sub-commands."""
    parser = argparse.ArgumentParser(
        prog="battlewheel", description="A battlewheel for the Exalted game master."
    )
    parser.add_argument("campaign", nargs="?", type=Path, help="campaign file to open")
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="start, open the demo combat, paint once, print startup_ms and exit",
    )
    sub = parser.add_subparsers(dest="command")
    replay = sub.add_parser("replay", help="replay a combat log and print the final state")
    replay.add_argument("log", type=Path)
    print_cmd = sub.add_parser("print", help="print health-track sheets to a PDF")
    print_cmd.add_argument("campaign", type=Path)
    print_cmd.add_argument("--output", type=Path, required=True)
    print_cmd.add_argument("--blank", action="store_true", help="blank tracks for the players")
    print_cmd.add_argument("--page-size", choices=["A4", "Letter"], default="A4")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the program; returns the process exit code."""
    args = build_parser().parse_args(argv)
    if args.command == "replay":
        from battlewheel.engine.replay import replay_command

        return replay_command(args.log)
    if args.command == "print":
        from battlewheel.printing.command import print_command

        return print_command(args.campaign, args.output, blank=args.blank, page=args.page_size)
    from battlewheel.app import run_gui

    return run_gui(args.campaign, smoke_test=args.smoke_test)
