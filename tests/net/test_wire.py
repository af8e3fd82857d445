"""The wire protocol: every view and event survives the trip, and a client's frame is either a
valid message or a ProtocolError saying why — never anything else."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spit.engine import Card, Match, Play, Spit, Variant
from spit.engine.actions import PLAYERS
from spit.net.wire import (
    MAX_CLIENT_FRAME,
    Act,
    JoinRoom,
    Leave,
    OpenRoom,
    Pong,
    ProtocolError,
    Rejoin,
    SetPause,
    client_frame,
    parse_client,
    parse_event,
    parse_view,
    public_events,
    room_code,
    view_json,
)


def random_playout(seed: int, steps: int = 400):
    """Views and events of a match played by random legal actions, as a network shell sees them."""
    rng = random.Random(seed)
    match = Match.new(seed, variant=Variant.POINTS if seed % 2 else Variant.STANDARD)
    at = 0.0
    for _ in range(steps):
        if match.is_over:
            break
        player = rng.choice(PLAYERS)
        legal = match.legal_actions(player)
        if not legal:
            continue
        at += rng.uniform(0.0, 0.4)
        result = match.apply(rng.choice(legal), at)
        yield match, result.events


@pytest.mark.parametrize("seed", range(6))
def test_views_and_events_arrive_exactly_as_the_engine_made_them(seed):
    for match, events in random_playout(seed):
        for player in PLAYERS:
            view = match.view(player)
            sent = json.loads(json.dumps(view_json(view)))
            assert parse_view(sent) == view
            for event, wire in zip(events, public_events(events, player), strict=True):
                assert parse_event(json.loads(json.dumps(wire))) == event


def test_every_client_message_survives_the_trip():
    messages = [
        OpenRoom(Variant.POINTS, 7, "Ana"),
        OpenRoom(Variant.STANDARD, None, ""),
        JoinRoom("ABCD-EFGH", "Bo"),
        Rejoin("ABCD-EFGH", "x" * 22),
        Act("ABCD-EFGH", 1, {"kind": "play", "stock": 4, "pile": 1}, 12),
        Act("ABCD-EFGH", 0, {"kind": "spit"}, 0),
        SetPause(True),
        Pong(3),
        Leave(),
    ]
    for message in messages:
        assert parse_client(client_frame(message)) == message


@pytest.mark.parametrize(
    ("frame", "why"),
    [
        ("{", "not JSON"),
        ("[]", "JSON object"),
        ('{"v":2,"type":"leave"}', "version"),
        ('{"v":true,"type":"leave"}', "version"),
        ('{"v":1}', "type"),
        ('{"v":1,"type":"shuffle"}', "unknown message type"),
        ('{"v":1,"type":"leave","extra":1}', "unexpected"),
        ('{"v":1,"type":"pong"}', "missing"),
        ('{"v":1,"type":"pong","id":-1}', "id"),
        ('{"v":1,"type":"pong","id":1.5}', "id"),
        ('{"v":1,"type":"pong","id":NaN}', "not a number JSON allows"),
        ('{"v":1,"type":"pause","paused":1}', "true or false"),
        ('{"v":1,"type":"join","room":"ABCD-EFG","name":""}', "room code"),
        ('{"v":1,"type":"join","room":"ABCD-EFGI","name":""}', "room code"),
        ('{"v":1,"type":"join","room":"ABCD-EFGH","name":"\\u0007"}', "printable"),
        ('{"v":1,"type":"open","variant":"speed","seed":null,"name":""}', "variant"),
        (
            '{"v":1,"type":"act","room":"ABCD-EFGH","seat":2,"action":{"kind":"spit"},"id":1}',
            "seat",
        ),
        (
            '{"v":1,"type":"act","room":"ABCD-EFGH","seat":0,'
            '"action":{"kind":"play","stock":5,"pile":0},"id":1}',
            "stock",
        ),
        (
            '{"v":1,"type":"act","room":"ABCD-EFGH","seat":0,'
            '"action":{"kind":"spit","pile":0},"id":1}',
            "unexpected",
        ),
        ('{"v":1,"type":"act","room":"ABCD-EFGH","seat":0,"action":"spit","id":1}', "object"),
        ("[" * 5000 + "]" * 5000, "too large"),
        ("[" * 1000 + "]" * 1000, "not JSON"),  # too deep for the parser: refused, not a crash
        (b'{"v":1,"type":"leave"}', "binary"),
    ],
)
def test_a_bad_frame_is_refused_with_its_reason(frame, why):
    with pytest.raises(ProtocolError, match=why):
        parse_client(frame)


def test_room_codes_are_read_however_a_person_types_them():
    assert room_code("abcd efgh") == room_code("ABCDEFGH") == "ABCD-EFGH"
    with pytest.raises(ProtocolError):
        room_code("ABCD-EFGO")  # O is not in the alphabet: it would be read as 0


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=12,
)
_fields = st.sampled_from(["v", "type", "room", "seat", "action", "id", "token", "name", "paused"])
_types = st.sampled_from(["open", "join", "rejoin", "act", "pause", "pong", "leave", "x"])


@settings(max_examples=300)
@given(
    st.one_of(
        st.text(max_size=300),
        st.binary(max_size=100),
        _json_values.map(json.dumps),
        st.builds(
            lambda kind, extra: json.dumps({"v": 1, "type": kind, **extra}),
            _types,
            st.dictionaries(_fields, _json_values, max_size=5),
        ),
    )
)
def test_any_frame_is_a_message_or_a_protocol_error(frame):
    try:
        message = parse_client(frame)
    except ProtocolError as error:
        assert str(error)
        return
    # Whatever got through is a well-formed message that survives the trip.
    assert parse_client(client_frame(message)) == message
    assert len(client_frame(message)) <= MAX_CLIENT_FRAME


def test_a_card_is_written_one_way_only():
    from spit.net.wire import card_text, parse_card

    for text in ("10H", "QS", "AD", "2C"):
        assert card_text(parse_card(text)) == text
    for text in ("TH", "qs", "10♥", "1H", "", "10HH"):
        with pytest.raises(ProtocolError):
            parse_card(text)
    assert isinstance(parse_card("KH"), Card)


def test_an_action_always_belongs_to_the_seat_that_sends_it():
    from spit.net.wire import parse_action

    assert parse_action({"kind": "spit"}, 1) == Spit(1)
    assert parse_action({"kind": "play", "stock": 0, "pile": 1}, 0) == Play(0, 0, 1)
    with pytest.raises(ProtocolError):
        parse_action({"kind": "spit", "player": 0}, 1)
