"""The game screen through the pilot: keys reach the engine, the table shows its verdicts."""

from __future__ import annotations

import pytest

from spit.app.card_rows import PileRow
from spit.app.dialogs.help import HelpScreen
from spit.app.dialogs.pause import PauseScreen
from spit.app.dialogs.quit import QuitScreen
from spit.app.dialogs.too_small import TooSmallScreen
from spit.app.game import Pace
from spit.engine import (
    Card,
    Match,
    Phase,
    Play,
    Reason,
    Spit,
    resolve,
)
from spit.settings.keymap import PRESET_NAMES, PRESSES, KeyMap, control_id

from .factory import (
    FakeClock,
    cards_conserved,
    game,
    key_for,
    local,
    make_app,
    message_line,
    played_until,
    screen_text,
)

QWERTY = KeyMap.preset("qwerty")


def started(seed: int) -> Match:
    """A match from ``seed`` with the first spit done."""
    return played_until(seed, lambda m: m.round.phase is not Phase.DEALT)


def burst_seed() -> tuple[int, int, Play, Play]:
    """A seed whose first spit leaves one pile that a card of each player fits."""
    for seed in range(200):
        match = started(seed)
        view = match.view(0)
        if view.phase is not Phase.PLAYING:
            continue
        for pile in (0, 1):
            plays = [
                next(
                    (a for a in match.legal_actions(p) if isinstance(a, Play) and a.pile == pile),
                    None,
                )
                for p in (0, 1)
            ]
            if plays[0] is not None and plays[1] is not None:
                return seed, pile, plays[0], plays[1]
    raise AssertionError("no seed with a contested pile")


async def test_both_spit_keys_start_the_round_and_show_two_piles() -> None:
    app = make_app(3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        assert local(screen).match.round.phase is Phase.DEALT
        assert "Round 1: both press SPIT" in screen_text(app)
        await pilot.press("space")
        assert local(screen).match.round.phase is Phase.DEALT
        assert "ready ✓" in screen_text(app)
        await pilot.press("enter")
        view = local(screen).match.view(0)
        assert view.phase is Phase.PLAYING
        text = screen_text(app)
        for pile in view.piles:
            assert pile.top is not None
            assert pile.top.label() in text
        assert text.count("1 card") >= 2


async def test_a_legal_play_key_moves_exactly_that_card() -> None:
    match = started(3)
    before = match.view(0)
    play = next(a for p in (0, 1) for a in match.legal_actions(p) if isinstance(a, Play))
    card = before.sides[play.player].stocks[play.stock].top
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key_for(QWERTY, play, Phase.PLAYING))
        after = local(game(app)).match.view(0)
        assert after.piles[play.pile].top == card
        assert after.piles[play.pile].size == before.piles[play.pile].size + 1
        assert after.piles[1 - play.pile] == before.piles[1 - play.pile]
        for player in (0, 1):
            for stock in range(5):
                if (player, stock) != (play.player, play.stock):
                    assert after.sides[player].stocks[stock] == before.sides[player].stocks[stock]
        moved = after.sides[play.player].stocks[play.stock]
        assert moved.size == before.sides[play.player].stocks[play.stock].size - 1


async def test_an_illegal_play_changes_nothing_and_says_why() -> None:
    match = started(3)
    before = match.view(0)
    wrong = next(
        Play(p, s, pile)
        for p in (0, 1)
        for s in range(5)
        for pile in (0, 1)
        if (r := match.check(Play(p, s, pile), at=match.round.last_at)) is not None
        and r.reason is Reason.DOES_NOT_FIT
    )
    card = before.sides[wrong.player].stocks[wrong.stock].top
    top = before.piles[wrong.pile].top
    assert card is not None and top is not None
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key_for(QWERTY, wrong, Phase.PLAYING))
        after = local(game(app)).match.view(0)
        assert after.piles == before.piles
        assert [s.stocks for s in after.sides] == [s.stocks for s in before.sides]
        info = message_line(app, wrong.player)
        assert f"{card.label()} does not go on {top.label()}" in info


async def test_two_players_on_one_pile_in_one_burst_first_wins_second_is_too_late() -> None:
    seed, pile, first, second = burst_seed()
    app = make_app(seed, match=started(seed))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        card = local(screen).match.view(0).sides[0].stocks[first.stock].top
        await pilot.press(
            key_for(QWERTY, first, Phase.PLAYING), key_for(QWERTY, second, Phase.PLAYING)
        )
        view = local(screen).match.view(0)
        assert view.piles[pile].top == card
        assert view.sides[1].stocks == started(seed).view(0).sides[1].stocks
        assert view.sides[1].locked_until is None  # a lost race is no fumble
        assert "too late — the pile changed" in message_line(app, 1)


async def test_stuck_then_both_spit_turns_up_new_tops() -> None:
    match = played_until(5, lambda m: m.round.phase is Phase.STUCK)
    before = match.view(0)
    app = make_app(5, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Stuck — press SPIT" in screen_text(app)
        await pilot.press("space", "enter")
        after = local(game(app)).match.view(0)
        for player in (0, 1):
            if before.sides[player].spit_cards:
                assert after.sides[player].spit_cards == before.sides[player].spit_cards - 1
                assert after.piles[player].size == before.piles[player].size + 1
                assert after.piles[player].top != before.piles[player].top


async def test_the_first_slap_gives_the_slapper_that_pile_and_the_second_is_too_late() -> None:
    match = played_until(3, lambda m: m.round.phase is Phase.SLAP)
    sizes = [p.size for p in match.view(0).piles]
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "SLAP the smaller pile!" in screen_text(app)
        await pilot.press("h")  # player 2's right-pile row slaps the right pile
        screen = game(app)
        settled = local(screen).match.history[-1]
        assert settled.took == (0, 1)
        text = screen_text(app)
        assert "Round 1 is over" in text
        assert f"the right pile ({sizes[1]} cards)" in text
        await pilot.press("q")  # player 1 slaps a moment later
        assert "too late — the other player slapped first" in message_line(app, 0)


async def test_the_summary_counts_each_taken_pile_as_the_engine_settled_it() -> None:
    """The pile sizes come from the engine's RoundSettled.taken, not from the events this
    screen happened to see: a round settled before the screen opened (a resumed match, a
    seat that joined between rounds) shows them as well."""
    match = played_until(3, lambda m: len(m.history) == 1)
    settled = match.history[-1]
    assert sorted(settled.took) == [0, 1] and None not in settled.taken  # each took one
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)):
        text = screen_text(app)
        for pile, size in zip(settled.took, settled.taken, strict=True):
            side = "left" if pile == 0 else "right"
            assert f"the {side} pile ({size} cards)" in text


async def test_after_the_summary_both_spit_keys_start_the_next_round() -> None:
    match = played_until(3, lambda m: len(m.history) == 1)
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Round 2: both press SPIT" in screen_text(app)
        await pilot.press("enter", "space")
        screen = game(app)
        assert local(screen).match.round.number == 2
        assert local(screen).match.round.phase is not Phase.DEALT
        assert "is over" not in screen_text(app)


async def test_help_stops_the_game_clock_and_the_keys_then_resumes() -> None:
    clock = FakeClock()
    app = make_app(3, match=started(3), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        before = local(screen).match.view(0)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        frozen = screen.game.now()
        clock.advance(30)
        await pilot.press("q", "a", "space", "enter", "o")
        assert screen.game.now() == frozen
        assert local(screen).match.view(0) == before
        await pilot.press("escape")
        assert app.screen is screen
        clock.advance(2)
        assert screen.game.now() == frozen + 2


async def test_pause_stops_everything_and_escape_resumes_exactly() -> None:
    clock = FakeClock()
    app = make_app(3, match=started(3), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        await pilot.press("q")  # a fumble locks player 1 for half a second
        locked = local(screen).match.view(0).sides[0].locked_until
        assert locked is not None
        await pilot.press("escape")
        assert isinstance(app.screen, PauseScreen)
        assert not screen.running
        clock.advance(60)
        before = local(screen).match.view(0)
        await pilot.press("o", "space")
        assert local(screen).match.view(0) == before
        await pilot.press("escape")
        assert app.screen is screen and screen.running
        # The lock did not run out while paused: the same half second is still to wait.
        await pilot.press("w")
        assert "wait 0.5 s" in message_line(app, 0)


async def test_a_too_small_terminal_says_so_and_the_game_resumes_untouched() -> None:
    clock = FakeClock()
    app = make_app(3, match=started(3), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        before = local(screen).match.view(0)
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "Enlarge the terminal to at least 80×24" in screen_text(app)
        frozen = screen.game.now()
        clock.advance(10)
        await pilot.press("o", "q", "space")
        assert screen.game.now() == frozen
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is screen
        assert local(screen).match.view(0) == before
        assert "Enlarge" not in screen_text(app)


async def test_quit_during_a_match_asks_first() -> None:
    app = make_app(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape")
        assert app.screen is game(app)
        await pilot.press("ctrl+c")  # Ctrl+C, as a shell user would, asks the same
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape", "ctrl+q", "ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_a_held_key_repeats_the_same_refusal_without_changing_the_table() -> None:
    match = started(3)
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        before = local(screen).match.view(0)
        await pilot.press(*["space"] * 12)
        after = local(screen).match.view(0)
        assert after.piles == before.piles and after.phase is before.phase
        assert message_line(app, 0).count("not stuck") == 1


@pytest.mark.long  # a sweep: every key of every layout (test_keymap.py maps them)
@pytest.mark.parametrize("layout", PRESET_NAMES)
async def test_every_key_of_both_players_reaches_the_engine_as_its_action(layout: str) -> None:
    """Each of the 32 keys, pressed for real, is applied as exactly the action it means."""
    keymap = KeyMap.preset(layout)
    applied: list[object] = []
    match = started(3)
    original = match.apply

    def spy(action: object, at: float = 0.0) -> object:
        applied.append(action)
        return original(action, at=at)  # type: ignore[arg-type]

    match.apply = spy  # type: ignore[method-assign]
    app = make_app(3, match=match, keys=layout)
    async with app.run_test(size=(80, 24)) as pilot:
        for press in PRESSES:
            phase = match.round.phase
            applied.clear()
            await pilot.press(keymap.key(control_id(press)))
            assert applied == [resolve(press, phase)], press
    assert cards_conserved(match)


async def test_ascii_cards_are_letters_in_the_table_and_in_messages() -> None:
    match = started(3)
    app = make_app(3, match=match, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        top = match.view(0).piles[0].top
        assert isinstance(top, Card)
        await pilot.press("q")
        text = screen_text(app)
        assert top.label(ascii=True) in text
        assert not any(symbol in text for symbol in "♠♥♦♣")


async def test_spit_keys_of_a_player_without_spit_cards_are_not_needed() -> None:
    """Both press spit: a player with no spit cards counts as ready (RULES B5)."""
    match = played_until(3, lambda m: m.round.phase is Phase.DEALT and len(m.history) >= 1)
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        view = local(screen).match.view(0)
        waiting = [p for p in (0, 1) if not view.sides[p].ready]
        for player in waiting:
            await pilot.press(key_for(QWERTY, Spit(player), Phase.DEALT))
        assert local(screen).match.round.phase is not Phase.DEALT


async def test_the_changed_pile_flashes_in_the_players_colour_and_then_nothing_runs() -> None:
    match = started(3)
    play = next(a for p in (0, 1) for a in match.legal_actions(p) if isinstance(a, Play))
    app = make_app(3, match=match, pace=Pace(flash=0.5, message=0.5, grace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        piles = screen.query_one(PileRow)
        await pilot.press(key_for(QWERTY, play, Phase.PLAYING))
        flash = [None, None]
        flash[play.pile] = play.player
        assert piles.state.flash == tuple(flash)  # type: ignore[union-attr]
        await pilot.press("q" if play.player else "y")  # the other player fumbles
        await pilot.pause(1.0)
        assert piles.state.flash == (None, None)  # type: ignore[union-attr]
        assert "✗" not in screen_text(app)
        # Idle: no flash, no message, so no timer is left running.
        feedback = screen.feedback
        assert not any(m.fader.running for m in (*feedback.flashes, *feedback.messages))


async def test_a_message_waits_out_a_pause_and_then_fades() -> None:
    app = make_app(3, match=started(3), pace=Pace(flash=0.0, message=0.6, grace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q", "escape")
        await pilot.pause(1.0)  # longer than the message lasts, but paused
        await pilot.press("escape")
        assert "does not go on" in message_line(app, 0)
        await pilot.pause(1.0)
        assert "does not go on" not in message_line(app, 0)
