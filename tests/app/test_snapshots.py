"""Pictures of the game: each test says what a player must see in it.

Every picture is deterministic: a fixed seed, a clock that only moves when told, and
feedback that neither flashes nor fades (``STILL``). Update with ``--snapshot-update`` and
look at the SVGs before accepting them.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from spit import i18n
from spit.app.app import SpitApp
from spit.app.coach import Step
from spit.engine import Match, Phase, Play, Variant
from spit.settings.options import Mode

from .factory import FakeClock, drive, make_app, played_until
from .test_practice import next_move, practice, practice_app

SIZE = (80, 24)


def started(seed: int) -> Match:
    return played_until(seed, lambda m: m.round.phase is not Phase.DEALT)


class TestStartOfRound:
    def test_dealt_table_waits_for_both_spits(self, snap_compare) -> None:
        """Both layouts dealt 1-2-3-4-5 with the top cards up and edges for the cards under
        them, empty spit piles, 11 spit cards a side, each row's keys, and the banner
        "Round 1: both press SPIT" with both players asked to press SPIT."""
        assert snap_compare(make_app(3), terminal_size=SIZE)

    def test_one_player_ready(self, snap_compare) -> None:
        """Player 1 pressed Space: their line says "ready ✓", the banner says it is
        "waiting for Player 2", and player 2 is still asked to press SPIT."""
        assert snap_compare(make_app(3), press=["space"], terminal_size=SIZE)


class TestMidRound:
    def test_a_play_and_a_refusal(self, snap_compare) -> None:
        """After the first spit, player 2 played 5♥ from stock 4 onto the left pile (its
        stock now shows 3♥ with two cards under it), and player 1 tried 2♥ on 5♥: the
        reason "2♥ does not go on 5♥ · hand locked 0.5 s" stands by player 1's stocks."""
        assert snap_compare(make_app(3, match=started(3)), press=["o", "q"], terminal_size=SIZE)

    def test_four_colours_and_ascii(self, snap_compare) -> None:
        """The same table with letters for suits (5H, 6C …), boxes of + - |, and a
        four-colour deck: clubs green, diamonds blue."""
        app = make_app(3, match=started(3), ascii=True, four_colour=True)
        assert snap_compare(app, press=["o"], terminal_size=SIZE)


class TestStuck:
    def test_stuck_asks_both_to_spit(self, snap_compare) -> None:
        """Nobody can play: the banner reads "Stuck — press SPIT" and both players' lines
        ask them to press SPIT."""
        match = played_until(5, lambda m: m.round.phase is Phase.STUCK)
        assert snap_compare(make_app(5, match=match), terminal_size=SIZE)


class TestSlap:
    def test_round_end_calls_for_the_slap(self, snap_compare) -> None:
        """Player 1 has played every stock (five empty slots); the banner reads "Player 1
        played out their stocks — SLAP the smaller pile!" and both pile sizes are shown."""
        match = played_until(3, lambda m: m.round.phase is Phase.SLAP)
        assert snap_compare(make_app(3, match=match), terminal_size=SIZE)


class TestSinglePile:
    def test_one_pile_in_play(self, snap_compare) -> None:
        """A round with one spit pile: the unused pile is an empty outline marked "not in
        play", the player without spit cards shows "no spit cards", and the banner says
        who has no spit cards, that both pile keys play on the one pile, and that player 1
        wins the match by going out first."""
        match = played_until(
            0, lambda m: m.round.spit_piles == 1 and m.round.phase is Phase.PLAYING
        )
        assert snap_compare(make_app(0, match=match), terminal_size=SIZE)

    def test_the_summary_before_it_says_why(self, snap_compare) -> None:
        """The summary before a single-pile round: under the spit keys, who has no spit
        cards (so one pile, both pile keys on it) and what going out first would win."""
        match = played_until(
            0,
            lambda m: m.round.spit_piles == 1 and m.round.phase is Phase.DEALT and bool(m.history),
        )
        assert snap_compare(make_app(0, match=match), terminal_size=SIZE)


class TestRoundSummary:
    def test_summary_after_the_slap(self, snap_compare) -> None:
        """Player 2 slapped the right pile: the summary says round 1 is over, player 1
        played out their stocks first, who took which pile and how many cards, what each
        holds now; the new layouts are dealt and round 2 waits for both SPIT keys."""
        match = played_until(3, lambda m: m.round.phase is Phase.SLAP)
        assert snap_compare(make_app(3, match=match), press=["h"], terminal_size=SIZE)

    def test_points_summary_shows_scores(self, snap_compare) -> None:
        """In the points variant the summary has a points column and the top line the
        running totals."""
        match = played_until(3, lambda m: len(m.history) == 1, variant=Variant.POINTS)
        app = make_app(3, match=match, variant=Variant.POINTS)
        assert snap_compare(app, terminal_size=SIZE)


class TestMatchOver:
    def test_winner_and_figures(self, snap_compare) -> None:
        """A points match played to its end: the winner, the points, the cards each holds
        and played, each player's median reaction and plays a minute, the number of rounds,
        the fastest play, each round's median reaction as a row of blocks, the coach for
        Player 1 (nothing cost much time: every play came at once), Rematch (focused), Menu,
        Quit, and on the box's edge Ctrl+O, the replay at the worst moment."""
        clock = FakeClock()
        app = make_app(3, variant=Variant.POINTS, clock=clock)

        async def play_to_the_end(pilot: Pilot) -> None:
            drive(pilot.app, clock, lambda m: m.is_over)  # type: ignore[arg-type]
            await pilot.pause()

        assert snap_compare(app, run_before=play_to_the_end, terminal_size=SIZE)


class TestHints:
    def test_hints_mark_the_cards_that_fit(self, snap_compare) -> None:
        """Hints on, mid-round: each stock whose top card fits a pile right now has a green
        edge and a ✦ in its top edge; the others look as always."""
        app = make_app(3, match=started(3), hints=True)
        assert snap_compare(app, terminal_size=SIZE)


class TestHelp:
    def test_help_lists_both_players_keys_and_the_rules(self, snap_compare) -> None:
        """F1 over the table: both players' keys stock by stock (left pile, right pile,
        fill, spit) and the rules in brief, single-pile rounds included, each wrapped rule
        hanging under its first word."""
        assert snap_compare(make_app(3), press=["f1"], terminal_size=SIZE)


class TestPause:
    def test_paused(self, snap_compare) -> None:
        """Escape: the table dimmed under a "Paused" box that says how to go on."""
        assert snap_compare(make_app(3, match=started(3)), press=["escape"], terminal_size=SIZE)


class TestBigTerminal:
    def test_the_table_keeps_together_in_the_middle(self, snap_compare) -> None:
        """At 160×45 the table does not spread out: the cards are large, and both sides
        and the piles sit together in the middle of the screen; each player's line starts
        where their stocks' keys do, not at the screen's edge."""
        assert snap_compare(make_app(3, match=started(3)), terminal_size=(160, 45))


class TestCardSizes:
    """The same table at each card size, on the smallest terminal that has room for it:
    player 2 played 5♥ onto the left pile (written under it), player 1's 2♥ did not fit."""

    def test_small_cards_at_80x24(self, snap_compare) -> None:
        """Cards three lines high, rank and suit in the middle: the table as it has always
        been."""
        app = make_app(3, match=started(3))
        assert snap_compare(app, press=["o", "q"], terminal_size=(80, 24))

    def test_medium_cards_from_100x32(self, snap_compare) -> None:
        """Cards five lines high: rank and suit in the top-left and bottom-right corners,
        the suit in the middle; the stocks' edges, the +N under each, the keys under each
        card's middle, the spit cards' backs and the piles' captions all at that size."""
        app = make_app(3, match=started(3))
        assert snap_compare(app, press=["o", "q"], terminal_size=(100, 32))

    def test_large_cards_from_140x42(self, snap_compare) -> None:
        """Cards nine lines high: the corners, and the rank in tall letters between two
        suits in the middle."""
        app = make_app(3, match=started(3))
        assert snap_compare(app, press=["o", "q"], terminal_size=(140, 42))

    def test_large_cards_in_ascii_with_four_colours_and_hints(self, snap_compare) -> None:
        """The large cards with ``--ascii``: boxes of + - |, suits as letters, the tall ranks
        drawn with . ' - | / \\; clubs green and diamonds blue; the stocks that fit a pile
        edged green with a * in their top edge."""
        app = make_app(3, match=started(3), ascii=True, four_colour=True, hints=True)
        assert snap_compare(app, press=["o"], terminal_size=(140, 42))


class TestTooSmall:
    def test_too_small_terminal(self, snap_compare) -> None:
        """At 60×20 only the request to enlarge the terminal to at least 80×24 shows."""
        assert snap_compare(make_app(3), terminal_size=(60, 20))


class TestMenu:
    def test_start_menu(self, snap_compare) -> None:
        """The start menu: players (two players or the bot, focused; the guided practice and
        the daily deal) and game variant on the left; beside them the ladder's seven bot
        levels, weakest first, each with its median time a move, and the adaptive bot (off
        until the bot is chosen, its cursor on the chosen level); keyboard, language and the
        display options (ASCII, four colours, hints) below; Start, Host and Join (a game over
        the network), Names, Keys and Quit; the hint's two lines (Tab, arrows and Enter, F1;
        then S, H, J, N, K); all in 80x24."""
        app = make_app(3, mode=None, opponents=lambda level, seed: None)  # type: ignore[arg-type,return-value]
        assert snap_compare(app, terminal_size=SIZE)


class TestNetworkDialogs:
    def test_the_host_dialog(self, snap_compare) -> None:
        """H in the menu: "Host a game", where a server started here listens (loopback and
        spit's port filled in, the field focused), what 127.0.0.1 and 0.0.0.0 mean, and a
        blank field for a server already running; Host (Enter) and Cancel (Esc)."""
        app = make_app(3, mode=None)
        assert snap_compare(app, press=["h"], terminal_size=SIZE)

    def test_the_join_dialog_names_a_bad_code(self, snap_compare) -> None:
        """J in the menu, an address and a code of four letters: the dialog stays, with
        "Not a room code: 'ABCD' — 8 letters and digits, like ABCD-EFGH." over its
        buttons."""
        app = make_app(3, mode=None)
        keys = ["j", *"127.0.0.1:7748", "enter", *"ABCD", "enter"]
        assert snap_compare(app, press=keys, terminal_size=SIZE)


class TestAgainstTheBot:
    def test_bot_table(self, snap_compare) -> None:
        """Against the bot: "You" at the bottom with both halves' keys under the stocks,
        "Bot (normal)" at the top with its level and no keys (nor a "press SPIT" nobody can
        answer), and the spit key shown as "Space / Enter"."""
        app = make_app(
            3,
            mode=Mode.BOT,
            opponents=lambda level, seed: _Idle(),  # type: ignore[arg-type,return-value]
        )
        assert snap_compare(app, terminal_size=SIZE)


class _Idle:
    """An opponent that never moves, so the picture stays still."""

    def start(self, seat: object) -> None:
        pass

    def table_changed(self, events: object) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        pass

    def stop(self) -> None:
        pass


class TestReplay:
    def test_a_replay_stopped_mid_round(self, snap_compare, data_dir) -> None:
        """A recorded match against the hard bot, stopped after 25 actions: the table as it
        stood then, the players' key legends gone, and below it the replay's bar — action
        25 of 86 at 0:12.3 in round 1 of 3, real speed, stopped; its keys; and each player's
        reaction times (median and last), missed plays and races lost so far (the bot lost
        1, by 0.06 s); and the reaction of each round so far as a row of blocks each."""
        from spit.records.record import read_record
        from tests.records.played import play_recorded

        path, _ = play_recorded(data_dir / "records", seed=7)
        app = make_app(mode=None)

        async def stopped_at_25(pilot: Pilot) -> None:
            app.replay(read_record(path), playing=False)
            await pilot.pause()
            app.screen.game.playback.seek(24)
            await pilot.press("right")

        assert snap_compare(app, run_before=stopped_at_25, terminal_size=SIZE)


class TestResumeOffer:
    def test_the_unfinished_match_is_offered_at_the_start(
        self, snap_compare, data_dir, monkeypatch
    ) -> None:
        """Over the start menu: "Resume the match from Tue 1 Dec 14:05?", where it stands
        (round 2, Ann 18 cards, Bot 26 cards), and its keys: Enter resume, Ctrl+D give it
        up, Esc not now."""
        import os
        import time

        from spit.game import bot_driver
        from tests.records.played import play_recorded

        monkeypatch.setenv("TZ", "UTC")
        time.tzset()
        path, _ = play_recorded(data_dir / "records", seed=5, stop_after=60)
        stamp = 1796133900  # 2026-12-01 14:05 UTC
        os.utime(path, (stamp, stamp))
        app = make_app(mode=None, opponents=bot_driver)
        try:
            assert snap_compare(app, terminal_size=SIZE)
        finally:
            monkeypatch.delenv("TZ")
            time.tzset()


LANGUAGES = ("el", "de", "ka", "lv")
"""The translated languages; English is every other picture here."""


class TestLanguages:
    """Each screen a player meets first, in each language, at 80×24 (nothing cut off)."""

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_the_start_menu(self, snap_compare, lang: str) -> None:
        """The menu in the language, its Language drop-down showing the language's own
        name, the bot levels with their speeds, and the hint line, all whole."""
        i18n.set_language(lang)
        assert snap_compare(make_app(3, mode=None), terminal_size=SIZE)

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_the_table_mid_round(self, snap_compare, lang: str) -> None:
        """Mid-round: player 2 played, player 1's card did not fit; the reason, the card
        counts, the spit keys and the row captions in the language (German court cards as
        B D K)."""
        i18n.set_language(lang)
        app = make_app(3, match=started(3))
        assert snap_compare(app, press=["o", "q"], terminal_size=SIZE)

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_the_help(self, snap_compare, lang: str) -> None:
        """Help: both players' keys and the rules in brief, written in the language, all of
        it inside the box without scrolling."""
        i18n.set_language(lang)
        assert snap_compare(make_app(3, match=started(3)), press=["f1"], terminal_size=SIZE)

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_a_round_summary(self, snap_compare, lang: str) -> None:
        """Between rounds: who played out their stocks, what each took and holds now, and
        the call for the next round's spit, in the language with its plural forms."""
        i18n.set_language(lang)
        match = played_until(3, lambda m: m.round.phase is Phase.DEALT and len(m.history) >= 1)
        assert snap_compare(make_app(3, match=match), terminal_size=SIZE)


class TestPractice:
    """The practice round: the guide's step in a band under the table, never over a card."""

    @staticmethod
    def app() -> SpitApp:
        return practice_app(3)

    def test_the_first_step_shows_the_stocks(self, snap_compare) -> None:
        """The dealt table against the patient bot ("Bot (patient)"), and
        under the player's line the band "Practice 1/7": the five stocks, face up on top,
        +3 for the cards beneath, the 11 spit cards by the left pile, Tab to go on."""
        assert snap_compare(self.app(), terminal_size=SIZE)

    def test_the_third_step_names_a_card_that_fits(self, snap_compare) -> None:
        """After the first spit nothing of the player's fitted, so the bot played on until
        the left pile showed 3♥ ("Bot: 3♥ → left"); now the band "Practice 3/7" says the
        rule and names the player's 2♥, which fits on it, with its keys (q or y)."""

        async def a_card_fits(pilot: Pilot) -> None:
            screen = practice(pilot.app)  # type: ignore[arg-type]
            await pilot.press("tab")
            while not any(isinstance(a, Play) for a in screen.game.view(0).legal_actions):
                next_move(screen)
            await pilot.pause()

        assert snap_compare(self.app(), run_before=a_card_fits, terminal_size=SIZE)

    def test_the_slap_step_says_which_keys_slap_which_pile(self, snap_compare) -> None:
        """The round is over (the player played out their stocks): the banner calls for
        the slap, the piles show their sizes, and the band "Practice 6/7" names each stock's
        first key (q) for the left pile and its second (a) for the right, as the legend
        "slap ◀ ▶" shows them, with each pile's cards."""

        async def to_the_slap(pilot: Pilot) -> None:
            screen = practice(pilot.app)  # type: ignore[arg-type]
            await pilot.press("tab")
            while screen.step is not Step.SLAP:
                next_move(screen)
            await pilot.pause()

        assert snap_compare(self.app(), run_before=to_the_slap, terminal_size=SIZE)

    def test_between_rounds_the_centre_shows_the_next_rounds_call(self, snap_compare) -> None:
        """After the slap, round 2 is dealt: the centre shows "Round 2: both press SPIT" over
        the two empty piles and each player's spit cards (4 and 18), as after any deal, and
        the band "Practice 7/7" says which pile the player took and what each holds."""

        async def to_round_two(pilot: Pilot) -> None:
            screen = practice(pilot.app)  # type: ignore[arg-type]
            await pilot.press("tab")
            while screen.step is not Step.NEXT:
                next_move(screen)
            await pilot.pause()

        assert snap_compare(self.app(), run_before=to_round_two, terminal_size=SIZE)

    def test_the_pause_is_the_games_pause_with_the_way_out(self, snap_compare) -> None:
        """Esc in the practice: the game's pause box, centred and as high as its lines,
        "Paused" over the game's keys (Esc: resume · F1: help · Ctrl+Q: quit) and under them
        "Ctrl+L: leave the practice"; the table shows round it."""
        assert snap_compare(self.app(), press=["tab", "escape"], terminal_size=SIZE)

    def test_a_single_pile_round_folds_its_note_into_the_band(self, snap_compare) -> None:
        """Round 3 at 80x24: the player has no spit cards, so their pile is "not in play"
        and "no spit cards" stands under its place; the banner calls for SPIT and waits for
        the bot, and the band, one line higher, says the round's note first ("One spit pile:
        you have no spit cards …  Play out your stocks first and you win the match!"), then step 7's
        words, "Tab: end the practice" whole on its line."""

        async def to_one_pile(pilot: Pilot) -> None:
            screen = practice(pilot.app)  # type: ignore[arg-type]
            await pilot.press("tab")
            view = screen.game.view(0)
            while not (view.one_pile is not None and view.phase is Phase.DEALT):
                next_move(screen)
                view = screen.game.view(0)
            await pilot.pause()

        assert snap_compare(self.app(), run_before=to_one_pile, terminal_size=SIZE)
