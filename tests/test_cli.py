"""The ``spit`` command: flags, the config file under them, and clear exits before the screen."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import ClassVar

import pytest

import spit.commands.play
import spit.commands.rooms
import spit.commands.sim
from spit import __version__
from spit.cli import main
from spit.engine import Variant
from spit.settings.options import GameOptions, Mode


@pytest.fixture(autouse=True)
def no_config(monkeypatch, tmp_path):
    """Every test reads its own config file (empty unless it writes one), never the user's."""
    path = tmp_path / "config.toml"
    path.write_text("")
    monkeypatch.setenv("SPIT_CONFIG", str(path))


NEEDS_ASCII = spit.commands.play.needs_ascii
"""The real check, which the fixture below replaces for every other test."""


@pytest.fixture(autouse=True)
def unicode_terminal(monkeypatch):
    """Every test draws on a terminal that shows Unicode, whatever stream pytest runs on."""
    monkeypatch.setattr(spit.commands.play, "needs_ascii", lambda stream=None: False)


@pytest.fixture
def config(tmp_path):
    """Write the config file the command will read."""

    def write(text: str) -> Path:
        path = tmp_path / "config.toml"
        path.write_text(text, encoding="utf-8")
        return path

    return write


@pytest.fixture
def started(monkeypatch) -> list[GameOptions]:
    """The options each game was started with, instead of starting the app."""
    games: list[GameOptions] = []

    def run_app(options: GameOptions, **kwargs: object) -> int:
        games.append(options)
        return 0

    def run_seated(options: GameOptions, network: object, command: str) -> int:
        games.append(options)  # a networked seat: taken, then shown, by run_app
        return 0

    monkeypatch.setattr(spit.commands.play, "run_app", run_app)
    monkeypatch.setattr(spit.commands.rooms, "run_seated", run_seated)
    return games


# --- help, version and bad flags ------------------------------------------------------------


def test_version_prints_the_package_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"spit {__version__}\n"
    assert __version__ == "0.1.0"


def test_help_lists_the_commands(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "play" in out
    assert "simulate" in out
    assert "config" in out


def test_play_help_lists_every_flag_and_bot_level(capsys):
    assert main(["play", "--help"]) == 0
    out = capsys.readouterr().out
    for flag in ("--two-player", "--bot", "--variant", "--keys", "--seed", "--ascii"):
        assert flag in out
    for flag in ("--four-colour", "--lockout", "easy", "normal", "hard", "expert"):
        assert flag in out


@pytest.mark.parametrize(
    ("argv", "complaint"),
    [
        (["--bogus"], "unrecognized arguments"),
        (["play"], "one of the arguments --two-player --bot is required"),
        (["play", "--two-player", "--bot", "easy"], "not allowed with argument"),
        (["play", "--bot", "godlike"], "invalid choice: 'godlike'"),
        (["play", "--two-player", "--keys", "dvorak"], "invalid choice: 'dvorak'"),
        (["play", "--two-player", "--variant", "speed"], "invalid choice: 'speed'"),
        (["play", "--two-player", "--seed", "x"], "argument --seed"),
        (["play", "--two-player", "--lockout", "3"], "must be between 0 and 2 seconds, not 3"),
        (["play", "--two-player", "--lockout", "-0.1"], "must be between 0 and 2 seconds"),
        (["play", "--two-player", "--lockout", "soon"], "not a number: 'soon'"),
        (["deal"], "invalid choice: 'deal'"),
    ],
)
def test_a_bad_flag_exits_2_with_one_line_naming_the_problem_and_the_help(
    capsys, started, argv, complaint
):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert complaint in err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "--help" in err
    assert started == []


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        (["play", "--two-player", "extra"], "spit play"),
        (["play", "--two-player", "--bogus"], "spit play"),
        (["play", "--bot"], "spit play"),
        (["simulate", "--games", "2", "--bot1", "easy", "--bot2", "easy", "x"], "spit simulate"),
        (["--bogus"], "spit"),
    ],
)
def test_a_bad_flag_names_the_command_it_belongs_to(capsys, started, argv, command):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{command}: "), err
    assert f"'{command} --help'" in err


# --- what a game starts with ----------------------------------------------------------------


def test_spit_alone_opens_the_start_menu(started):
    assert main([]) == 0
    assert started == [GameOptions(mode=None)]


def test_play_two_player_skips_the_menu(started):
    assert main(["play", "--two-player"]) == 0
    assert started == [GameOptions(mode=Mode.TWO_PLAYER)]


def test_play_against_the_bot_at_a_level(started):
    main(["play", "--bot", "hard"])
    assert started[0].mode is Mode.BOT
    assert started[0].bot_level == "hard"


def test_every_flag_reaches_the_game(started):
    argv = ["play", "--two-player", "--variant", "points", "--keys", "azerty", "--seed", "42"]
    main([*argv, "--ascii", "--four-colour", "--lockout", "0"])
    assert started == [
        GameOptions(
            mode=Mode.TWO_PLAYER,
            variant=Variant.POINTS,
            keys="azerty",
            seed=42,
            ascii=True,
            four_colour=True,
            lockout=0.0,
        )
    ]


def test_the_american_spelling_of_four_colour_works(started):
    main(["play", "--two-player", "--four-color"])
    assert started[0].four_colour is True


def test_the_config_file_sets_what_the_flags_leave_out(config, started):
    config(
        '[keys]\npreset = "qwertz"\n[keys.bindings]\n"p1.spit" = "1"\n'
        "[display]\nascii = true\nfour_colour = true\n[rules]\nlockout = 1.5\n"
    )
    main(["play", "--bot", "easy"])
    assert started[0] == GameOptions(
        mode=Mode.BOT,
        bot_level="easy",
        keys="qwertz",
        bindings={"p1.spit": "1"},
        ascii=True,
        four_colour=True,
        lockout=1.5,
    )


def test_the_start_menu_gets_the_config_file_too(config, started):
    config('[keys]\npreset = "azerty"\n[display]\nascii = true\n')
    main([])
    assert started == [GameOptions(mode=None, keys="azerty", ascii=True)]


def test_the_start_menu_offers_what_it_chose_last_time(config, started):
    config('[menu]\nmode = "bot"\nlevel = "expert"\nvariant = "points"\n[display]\nhints = true\n')
    main([])
    assert started == [
        GameOptions(
            mode=None,
            menu_mode=Mode.BOT,
            bot_level="expert",
            variant=Variant.POINTS,
            hints=True,
        )
    ]
    main(["play", "--two-player"])  # the menu's memory is the menu's: play starts as asked
    assert (started[1].bot_level, started[1].variant) == ("normal", Variant.STANDARD)


def test_flags_override_the_config_file(config, started):
    config(
        '[keys]\npreset = "qwertz"\n'
        "[display]\nascii = true\nfour_colour = true\n[rules]\nlockout = 1.5\n"
    )
    main(["play", "--two-player", "--keys", "qwerty", "--no-ascii", "--no-four-colour"])
    main(["play", "--two-player", "--lockout", "0.25"])
    assert (started[0].keys, started[0].ascii, started[0].four_colour) == ("qwerty", False, False)
    assert started[0].lockout == 1.5
    assert started[1].lockout == 0.25


# --- config errors --------------------------------------------------------------------------


def test_no_config_reads_no_config_file_so_a_seat_gets_the_languages_keys(config, started):
    # The host's own config (keys, remaps, a broken entry even) is not the browser seat's.
    config('[keys]\npreset = "azerty"\n[keys.bindings]\n"p1.spit" = "1"\n[display]\nascii = 1\n')
    assert main(["--lang", "de", "--no-config", "join", "127.0.0.1:7748", "ABCD-EFGH"]) == 0
    assert started == [GameOptions(mode=Mode.TWO_PLAYER, keys="qwertz")]


def test_a_broken_config_exits_2_with_one_line_before_the_game(config, capsys, started):
    path = config('[keys.bindings]\n"p1.spit" = "spacebar"\n')
    assert main(["play", "--two-player"]) == 2
    assert capsys.readouterr().err == (
        f"spit: config error in {path}: keys.bindings.\"p1.spit\": unknown key name 'spacebar'\n"
    )
    assert started == []


def test_a_theme_spit_does_not_offer_exits_2_with_one_line(config, capsys, started):
    path = config('[display]\ntheme = "solarized"\n')
    assert main([]) == 2
    assert capsys.readouterr().err == (
        f"spit: config error in {path}: display.theme: unknown choice 'solarized' "
        "(choose from dark, light, high-contrast)\n"
    )
    assert started == []


def test_the_theme_and_cue_come_from_the_config(config, started):
    config('[display]\ntheme = "light"\ncue = true\n')
    main(["play", "--two-player"])
    assert (started[0].theme, started[0].cue) == ("light", True)


def test_a_broken_config_stops_the_start_menu_too(config, capsys, started):
    config("[display]\nascii = 1\n")
    assert main([]) == 2
    assert "display.ascii" in capsys.readouterr().err
    assert started == []


def test_a_remap_that_clashes_with_the_layout_chosen_by_flag_exits_2(config, capsys, started):
    """ö is free on a qwerty keyboard but is player 2's key on qwertz."""
    config('[keys.bindings]\n"p1.spit" = "ö"\n')
    assert main(["play", "--two-player"]) == 0
    assert main(["play", "--two-player", "--keys", "qwertz"]) == 2
    err = capsys.readouterr().err
    assert 'keys.bindings."p1.spit"' in err
    assert "p2.stock5.right in the qwertz layout" in err
    assert len(started) == 1


def test_a_broken_config_from_python_m_spit_is_one_line_without_traceback(config):
    path = config("[rules]\nlockout = 9\n")
    done = subprocess.run(
        [sys.executable, "-m", "spit", "play", "--two-player"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SPIT_CONFIG": str(path)},
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        f"spit: config error in {path}: rules.lockout: must be between 0 and 2 seconds, not 9\n"
    )


# --- simulate and the app -------------------------------------------------------------------


def test_a_config_file_named_by_spit_config_that_is_missing_exits_2(
    monkeypatch, tmp_path, capsys, started
):
    path = tmp_path / "typo.toml"
    monkeypatch.setenv("SPIT_CONFIG", str(path))
    assert main(["play", "--two-player"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"spit: config error in {path}: no such file") and err.count("\n") == 1
    assert started == []


def test_simulate_runs_the_simulators_own_command(monkeypatch, config):
    """It does not read the config file: a broken one does not stop a simulation."""
    config("this is not toml")
    ran = []

    def run(args):
        ran.append((args.games, args.bot1, args.bot2))
        return 3

    monkeypatch.setattr(spit.commands.sim, "run", run)
    assert main(["simulate", "--games", "2", "--bot1", "easy", "--bot2", "expert"]) == 3
    assert ran == [(2, "easy", "expert")]


def test_help_and_simulate_do_not_load_textual():
    code = (
        "import sys; from spit.cli import build_parser; build_parser(); "
        "print('textual' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout == "False\n"


class FakeApp:
    """Stands in for SpitApp: records its options and returns a chosen value from run()."""

    returns: ClassVar[object] = None
    return_code: ClassVar[int | None] = 0
    crashed: ClassVar[bool] = False
    options: ClassVar[list[GameOptions]] = []

    def __init__(self, options: GameOptions, **kwargs: object) -> None:
        FakeApp.options.append(options)

    def run(self, loop: object = None) -> object:
        return FakeApp.returns


@pytest.fixture
def fake_app(monkeypatch):
    module = types.ModuleType("spit.app.app")
    module.SpitApp = FakeApp
    monkeypatch.setitem(sys.modules, "spit.app.app", module)
    monkeypatch.setattr(FakeApp, "options", [])
    return FakeApp


@pytest.mark.parametrize(("returns", "status"), [(None, 0), ("quit", 0), (True, 0), (0, 0), (3, 3)])
def test_the_exit_status_is_the_apps_whole_number_result_else_0(
    fake_app, monkeypatch, returns, status
):
    monkeypatch.setattr(fake_app, "returns", returns)
    assert main(["play", "--two-player", "--seed", "7"]) == status
    assert fake_app.options == [GameOptions(mode=Mode.TWO_PLAYER, seed=7)]


def test_an_app_that_crashed_exits_with_its_error_status(fake_app, monkeypatch):
    monkeypatch.setattr(fake_app, "return_code", 1)
    assert main([]) == 1


# --- the terminal's encoding -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("encoding", "ascii"), [("utf-8", False), ("utf-16", False), ("ascii", True), ("latin-1", True)]
)
def test_a_stream_that_cannot_carry_the_suits_needs_the_ascii_look(encoding, ascii):
    stream = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
    assert NEEDS_ASCII(stream) is ascii


def test_pythonioencoding_ascii_chooses_the_ascii_look():
    """Issue 8, defect 7: it drew \\u256d-style escapes instead."""
    code = (
        "import spit.cli as c; import spit.commands.play as p; "
        "args = c.build_parser().parse_args(['play', '--two-player']); "
        "print(p.game_options(args, p.Config()).ascii)"
    )
    for encoding, ascii in (("ascii", "True"), ("utf-8", "False")):
        done = subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONIOENCODING": encoding},
            capture_output=True,
            text=True,
            check=True,
        )
        assert done.stdout.strip() == ascii


# --- language ---------------------------------------------------------------------------


def test_lang_flag_speaks_the_help_in_that_language(capsys):
    assert main(["--lang", "de", "play", "--help"]) == 0
    out = capsys.readouterr().out
    assert "Startet sofort eine Partie" in out
    assert out.startswith("Aufruf: spit play")  # argparse's own words too


def test_the_environment_chooses_the_language_when_nothing_else_does(monkeypatch, capsys):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["play", "--help"]) == 0
    assert "Startet sofort eine Partie" in capsys.readouterr().out


def test_the_flag_beats_the_config_file_which_beats_the_environment(config, started, monkeypatch):
    from spit import i18n

    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    config('lang = "lv"\n')
    main([])
    assert i18n.language() == "lv"
    main(["--lang", "ka"])
    assert i18n.language() == "ka"


def test_the_keyboard_follows_the_language_unless_chosen(config, started):
    main(["--lang", "el", "play", "--two-player"])
    main(["--lang", "ka", "play", "--two-player"])
    main(["--lang", "de", "play", "--two-player", "--keys", "azerty"])
    config('lang = "lv"\n[keys]\npreset = "qwerty"\n')
    main([])
    assert [options.keys for options in started] == ["greek", "georgian", "azerty", "qwerty"]


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "el_GR.UTF-8"}, "el"),
        ({"LANGUAGE": "fr:ka", "LANG": "de_DE.UTF-8"}, "ka"),
        ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_MESSAGES": "lv_LV", "LANG": "de_DE"}, "lv"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_environment_is_read_as_gettext_reads_it(environ, expected):
    from spit.i18n import choose_language

    assert choose_language(None, None, environ) == expected


def test_an_unknown_language_is_a_one_line_error(capsys):
    assert main(["--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "fr" in err and len(err.strip().splitlines()) == 1


# --- what the player typed is shown escaped (issue 8, defect 5) ------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--two-player", "\x1b[2J"],
        ["play", "--two-player", "x\nspit: all fine, starting"],
        ["play", "--two-player", "--lockout", " 5\n"],
        ["play", "--two-player", "--lockout", "\x1b[2J"],
        ["play", "--keys", "\x1b]0;pwned\x07"],
        ["\x1b[2J"],
    ],
    ids=repr,
)
def test_a_bad_flag_is_one_printable_line_whatever_was_typed(capsys, started, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.endswith("\n") and err[:-1].isprintable(), repr(err)
    assert started == []


def test_a_config_path_is_shown_escaped(monkeypatch, capsys, tmp_path, started):
    monkeypatch.setenv("SPIT_CONFIG", str(tmp_path / "a\x1b[2J\nb.toml"))
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.endswith("\n") and err[:-1].isprintable(), repr(err)
    assert "a\\x1b[2J\\nb.toml" in err


def test_an_app_that_panicked_exits_1_whatever_its_return_code(fake_app, monkeypatch):
    """Textual's panic (an error in its input thread) left the return code at None: exit 0."""
    monkeypatch.setattr(fake_app, "return_code", None)
    monkeypatch.setattr(fake_app, "crashed", True)
    assert main([]) == 1


# --- spit practice --------------------------------------------------------------------------


def test_spit_practice_starts_the_guided_practice_with_the_flags_and_config(monkeypatch, config):
    """``spit practice`` starts the app on the practice round, the keys and look from the
    flags, else the config file; a bad flag is one line and exit 2 like any other."""
    path = config('[keys]\npreset = "qwertz"\n[display]\nfour_colour = true\n')
    monkeypatch.setenv("SPIT_CONFIG", str(path))
    runs: list[tuple[GameOptions, dict[str, object]]] = []

    def run_app(options: GameOptions, **kwargs: object) -> int:
        runs.append((options, kwargs))
        return 0

    monkeypatch.setattr(spit.commands.play, "run_app", run_app)
    assert main(["practice", "--seed", "7", "--ascii"]) == 0
    options, kwargs = runs[-1]
    assert kwargs["practice"] is True
    assert (options.seed, options.ascii, options.keys, options.four_colour) == (
        7,
        True,
        "qwertz",
        True,
    )
    assert main(["play", "--two-player"]) == 0
    assert runs[-1][1]["practice"] is False
    assert main(["practice", "--bot", "easy"]) == 2


def test_the_menu_offers_the_practice_until_the_config_says_it_was_offered(monkeypatch, config):
    path = config("")
    monkeypatch.setenv("SPIT_CONFIG", str(path))
    offers: list[object] = []
    monkeypatch.setattr(
        spit.commands.play,
        "run_app",
        lambda options, **kwargs: offers.append(kwargs["offer_practice"]) or 0,
    )
    assert main([]) == 0
    path.write_text("[menu]\npractice_offered = true\n", encoding="utf-8")
    assert main([]) == 0
    assert offers == [True, False]


def test_a_number_flag_refuses_nan_and_infinity() -> None:
    """Every bounded number flag refuses what is no number within its bounds, NaN included."""
    import argparse

    from spit.commands.play import lockout_seconds
    from spit.commands.rooms import grace_seconds, pace_factor

    for parse in (grace_seconds, pace_factor, lockout_seconds):
        for text in ("nan", "inf", "-inf"):
            with pytest.raises(argparse.ArgumentTypeError):
                parse(text)
