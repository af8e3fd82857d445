"""The notation: every card, action and reason has one written form that reads back as
itself, records written before still read, and anything else is refused with a NotationError
saying what is wrong (never a TypeError, KeyError or a traceback of another kind)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.engine import DECK, PLAYERS, STOCKS, Fill, Play, Reason, Slap, Spit
from spit.engine.notation import (
    NotationError,
    action_dict,
    card_text,
    parse_action,
    parse_card,
    parse_reason,
    reason_text,
)

players = st.sampled_from(PLAYERS)
stocks = st.integers(0, STOCKS - 1)
piles = st.integers(0, 1)
actions = st.one_of(
    st.builds(Play, players, stocks, piles),
    st.builds(Fill, players, stocks),
    st.builds(Spit, players),
    st.builds(Slap, players, piles),
)
any_int = st.integers(-(2**70), 2**70)
any_action = st.one_of(
    st.builds(Play, any_int, any_int, any_int),
    st.builds(Fill, any_int, any_int),
    st.builds(Spit, any_int),
    st.builds(Slap, any_int, any_int),
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


# -- cards -------------------------------------------------------------------------------


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_card_reads_back_from_its_text(card) -> None:
    assert parse_card(card_text(card)) == card


def test_a_card_is_written_rank_then_suit_letter_in_ascii() -> None:
    assert [card_text(parse_card(t)) for t in ("10H", "QS", "AD", "2C")] == [
        "10H",
        "QS",
        "AD",
        "2C",
    ]
    assert len({card_text(card) for card in DECK}) == 52


@pytest.mark.parametrize("text", ["10h", "TH", "Q♠", " QS", "QS ", "1H", "11S", "", "QX", "S"])
def test_a_card_in_any_other_spelling_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match="not a card"):
        parse_card(text)


@given(json_values)
def test_anything_that_is_not_a_card_text_is_a_notation_error(value: object) -> None:
    if isinstance(value, str) and value in {card_text(card) for card in DECK}:
        return
    with pytest.raises(NotationError):
        parse_card(value)


# -- actions -----------------------------------------------------------------------------


@given(actions)
def test_every_action_reads_back_from_its_dict(action) -> None:
    assert parse_action(action_dict(action)) == action


@given(any_action)
def test_an_action_off_the_table_still_reads_back_for_the_table_to_refuse(action) -> None:
    assert parse_action(action_dict(action)) == action


@given(actions)
def test_an_action_survives_json(action) -> None:
    assert parse_action(json.loads(json.dumps(action_dict(action)))) == action


def test_the_action_forms_are_the_records_forms() -> None:
    assert action_dict(Play(0, 2, 1)) == {"do": "play", "p": 0, "stock": 2, "pile": 1}
    assert action_dict(Fill(1, 0)) == {"do": "fill", "p": 1, "stock": 0}
    assert action_dict(Spit(0)) == {"do": "spit", "p": 0}
    assert action_dict(Slap(1, 0)) == {"do": "slap", "p": 1, "pile": 0}


def test_an_action_as_records_wrote_it_before_reads_as_it_was() -> None:
    # A record line's action fields, as spit.records.record.action_json writes them.
    from spit.records.record import action_json

    for action in (Play(0, 2, 1), Fill(1, 0), Spit(0), Slap(1, 0)):
        assert parse_action(action_json(action)) == action


@pytest.mark.parametrize(
    ("entry", "why"),
    [
        ([], "an action is a dict"),
        ("play", "an action is a dict"),
        (None, "an action is a dict"),
        ({}, "no such action"),
        ({"do": "jump", "p": 0}, "no such action"),
        ({"do": ["play"], "p": 0, "stock": 0, "pile": 0}, "no such action"),
        ({"do": {"play": 1}, "p": 0}, "no such action"),
        ({"do": "PLAY", "p": 0, "stock": 0, "pile": 0}, "no such action"),
        ({"kind": "play", "p": 0, "stock": 0, "pile": 0}, "no such action"),
        ({"do": "play", "p": 0, "stock": 0}, "play: missing pile"),
        ({"do": "spit"}, "spit: missing p"),
        ({"do": "spit", "p": 0, "pile": 0}, "spit: unexpected pile"),
        ({"do": "fill", "p": 0, "stock": 0, 7: 1}, "fill: unexpected 7"),
        ({"do": "play", "p": True, "stock": 0, "pile": 0}, "p is a whole number"),
        ({"do": "play", "p": 0, "stock": 1.0, "pile": 0}, "stock is a whole number"),
        ({"do": "slap", "p": 0, "pile": "0"}, "pile is a whole number"),
        ({"do": "slap", "p": 0, "pile": None}, "pile is a whole number"),
    ],
    ids=repr,
)
def test_a_malformed_action_is_refused_saying_what_is_wrong(entry: object, why: str) -> None:
    with pytest.raises(NotationError, match=why):
        parse_action(entry)


@given(json_values)
def test_anything_is_an_action_or_a_notation_error(value: object) -> None:
    try:
        action = parse_action(value)
    except NotationError:
        return
    assert parse_action(action_dict(action)) == action


@given(
    st.fixed_dictionaries(
        {"do": st.sampled_from(["play", "fill", "spit", "slap"])},
        optional={"p": json_values, "stock": json_values, "pile": json_values},
    )
)
def test_any_fields_under_a_known_kind_are_an_action_or_a_notation_error(entry) -> None:
    try:
        action = parse_action(entry)
    except NotationError:
        return
    assert action_dict(action) == entry


def test_an_error_message_stays_short_whatever_came_in() -> None:
    with pytest.raises(NotationError) as caught:
        parse_action({"do": "x" * 10_000, "p": 0})
    assert len(str(caught.value)) < 80


# -- reasons -----------------------------------------------------------------------------


@pytest.mark.parametrize("reason", list(Reason), ids=lambda r: r.value)
def test_every_reason_reads_back_from_its_one_spelling(reason: Reason) -> None:
    assert reason_text(reason) == reason.value
    assert parse_reason(reason_text(reason)) is reason


@pytest.mark.parametrize("reason", list(Reason), ids=lambda r: r.value)
def test_a_reason_as_records_spelt_it_before_still_reads(reason: Reason) -> None:
    assert parse_reason(reason.name.lower()) is reason


def test_the_one_spelling_of_a_reason_is_its_value() -> None:
    assert reason_text(Reason.DOES_NOT_FIT) == "does-not-fit"


@pytest.mark.parametrize("text", ["DOES_NOT_FIT", "Does-Not-Fit", "does not fit", "", "fit"])
def test_a_reason_in_any_other_spelling_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match="no such reason"):
        parse_reason(text)


@given(json_values)
def test_anything_is_a_reason_or_a_notation_error(value: object) -> None:
    try:
        reason = parse_reason(value)
    except NotationError:
        return
    assert parse_reason(reason_text(reason)) is reason


def test_a_notation_error_is_a_value_error() -> None:
    assert issubclass(NotationError, ValueError)
