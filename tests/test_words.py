"""spit.words on its own: every engine fact has words, and the module needs no Textual."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from spit import i18n, words
from spit.engine import Card, Match, Play, Rank, Reason, Refusal, Round, Spit, Suit, Variant, cards
from spit.game import Lost


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


NAMES = ("Player 1", "Player 2")


def test_the_words_import_nothing_from_textual_or_rich() -> None:
    code = (
        "import sys, spit.words; "
        "print([m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("reason", list(Reason))
def test_every_reason_reads_as_a_sentence(reason: Reason) -> None:
    message = words.refusals.reason(reason, card="7♣", top="Q♥")
    assert message and "{" not in message and "None" not in message
    assert message != reason.value


def test_a_card_that_does_not_fit_is_named_with_the_pile_top() -> None:
    round_ = Round.from_layout(
        (["7C", "KD", "", "", ""], ["AS", "", "", "", ""]), ("3S", "4S"), ("QH", "9D")
    )
    refused = round_.apply(Play(0, 0, 0), at=1.0).refusal
    assert refused is not None
    text = words.refusals.refusal(refused, 1.0, names=NAMES)
    assert text.startswith("7♣ does not go on Q♥")
    assert "hand locked 0.5 s" in text


def test_a_locked_hand_is_told_how_long_to_wait_rounded_up() -> None:
    refused = Refusal(0, Reason.LOCKED, locked_until=10.42)
    text = words.refusals.refusal(refused, 10.0, names=NAMES)
    assert text == "wait 0.5 s — your hand is locked after a fumble"


def test_spit_refused_names_who_still_has_a_move() -> None:
    # Player 1's K fits neither pile (5 and 9); player 2's 6 fits the 5.
    round_ = Round.from_layout(
        (["KC", "", "", "", ""], ["6C", "", "", "", ""]), ("3S", "4S"), ("5S", "9D")
    )
    refused = round_.apply(Spit(0), at=1.0).refusal
    assert refused is not None and refused.reason is Reason.NOT_STUCK
    text = words.refusals.refusal(refused, 1.0, names=NAMES)
    assert text == "not stuck — Player 2 still has a move"
    refused = round_.apply(Spit(1), at=1.0).refusal
    assert refused is not None
    text = words.refusals.refusal(refused, 1.0, names=NAMES)
    assert text == "not stuck — you still have a move"


def test_a_player_who_pressed_spit_hears_that_the_other_is_awaited() -> None:
    match = Match(random.Random(3))
    match.apply(Spit(0), at=0.0)
    refused = match.apply(Play(0, 0, 0), at=0.0).refusal
    text = words.refusals.refusal(refused, 0.0, names=NAMES)
    assert text == words.refusals.reason(Reason.ALREADY_READY)


def test_the_slap_call_names_who_played_out_their_stocks() -> None:
    said = "Player 2 played out their stocks — SLAP the smaller pile!"
    assert words.table.slap(1, NAMES) == said
    assert words.table.slap(None, NAMES) == "Nobody can move — SLAP the smaller pile!"


@pytest.mark.parametrize("lang", ["de", "el", "ka", "lv"])  # in English the two coincide
def test_going_out_is_said_to_you_in_the_second_person(lang: str) -> None:
    """ "You" is not a name: "{name} played out their stocks" filled with it reads "Εσύ
    άδειασε" (you emptied-he) in Greek, so the seat called "you" has sentences of its own."""
    i18n.set_language(lang)
    you = words.labels.player_name(0, against_bot=True)
    names = (you, words.labels.player_name(1, against_bot=True))
    said = [
        words.table.slap(0, names, you=0),
        words.table.round_ended(0, names, stalemate=False, you=0),
        words.table.round_ended(0, names, stalemate=True, you=0),
    ]
    named = [
        words.table.slap(0, names),
        words.table.round_ended(0, names, stalemate=False),
        words.table.round_ended(0, names, stalemate=True),
    ]
    for second, third in zip(said, named, strict=True):
        assert second != third
    assert words.table.round_ended(1, names, stalemate=False, you=0) == named[1].replace(
        you, names[1]
    )


def test_a_single_pile_round_says_what_going_out_first_means() -> None:
    match = Match(random.Random(1), variant=Variant.STANDARD)
    assert words.table.one_pile_note(match.view(0), NAMES, against_bot=False) == ""


def test_cards_in_wording_are_the_engine_cards() -> None:
    assert [words.labels.card_label(card) for card in cards("2C AH")] == ["2♣", "A♥"]


@pytest.mark.parametrize("why", list(Lost))
def test_every_way_a_game_is_lost_reads_as_a_sentence(why: Lost) -> None:
    text = words.networked.lost(why)
    assert text.endswith(".") and text != why.value and "-" not in text


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_way_the_server_is_lost_reads_as_a_sentence(code: str) -> None:
    from spit.net.client import Gone, ServerGone

    i18n.set_language(code)
    for why in Gone:
        text = words.networked.server_gone(ServerGone(why, "127.0.0.1:7748", detail="x"))
        assert text.strip() and "{" not in text, (code, why)


def test_card_labels_follow_the_language() -> None:
    queen = Card(Rank.QUEEN, Suit.SPADES)
    assert words.labels.card_label(queen) == "Q♠"
    assert words.labels.card_label(Card(Rank.TEN, Suit.HEARTS), ascii=True) == "10H"
    i18n.set_language("de")
    assert words.labels.card_label(queen) == "D♠"
    assert words.labels.card_label(Card(Rank.JACK, Suit.CLUBS)) == "B♣"


def test_counts_take_the_plural_the_language_needs() -> None:
    assert words.table.cards(1) == "1 card"
    assert words.table.cards(2) == "2 cards"
    i18n.set_language("lv")
    # Latvian: one form for 0, one for 1, 21, 31…, one for the rest.
    forms = {words.table.cards(n) for n in (0, 1, 2)}
    assert len(forms) == 3
    assert words.table.cards(21).replace("21", "1") == words.table.cards(1)


def test_every_bot_level_has_a_name_of_its_own() -> None:
    from spit.bot.levels import LEVEL_NAMES

    i18n.set_language("de")
    names = [words.labels.level_name(level) for level in LEVEL_NAMES]
    assert len(set(names)) == len(LEVEL_NAMES)
    assert names != list(LEVEL_NAMES)


def test_dates_use_the_languages_own_day_and_month_names() -> None:
    assert words.dates.date_and_time(1, 1, 12, "14:05") == "Tue 1 Dec 14:05"
    i18n.set_language("de")
    assert words.dates.date_and_time(1, 1, 12, "14:05") == "Di, 1. Dez. 14:05"


def test_the_winner_on_a_network_is_you_on_your_own_screen() -> None:
    names = ("Ana", "You")
    assert words.match.winner(1, names, you=1) == "You win the match!"
    assert words.match.winner(0, names, you=1) == "Ana wins the match!"
    assert words.match.winner(0, ("You", "Bot"), against_bot=True) == "You win the match!"


@pytest.mark.parametrize(
    ("code", "counts"),
    [
        ("en", {1: "1 record could not", 2: "2 records could not", 21: "21 records could"}),
        ("de", {1: "1 Aufzeichnung war", 2: "2 Aufzeichnungen waren", 21: "21 Aufzeichnungen"}),
        ("el", {1: "1 καταγραφή δεν διαβάστηκε", 2: "2 καταγραφές δεν διαβάστηκαν"}),
        ("ka", {1: "1 ჩანაწერის", 2: "2 ჩანაწერის", 21: "21 ჩანაწერის"}),
        # Latvian: 1 and 21 singular, 0, 10-20 and 30 genitive plural, the rest plural.
        ("lv", {1: "1 ierakstu", 21: "21 ierakstu", 11: "11 ierakstu", 3: "3 ierakstus"}),
    ],
)
def test_unreadable_records_are_counted_in_each_language_s_plural_forms(
    code: str, counts: dict[int, str]
) -> None:
    i18n.set_language(code)
    for n, start in counts.items():
        assert words.records.unreadable_records(n).startswith(start), (code, n)


def test_the_history_s_other_counts_agree_with_their_number() -> None:
    assert words.records.unfinished_matches(1) == "1 match unfinished (spit resume)"
    assert words.records.given_up(2) == "2 matches given up"
    i18n.set_language("lv")
    assert words.records.given_up(1) == "1 pamesta spēle"
    assert words.records.given_up(5) == "5 pamestas spēles"
    assert words.records.unfinished_matches(10) == "10 nepabeigtu spēļu (spit resume)"


def _words_function(node: ast.AST) -> tuple[str, str] | None:
    """``words.part.f`` as (part, f); None for anything else."""
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Attribute)
        and isinstance(node.value.value, ast.Name)
        and node.value.value.id == "words"
    ):
        return node.value.attr, node.attr
    return None


def _ids_named(node: ast.AST) -> list[str]:
    """The ids an argument names: a string (``"give up"``), or either of a conditional's
    (``"quit in a browser" if web else "quit"``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _ids_named(node.body) + _ids_named(node.orelse)
    return []


def _asked_by_id() -> list[tuple[str, Any, str]]:
    """Every ``words.part.f("id")`` call in spit/, and every ``worded(words.part.f, "id")`` or
    ``bind(keys, action, "id", …)`` (a key's description, said again when the language changes):
    where, the function, the id."""
    root = Path(words.__file__).parent.parent
    asked = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "bind":
                # spit.app.bindings.bind(keys, action, "id", ...): words.dialogs.binding("id")
                where = f"{path.relative_to(root.parent)}:{node.lineno}"
                asked.extend((where, words.dialogs.binding, i) for i in _ids_named(node.args[2]))
                continue
            if not isinstance(node, ast.Call) or node.keywords:
                continue
            if len(node.args) == 1 and (named := _words_function(node.func)):
                what = node.args[0]
            elif (
                getattr(node.func, "id", "") == "worded"
                and len(node.args) == 2
                and (named := _words_function(node.args[0]))
            ):
                what = node.args[1]
            else:
                continue
            function = getattr(getattr(words, named[0]), named[1])
            where = f"{path.relative_to(root.parent)}:{node.lineno}"
            asked.extend((where, function, id_) for id_ in _ids_named(what))
    return asked


def test_every_message_asked_for_by_id_exists_in_every_language() -> None:
    """A mistyped id would raise only when its screen or error is first shown (a crash
    notice, a rare config error): every id the source asks for is looked up here."""
    asked = _asked_by_id()
    assert len(asked) > 100
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        for where, function, what in asked:
            text = function(what)
            assert isinstance(text, str) and text.strip(), (code, where, function, what)


def test_the_browser_counts_agree_with_their_number() -> None:
    assert words.web.tables_taken(1).startswith("The only table is taken")  # not "All 1 tables"
    assert words.web.tables_taken(4).startswith("All 4 tables are taken")


def _asked_by_table() -> list[tuple[Callable[[str], str], dict[str, str]]]:
    """Every words function that looks its message up in a table by id
    (``translated(BUTTON[what])``), and that table."""
    asked = []
    for name in words.__all__:
        part = getattr(words, name)
        for node in ast.parse(Path(part.__file__).read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.FunctionDef) or [a.arg for a in node.args.args] != ["what"]:
                continue
            for call in ast.walk(node):
                if (
                    isinstance(call, ast.Call)
                    and getattr(call.func, "id", "") == "translated"
                    and isinstance(call.args[0], ast.Subscript)
                    and isinstance(call.args[0].value, ast.Name)
                ):
                    asked.append((getattr(part, node.name), getattr(part, call.args[0].value.id)))
    return asked


def test_every_id_of_every_table_has_words_in_every_language() -> None:
    asked = _asked_by_table()
    assert len(asked) >= 10  # the finder finds the tables
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        for function, table in asked:
            for what in table:
                text = function(what)
                assert isinstance(text, str) and text.strip(), (code, function.__name__, what)


@pytest.mark.parametrize(
    "function", [function for function, _ in _asked_by_table()], ids=lambda f: f.__name__
)
def test_a_mistyped_id_is_refused_by_name(function: Callable[[str], str]) -> None:
    with pytest.raises(KeyError, match="no such id"):
        function("no such id")


def test_every_record_problem_has_words() -> None:
    from spit.records.problems import Problem

    assert all(words.records.problem(problem) for problem in Problem)


def test_a_row_of_keys_is_asked_for_by_the_key_s_press() -> None:
    from spit.engine import FillPress, PilePress, SpitPress

    i18n.set_language("de")
    rows = (PilePress(0, 0, 0), PilePress(0, 0, 1), FillPress(0, 0), SpitPress(0))
    texts = {words.keys.press_key_for(press) for press in rows}
    assert len(texts) == len(rows) and all(texts)
    assert words.keys.press_key_for(FillPress(1, 2)) == words.keys.press_key_for(FillPress(0, 2))
    assert "3" in words.keys.press_key_for(FillPress(0, 2))  # stocks count from 1


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_control_s_action_has_a_name_of_its_own(code: str) -> None:
    from spit.settings.keymap import PRESSES, control_id

    i18n.set_language(code)
    named = {words.keys.action_name(control_id(press), NAMES) for press in PRESSES}
    assert len(named) == len(PRESSES) and all("{" not in name for name in named)


def test_the_rounds_end_and_the_matchs_are_told_apart() -> None:
    # Issue 29, item 10: "went out" meant both playing out one's stocks (the round ends,
    # spit cards still held) and holding no cards at all (the match ends).
    round_end = [
        words.table.slap(0, NAMES),
        words.table.slap(0, NAMES, you=0),
        words.table.round_ended(0, NAMES, stalemate=False),
        words.table.round_ended(0, NAMES, stalemate=False, you=0),
    ]
    assert all("played out" in said and "went out" not in said for said in round_end)
    brief = " ".join(words.dialogs.rules_in_brief())
    assert "go out" not in brief.lower() and "hold nothing" not in brief
    assert "has no cards left" in brief


def test_the_points_help_says_a_player_with_no_cards_left_ends_the_match() -> None:
    # Issue 29, item 11: a points match ended in round 3 at 32-124 because a player held
    # no cards; the help said only "at 100 the lowest total wins".
    points = next(line for line in words.dialogs.rules_in_brief() if "Points:" in line)
    assert "at 100, or once a player has no cards left, the lowest total wins" in points


def test_a_record_cut_off_by_its_server_says_plainly_why_it_cannot_be_replayed() -> None:
    # Issue 29, item 16: "its deal stays sealed" read like damage to the file.
    said = words.records.record_problem("sealed")
    assert "sealed" not in said and "cannot be played back" in said
