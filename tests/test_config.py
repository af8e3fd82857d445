"""The config file: defaults, every setting, and a one-line error naming file and entry."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest

from spit.engine import FillPress, PilePress, SpitPress
from spit.settings.config import Config, ConfigError, config_path, load_config, remember
from spit.settings.keymap import KeyMap
from spit.words.config import config_error as said


@pytest.fixture
def write(tmp_path: Path):
    """Write a config file and return its path."""

    def write(text: str | bytes) -> Path:
        path = tmp_path / "config.toml"
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return path

    return write


def refusal(path: Path) -> str:
    """The message of the ConfigError that reading ``path`` raises, checked to be one line."""
    with pytest.raises(ConfigError) as raised:
        load_config(path)
    message = said(raised.value)
    assert "\n" not in message
    assert message.startswith(f"config error in {path}: ")
    return message.removeprefix(f"config error in {path}: ")


def test_the_config_file_lives_in_the_user_config_directory(monkeypatch):
    monkeypatch.delenv("SPIT_CONFIG", raising=False)
    path = config_path()
    assert path.name == "config.toml"
    assert path.parent.name == "spit"


def test_spit_config_names_another_file(monkeypatch, tmp_path):
    monkeypatch.setenv("SPIT_CONFIG", str(tmp_path / "mine.toml"))
    assert config_path() == tmp_path / "mine.toml"


def test_load_config_reads_the_file_spit_config_names(monkeypatch, write):
    monkeypatch.setenv("SPIT_CONFIG", str(write("[display]\nascii = true\n")))
    assert load_config().ascii is True


def test_a_missing_file_at_the_usual_place_means_the_defaults(monkeypatch, tmp_path):
    monkeypatch.delenv("SPIT_CONFIG", raising=False)
    monkeypatch.setattr("platformdirs.user_config_dir", lambda name: str(tmp_path / name))
    assert load_config() == Config()
    assert load_config(tmp_path / "nowhere.toml") == Config()


def test_a_missing_file_named_by_spit_config_is_an_error(monkeypatch, tmp_path):
    """Whoever sets SPIT_CONFIG means a file; a typo in its name must not pass unnoticed."""
    path = tmp_path / "mine.toml"
    monkeypatch.setenv("SPIT_CONFIG", str(path))
    with pytest.raises(ConfigError) as raised:
        load_config()
    assert said(raised.value) == (
        f"config error in {path}: no such file (SPIT_CONFIG names it; unset SPIT_CONFIG "
        "to use the usual config file)"
    )


def test_an_empty_file_means_the_defaults(write):
    """No preset and no language: both follow the environment's language."""
    config = load_config(write(""))
    assert (config.keys, config.bindings, config.ascii, config.four_colour, config.lockout) == (
        None,
        {},
        False,
        False,
        0.5,
    )


def test_every_setting_is_read(write):
    path = write(
        """
        [keys]
        preset = "azerty"
        [keys.bindings]
        "p1.spit" = "1"
        "p2.stock5.fill" = "f12"
        [display]
        ascii = true
        four_colour = true
        theme = "high-contrast"
        cue = true
        [rules]
        lockout = 1.25
        """
    )
    assert load_config(path) == Config(
        keys="azerty",
        bindings={"p1.spit": "1", "p2.stock5.fill": "f12"},
        ascii=True,
        four_colour=True,
        theme="high-contrast",
        cue=True,
        lockout=1.25,
        path=path,
    )


def test_a_whole_number_lockout_is_seconds(write):
    assert load_config(write("[rules]\nlockout = 0\n")).lockout == 0.0
    assert load_config(write("[rules]\nlockout = 2\n")).lockout == 2.0


def test_keymap_applies_the_bindings_to_the_preset(write):
    config = load_config(write('[keys]\npreset = "qwertz"\n[keys.bindings]\n"p1.spit" = "1"\n'))
    keymap = config.keymap()
    assert keymap.press("1") == SpitPress(0)
    assert keymap.press("ö") == PilePress(1, 4, 1)
    assert config.keymap("qwerty") == KeyMap.preset("qwerty").with_bindings({"p1.spit": "1"})


def test_bindings_that_clash_with_another_preset_name_the_entry_and_layout(write):
    path = write('[keys.bindings]\n"p1.spit" = "ö"\n')
    config = load_config(path)
    with pytest.raises(ConfigError) as raised:
        config.keymap("qwertz")
    assert said(raised.value) == (
        f'config error in {path}: keys.bindings."p1.spit": '
        "'ö' is already the key for p2.stock5.right in the qwertz layout"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[keys.bindings]\n"p1.spit" = "spacebar"',
            "keys.bindings.\"p1.spit\": unknown key name 'spacebar'",
        ),
        (
            '[keys.bindings]\n"p1.spit" = "q"',
            "keys.bindings.\"p1.spit\": 'q' is already the key for p1.stock1.left",
        ),
        (
            '[keys.bindings]\n"p1.spit" = "escape"',
            "keys.bindings.\"p1.spit\": 'escape' is reserved",
        ),
        (
            '[keys.bindings]\n"p1.spit" = "ctrl+a"',
            "keys.bindings.\"p1.spit\": 'ctrl+a' is a key combination",
        ),
        ('[keys.bindings]\n"p3.spit" = "1"', 'keys.bindings."p3.spit": no such action'),
        (
            '[keys.bindings]\n"p1.spit" = 1',
            'keys.bindings."p1.spit": must be a key name in quotes, not 1',
        ),
        ("[keys]\nbindings = 1", "keys.bindings: must be a table, not 1"),
        ('[keys]\npreset = "dvorak"', "keys.preset: unknown keyboard layout 'dvorak'"),
        ("[keys]\npreset = 1", "keys.preset: must be a string, not 1"),
        ('keys = "qwertz"', "keys: must be a table, not 'qwertz'"),
        ("[keys]\nlayout = 1", "keys.layout: unknown setting"),
        ("[colours]\nhearts = 1", "colours: unknown table"),
        ("sound = true", "sound: unknown setting"),
        ('[display]\nascii = "yes"', "display.ascii: must be true or false, not 'yes'"),
        ("[display]\nfour_colour = 1", "display.four_colour: must be true or false, not 1"),
        ("[display]\nfour_color = true", "display.four_color: unknown setting"),
        ("[rules]\nlockout = 2.5", "rules.lockout: must be between 0 and 2 seconds, not 2.5"),
        ("[rules]\nlockout = -1", "rules.lockout: must be between 0 and 2 seconds, not -1"),
        ("[rules]\nlockout = nan", "rules.lockout: must be between 0 and 2 seconds, not nan"),
        ("[rules]\nlockout = true", "rules.lockout: must be a number, not true"),
        ('[rules]\nlockout = "0.5"', "rules.lockout: must be a number, not '0.5'"),
        ("[rules]\nlockout = [1]", "rules.lockout: must be a number, not a list"),
        ("[rules]\ntoo_late = 0.3", "rules.too_late: unknown setting"),
        ("[display\nascii = true", "not valid TOML: "),
        # msgspec names no key under a table of any keys: the first bad binding is found.
        (
            '[keys.bindings]\n"p1.spit" = "b"\n"p2.spit" = {a = 1}',
            'keys.bindings."p2.spit": must be a key name in quotes, not a table',
        ),
        ("[display.colours]\nhearts = 1", "display.colours: unknown table (expected ascii"),
        ('[menu]\nmode = "solo"', "menu.mode: unknown choice 'solo' (choose from two-player, bot)"),
        (
            '[display]\ntheme = "nord"',
            "display.theme: unknown choice 'nord' (choose from dark, light, high-contrast)",
        ),
        ('[display]\ncue = "bell"', "display.cue: must be true or false, not 'bell'"),
        ("[menu]\nlevel = 3", "menu.level: must be a string, not 3"),
        ("[players]\none = 3", "players.one: must be a name in quotes, not 3"),
        ("[rules]\nlockout = 1e400", "rules.lockout: must be between 0 and 2 seconds, not inf"),
    ],
)
def test_a_broken_entry_is_one_line_naming_file_and_entry(write, text, message):
    assert refusal(write(text)).startswith(message)


def test_text_that_is_not_utf8_is_refused(write):
    assert refusal(write(b"[display]\nascii = \xff\n")).startswith("not ")


def test_an_unreadable_file_is_refused(write, monkeypatch):
    path = write("")
    real_open = os.open

    def denied(file, *args, **kwargs):
        # chmod 0 would not stop root (CI runs as root), so refuse the open as the OS would.
        if Path(file) == path:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)
    assert refusal(path) == "cannot read it: Permission denied"


# -- only a regular file of sane size is read (issue 8, defect 4) ----------------------------


def test_a_directory_is_refused(tmp_path):
    assert refusal(tmp_path) == "not a regular file but a directory"


def refused_within(path: Path, seconds: float = 10.0) -> str:
    """The refusal for ``path``, which must come within ``seconds`` (it must not hang)."""
    answer: list[str] = []
    thread = threading.Thread(target=lambda: answer.append(refusal(path)), daemon=True)
    thread.start()
    thread.join(seconds)
    assert answer, f"reading {path} hung or failed"
    return answer[0]


def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "config.toml"
    os.mkfifo(fifo)
    assert refused_within(fifo) == "not a regular file but a named pipe"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_device_is_refused():
    assert refused_within(Path("/dev/zero")) == "not a regular file but a character device"


def test_saving_over_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "config.toml"
    os.mkfifo(fifo)
    answer: list[str] = []

    def save() -> None:
        try:
            remember(fifo, {("lang",): "de"})
        except ConfigError as error:
            answer.append(said(error))

    thread = threading.Thread(target=save, daemon=True)
    thread.start()
    thread.join(10.0)
    assert answer and answer[0].endswith("not a regular file but a named pipe"), answer


def test_a_link_to_the_players_own_file_is_read(write, tmp_path):
    """A config kept elsewhere (a dotfiles checkout) and linked into place is the player's."""
    link = tmp_path / "linked.toml"
    link.symlink_to(write('lang = "de"\n'))
    assert load_config(link).lang == "de"


def test_a_file_over_a_mebibyte_is_refused_unread(tmp_path):
    path = tmp_path / "config.toml"
    with path.open("wb") as file:
        file.truncate(50 * 2**20)  # sparse: 50 MiB of nothing, which used to stall for 11 s
    assert refused_within(path, 5.0) == "too large (50 MiB; a config file is at most 1 MiB)"


def test_a_file_of_exactly_a_mebibyte_is_read_and_one_byte_more_is_not(write):
    comment = b"#" + b"x" * 1022 + b"\n"  # 1 KiB lines
    path = write(comment * 1024)
    assert load_config(path) == Config(path=path)
    assert refusal(write(comment * 1024 + b"\n")).startswith("too large (1 MiB;")


@pytest.mark.parametrize(
    "nested",
    ["a = " + "[" * 1200 + "]" * 1200, "a = " + "{b = " * 1200 + "1" + "}" * 1200],
    ids=["arrays", "inline tables"],
)
def test_toml_nested_too_deep_is_one_line(write, nested):
    assert refusal(write(nested)) == "not valid TOML: nested too deeply"


# -- what came from the file is shown escaped (issue 8, defect 5) ----------------------------


@pytest.mark.parametrize(
    ("action_id", "shown"),
    [
        # TOML escapes in the file: the entry names hold a newline, an ESC, a bidi override.
        (r"p1.spit\nspit: all fine, starting", r"p1.spit\nspit: all fine, starting"),
        (r"p1.spit\u001b[2J", r"p1.spit\x1b[2J"),
        (r"p1\u202espit", r"p1\u202espit"),
    ],
)
def test_an_action_id_is_shown_escaped(write, action_id, shown):
    message = refusal(write(f'[keys.bindings]\n"{action_id}" = "b"\n'))
    assert message.startswith(f'keys.bindings."{shown}": no such action')
    assert message.isprintable()


def test_a_file_name_is_shown_escaped(tmp_path):
    folder = tmp_path / "a\x1b[2Jb\nc"
    folder.mkdir()
    path = folder / "config.toml"
    path.write_text("[rules]\nlockout = 9\n", encoding="utf-8")
    with pytest.raises(ConfigError) as raised:
        load_config(path)
    message = said(raised.value)
    assert message.isprintable()
    assert "a\\x1b[2Jb\\nc" in message


DOCS_KEYS = Path(__file__).parent.parent / "docs" / "keys.md"


def docs_example() -> str:
    return DOCS_KEYS.read_text(encoding="utf-8").split("```toml\n[keys]\n")[1].split("```")[0]


def test_the_example_in_the_docs_is_a_working_config(write):
    config = load_config(write("[keys]\n" + docs_example()))
    keymap = config.keymap()
    assert keymap.press("b") == SpitPress(0)
    assert keymap.press("space") == FillPress(0, 4)
    assert keymap.press("less_than_sign") == FillPress(0, 0)


def test_the_docs_example_names_the_bot_levels_the_menu_offers(write):
    # Issue 19: keys.md's example still said "easy, normal, hard or expert", the names of the
    # four levels before the ladder.
    from spit.bot.levels import ADAPTIVE, ALIASES, LADDER

    lines = docs_example().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("level = "))
    entry, comment = lines[start].split("#", 1)
    for line in lines[start + 1 :]:  # the comment goes on under it
        if not line.lstrip().startswith("#"):
            break
        comment += " " + line.split("#", 1)[1]
    levels, _, old = comment.partition("(")
    named = [n for n in re.findall(r"[a-z]+(?:-[a-z]+)*", levels) if n != "or"]
    assert named == [*LADDER, ADAPTIVE]
    assert set(ALIASES) <= set(re.findall(r"[a-z]+", old))
    assert load_config(write("[menu]\n" + entry)).menu_level in LADDER


def test_the_error_shown_in_the_docs_is_the_one_spit_gives(write):
    lines = [line for line in docs_example().splitlines() if "p1.stock5.fill" not in line]
    path = write("[keys]\n" + "\n".join(lines))
    shown = DOCS_KEYS.read_text(encoding="utf-8").split("```text\nspit: ")[1].split("\n")[0]
    assert refusal(path) == shown.split(": ", 1)[1]


def test_players_give_their_names_in_the_players_table(write):
    config = load_config(write('[players]\none = " Ann "\ntwo = "Βασίλης"\n'))
    assert config.names == ("Ann", "Βασίλης")
    assert load_config(write('[players]\ntwo = "Ben"\n')).names == (None, "Ben")


@pytest.mark.parametrize("value", ['""', '"   "', '"a\\tb"', f'"{"x" * 21}"', "3"])
def test_a_name_that_cannot_be_shown_is_refused_naming_the_entry(write, value):
    path = write(f"[players]\none = {value}\n")
    assert "players.one" in refusal(path)


def test_the_language_is_a_code_spit_speaks(write):
    assert load_config(write('lang = "ka"')).lang == "ka"
    with pytest.raises(ConfigError) as refused:
        load_config(write('lang = "fr"'))
    assert re.search(r"lang: unknown language 'fr' \(choose from en, el", said(refused.value))
    with pytest.raises(ConfigError) as refused:
        load_config(write("lang = 3"))
    assert re.search("lang: must be a string, not 3", said(refused.value))
