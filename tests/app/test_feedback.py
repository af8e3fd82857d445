"""What the table tells the players: refusals that say what to do, banners that say who is awaited.

Found by playing: a fumble said only "wait", spit when not stuck did not say whose move was
left, a refusal outlived its round on the summary, "You is ready", and a single-pile round
did not say why there was one pile or what going out first would mean.
"""

from __future__ import annotations

from spit.app.parts import TopBar
from spit.engine import Match, Phase, Play, Reason, Variant
from spit.settings.options import Mode

from .factory import FakeClock, game, make_app, message_line, played_until, screen_text
from .test_flow import ScriptedOpponent, opponents


def started(seed: int, **kwargs: object) -> Match:
    return played_until(seed, lambda m: m.round.phase is not Phase.DEALT, **kwargs)


def wrong_play(match: Match, player: int) -> Play:
    """A play of ``player``'s that the table refuses as not fitting (a fumble)."""
    return next(
        Play(player, stock, pile)
        for stock in range(5)
        for pile in (0, 1)
        # Asked at the time of the table's last change: an earlier time is refused as such.
        if (refusal := match.check(Play(player, stock, pile), at=match.round.last_at)) is not None
        and refusal.reason is Reason.DOES_NOT_FIT
    )


def key_of(play: Play) -> str:
    row = "qwert" if play.pile == 0 else "asdfg"
    return row[play.stock]


async def test_a_fumble_says_how_long_the_hand_is_locked_and_a_key_meanwhile_how_long_is_left() -> (
    None
):
    match = started(3)
    wrong = wrong_play(match, 0)
    clock = FakeClock()
    app = make_app(3, match=match, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key_of(wrong))
        assert "does not go on" in message_line(app, 0)
        assert "hand locked 0.5 s" in message_line(app, 0)
        clock.advance(0.2)
        await pilot.press("space")
        assert "wait 0.3 s — your hand is locked after a fumble" in message_line(app, 0)


async def test_spit_while_a_move_is_left_says_it_is_yours() -> None:
    match = played_until(3, lambda m: m.round.phase is Phase.PLAYING and bool(m.legal_actions(0)))
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        assert "not stuck — you still have a move" in message_line(app, 0)


async def test_spit_while_only_the_other_player_can_move_names_them() -> None:
    match = played_until(
        3,
        lambda m: (
            m.round.phase is Phase.PLAYING and not m.legal_actions(0) and bool(m.legal_actions(1))
        ),
    )
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        assert "not stuck — Player 2 still has a move" in message_line(app, 0)


async def test_the_banner_names_who_spit_still_waits_for() -> None:
    app = make_app(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        assert "both press SPIT  (waiting for Player 1)" in screen_text(app)


async def test_against_the_bot_the_banner_waits_for_you_and_the_bots_line_asks_nothing() -> None:
    made: list[ScriptedOpponent] = []
    app = make_app(3, mode=Mode.BOT, opponents=opponents(made), bot_level="hard")
    async with app.run_test(size=(80, 24)) as pilot:
        bot_line = screen_text(app).splitlines()[1]
        assert "Bot (hard)" in bot_line and "press SPIT" not in bot_line
        made[0].spit_later(0)
        await pilot.pause(0.05)
        text = screen_text(app)
        assert "(waiting for you)" in text
        assert "ready ✓" in text.splitlines()[1]


async def test_what_was_said_during_a_round_is_gone_from_its_summary() -> None:
    match = played_until(3, lambda m: m.round.phase is Phase.SLAP)
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("z")  # a fill while slapping means nothing; spit is refused
        await pilot.press("enter")
        assert "slap a pile" in message_line(app, 1)
        await pilot.press("h")
        assert "Round 1 is over" in screen_text(app)
        assert "✗" not in screen_text(app)


async def test_the_bots_hand_landing_after_the_round_ended_is_not_reported() -> None:
    match = played_until(3, lambda m: m.round.phase is Phase.SLAP)
    app = make_app(3, match=match, mode=Mode.BOT, opponents=opponents([]))
    async with app.run_test(size=(80, 24)):
        result = game(app).act(Play(1, 0, 0))
        assert result.refusal is not None and result.refusal.reason is Reason.SLAP_TIME
        assert "✗" not in message_line(app, 1)


async def test_the_summary_against_the_bot_shows_no_key_for_the_bot() -> None:
    match = played_until(3, lambda m: len(m.history) == 1)
    app = make_app(3, match=match, mode=Mode.BOT, opponents=opponents([]))
    async with app.run_test(size=(80, 24)):
        text = screen_text(app)
        assert "Round 2: both press SPIT" in text
        assert "(the bot)" not in text and "Bot …" in text


def one_pile(variant: Variant = Variant.STANDARD) -> Match:
    return played_until(
        0,
        lambda m: m.round.spit_piles == 1 and m.round.phase is Phase.PLAYING,
        variant=variant,
    )


async def test_a_single_pile_round_says_who_has_no_spit_cards_and_that_going_out_first_wins() -> (
    None
):
    match = one_pile()
    alone = next(p for p in (0, 1) if not match.view(0).piles[p].in_play)
    name = f"Player {alone + 1}"
    app = make_app(0, match=match)
    async with app.run_test(size=(80, 24)):
        text = screen_text(app)
        assert f"One spit pile: {name} has no spit cards. Both pile keys play on it." in text
        assert f"If {name} plays out their stocks first, {name} wins the match." in text


async def test_in_the_points_game_going_out_first_in_a_single_pile_round_ends_the_match() -> None:
    match = one_pile(Variant.POINTS)
    app = make_app(0, match=match, variant=Variant.POINTS)
    async with app.run_test(size=(80, 24)):
        assert "plays out their stocks first, the match ends." in screen_text(app)


async def test_against_the_bot_the_single_pile_note_speaks_to_you() -> None:
    match = one_pile()
    you_alone = not match.view(0).piles[0].in_play
    app = make_app(0, match=match, mode=Mode.BOT, opponents=opponents([]))
    async with app.run_test(size=(80, 24)):
        text = screen_text(app)
        if you_alone:
            assert "you have no spit cards" in text
            assert "Play out your stocks first and you win the match!" in text
        else:
            assert "Bot has no spit cards" in text
            assert "If Bot plays out their stocks first, Bot wins the match." in text


async def test_the_summary_before_a_single_pile_round_says_so() -> None:
    match = played_until(
        0,
        lambda m: m.round.spit_piles == 1 and m.round.phase is Phase.DEALT and bool(m.history),
    )
    app = make_app(0, match=match)
    async with app.run_test(size=(80, 24)):
        text = screen_text(app)
        assert "is over" in text
        assert "One spit pile:" in text and "plays out their stocks first" in text


async def test_the_top_line_keeps_both_scores_and_shortens_its_key_hints_to_fit() -> None:
    app = make_app(3, variant=Variant.POINTS, mode=Mode.BOT, opponents=opponents([]))
    async with app.run_test(size=(80, 24)) as pilot:
        bar = game(app).query_one(TopBar)
        # The last round of a points match against the bot: both totals past 100.
        bar.state = bar.state._replace(round_number=4, scores=(104, 112))
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        assert "You 104" in top and "Bot 112" in top
        assert top.rstrip().endswith("F1 help")


async def test_in_ascii_the_marks_for_ready_and_refused_are_plain_letters_too() -> None:
    app = make_app(3, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space", "y")
        text = screen_text(app)
        assert "ready" in text and "✓" not in text
        assert message_line(app, 1).strip().startswith("x press spit to start")
        assert "✗" not in text


async def test_a_play_key_after_pressing_spit_says_the_wait_is_for_the_other_player() -> None:
    app = make_app(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space", "q")
        assert "waiting for the other player to spit" in message_line(app, 0)
        assert "press spit" not in message_line(app, 0)


async def test_on_a_stuck_table_a_play_key_after_spit_says_the_same() -> None:
    match = played_until(5, lambda m: m.round.phase is Phase.STUCK)
    app = make_app(5, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        assert "stuck — press spit" in message_line(app, 0)
        await pilot.press("space", "w")
        assert "waiting for the other player to spit" in message_line(app, 0)
