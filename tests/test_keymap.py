"""Key maps: each player's half of the keyboard, the presets, remapping by action id."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from msgspec.structs import replace
from textual import events
from textual._xterm_parser import XTermParser
from textual.keys import _character_to_key

from spit.engine import (
    Fill,
    FillPress,
    Phase,
    PilePress,
    Play,
    Press,
    Slap,
    Spit,
    SpitPress,
    resolve,
)
from spit.settings.keymap import (
    PRESET_NAMES,
    PRESSES,
    RESERVED_KEYS,
    KeyMap,
    KeyMapError,
    character_key,
    control_id,
    normalize_key,
    press_of,
)
from spit.words.config import key_map_error as said
from spit.words.labels import control_label, key_label

KEYBOARDS = {
    "qwerty": (
        "q w e r t y u i o p",
        "a s d f g h j k l semicolon",
        "z x c v b n m comma full_stop slash",
    ),
    "qwertz": (
        "q w e r t z u i o p ü",
        "a s d f g h j k l ö ä",
        "y x c v b n m comma full_stop minus",
    ),
    "azerty": (
        "a z e r t y u i o p",
        "q s d f g h j k l m ù",
        "w x c v b n comma semicolon colon exclamation_mark",
    ),
    # The national presets name keys by the Latin letter printed beside the national one.
    "greek": (
        "q w e r t y u i o p",
        "a s d f g h j k l apostrophe",
        "z x c v b n m comma full_stop slash",
    ),
    "georgian": (
        "q w e r t y u i o p",
        "a s d f g h j k l semicolon",
        "z x c v b n m comma full_stop slash",
    ),
    "latvian": (
        "q w e r t y u i o p",
        "a s d f g h j k l semicolon",
        "z x c v b n m comma full_stop slash",
    ),
    # The ergonomic Latvian layout (ŪGJRMV), named by what it types at each place.
    "latvian-ergonomic": (
        "ū g j r m v n z ē č",
        "š u s i l d a t e c",
        "ņ b ī k p o ā comma full_stop ļ",
    ),
}
"""The three letter rows of each physical keyboard, from each row's first letter key.

The first five keys of a row are the left half; the rest the right half.
"""


def row_on_keyboard(press: Press) -> int:
    """Top row plays onto the left pile, home row onto the right pile, bottom row fills."""
    return press.pile if isinstance(press, PilePress) else 2


def half(layout: str, player: int) -> set[str]:
    """One half of a keyboard: player 0 the left half and space, player 1 the right and enter."""
    rows = [row.split() for row in KEYBOARDS[layout]]
    if player == 0:
        return {key for row in rows for key in row[:5]} | {"space"}
    return {key for row in rows for key in row[5:]} | {"enter"}


def keys_of(keymap: KeyMap, player: int) -> list[str]:
    return [keymap.key(control_id(press)) for press in PRESSES if press.player == player]


QWERTY = KeyMap.preset("qwerty")

# --- the presses and their ids ---------------------------------------------------------------


def test_there_are_32_keys_with_distinct_presses_and_ids():
    assert len(set(PRESSES)) == 32
    assert len({control_id(press) for press in PRESSES}) == 32


def test_action_ids_count_stocks_and_players_from_one():
    assert control_id(PilePress(0, 2, 0)) == "p1.stock3.left"
    assert control_id(FillPress(1, 0)) == "p2.stock1.fill"
    assert control_id(PilePress(1, 4, 1)) == "p2.stock5.right"
    assert control_id(SpitPress(0)) == "p1.spit"


def test_an_action_id_reads_back_as_its_press():
    assert all(press_of(control_id(press)) == press for press in PRESSES)
    assert press_of("p1.stock3.left") == PilePress(0, 2, 0)
    assert press_of("p3.spit") is None
    assert press_of("p1.stock6.fill") is None


@pytest.mark.parametrize("phase", [Phase.DEALT, Phase.PLAYING, Phase.STUCK, Phase.SETTLED])
def test_play_rows_play_onto_their_pile_outside_the_slap(phase):
    assert resolve(QWERTY.press("r"), phase) == Play(0, 3, 0)
    assert resolve(QWERTY.press("j"), phase) == Play(1, 1, 1)


@pytest.mark.parametrize("phase", [Phase.DEALT, Phase.PLAYING, Phase.STUCK, Phase.SETTLED])
def test_fill_row_fills_from_its_stock_outside_the_slap(phase):
    assert resolve(QWERTY.press("comma"), phase) == Fill(1, 2)


def test_play_rows_slap_their_pile_in_the_slap():
    assert resolve(QWERTY.press("t"), Phase.SLAP) == Slap(0, 0)
    assert resolve(QWERTY.press("h"), Phase.SLAP) == Slap(1, 1)


def test_fill_row_does_nothing_in_the_slap():
    assert resolve(QWERTY.press("z"), Phase.SLAP) is None


@pytest.mark.parametrize("phase", list(Phase))
def test_spit_key_says_spit_in_every_phase(phase):
    assert resolve(QWERTY.press("enter"), phase) == Spit(1)


def test_against_the_bot_both_halves_act_for_the_person():
    """The app replaces the press's player: player 2's half then plays for player 1."""

    def for_the_person(key: str, phase: Phase):
        press = QWERTY.press(key)
        assert press is not None and press.player == 1
        return resolve(replace(press, player=0), phase)

    assert for_the_person("i", Phase.PLAYING) == Play(0, 2, 0)
    assert for_the_person("comma", Phase.PLAYING) == Fill(0, 2)
    assert for_the_person("k", Phase.SLAP) == Slap(0, 1)
    assert for_the_person("enter", Phase.STUCK) == Spit(0)


# --- the presets ----------------------------------------------------------------------------


def test_qwerty_is_the_default_preset():
    assert KeyMap.preset() == KeyMap.preset("qwerty")
    assert PRESET_NAMES[0] == "qwerty"


@pytest.mark.parametrize("layout", PRESET_NAMES)
def test_every_preset_has_32_distinct_keys(layout):
    keymap = KeyMap.preset(layout)
    assert len({keymap.key(control_id(press)) for press in PRESSES}) == 32


@pytest.mark.parametrize("layout", PRESET_NAMES)
@pytest.mark.parametrize("player", [0, 1])
def test_each_player_plays_from_their_own_half_of_the_keyboard(layout, player):
    assert set(keys_of(KeyMap.preset(layout), player)) <= half(layout, player)


@pytest.mark.parametrize("layout", PRESET_NAMES)
def test_stock_keys_run_left_to_right_along_the_keyboard_rows(layout):
    keymap = KeyMap.preset(layout)
    for press in PRESSES:
        if isinstance(press, SpitPress):
            continue
        row = KEYBOARDS[layout][row_on_keyboard(press)].split()
        control = control_id(press)
        assert keymap.key(control) == row[5 * press.player + press.stock], control


@pytest.mark.parametrize("layout", PRESET_NAMES)
def test_player_1_spits_with_space_and_player_2_with_enter(layout):
    keymap = KeyMap.preset(layout)
    assert keymap.key("p1.spit") == "space"
    assert keymap.key("p2.spit") == "enter"


@pytest.mark.parametrize("layout", PRESET_NAMES)
def test_no_preset_uses_a_reserved_key(layout):
    keymap = KeyMap.preset(layout)
    assert not {keymap.key(control_id(press)) for press in PRESSES} & RESERVED_KEYS


@pytest.mark.parametrize("layout", PRESET_NAMES)
def test_preset_keys_are_the_names_textual_reports_for_the_typed_character(layout):
    """Typing each key's character (legacy and kitty protocol) gives the preset's key name."""
    keymap = KeyMap.preset(layout)
    parser = XTermParser()
    for control in map(control_id, PRESSES):
        key = keymap.key(control)
        character = {"space": " ", "enter": "\r"}.get(key) or key_label(key)
        for sequence in (character, f"\x1b[{ord(character)}u"):
            pressed = [e.key for e in parser.feed(sequence) if isinstance(e, events.Key)]
            assert pressed == [key], (control, sequence)


def test_german_preset_uses_the_o_umlaut_key_right_of_l():
    keymap = KeyMap.preset("qwertz")
    assert keymap.press("ö") == PilePress(1, 4, 1)
    assert keymap.press("y") == FillPress(0, 0)
    assert keymap.press("z") == PilePress(1, 0, 0)


def test_french_preset_ends_the_bottom_row_in_punctuation():
    keymap = KeyMap.preset("azerty")
    assert keymap.press("exclamation_mark") == FillPress(1, 4)
    assert keymap.press("colon") == FillPress(1, 3)
    assert keymap.press("a") == PilePress(0, 0, 0)


def test_unknown_preset_is_refused():
    with pytest.raises(KeyMapError) as refused:
        KeyMap.preset("dvorak")
    assert re.search("dvorak", said(refused.value))


# --- looking keys up ------------------------------------------------------------------------


def test_a_key_gives_its_players_press():
    keymap = KeyMap.preset("qwerty")
    assert keymap.press("q") == PilePress(0, 0, 0)
    assert keymap.press("semicolon") == PilePress(1, 4, 1)
    assert keymap.press("enter") == SpitPress(1)


@pytest.mark.parametrize("key", ["1", "f2", "escape", "f1", "ctrl+q", "up", "apostrophe", ""])
def test_keys_that_play_nothing_have_no_press(key):
    assert KeyMap.preset("qwerty").press(key) is None


def test_caps_lock_does_not_stop_the_game():
    assert KeyMap.preset("qwerty").press("Q") == PilePress(0, 0, 0)
    assert KeyMap.preset("qwertz").press("Ö") == PilePress(1, 4, 1)


def test_labels_print_the_character_a_key_types():
    keymap = KeyMap.preset("azerty")
    assert control_label(keymap, "p1.stock1.left") == "a"
    assert control_label(keymap, "p2.stock2.fill") == ","
    assert control_label(keymap, "p2.stock3.fill") == ";"
    assert control_label(keymap, "p2.stock5.fill") == "!"
    assert control_label(keymap, "p1.spit") == "Space"
    assert control_label(keymap, "p2.spit") == "Enter"
    assert control_label(KeyMap.preset("qwertz"), "p2.stock5.fill") == "-"
    assert key_label("f5") == "F5"


def test_key_of_an_unknown_action_is_a_key_error():
    with pytest.raises(KeyError):
        KeyMap.preset().key("p1.stock6.left")


# --- remapping ------------------------------------------------------------------------------


def test_remap_moves_an_action_to_another_key():
    keymap = KeyMap.preset("qwerty").with_bindings({"p1.spit": "1", "p2.stock5.fill": "f12"})
    assert keymap.key("p1.spit") == "1"
    assert keymap.press("1") == SpitPress(0)
    assert keymap.press("space") is None
    assert keymap.press("f12") == FillPress(1, 4)
    assert keymap.press("slash") is None


def test_remap_leaves_the_preset_unchanged():
    preset = KeyMap.preset("qwerty")
    preset.with_bindings({"p1.spit": "1"})
    assert preset.key("p1.spit") == "space"


def test_remap_can_swap_two_keys():
    keymap = KeyMap.preset("qwerty").with_bindings({"p1.spit": "q", "p1.stock1.left": "space"})
    assert keymap.press("q") == SpitPress(0)
    assert keymap.press("space") == PilePress(0, 0, 0)


def test_remap_accepts_characters_and_names_them_as_textual_does():
    keymap = KeyMap.preset("qwerty").with_bindings({"p2.spit": "'", "p1.spit": "Space"})
    assert keymap.key("p2.spit") == "apostrophe"
    assert keymap.press("apostrophe") == SpitPress(1)
    assert keymap.key("p1.spit") == "space"


def test_remap_folds_capital_letters_to_their_key():
    with pytest.raises(KeyMapError) as refused:
        KeyMap.preset("qwerty").with_bindings({"p2.spit": "Q"})
    assert re.search(r"p1\.stock1\.left", said(refused.value))


def test_remap_of_an_unknown_action_is_refused():
    with pytest.raises(KeyMapError) as refused:
        KeyMap.preset().with_bindings({"p3.spit": "1"})
    assert refused.value.control_id == "p3.spit"
    assert "no such action" in said(refused.value)


@pytest.mark.parametrize("key", ["spacebar", "", "ctrl", "\x07"])
def test_remap_to_an_unknown_key_name_is_refused(key):
    with pytest.raises(KeyMapError) as refused:
        KeyMap.preset().with_bindings({"p1.spit": key})
    assert re.search("unknown key name", said(refused.value))
    assert refused.value.control_id == "p1.spit"


def test_remap_to_a_key_combination_is_refused():
    with pytest.raises(KeyMapError) as refused:
        KeyMap.preset().with_bindings({"p1.spit": "ctrl+a"})
    assert re.search("combination", said(refused.value))


@pytest.mark.parametrize("key", [*sorted(RESERVED_KEYS), "Escape", "F1"])
def test_remap_to_a_reserved_key_is_refused(key):
    with pytest.raises(KeyMapError) as refused:
        KeyMap.preset().with_bindings({"p2.spit": key})
    assert re.search("reserved", said(refused.value))


def test_remap_onto_a_key_in_use_names_both_actions():
    with pytest.raises(KeyMapError) as refused:
        KeyMap.preset("qwerty").with_bindings({"p2.spit": "q"})
    assert refused.value.control_id == "p2.spit"
    assert "p1.stock1.left" in said(refused.value)
    assert "p2.spit" in said(refused.value)


def test_remap_of_two_actions_onto_one_key_names_both():
    with pytest.raises(KeyMapError) as refused:
        KeyMap.preset("qwerty").with_bindings({"p1.spit": "1", "p2.spit": "1"})
    assert refused.value.control_id == "p2.spit"
    assert "p1.spit" in said(refused.value)
    assert refused.value.other == "p1.spit"


# --- key names ------------------------------------------------------------------------------


def test_character_names_agree_with_textual():
    """Our names for typed characters are Textual's, without importing Textual at run time."""
    for code in range(0x20, 0x2C00):
        character = chr(code)
        if character.isprintable():
            assert character_key(character) == _character_to_key(character), repr(character)


@pytest.mark.parametrize(
    ("given", "name"),
    [
        ("comma", "comma"),
        (",", "comma"),
        ("-", "minus"),
        ("ö", "ö"),
        ("Ö", "ö"),
        ("F5", "f5"),
        (" ", "space"),
        ("section_sign", "section_sign"),
        ("hyphen_minus", None),
        ("ctrl+a", None),
    ],
)
def test_normalize_key_gives_the_name_textual_reports(given, name):
    assert normalize_key(given) == name


# --- docs/keys.md ---------------------------------------------------------------------------

DOC = Path(__file__).parent.parent / "docs" / "keys.md"

DOC_ROWS = {
    "Onto the left pile · slap left": lambda player, stock: PilePress(player, stock, 0),
    "Onto the right pile · slap right": lambda player, stock: PilePress(player, stock, 1),
    "Fill an empty slot": FillPress,
    "Spit": lambda player, stock: SpitPress(player),
}


def doc_table(layout: str) -> dict[str, list[str]]:
    """Action id -> its keys' labels, read from the layout's table in docs/keys.md.

    A cell holds the key (the Latin letter printed on the key), then the characters the
    layout types there, if other: `` `q` `;` `` for Greek.
    """
    section = DOC.read_text(encoding="utf-8").split(f"\n### {layout.upper()} ")[1]
    table: dict[str, list[str]] = {}
    for line in section.split("\n#")[0].splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0] not in DOC_ROWS:
            continue
        pressed = DOC_ROWS[cells[0]]
        assert len(cells) == 11, line
        for column, cell in enumerate(cells[1:]):
            player, stock = divmod(column, 5)
            if cells[0] == "Spit" and stock > 0:
                assert cell == "", line
            else:
                table[control_id(pressed(player, stock))] = [k.strip("`") for k in cell.split()]
    return table


@pytest.mark.parametrize("layout", PRESET_NAMES)
def test_docs_list_exactly_the_keys_of_each_preset(layout):
    keymap = KeyMap.preset(layout)
    assert doc_table(layout) == {
        control: [key_label(key) for key in keymap.keys_of(control)]
        for control in map(control_id, PRESSES)
    }


def test_docs_list_every_action_id_with_its_qwerty_key():
    text = DOC.read_text(encoding="utf-8")
    block = text.split("```toml\n[keys.bindings]\n")[1].split("```")[0]
    listed = dict(line.replace('"', "").split(" = ") for line in block.splitlines())
    assert listed == KeyMap.preset("qwerty").bindings


# -- national presets, by key position (spit/settings/layouts.py, generated from xkb) -----------


@pytest.mark.parametrize("name", ["greek", "georgian", "latvian", "latvian-ergonomic"])
def test_a_national_preset_gives_no_character_two_meanings(name: str) -> None:
    keymap = KeyMap.preset(name)
    every = [key for press in PRESSES for key in keymap.keys_of(control_id(press))]
    assert len(every) == len(set(every))
    for press in PRESSES:
        for key in keymap.keys_of(control_id(press)):
            assert keymap.press(key) == press


@pytest.mark.parametrize("name", ["greek", "georgian", "latvian"])
def test_a_national_preset_answers_to_the_layouts_character_at_each_latin_key(name: str) -> None:
    from spit.settings.layouts import BASE

    keymap = KeyMap.preset(name)
    position_of = {
        char: position for position, char in BASE["us"].items()
    }  # Latin character -> position
    for press in PRESSES:
        latin = keymap.key(control_id(press))
        if latin in ("space", "enter"):
            continue
        native = BASE[name][position_of[_character(latin)]]
        assert native != "dead", f"{control_id(press)} sits on a dead key"
        assert keymap.press(character_key(native)) == press


def test_greek_semicolon_is_player_ones_q_and_the_dead_accent_key_is_left_out() -> None:
    """The Greek layout types ; where Latin q is; the key right of L is a dead key (´ ¨)."""
    greek = KeyMap.preset("greek")
    assert greek.press("semicolon") == greek.press("q")
    assert control_id(greek.press("semicolon")) == "p1.stock1.left"
    assert greek.key("p2.stock5.right") == "apostrophe"
    assert greek.press("ς") == greek.press("w")


def test_georgian_letters_play_like_their_latin_keys() -> None:
    georgian = KeyMap.preset("georgian")
    assert georgian.press("ქ") == georgian.press("q")
    assert georgian.press("ლ") == georgian.press("l")
    assert control_id(georgian.press("ნ")) == "p2.stock1.fill"


def test_remapping_an_action_drops_its_layout_character_and_keeps_it_taken_for_others() -> None:
    georgian = KeyMap.preset("georgian").with_bindings({"p1.stock1.left": "1"})
    assert georgian.press("ქ") is None
    assert control_id(georgian.press("1")) == "p1.stock1.left"
    with pytest.raises(KeyMapError) as refused:
        KeyMap.preset("georgian").with_bindings({"p1.spit": "წ"})
    assert re.search(r"already the key for p1\.stock2\.left", said(refused.value))


def _character(key: str) -> str:
    return {"semicolon": ";", "comma": ",", "full_stop": ".", "slash": "/", "apostrophe": "'"}.get(
        key, key
    )


# -- Shift, Caps Lock and dead keys ---------------------------------------------------------

GREEK_ACCENTED = {
    # the dead key right of L (´, and with Shift ¨), then a vowel
    "ά": "α", "έ": "ε", "ή": "η", "ί": "ι", "ό": "ο", "ύ": "υ", "ώ": "ω",
    "ϊ": "ι", "ϋ": "υ", "ΐ": "ι", "ΰ": "υ",
    "Ά": "α", "Έ": "ε", "Ή": "η", "Ί": "ι", "Ό": "ο", "Ύ": "υ", "Ώ": "ω", "Ϊ": "ι", "Ϋ": "υ",
}  # fmt: skip


def test_an_upper_case_letter_that_two_keys_fold_to_does_nothing() -> None:
    """Shift or Caps Lock on the Greek layout types Σ at both w (ς) and s (σ)."""
    greek = KeyMap.preset("greek")
    assert greek.press("Σ") is None
    assert control_id(greek.press("ς")) == "p1.stock2.left"
    assert control_id(greek.press("σ")) == "p1.stock2.right"
    assert greek.press("Ε") == greek.press("ε") == greek.press("e")
    # The same rule on any map: ı (dotless i) and i both write I in upper case.
    dotless = KeyMap.preset("qwerty").with_bindings({"p2.spit": "ı"})
    assert dotless.press("I") is None
    assert control_id(dotless.press("i")) == "p2.stock3.left"
    assert control_id(dotless.press("ı")) == "p2.spit"


@pytest.mark.parametrize(("composed", "base"), GREEK_ACCENTED.items())
def test_a_greek_vowel_with_an_accent_plays_as_its_vowels_key(composed: str, base: str) -> None:
    greek = KeyMap.preset("greek")
    assert greek.press(composed) is not None
    assert greek.press(composed) == greek.press(base)


def test_a_letter_with_marks_plays_as_its_base_only_where_no_key_of_its_own_types_it() -> None:
    qwertz, azerty = KeyMap.preset("qwertz"), KeyMap.preset("azerty")
    assert qwertz.press("é") == qwertz.press("e")  # dead ´, then e
    assert qwertz.press("ä") is None  # a key of its own, right of ö, that plays nothing
    assert azerty.press("ê") == azerty.press("e")  # dead ^, then e
    assert azerty.press("é") is None  # the 2 key
    assert control_id(KeyMap.preset("latvian").press("ā")) == "p1.stock1.right"  # AltGr, its own
    # A base that two keys fold to is no more a guess than the upper-case letter is.
    assert KeyMap.preset("qwerty").with_bindings({"p2.spit": "ı"}).press("Í") is None


def test_the_greek_semicolon_plays_player_ones_first_stock_on_either_layout() -> None:
    """The Greek layout types ; at Latin q's place; the Latin layout types it right of l,
    where the Greek layout has its dead accent key: there too it is player 1's first key."""
    greek = KeyMap.preset("greek")
    assert control_id(greek.press("semicolon")) == "p1.stock1.left"
    assert control_id(greek.press("q")) == "p1.stock1.left"
    assert greek.press("colon") is None  # Shift on that key: nothing, on either layout


GEORGIAN_SHIFTED = {"ჭ": "w", "ღ": "r", "თ": "t", "შ": "s", "ჟ": "j", "ძ": "z", "ჩ": "c"}


@pytest.mark.parametrize(("shifted", "latin"), GEORGIAN_SHIFTED.items())
def test_a_georgian_letter_shift_types_plays_as_its_key(shifted: str, latin: str) -> None:
    """Shift, or Caps Lock where it acts as Shift, types another letter on seven keys."""
    georgian = KeyMap.preset("georgian")
    assert georgian.press(shifted) is not None
    assert georgian.press(shifted) == georgian.press(latin)


def test_georgian_shift_on_the_other_keys_types_the_latin_capital_of_the_key() -> None:
    georgian = KeyMap.preset("georgian")
    assert georgian.press("Q") == georgian.press("ქ")
    assert georgian.press("L") == georgian.press("ლ")


def test_the_latvian_ergonomic_preset_plays_by_key_position() -> None:
    """ŪGJRMV: player 1's top row types ū g j r m and plays player 1's five stocks."""
    from spit.settings.layouts import BASE

    ergonomic = KeyMap.preset("latvian-ergonomic")
    assert [control_id(ergonomic.press(k)) for k in "ūgjrm"] == [
        f"p1.stock{n}.left" for n in range(1, 6)
    ]
    assert [control_id(ergonomic.press(k)) for k in "šusil"] == [
        f"p1.stock{n}.right" for n in range(1, 6)
    ]
    assert control_id(ergonomic.press("c")) == "p2.stock5.right"  # right of e, where ; is on QWERTY
    assert ergonomic.press("Ū") == ergonomic.press("ū")  # Caps Lock
    letters = [BASE["latvian-ergonomic"][p] for p in BASE["us"] if p != "AC11"]
    assert len(letters) == len(set(letters)) == 30


def test_the_latvian_ergonomic_presets_altgr_letters_play_as_their_key() -> None:
    """The layout types q w x y ŗ ō with AltGr on ū v b n r o."""
    ergonomic = KeyMap.preset("latvian-ergonomic")
    for altgr, key in {"q": "ū", "w": "v", "y": "n", "x": "b", "ŗ": "r", "ō": "o"}.items():
        assert ergonomic.press(altgr) == ergonomic.press(key), altgr


def test_the_latvian_ergonomic_preset_is_a_preset_of_its_own() -> None:
    assert "latvian-ergonomic" in PRESET_NAMES
    assert KeyMap.preset("latvian-ergonomic") != KeyMap.preset("latvian")


def test_a_georgian_shift_letter_plays_but_is_not_listed_as_the_keys_label() -> None:
    georgian = KeyMap.preset("georgian")
    assert georgian.keys_of("p1.stock2.left") == ("w", "წ")
    remapped = georgian.with_bindings({"p1.stock2.left": "1"})
    assert remapped.press("ჭ") is None  # it goes with its key's letters
    with pytest.raises(KeyMapError) as refused:
        georgian.with_bindings({"p1.spit": "ჭ"})
    assert re.search(r"already the key for p1\.stock2\.left", said(refused.value))
