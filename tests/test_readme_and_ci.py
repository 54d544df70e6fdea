"""The README's two commands are the ones CI and a new user run."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.+?)\n```", text)


def test_readme_opens_with_a_start_command_and_a_test_command() -> None:
    """The first two code blocks start the program and run the tests."""
    start, test = _readme_commands()[:2]
    assert start.endswith(".venv/bin/battlewheel")
    assert test.endswith("python -m pytest")


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    """.ci/run runs exactly the README's test command."""
    test_command = _readme_commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test_command in ci_lines


def test_the_test_workflow_runs_the_readme_test_command_on_every_system() -> None:
    """Verbatim on Linux and macOS; on Windows only the virtual environment's layout differs."""
    test_command = _readme_commands()[1]
    workflow = (ROOT / ".github" / "workflows" / "tests.yml").read_text(encoding="utf-8")
    runs = [line.strip().removeprefix("run: ") for line in workflow.splitlines()
            if line.strip().startswith("run: bash packaging/bootstrap.sh")]
    windows = test_command.replace(".venv/bin/python", ".venv/Scripts/python")
    assert windows != test_command
    assert sorted(runs) == sorted([test_command, windows])
