"""The presenter turns a seat's view, its perspective and the feedback into the widgets'
states: what the table shows, tested without the app."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from spit.app.look import PLAIN
from spit.app.presenter import Feedback, Perspective, Presenter, Scene, standstill
from spit.engine import (
    Card,
    Match,
    Observer,
    Phase,
    Play,
    PlayerView,
    Reason,
    Refusal,
    Round,
    Variant,
)
from spit.game import Connection
from spit.settings.keymap import KeyMap

TWO_PLAYERS = Perspective.seated((0, 1), (None, None), against_bot=False, networked=False)
AGAINST_BOT = Perspective.seated(
    (0,), (None, None), against_bot=True, networked=False, bot_level="easy"
)
SEAT_TWO = Perspective.seated((1,), ("Ana", "Bo"), against_bot=False, networked=True)
SCENE = Scene(Variant.STANDARD)


def presenter(*, hints: bool = False) -> Presenter:
    return Presenter(KeyMap.preset("qwerty"), PLAIN, hints=hints)


def table(phase: Phase = Phase.PLAYING) -> Round:
    # Player 1's king fits on the queen of the left pile; player 2's two on the ace.
    return Round.from_layout(
        (["KH", "5C", "", "", ""], ["2D", "9S", "", "", ""]),
        ("3C 4C", "7D 8D"),
        ("QS", "AH"),
        phase=phase,
    )


def view_of(round_: Round, player: int) -> PlayerView:
    return Observer(round_).view(player)


def test_two_players_are_named_by_number_and_player_1_sits_near() -> None:
    states = presenter().present(view_of(table(), 0), TWO_PLAYERS, Feedback(), SCENE)
    assert [info.name for info in states.infos] == ["Player 1", "Player 2"]
    assert [info.player for info in states.infos] == [0, 1]
    assert states.top_bar.names == ("P1", "P2")
    assert states.piles is not None and states.piles.piles[0].top == Card.parse("QS")
    assert states.summary is None


def test_against_the_bot_its_line_gives_its_level_and_no_spit_key() -> None:
    view = view_of(table(Phase.DEALT), 0)
    states = presenter().present(view, AGAINST_BOT, Feedback(), SCENE)
    you, bot = states.infos
    assert you.name == "You" and bot.name.startswith("Bot (")
    assert bot.spit_key == "" and " / " in you.spit_key
    assert not bot.waiting and you.waiting  # nobody here presses spit for the bot
    assert states.legends[1].caption == "or"  # the right half of the keyboard plays too
    assert states.banner is not None and states.banner.urgent


def test_a_networked_second_seat_sits_near_with_its_pile_on_the_left() -> None:
    round_ = table()
    scene = Scene(Variant.STANDARD, rtt=(0.02, None))
    states = presenter().present(view_of(round_, 1), SEAT_TWO, Feedback(), scene)
    assert SEAT_TWO.names == ("Ana", "You")
    assert [info.player for info in states.infos] == [1, 0]
    assert states.piles is not None and states.piles.piles[0].top == Card.parse("AH")
    assert states.top_bar.hints[2] == "Ana 20 ms · You ? ms"


def test_a_player_away_shows_no_round_trip_time() -> None:
    # Issue 29, item 16: while Ana was away the header kept her last one ("Ana 20 ms").
    scene = Scene(Variant.STANDARD, rtt=(0.02, 0.001), here=(False, True))
    states = presenter().present(view_of(table(), 1), SEAT_TWO, Feedback(), scene)
    assert states.top_bar.hints[2] == "You 1 ms"


def test_a_networked_player_sees_how_many_watch() -> None:
    scene = Scene(Variant.STANDARD, rtt=(0.02, 0.001), watchers=3)
    states = presenter().present(view_of(table(), 1), SEAT_TWO, Feedback(), scene)
    assert states.top_bar.hints[2] == "Ana 20 ms · You 1 ms · 👁 3"


def test_hints_mark_the_stocks_that_fit_and_only_for_seats_played_here() -> None:
    round_ = table()
    hinted = presenter(hints=True)
    scene = Scene(Variant.STANDARD, others=(view_of(round_, 1),))
    states = hinted.present(view_of(round_, 0), TWO_PLAYERS, Feedback(), scene)
    assert states.stocks[0].fits == (True, False, False, False, False)
    assert states.stocks[1].fits == (True, False, False, False, False)
    against_bot = hinted.present(view_of(round_, 0), AGAINST_BOT, Feedback(), SCENE)
    assert against_bot.stocks[1].fits == ()
    assert (
        presenter().present(view_of(round_, 0), TWO_PLAYERS, Feedback(), scene).stocks[0].fits == ()
    )


def test_feedback_shows_by_the_right_row_and_pile_seen_from_the_second_seat() -> None:
    feedback = Feedback(
        messages=("Too late", None), flash=(None, 0), last=(None, (0, Card.parse("KH")))
    )
    states = presenter().present(view_of(table(), 1), SEAT_TWO, feedback, SCENE)
    assert states.messages[1].text == "Too late"  # player 0 sits far, in the p2 row
    assert states.piles is not None
    assert states.piles.flash == (0, None)  # pile 1 is drawn on the left
    assert states.piles.last[0] == ("Ana: K♥ → left", 0)


def test_while_slapping_the_legend_says_what_the_keys_do() -> None:
    states = presenter().present(view_of(table(Phase.SLAP), 0), TWO_PLAYERS, Feedback(), SCENE)
    assert states.legends[0].caption == states.legends[1].caption
    assert "slap" in states.legends[0].caption.lower()


def between_rounds() -> Match:
    """A match of deal 7 played, a play (else any legal action) at a time, to its first
    round's end."""
    match = Match.new(7)
    at = 0.0
    while not match.view(0).between_rounds:
        at += 1.0
        for player in (0, 1):
            legal = match.legal_actions(player)
            plays = [a for a in legal if isinstance(a, Play)] or list(legal)
            if plays:
                match.apply(plays[0], at)
                break
    return match


def test_between_rounds_the_summary_takes_the_piles_place() -> None:
    match = between_rounds()
    states = presenter().present(match.view(0), TWO_PLAYERS, Feedback(), SCENE)
    assert states.summary is not None and states.banner is None and states.piles is None
    assert states.summary.names == ("Player 1", "Player 2")


def test_the_bots_quiet_refusals_are_not_said_and_its_lost_races_are() -> None:
    quiet = Refusal(1, Reason.ROUND_OVER)
    lost = Refusal(1, Reason.TOO_LATE)
    assert presenter().refusal(quiet, 1.0, AGAINST_BOT) is None
    assert presenter().refusal(lost, 1.0, AGAINST_BOT)
    assert presenter().refusal(quiet, 1.0, TWO_PLAYERS)


def test_a_networked_room_says_why_it_stands() -> None:
    waiting = Connection(rtt=(None, None), waiting=True, address="host:1", room="ABCD")
    assert "spit join host:1 ABCD" in (standstill(waiting, SEAT_TWO, None) or "")
    gone = Connection(rtt=(None, None), here=(False, True))
    assert "Ana" in (standstill(gone, SEAT_TWO, None) or "")
    assert standstill(Connection(rtt=(None, None)), SEAT_TWO, None) is None
    assert standstill(None, TWO_PLAYERS, None) is None


@pytest.mark.parametrize("address", ["127.0.0.1:7748", "[::1]:7748", "localhost:7748"])
def test_a_room_waiting_on_a_loopback_address_says_it_is_this_machine_only(address) -> None:
    # Issue 19: the plain `spit host` notice gave 127.0.0.1 without a word that it reaches
    # this machine only, or how to let a friend in.
    waiting = Connection(rtt=(None, None), waiting=True, address=address, room="ABCD-EFGH")
    said = standstill(waiting, SEAT_TWO, None, serves_here=True) or ""
    assert f"spit join {address} ABCD-EFGH" in said
    assert "works on this machine only" in said and "--bind 0.0.0.0" in said
    elsewhere = replace(waiting, address="spit.example:7748")
    assert "machine only" not in (standstill(elsewhere, SEAT_TWO, None) or "")


def test_a_room_hosted_here_advises_its_own_port_to_open_it() -> None:
    # Issue 29, item 9: the advice named 7748 whatever port the room's server had.
    waiting = Connection(rtt=(None, None), waiting=True, address="127.0.0.1:9123", room="AB")
    said = standstill(waiting, SEAT_TWO, None, serves_here=True) or ""
    assert "spit host --bind 0.0.0.0 --port 9123" in said and "0.0.0.0:9123" in said
    assert "7748" not in said


def test_a_room_on_a_server_run_elsewhere_does_not_advise_hosting_with_bind() -> None:
    # Issue 29, item 9: `spit host --server 127.0.0.1:9000` was told to host with --bind,
    # which starts a server of its own; the friend needs that server's address and the code.
    waiting = Connection(rtt=(None, None), waiting=True, address="127.0.0.1:9000", room="AB")
    said = standstill(waiting, SEAT_TWO, None) or ""
    assert "spit join 127.0.0.1:9000 AB" in said
    assert "--bind" not in said and "7748" not in said
    assert "server's address" in said and "room AB" in said


def test_the_summary_knows_the_seat_called_you() -> None:
    """So that it can say "You played out your stocks first." rather than fill a name with "You"."""
    match = between_rounds()
    assert presenter().present(match.view(0), AGAINST_BOT, Feedback(), SCENE).summary.you == 0
    assert presenter().present(match.view(0), TWO_PLAYERS, Feedback(), SCENE).summary.you is None
