"""No word is cut at a box's edge, at 80×24, in any language.

A label cut by its box loses its last letters without an ellipsis ("φτύστ" for "φτύστε",
"11 κάρτες σούβλ"), and a wrapped line can part a key from its word ("Ctrl+Q:" at one
line's end, "έξοδος" on the next). So every text widget on the screen is read back from the
screen, region by region, and held against what it was given to show:

- its words, in order, are the words of its text: none cut, none missing;
- a line of keys ("Esc: resume · F1: help · Ctrl+Q: quit") breaks only between its pairs,
  unless a pair alone is wider than the box, so a key stays with its word and no word of a
  pair ("later)") is left alone on a line;
- no line ends with a key ("Ctrl+Q:") while its word goes on to the next.

The table's piles and stocks are drawn as one picture (their captions are not widgets of
their own), so their labels are looked for whole, each on one line of the screen.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widget import Widget

from spit import i18n, words
from spit.app.dialogs.practice_offer import PracticeOfferScreen
from spit.app.dialogs.practice_pause import PracticePauseScreen
from spit.app.dialogs.resume import ResumeScreen
from spit.app.practice import PracticeScreen
from spit.engine import Phase, Variant

from .factory import FakeClock, drive, make_app, played_until, screen_text
from .test_languages import LANGUAGES, SIZE, assert_fits, started
from .test_practice import first_start, next_move, practice, practice_app

_BOX = re.compile(r"[│╭╮╰╯─▔▁▐▌●▊▎]")
SEPARATOR = "·"
"""What a line of keys puts between its pairs, in every language."""
KEY = re.compile(r"(Esc|Enter|Tab|F\d{1,2}|(Ctrl|Strg|Shift|Alt)\+\S+|\S):")
"""A key naming what follows it ("Ctrl+Q:", "Esc:", "P:"); key names are Latin everywhere."""


def _words(text: str) -> list[str]:
    return _BOX.sub(" ", text).split()


def _cells(line: str, x: int, width: int) -> str:
    """The characters of ``line`` in the terminal columns ``x`` to ``x + width``."""
    out, column = [], 0
    for char in line:
        if x <= column < x + width:
            out.append(char)
        column += cell_len(char)
    return "".join(out)


def _content(widget: Widget) -> str | None:
    """The text a widget was given to show, or None for a picture (the cards)."""
    rendered = widget.render()
    plain = getattr(rendered, "plain", None)
    return plain if isinstance(plain, str) and plain.strip() else None


def _shown_lines(app, widget: Widget) -> list[list[str]]:
    """The words on each screen line of the widget's content region."""
    lines = screen_text(app).splitlines()
    region = widget.content_region
    rows = range(region.y, region.bottom)
    return [_words(_cells(lines[y], region.x, region.width)) for y in rows]


def _check_widget(app, widget: Widget, content: str) -> None:
    shown = [line for line in _shown_lines(app, widget) if line]
    text = screen_text(app)
    where = f"{type(widget).__name__}#{widget.id}"
    flat = [word for line in shown for word in line]
    assert flat == _words(content), f"{where} shows {flat} for {content!r}:\n{text}"
    # Each word of the content, with the pair it belongs to: a break between two words of
    # one pair that fits the box is a key parted from its word.
    owners = _owners(content, widget.content_region.width)
    index = 0
    for number, line in enumerate(shown):
        start, index = index, index + len(line)
        if number == 0:
            continue
        (before, fits, keys), (after, _, _) = owners[start - 1], owners[start]
        assert not (before == after and fits and keys), (
            f"{where}: a line of keys breaks inside {line[0]!r}'s pair:\n{text}"
        )
        assert not (KEY.fullmatch(flat[start - 1]) and before == after), (
            f"{where}: {flat[start - 1]!r} ends a line, its word on the next:\n{text}"
        )


def _owners(content: str, width: int) -> list[tuple[int, bool, bool]]:
    """For each word of ``content`` (separators included), the number of the pair it is in,
    whether that pair fits ``width``, and whether its line is a line of keys. A separator
    is a pair of its own, and so is each line without one."""
    owners: list[tuple[int, bool, bool]] = []
    pair = 0
    for source in content.splitlines():
        keys = SEPARATOR in source
        for number, part in enumerate(source.split(SEPARATOR)):
            if number:
                owners.append((pair, True, keys))
                pair += 1
            chunk = _words(part)
            owners += [(pair, cell_len(" ".join(chunk)) <= width, keys)] * len(chunk)
            pair += 1
    return owners


def assert_no_cut_word(app, *labels: str, prose: tuple[str, ...] = ()) -> None:
    """Nothing cut (the ellipsis and scrolling checks of the language tests), every text
    widget shows its whole text with its pairs together, each of ``labels`` (the table's
    captions, drawn inside the cards' picture; a table's cells) is whole on one line, and
    each sentence of ``prose`` (wrapped in a table of its own) is whole across its lines."""
    assert_fits(app, *prose)
    text = screen_text(app)
    lines = [" ".join(_words(line)) for line in text.splitlines()]
    for label in labels:
        whole = " ".join(_words(label))
        assert any(whole in line for line in lines), f"{label!r} is not whole in:\n{text}"
    checked = 0
    for widget in app.screen.query("*"):
        if not widget.display or widget.content_region.area == 0:
            continue
        content = _content(widget)
        if content is None:
            continue
        _check_widget(app, widget, content)
        checked += 1
    assert checked or labels or prose, f"no text on the screen:\n{text}"


@pytest.fixture(params=LANGUAGES)
def lang(request: pytest.FixtureRequest) -> str:
    i18n.set_language(request.param)
    return request.param


def _table_labels(spit_cards: int = 11) -> tuple[str, ...]:
    return (
        words.table.spit_cards(spit_cards),
        words.table.cards(0),
        words.table.table_label("spit"),
    )


@pytest.mark.long  # a sweep: each screen's words read back one by one
async def test_the_dealt_table_s_labels_and_banner_are_whole(lang: str) -> None:
    match = played_until(3, lambda m: m.round.phase is Phase.DEALT)
    async with make_app(3, match=match).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert_no_cut_word(pilot.app, *_table_labels())
        await pilot.press("space")
        await pilot.pause()
        assert_no_cut_word(pilot.app, *_table_labels())


@pytest.mark.long  # a sweep: each screen's words read back one by one
async def test_the_table_in_play_is_whole(lang: str) -> None:
    async with make_app(3, match=started(3)).run_test(size=SIZE) as pilot:
        await pilot.press("o", "q")
        await pilot.pause()
        assert_no_cut_word(pilot.app)


@pytest.mark.long  # a sweep: each screen's words read back one by one
async def test_the_slap_call_is_whole(lang: str) -> None:
    match = played_until(3, lambda m: m.round.phase is Phase.SLAP)
    async with make_app(3, match=match).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert_no_cut_word(pilot.app)


@pytest.mark.long  # a sweep: each screen's words read back one by one
async def test_one_pile_s_labels_are_whole(lang: str) -> None:
    match = played_until(0, lambda m: m.round.spit_piles == 1 and m.round.phase is Phase.PLAYING)
    async with make_app(0, match=match).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert_no_cut_word(pilot.app, words.table.table_label("not in play"))


@pytest.mark.long  # a sweep: each screen's words read back one by one
async def test_the_round_summary_is_whole(lang: str) -> None:
    match = played_until(3, lambda m: m.round.phase is Phase.DEALT and len(m.history) >= 1)
    async with make_app(3, match=match).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert_no_cut_word(pilot.app)


@pytest.mark.long  # a sweep: each screen's words read back one by one
async def test_the_pause_and_the_quit_questions_keep_each_key_with_its_word(lang: str) -> None:
    clock = FakeClock()
    app = make_app(3, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        drive(app, clock, lambda m: m.round.phase is Phase.PLAYING)
        await pilot.press("escape")
        await pilot.pause()
        assert_no_cut_word(app)
        await pilot.press("escape", "ctrl+q")
        await pilot.pause()
        assert_no_cut_word(app)


@pytest.mark.long  # a sweep: each screen's words read back one by one
async def test_the_help_is_whole(lang: str) -> None:
    async with make_app(3, match=started(3)).run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert_no_cut_word(
            pilot.app,
            words.dialogs.dialog_text("help title"),
            *(words.dialogs.keys_row(row) for row in words.dialogs.KEYS_ROW),
            prose=words.dialogs.rules_in_brief(),
        )


@pytest.mark.long  # a sweep: each screen's words read back one by one
async def test_the_practice_band_and_its_pause_are_whole(lang: str) -> None:
    app = practice_app(3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PracticeScreen)
        assert_no_cut_word(app, *_table_labels())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PracticePauseScreen)
        assert_no_cut_word(app)


@pytest.mark.long  # a sweep: each screen's words read back one by one
@pytest.mark.parametrize("phase", [Phase.DEALT, Phase.PLAYING, Phase.STUCK])
async def test_a_later_single_pile_round_s_note_and_the_practice_band_are_whole(
    lang: str, phase: Phase
) -> None:
    """At exactly 80x24, in a later round with one spit pile (the player has no spit cards
    left), the note that says so and what going out first means is whole on the screen,
    with the band's words and the table's labels: dealt, in play and stuck."""
    app = practice_app(3)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await pilot.press("tab")
        view = screen.game.view(0)
        while not (view.one_pile is not None and view.phase is phase):
            assert not view.is_over, "the practice match ended without the round wanted"
            next_move(screen)
            view = screen.game.view(0)
        await pilot.pause()
        note = words.table.one_pile_note(view, screen.names, against_bot=True, you=0)
        assert len(note.splitlines()) == 2, note
        unused, none = (
            words.table.table_label(label) for label in ("not in play", "no spit cards")
        )
        assert_no_cut_word(app, unused, none, prose=tuple(note.splitlines()))
        # The captions under the piles say so too, whole (the band's note says the same words).
        captions = next(line for line in screen_text(app).splitlines() if unused in line)
        assert none in captions, captions


@pytest.mark.long  # a sweep: each screen's words read back one by one
async def test_the_practice_offer_keeps_each_key_with_its_word(lang: str, tmp_path: Path) -> None:
    app = first_start(tmp_path / "config.toml")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PracticeOfferScreen)
        assert_no_cut_word(app)


@pytest.mark.long  # a sweep: each screen's words read back one by one
async def test_the_resume_offer_is_whole(lang: str, data_dir: Path) -> None:
    from tests.records.played import play_recorded

    play_recorded(data_dir / "records", seed=5, stop_after=60)
    async with make_app(mode=None).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, ResumeScreen)
        assert_no_cut_word(pilot.app)


@pytest.mark.long  # a sweep: each screen's words read back one by one
async def test_the_match_over_dialog_is_whole(lang: str) -> None:
    for variant in (Variant.STANDARD, Variant.POINTS):
        clock = FakeClock()
        app = make_app(3, variant=variant, clock=clock)
        async with app.run_test(size=SIZE) as pilot:
            drive(app, clock, lambda m: m.is_over)  # type: ignore[arg-type]
            await pilot.pause()
            assert_no_cut_word(app)


def _key_texts() -> list[str]:
    dialog = words.dialogs.dialog_text
    return [
        dialog("pause keys"),
        dialog("pause keys in a browser"),
        dialog("quit or keep"),
        dialog("quit or keep in a browser"),
        dialog("quit"),
        dialog("quit in a browser"),
        dialog("resume keys"),
        i18n._("Enter: practise · Esc: not now ({key} in the menu practises later)").format(
            key=words.menu.shortcut("practice")
        ),
    ]


def test_a_line_of_keys_breaks_only_between_its_pairs_at_every_width(lang: str) -> None:
    """At any width a pair fits, each pair ("Ctrl+Q: quit") is on one line, whole, in its
    order, and no line is wider than the width; the dialogs' own widths are among these."""
    from spit.app.dialogs.dialog import key_lines

    for text in _key_texts():
        for source in text.splitlines():
            pairs = [" ".join(part.split()) for part in source.split(SEPARATOR)]
            for width in range(max(cell_len(pair) for pair in pairs), cell_len(source) + 2):
                lines = key_lines(source, width)
                assert all(cell_len(line) <= width for line in lines), (source, width, lines)
                found = [" ".join(part.split()) for line in lines for part in line.split("·")]
                assert found == pairs, (source, width, lines)
