"""The game screen: keys in, the game's verdicts out, the table redrawn from a seat's view.

The screen plays a :class:`spit.game.Game` (here or across the network). A key goes one
short way with no ``await``: ``KeyMap.press`` -> ``PlayerView.resolve`` -> ``Game.act``. The
game tells :meth:`GameScreen.table_changed` what happened; the feedback's timers hear of it
and the :class:`~spit.app.presenter.Presenter` turns the seat's view into each widget's
state. The screen keeps no table of its own.
"""

from __future__ import annotations

import gc
from datetime import date
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple

from msgspec.structs import replace
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip

from spit import words
from spit.app.bindings import WordedBindings, bind
from spit.app.card_rows import PileRow, StockRow
from spit.app.feedback import FeedbackTimers
from spit.app.look import SMALL, CardSize, Look, card_size_for
from spit.app.messages import GameLost, OpenMenu, OpenReplay, SizeChanged
from spit.app.parts import Banner, KeyLegend, PlayerInfo, PlayerMessage, RoundSummary, TopBar
from spit.app.presenter import PLAYER_IDS, Perspective, Presenter, Scene, TableStates
from spit.app.room_notice import RoomNotice
from spit.app.table import TABLE_CSS, fit_table, table_widgets, uniform_lines
from spit.app.timers import PumpTimers
from spit.engine import Action, MatchEnded, PilePress, PlayerView, Press, Result
from spit.game import Change, Game, Lost
from spit.game.patient import PATIENCE
from spit.records.figures import MatchStats
from spit.settings.keymap import KeyMap
from spit.settings.options import GameOptions, Mode

if TYPE_CHECKING:
    from spit.records.record import Record

REPEAT_GAP: Final = 0.06
"""Seconds: the same key again sooner than this is the keyboard repeating a held key, not a
new press. Auto-repeat sends a key every 30-50 ms; nobody taps one key twice that fast."""


class Pace(NamedTuple):
    """How long the table's feedback lasts, in seconds."""

    flash: float = 0.35
    """A pile that changed shows the player's colour this long; 0 turns flashes off."""
    message: float = 1.2
    """A refusal stays by the player's row this long."""
    last_move: float = 1.0
    """The last play on a pile stays written under it this long (``P2: 8♣ → right``); 0
    turns it off."""
    grace: float = 1.0
    """The match-over screen ignores keys this long, so the last frantic key presses of a
    match cannot choose rematch or quit by accident; the pause screen's help and quit keys
    wait as long, so the other player's last presses cannot choose them."""
    patience: float = PATIENCE
    """The practice round's bot waits this long before it moves (see spit.game.patient)."""


class GameScreen(WordedBindings, Screen[None]):
    """The table: player 2's stocks at the top, the spit piles, player 1's at the bottom."""

    DEFAULT_CSS = TABLE_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        bind("escape", "pause", "pause", "pause"),
    ]
    """Bindings of the game screen (the players' own keys are the key map's, not bindings)."""

    ROUND_SUMMARY: ClassVar[bool] = True
    """Whether the last round's summary stands in the middle between rounds (else the
    banner and piles show, as after any deal)."""

    def __init__(
        self,
        options: GameOptions,
        game: Game,
        *,
        keymap: KeyMap,
        pace: Pace,
        stats: MatchStats | None = None,
        serves_here: bool = False,
    ) -> None:
        """``stats``: the figures of what was played of a resumed match, to count on from;
        ``serves_here``: a networked room's server was started here for it."""
        super().__init__()
        self._resumed = False
        self.options = options
        self.game = game
        self.seat = game.seats[0]
        """The seat whose view the screen draws (both players see the same face-up table)."""
        self.keymap = keymap
        self.pace = pace
        self.stats = stats if stats is not None else MatchStats()
        self.look = Look(ascii=options.ascii, four_colour=options.four_colour)
        self.perspective = self._perspective()
        self.presenter = Presenter(keymap, self.look, hints=options.hints)
        self.feedback = FeedbackTimers(
            self, self.redraw, flash=pace.flash, message=pace.message, last_move=pace.last_move
        )
        self.running = True
        """False while the game stands still (a dialog or a too-small terminal on top)."""
        self._pressed_at: dict[Press, float] = {}
        self.room_notice = RoomNotice(self, game, serves_here=serves_here)
        self.card_size: CardSize = SMALL
        self._record: Record | None = None  # the match's record read back as it ended

    def _perspective(self) -> Perspective:
        game, options = self.game, self.options
        return Perspective.seated(
            game.seats,
            game.names,
            against_bot=options.mode is Mode.BOT,
            networked=game.connection is not None,
            bot_level=options.bot_level,
        )

    @property
    def against_bot(self) -> bool:
        return self.perspective.against_bot

    @property
    def names(self) -> tuple[str, str]:
        return self.perspective.names

    # -- layout ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from table_widgets()

    def render_lines(self, crop: Region) -> list[Strip]:
        # The felt under the table: every line the same.
        return uniform_lines(super().render_lines, crop)

    def on_mount(self) -> None:
        if self.perspective.solo:
            # Both halves of the keyboard play the person's stocks; the other needs no legend.
            self.query_one("#p2-legend", KeyLegend).display = False
            self.query_one("#p1-legend-right", KeyLegend).display = True
        self._fit_cards()
        self.redraw()
        self.game.start(self, PumpTimers(self))
        if self.game.connection is not None:
            # The room may stand already: the friend has yet to join.
            self.call_after_refresh(self.connection_changed)
        # A full garbage collection walks every object the app has made: with the table up,
        # 50 ms and more (three frames) in the middle of play, every few hundred key presses.
        # Set what exists now (Textual, the table's widgets) aside while the table is up;
        # collections then walk only what play makes, and take a fraction of that.
        gc.freeze()

    def _fit_cards(self) -> bool:
        """Draw the cards at the largest size the terminal has room for; whether it changed."""
        size = card_size_for(*self.app.size)
        if size == self.card_size and self.is_mounted:
            return False
        self.card_size = size
        fit_table(self, size)
        return True

    def on_unmount(self) -> None:
        self.feedback.cancel()
        self.game.stop()
        gc.unfreeze()  # what was set aside is the collector's again, the table included

    # -- keys --------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        press = self.keymap.press(event.key)
        if press is None:
            return
        event.stop()
        event.prevent_default()
        # A held key is one press: its repeats would play the cards under it one after the
        # other and fumble on the first that does not fit. Terminals do not say which key
        # events are repeats, so tell them by their pace (the time each key arrived).
        last = self._pressed_at.get(press)
        self._pressed_at[press] = event.time
        if last is not None and event.time - last < REPEAT_GAP:
            return
        self.press(press)

    def press_key(self, key: str) -> Result | None:
        """Handle one key as if pressed (a Textual key name); None if it plays nothing."""
        press = self.keymap.press(key)
        return None if press is None else self.press(press)

    def press(self, press: Press) -> Result | None:
        """What one player's key does: translate it, let the engine judge, show the verdict."""
        if not self.running:
            return None
        seats = self.game.seats
        # With one seat on this keyboard, both halves of it play for that seat.
        who = seats[0] if len(seats) == 1 else press.player
        if who != press.player:
            press = replace(press, player=who)
        if self.perspective.near == 1 and isinstance(press, PilePress):
            # Drawn from the other side of the table: the pile on the left is pile 1.
            press = PilePress(press.player, press.stock, 1 - press.pile)
        # What the key means now (a play or a slap, a fill or nothing) is the engine's answer.
        action = self.game.view(who).resolve(press)
        if action is None:
            return None
        return self.act(action)

    def act(self, action: Action) -> Result | None:
        """The one way anything reaches the game from this screen; the game tells
        :meth:`table_changed` what it did."""
        return self.game.act(action)

    # -- what the game tells ------------------------------------------------------------

    def table_changed(self, change: Change) -> None:
        """Show what an action did (anyone's), then the table as it is now."""
        if change.refusal is not None:
            text = self.presenter.refusal(change.refusal, change.at, self.perspective)
            if text is not None:
                self.feedback.show_message(change.refusal.player, text, running=self.running)
        elif change.player is not None:
            self.stats.record(change.events, change.at, self._plays_now())
            self.feedback.clear_message(change.player)  # redrawn once for everything, below
            self.feedback.heard(change.events, running=self.running)
        self.redraw()
        if any(isinstance(e, MatchEnded) for e in change.events):
            self._match_over()

    def _plays_now(self) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
        """Each player's plays now, for the match figures' reactions: a seat played here by its
        legal actions, any other by the plays the drawn (face-up) view shows of it."""
        seats, drawn = self.game.seats, self.game.view(self.seat)
        legal = [
            self.game.view(p).legal_actions if p in seats else drawn.plays_of(p) for p in (0, 1)
        ]
        return legal[0], legal[1]

    def pause_changed(self, paused: bool, by: int | None) -> None:
        """The other player paused or went on (a networked game): say so over the table.
        This player's own pause ran out on the server: the pause dialog goes, play goes on."""
        from spit.app.dialogs.pause import PauseScreen  # deferred: start-up

        if by == self.seat and not paused and isinstance(self.app.screen, PauseScreen):
            self.app.screen.dismiss()
        self.connection_changed()

    def connection_changed(self) -> None:
        """News of the room or the line: names, round-trip times, who is here, who paused."""
        self.perspective = self._perspective()
        self.room_notice.update(self.perspective)
        self.redraw()

    def game_lost(self, why: Lost) -> None:
        """The game cannot go on: the app says why (and where it goes from here)."""
        self.room_notice.take_away()
        self.post_message(
            GameLost(words.networked.lost(why), words.networked.lost_detail(self.game.lost))
        )

    # -- drawing -----------------------------------------------------------------------

    def table_states(self, view: PlayerView, scene: Scene) -> TableStates:
        return self.presenter.present(
            view, self.perspective, self.feedback.now(), scene, summary=self.ROUND_SUMMARY
        )

    def redraw(self) -> None:
        """Hand every widget its slice of the engine's view; unchanged ones stay as they are."""
        view = self.game.view(self.seat)
        scene = self.presenter.scene(self.game, self.perspective, self.card_size, self.app.is_web)
        states = self.table_states(view, scene)
        self.query_one("#p1-legend", KeyLegend).state = states.legends[0]
        second = "#p1-legend-right" if self.perspective.solo else "#p2-legend"
        self.query_one(second, KeyLegend).state = states.legends[1]
        self.query_one(TopBar).state = states.top_bar
        for index, prefix in enumerate(PLAYER_IDS):
            self.query_one(f"#{prefix}-info", PlayerInfo).state = states.infos[index]
            self.query_one(f"#{prefix}-message", PlayerMessage).state = states.messages[index]
            self.query_one(f"#{prefix}-stocks", StockRow).state = states.stocks[index]
        banner = self.query_one(Banner)
        piles = self.query_one(PileRow)
        summary = self.query_one(RoundSummary)
        between = states.summary is not None
        banner.display = piles.display = not between
        summary.display = between
        if states.summary is not None:
            summary.state = states.summary
        else:
            banner.state = states.banner
            piles.state = states.piles

    # -- pause and resume --------------------------------------------------------------

    def on_resize(self) -> None:
        if self._fit_cards():
            self.redraw()
        self.post_message(SizeChanged())

    @on(events.ScreenResume)
    def _styled_when_mounted(self, event: events.ScreenResume) -> None:
        # Textual restyles a screen's every widget whenever it is resumed (the screen above
        # it may have changed the app's classes). The first time it is just shown: its
        # widgets were styled as they were mounted, and styling the table again was a fifth
        # of Textual's work for the first frame. (This runs before Textual's own handler.)
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def on_screen_suspend(self) -> None:
        self.hold()

    def on_screen_resume(self) -> None:
        # The terminal may have changed size under another screen (the too-small notice).
        if self._fit_cards():
            self.redraw()
        self.go_on()

    def hold(self) -> None:
        """Stop the game (its clock, any driven seat) and the feedback timers."""
        if not self.running:
            return
        self.running = False
        if not self.room_notice.up:
            # A notice that the room stands is no pause of ours: the other player's lasts.
            self.game.pause()
        self.feedback.pause()

    def go_on(self) -> None:
        """Carry on exactly where :meth:`hold` stopped."""
        if self.running:
            return
        self.running = True
        self.game.resume()
        self.feedback.resume()

    def action_pause(self) -> None:
        from spit.app.dialogs.pause import PauseScreen  # deferred: start-up

        # In a networked match the server limits a pause: its dialog counts it down.
        left = self._pause_left if self.game.connection is not None else None
        self.app.push_screen(PauseScreen(grace=self.pace.grace, left=left))

    def _pause_left(self) -> float | None:
        connection = self.game.connection
        return None if connection is None else connection.pause_left[self.seat]

    # -- the end -----------------------------------------------------------------------

    def _match_over(self) -> None:
        from spit.app.advice import read_back  # deferred: start-up
        from spit.app.dialogs.match_over import MatchOverScreen  # deferred: start-up

        view = self.game.view(self.seat)
        outcome, last_round = view.outcome, view.last_round
        assert outcome is not None and last_round is not None
        self._record = read_back(self.game.recorder)
        screen = MatchOverScreen(
            outcome=outcome,
            names=self.names,
            stats=self.stats,
            variant=self.game.variant,
            look=self.look,
            grace=self.pace.grace,
            last_round=last_round,
            against_bot=self.against_bot,
            rematch=self.game.can_rematch and self.options.daily is None,  # one deal a day
            record=self._record,
            coached=self.seat,
            share=daily_share(self.options.daily, ascii=self.look.ascii),
            rated=getattr(self.game, "rated", None),  # a paired match's, over the network
        )
        self.app.push_screen(screen, self._after_match)

    def _after_match(self, choice: str | None) -> None:
        if choice == "replay" and self._record is not None:
            from spit.app.advice import worst_moment  # deferred: start-up

            self.post_message(OpenReplay(self._record, worst_moment(self._record, self.seat)))
        elif choice == "rematch" and self.game.can_rematch:
            self.rematch()
        elif choice == "menu":
            self.post_message(OpenMenu())
        else:
            self.app.exit()

    @property
    def at_stake(self) -> bool:
        """Whether quitting now ends a match going on (not one over, nor a replay)."""
        return not (self.game.view(self.seat).is_over or self.game.replaying)

    @property
    def keepable(self) -> bool:
        """Whether the match is being written down, so quitting can keep it to go on with."""
        recorder = self.game.recorder
        return recorder is not None and recorder.recording

    def give_up(self) -> None:
        """The player quits and gives the match up: its record says so (never offered again)."""
        recorder = self.game.recorder
        if recorder is not None:
            recorder.abandon()

    def rematch(self) -> None:
        self.game.rematch()
        self.stats = MatchStats()
        for player in (0, 1):
            self.feedback.clear_message(player)
        self.redraw()


def daily_share(daily: str | None, *, ascii: bool) -> str | None:
    """A daily's share line, from its record (None: no daily, or no record to read)."""
    if daily is None:
        return None
    from spit.records.daily import latest_try  # deferred: the history, at a daily's end
    from spit.records.record import RecordError  # deferred: the same

    try:
        played = latest_try(date.fromisoformat(daily))
    except RecordError:
        return None
    return None if played is None else words.daily.share_line(played, ascii=ascii)
