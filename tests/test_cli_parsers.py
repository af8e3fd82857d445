"""``spit`` builds the parser of the subcommand it is given, and only that one; every help,
error and parse reads as when every subcommand's parser was built at the start.

The texts below were taken from ``spit`` when it built every parser at the start (``b096cb4``);
the comparison runs every command line with the parsers built as needed and with all of them
built first.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import subprocess
import sys

import pytest

from spit import i18n
from spit.cli import build_parser, main

SUBCOMMANDS = (
    "play",
    "practice",
    "daily",
    "simulate",
    "resume",
    "replay",
    "stats",
    "server",
    "host",
    "join",
    "web",
    "watch",
    "ladder",
    "seek",
    "players",
)


@pytest.fixture(autouse=True)
def fixed_terminal(monkeypatch):
    """argparse wraps help to the terminal's width; the epilog names the config file."""
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("SPIT_CONFIG", "/srv/spit/config.toml")


SPIT_HELP = """\
usage: spit [-h] [--version] [--lang CODE] [--no-config] COMMAND ...

Spit (Speed, Slam), the real-time card game: two players on one keyboard, or one against the bot.
Without a command, the start menu opens.

options:
  -h, --help   show this help message and exit
  --version    show the version
  --lang CODE  the language to speak: en, el, de, ka, lv (default: the config file's, else the
               environment's)
  --no-config  read no config file: the language's keys and the usual look and names (a browser
               seat of spit host --web plays so, not with the host's settings)

commands:
  COMMAND
    play       start a match at once, without the menu
    practice   a guided practice round against a bot that waits for you
    daily      the day's deal, the same for everyone, and a line to share
    simulate   play matches bot against bot, headless, and report who wins
    resume     go on with a match that did not finish (the newest one, or FILE)
    replay     play a recorded match back (FILE, or last)
    stats      your history: wins by opponent, streaks, fastest round, reactions
    server     run a game server for any number of rooms, headless
    host       open a room for a friend to join over the network
    join       join a friend's room over the network
    web        serve spit to a web browser
    watch      watch a match on a server, as a spectator
    ladder     play every bot level against every other and rate them
    seek       find a player near your strength on a server and play a rated match
    players    show a server's leaderboard

Language, keyboard layout, remapped keys, display and lockout can be set in the config file
/srv/spit/config.toml (or the file SPIT_CONFIG names); flags on the command line win over it.
"""

CHOICES = (
    "'play', 'practice', 'daily', 'simulate', 'resume', 'replay', 'stats', 'server', 'host', "
    "'join', 'web', 'watch', 'ladder', 'seek', 'players'"
)


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_spit_help_lists_every_command_with_its_help_in_order(flag) -> None:
    assert run([flag]) == (0, SPIT_HELP, "")


def test_a_bad_subcommand_is_one_line_naming_every_command_in_order() -> None:
    message = f"spit: argument COMMAND: invalid choice: 'deal' (choose from {CHOICES})"
    assert run(["deal"]) == (2, "", f"{message} (see 'spit --help')\n")


def test_a_bad_subcommand_in_another_language_names_every_command_too() -> None:
    message = f"spit: Argument COMMAND: ungültige Wahl: 'deal' (zur Wahl: {CHOICES})"
    assert run(["--lang", "de", "deal"]) == (2, "", f"{message} (siehe „spit --help“)\n")


def test_a_flag_a_command_does_not_take_is_named_before_its_value_is_read() -> None:
    # Issue 29, item 14: `spit join --bind 0.0.0.0 ...` said "not an address: '0.0.0.0'".
    said = "spit join: unrecognized arguments: --bind (see 'spit join --help')\n"
    assert run(["join", "--bind", "0.0.0.0", "localhost", "ABCD-EFGH"]) == (2, "", said)
    assert run(["join", "--bind=0.0.0.0", "localhost", "ABCD-EFGH"]) == (2, "", said)


@pytest.mark.parametrize(
    ("given", "address"),
    [("localhost", "localhost:7748"), ("spit.example:9000", "spit.example:9000")],
)
def test_spit_join_takes_a_host_name_and_the_default_port(given, address) -> None:
    # Issue 29, item 14: `spit join localhost ABCD-EFGH` said "not an address: 'localhost'".
    args = build_parser().parse_args(["join", given, "ABCD-EFGH"])
    assert args.address == address


def test_a_command_line_builds_the_parser_of_its_subcommand_only() -> None:
    parser = build_parser()
    assert parser.commands.built() == []
    parser.parse_args(["play", "--two-player"])
    assert parser.commands.built() == ["play"]
    parser.parse_args(["join", "127.0.0.1:9", "abc"])
    # One function adds the network's three.
    assert parser.commands.built() == ["play", "server", "host", "join"]


def test_the_start_menu_builds_no_subcommands_parser() -> None:
    parser = build_parser()
    parser.parse_args(["--lang", "de"])
    assert parser.commands.built() == []


def test_the_list_of_commands_builds_them_all() -> None:
    parser = build_parser()
    parser.format_help()
    assert parser.commands.built() == list(SUBCOMMANDS)


COMMAND_LINES = [
    [],
    ["--help"],
    ["--lang=el", "-h"],
    ["--la", "ka", "--help"],  # argparse takes a flag's unambiguous beginning
    ["-h", "play"],
    ["--no-config", "--help"],
    ["--version"],
    ["--bogus"],
    ["deal"],
    ["pla"],
    ["--lang", "de", "deal"],
    ["play", "--two-player", "--seed", "3", "--variant", "points", "--no-ascii"],
    ["play", "--bot", "hard", "--lockout", "0.2", "--four-color"],
    ["play", "--two-player", "--lockout", "soon"],
    ["--no-config", "practice", "--seed", "4"],
    ["simulate", "--games", "2", "--bot1", "easy", "--bot2", "expert"],
    ["replay", "last"],
    ["resume"],
    ["stats", "--json"],
    ["server", "--port", "0", "--workers", "2"],
    ["host", "--bot", "easy", "--web", "--name", "Ann"],
    ["join", "127.0.0.1:7000", "ABCD", "--json"],
    ["join", "nowhere"],
    ["web", "--port", "99999"],
    ["ladder", "--games", "x"],
    ["play", "--two-player", "--", "extra"],
]
for _command in SUBCOMMANDS:
    COMMAND_LINES += [[_command, "-h"], ["--lang", "lv", _command, "--help"], [_command, "--bogus"]]


def parsed(argv: list[str], *, all_built: bool) -> tuple[object, str, str]:
    """What ``argv`` parses to (or exits with), what is printed, with the subcommands' parsers
    built as needed or all built first."""
    parser = build_parser()
    if all_built:
        parser.commands.build_all()
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            args = parser.parse_args(argv)
        except SystemExit as exit:
            return ("exit", exit.code), out.getvalue(), err.getvalue()
    return namespace(args), out.getvalue(), err.getvalue()


def namespace(args: argparse.Namespace) -> dict[str, object]:
    """The parsed values; a function by its code (the seats' is a lambda made per build)."""
    return {
        key: getattr(value, "__code__", value) if callable(value) else value
        for key, value in vars(args).items()
    }


@pytest.mark.parametrize("argv", COMMAND_LINES, ids=" ".join)
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_command_line_parses_and_reads_as_with_every_parser_built(argv, language) -> None:
    i18n.set_language(language)
    i18n.translate_argparse()
    try:
        assert parsed(argv, all_built=False) == parsed(argv, all_built=True)
    finally:
        i18n.set_language("en")


def test_spit_play_loads_no_other_subcommands_module() -> None:
    code = (
        "import json, sys; from spit.cli import build_parser; "
        "build_parser().parse_args(['play', '--two-player']); "
        "print(json.dumps(sorted(sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    loaded = json.loads(done.stdout)
    for module in (
        "spit.commands.rooms",
        "spit.commands.records",
        "spit.commands.sim",
        "spit.commands.web",
        "spit.words.networked",
        "spit.words.web",
    ):
        assert module not in loaded
    assert "spit.commands.play" in loaded
