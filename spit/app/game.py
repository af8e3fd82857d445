"""The game screen: keys in, the game's verdicts out, the table redrawn from a seat's view.

The screen plays a :class:`spit.game.Game` (a match here, or one across the network) and
knows nothing else of it. A key goes the same short way, with no ``await`` anywhere on it:
``KeyMap.control(key)`` -> ``Control.press()`` -> ``PlayerView.resolve(press)`` ->
``Game.act(action)``. The game tells
the screen what happened (``table_changed``: the events or the refusal; a local game does so
inside ``act``), and the screen shows flashes and messages from them and hands each widget
its slice of ``Game.view(seat)``. Every fact it shows is the engine's; it keeps no table of
its own.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen

from spit import words
from spit.app.bindings import WordedBindings, worded
from spit.app.clock import Fader, PumpTimers
from spit.app.look import SMALL, CardSize, Look, card_size_for
from spit.app.messages import GameLost, OpenMenu, SizeChanged
from spit.app.stats import MatchStats
from spit.app.table import (
    ROW_WIDTH,
    Banner,
    BannerState,
    InfoState,
    KeyLegend,
    LegendState,
    MessageState,
    PileRow,
    PilesState,
    PlayerInfo,
    PlayerMessage,
    RoundSummary,
    StockRow,
    StocksState,
    SummaryState,
    TopBar,
    TopBarState,
    legend_slot,
    pile_row_height,
    row_width,
)
from spit.engine import (
    STOCKS,
    Action,
    Card,
    CardPlayed,
    CardSpat,
    Event,
    MatchEnded,
    Phase,
    PilePress,
    Play,
    PlayerView,
    Reason,
    Refusal,
    Result,
    RoundSettled,
)
from spit.game import Change, Game, Lost
from spit.game.patient import PATIENCE
from spit.settings.keymap import Control, KeyMap
from spit.settings.options import GameOptions, Mode
from spit.words.labels import player_name, short_name

if TYPE_CHECKING:
    from textual.timer import Timer

    from spit.app.screens import StandstillScreen

PLAYER_IDS: Final = ("p1", "p2")
"""Widget id prefixes per player (player 0 is "p1")."""

REPEAT_GAP: Final = 0.06
"""Seconds: the same key again sooner than this is the keyboard repeating a held key, not a
new press. Auto-repeat sends a key every 30-50 ms; nobody taps one key twice that fast."""

MIDDLE_ROOM: Final = 11
"""Lines the middle of the table may take besides the spit piles: the banner, its note and
room around them (the table keeps together on a big terminal)."""

_BOT_SAYS: Final = frozenset({Reason.TOO_LATE, Reason.SLAPPED_ALREADY, Reason.LOCKED})
"""The bot's refusals worth showing besides its fumbles: the races it lost. The rest (a hand
that lands just after the round ended) would only be noise by its row."""


@dataclass(frozen=True, slots=True)
class Pace:
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

    # Each side is as wide as its stocks and centred, so its lines start where they start.
    DEFAULT_CSS = f"""
    GameScreen {{
        layout: vertical;
        overflow: hidden hidden;
        background: #0f3d24;
    }}
    GameScreen #table {{
        height: 1fr;
        align: center middle;
    }}
    GameScreen .side {{
        height: auto;
        width: {ROW_WIDTH};
    }}
    GameScreen #p1-legend-right {{
        display: none;
    }}
    GameScreen #middle {{
        height: 1fr;
        max-height: {MIDDLE_ROOM + pile_row_height(SMALL)};
        align: center middle;
    }}
    GameScreen Banner {{
        margin-bottom: 1;
    }}
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "pause", worded(words.dialogs.binding, "pause"), id="pause"),
    ]
    """Bindings of the game screen (the players' own keys are the key map's, not bindings)."""

    def __init__(
        self,
        options: GameOptions,
        game: Game,
        *,
        keymap: KeyMap,
        pace: Pace,
    ) -> None:
        super().__init__()
        self.options = options
        """What this game was started with."""
        self.game = game
        """The game being played; the screen reads and changes the table only through it."""
        self.seat = game.seats[0]
        """The seat whose view the screen draws (both players see the same face-up table)."""
        self.keymap = keymap
        """Which key does what."""
        self.pace = pace
        """How long flashes and messages last."""
        self.stats = MatchStats()
        """Cards played and the fastest play, for the match-over screen."""
        self.look = Look(ascii=options.ascii, four_colour=options.four_colour)
        """Suit symbols or letters, two or four colours."""
        self.solo = len(game.seats) == 1
        """One person at this keyboard (against the bot, or a networked seat): both halves of
        it play their seat, which is drawn at the bottom."""
        self.against_bot = self.solo and options.mode is Mode.BOT
        """The other seat is the bot, on this machine."""
        self.networked = game.connection is not None
        """The match is held by a server; the other player is somewhere else."""
        self.near = self.seat if self.solo else 0
        """The player whose side is drawn at the bottom, its spit pile on the left."""
        self.names = self._names()
        """How the players are called on screen."""
        self._bot_name = words.labels.bot_name(self.names[1], options.bot_level)
        """The bot's name with its level, on its line."""
        self.running = True
        """False while the game stands still (a dialog or a too-small terminal on top)."""
        self._messages: list[str | None] = [None, None]
        self._message_faders = (
            Fader(self, lambda: self._clear_message(0)),
            Fader(self, lambda: self._clear_message(1)),
        )
        self._last: list[tuple[int, Card] | None] = [None, None]
        self._last_faders = (
            Fader(self, lambda: self._end_last(0)),
            Fader(self, lambda: self._end_last(1)),
        )
        self._flash: list[int | None] = [None, None]
        self._flash_faders = (
            Fader(self, lambda: self._end_flash(0)),
            Fader(self, lambda: self._end_flash(1)),
        )
        self._pressed_at: dict[Control, float] = {}
        self._standstill_screen: StandstillScreen | None = None
        self._countdown: Timer | None = None
        """Redraws the notice each second while it counts down the other player's return."""
        self._stock_keys = {
            prefix: tuple(
                tuple(  # type: ignore[misc]
                    words.labels.control_label(
                        keymap, f"{prefix}.stock{stock + 1}.{row}", short=True, ascii=options.ascii
                    )
                    for row in ("left", "right", "fill")
                )
                for stock in range(STOCKS)
            )
            for prefix in PLAYER_IDS
        }
        self._key_slot = legend_slot(
            [label for keys in self._stock_keys.values() for stock in keys for label in stock]
        )
        self.card_size: CardSize = SMALL
        """How big the cards are drawn: the largest size the terminal has room for."""

    # -- layout ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TopBar()
        # On a big terminal the table keeps together in the middle (the middle grows only
        # so far), so the eye need not travel from a player's stocks to the piles.
        with Vertical(id="table"):
            with Center(), Vertical(classes="side", id="p2-side"):
                yield PlayerInfo(id="p2-info")
                yield KeyLegend(id="p2-legend")
                yield StockRow(id="p2-stocks")
                yield PlayerMessage(id="p2-message")
            with Vertical(id="middle"):
                yield Banner()
                yield PileRow()
                yield RoundSummary()
            with Center(), Vertical(classes="side", id="p1-side"):
                yield PlayerMessage(id="p1-message")
                yield StockRow(id="p1-stocks")
                yield KeyLegend(id="p1-legend")
                yield KeyLegend(id="p1-legend-right")
                yield PlayerInfo(id="p1-info")

    def on_mount(self) -> None:
        if self.solo:
            # Both halves of the keyboard play the person's stocks; the other needs no legend.
            self.query_one("#p2-legend", KeyLegend).display = False
            self.query_one("#p1-legend-right", KeyLegend).display = True
        self._fit_cards()
        self.redraw()
        self.game.start(self, PumpTimers(self))
        if self.networked:
            # The room may stand already: the friend has yet to join.
            self.call_after_refresh(self.connection_changed)
        # A full garbage collection walks every object the app has made: with the table up,
        # 50 ms and more (three frames) in the middle of play, every few hundred key presses.
        # Set what exists now (Textual, the table's widgets) aside while the table is up;
        # collections then walk only what play makes, and take a fraction of that.
        gc.freeze()

    def table_room(self) -> tuple[int, int]:
        """The columns and lines the table may fill: the whole terminal."""
        width, height = self.app.size
        return width, height

    def _fit_cards(self) -> bool:
        """Draw the cards at the largest size the terminal has room for; whether it changed.

        Only the boxes the cards sit in change (a side's width, a row's height): the
        widgets draw every picture from the size their state carries.
        """
        size = card_size_for(*self.table_room())
        if size == self.card_size and self.is_mounted:
            return False
        self.card_size = size
        for side in self.query(".side"):
            side.styles.width = row_width(size)
        for row in self.query(StockRow):
            row.styles.height = size.height
        piles = pile_row_height(size)
        self.query_one(PileRow).styles.height = piles
        # The middle grows only so far: room for the banner, its note and the piles.
        self.query_one("#middle").styles.max_height = MIDDLE_ROOM + piles
        return True

    def _legends(self, phase: Phase) -> None:
        """Each half's keys by its stocks; while slapping, the caption says what they do."""
        left, right = ("<", ">") if self.look.ascii else ("◀", "▶")
        if phase is Phase.SLAP:
            caption = words.table.legend_slap(left=left, right=right)
        else:
            caption = words.table.legend_fill(left=left, right=right)
        halves = [("#p1-legend", "p1", caption)]
        if self.solo:
            halves.append(("#p1-legend-right", "p2", words.table.table_label("or")))
        else:
            halves.append(("#p2-legend", "p2", caption))
        for widget_id, prefix, text in halves:
            self.query_one(widget_id, KeyLegend).state = LegendState(
                text, self._stock_keys[prefix], self._key_slot, self.card_size
            )

    def on_unmount(self) -> None:
        for fader in (*self._message_faders, *self._flash_faders, *self._last_faders):
            fader.cancel()
        self.game.stop()
        gc.unfreeze()  # what was set aside is the collector's again, the table included

    # -- keys --------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        control = self.keymap.control(event.key)
        if control is None:
            return
        event.stop()
        event.prevent_default()
        # A held key is one press: its repeats would play the cards under it one after the
        # other and fumble on the first that does not fit. Terminals do not say which key
        # events are repeats, so tell them by their pace (the time each key arrived).
        last = self._pressed_at.get(control)
        self._pressed_at[control] = event.time
        if last is not None and event.time - last < REPEAT_GAP:
            return
        self.press(control)

    def press_key(self, key: str) -> Result | None:
        """Handle one key as if pressed (a Textual key name); None if it plays nothing."""
        control = self.keymap.control(key)
        return None if control is None else self.press(control)

    def press(self, control: Control) -> Result | None:
        """What one player's key does: translate it, let the engine judge, show the verdict."""
        if not self.running:
            return None
        seats = self.game.seats
        # With one seat on this keyboard, both halves of it play for that seat.
        who = seats[0] if len(seats) == 1 else control.player
        press = control.press(player=who)
        if self.near == 1 and isinstance(press, PilePress):
            # Drawn from the other side of the table: the pile on the left is pile 1.
            press = PilePress(press.player, press.stock, 1 - press.pile)
        # What the key means now (a play or a slap, a fill or nothing) is the engine's answer.
        action = self.game.view(who).resolve(press)
        if action is None:
            return None
        return self.act(action)

    def act(self, action: Action) -> Result | None:
        """Do ``action`` now; the game tells :meth:`table_changed` what it did. The one way
        anything reaches the game from this screen. The verdict, if the game knows it at once."""
        return self.game.act(action)

    # -- what the game tells ------------------------------------------------------------

    def table_changed(self, change: Change) -> None:
        """Show what an action did (anyone's), then the table as it is now."""
        if change.refusal is not None:
            self._refused(change.refusal, change.at)
        elif change.player is not None:
            self._accepted(change.events, change.player, change.at)
        self.redraw()
        if any(isinstance(e, MatchEnded) for e in change.events):
            self._match_over()

    def pause_changed(self, paused: bool, by: int | None) -> None:
        """The other player paused or went on (a networked game): say so over the table."""
        self.connection_changed()

    def connection_changed(self) -> None:
        """News of the room or the line: names, round-trip times, who is here, who paused."""
        self.names = self._names()
        self._notice(self._standstill())
        self.redraw()
        connection = self.game.connection
        counting = connection is not None and connection.back_within[1 - self.seat] is not None
        if counting and self._countdown is None:
            # The seconds the other player has left to come back go down on the notice.
            self._countdown = self.set_interval(1.0, self._count_down)
        elif not counting and self._countdown is not None:
            self._countdown.stop()
            self._countdown = None

    def _count_down(self) -> None:
        connection = self.game.connection
        if connection is not None and connection.back_within[1 - self.seat] is not None:
            self._notice(self._standstill())

    def game_lost(self, why: Lost) -> None:
        """The game cannot go on: the app says why (and where it goes from here)."""
        self._notice(None)
        self.post_message(
            GameLost(words.network.lost(why), words.network.lost_detail(self.game.lost))
        )

    def _standstill(self) -> str | None:
        """Why a networked room stands still when nobody here paused it, or None."""
        connection = self.game.connection
        if connection is None:
            return None
        other = 1 - self.seat
        name = self.names[other]
        if not connection.connected:
            return words.network.reconnecting()
        if connection.waiting:
            link = self.game.room_link
            if link:
                return words.network.waiting_for_friend_or_browser(
                    connection.address, connection.room, link
                )
            return words.network.waiting_for_friend(connection.address, connection.room)
        if not connection.here[other]:
            return words.network.gone_away(name, connection.back_within[other])
        if connection.paused_by[other]:
            return words.network.paused_by(name)
        return None

    def _notice(self, text: str | None) -> None:
        """Show ``text`` over the table while the room stands still (None: take it away)."""
        from spit.app.screens import StandstillScreen

        notice = self._standstill_screen
        if text is None:
            if notice is not None:
                self._standstill_screen = None
                notice.dismiss()
            return
        if notice is not None:
            notice.say(text)
            return
        notice = self._standstill_screen = StandstillScreen(text)
        self.app.push_screen(notice)

    def _names(self) -> tuple[str, str]:
        given = self.game.names
        if not self.networked:
            return (
                given[0] or player_name(0, against_bot=self.against_bot),
                given[1] or player_name(1, against_bot=self.against_bot),
            )
        you, other = self.seat, 1 - self.seat
        names = ["", ""]
        names[you] = player_name(0, against_bot=True)  # "You"
        names[other] = given[other] or player_name(other)
        return names[0], names[1]

    def _refused(self, refusal: Refusal, at: float) -> None:
        quiet = not (refusal.is_fumble or refusal.reason in _BOT_SAYS)
        if self.against_bot and refusal.player == 1 and quiet:
            return
        player = refusal.player
        text = words.refusals.refusal(
            refusal,
            at,
            names=self.names,
            label=self.look.label,
        )
        self._show_message(player, text)

    def _legal_now(self, seat: int) -> tuple[Action, ...] | None:
        """The engine's legal actions for ``seat`` now, for the match figures' reactions;
        None where this game does not show that seat (the other seat of a networked match)."""
        try:
            return self.game.view(seat).legal_actions
        except ValueError:
            return None

    def _accepted(self, events_: tuple[Event, ...], player: int, at: float) -> None:
        self.stats.record(events_, at, tuple(map(self._legal_now, (0, 1))))
        self._clear_message(player, redraw=False)  # act() redraws once for everything
        for event in events_:
            match event:
                case CardPlayed(who, _, pile, card):
                    self._start_flash(pile, who)
                    self._show_last(pile, who, card)
                case CardSpat(who, pile, _):
                    self._start_flash(pile, who)
                case RoundSettled():
                    for pile in (0, 1):
                        self._last_faders[pile].cancel()
                        self._last[pile] = None
                    # The summary takes the table's place: what was said about it is over.
                    self._clear_message(0, redraw=False)
                    self._clear_message(1, redraw=False)
                case _:
                    pass

    # -- feedback ----------------------------------------------------------------------

    def _show_message(self, player: int, text: str) -> None:
        # A held key repeats the same refusal: keep the message, only restart its time.
        self._messages[player] = text
        self._message_faders[player].start(self.pace.message)
        if not self.running:
            self._message_faders[player].pause()

    def _clear_message(self, player: int, *, redraw: bool = True) -> None:
        self._message_faders[player].cancel()
        if self._messages[player] is not None:
            self._messages[player] = None
            if redraw:
                self.redraw()

    def _start_flash(self, pile: int, player: int) -> None:
        if self.pace.flash <= 0:
            return
        self._flash[pile] = player
        self._flash_faders[pile].start(self.pace.flash)

    def _show_last(self, pile: int, player: int, card: Card) -> None:
        if self.pace.last_move <= 0:
            return
        self._last[pile] = (player, card)
        self._last_faders[pile].start(self.pace.last_move)
        if not self.running:
            self._last_faders[pile].pause()

    def _end_last(self, pile: int) -> None:
        self._last[pile] = None
        self.redraw()

    def _last_words(self, pile: int, shown_at: int) -> tuple[str, int] | None:
        last = self._last[pile]
        if last is None:
            return None
        player, card = last
        name = self._short_names()[player]
        return words.dates.last_move(name, self.look.label(card), shown_at), player

    def _end_flash(self, pile: int) -> None:
        self._flash[pile] = None
        self.redraw()

    # -- drawing -----------------------------------------------------------------------

    def redraw(self) -> None:
        """Hand every widget its slice of the engine's view; unchanged ones stay as they are."""
        view = self.game.view(self.seat)
        phase = view.phase
        between = view.between_rounds
        self._legends(phase)
        self.query_one(TopBar).state = TopBarState(
            view.round_number,
            self.game.variant,
            view.scores,
            self._short_names(),
            self._hints(),
        )
        spit_keys = (
            words.labels.control_label(self.keymap, "p1.spit"),
            words.labels.control_label(self.keymap, "p2.spit"),
        )
        waiting = phase in (Phase.DEALT, Phase.STUCK) and not view.is_over
        # Once the match is over, what counts is what each held at the end, not the last
        # round's table (whose piles were just taken).
        held = view.last_round.held if view.is_over and view.last_round else None
        order = (self.near, 1 - self.near)
        for prefix, player in zip(PLAYER_IDS, order, strict=True):
            side = view.sides[player]
            away = self.solo and player != self.seat
            self.query_one(f"#{prefix}-info", PlayerInfo).state = InfoState(
                player=player,
                name=self._bot_line() if away and self.against_bot else self.names[player],
                cards=side.cards if held is None else held[player],
                spit_key=self._spit_key_text(player, spit_keys),
                ready=side.ready,
                # Nobody here can press SPIT for the bot or a networked opponent: their line
                # only says when they are ready.
                waiting=waiting and (side.ready or not away),
                look=self.look,
            )
            self.query_one(f"#{prefix}-message", PlayerMessage).state = MessageState(
                player, self._messages[player], self.look
            )
            self.query_one(f"#{prefix}-stocks", StockRow).state = StocksState(
                side.stocks, self.look, self._fitting(player, view), self.card_size
            )
        banner = self.query_one(Banner)
        piles = self.query_one(PileRow)
        summary = self.query_one(RoundSummary)
        banner.display = piles.display = not between
        summary.display = between
        if between:
            summary.state = self._summary(view, spit_keys)
        else:
            banner.state = self._banner(view)
            near, far = order
            piles.state = PilesState(
                (view.piles[near], view.piles[far]),
                (view.sides[near].spit_cards, view.sides[far].spit_cards),
                (self._flash[near], self._flash[far]),
                self.look,
                (self._last_words(near, 0), self._last_words(far, 1)),
                self.card_size,
            )

    def _fitting(self, player: int, view: PlayerView) -> tuple[bool, ...]:
        """Hints: per stock of ``player``, whether its top card fits a pile right now.

        The engine's legal actions decide; only seats played here get hints (a networked
        opponent's or the bot's legal actions are not this screen's to ask).
        """
        if not self.options.hints or (self.solo and player != self.seat):
            return ()
        if player != view.player:
            view = self.game.view(player)
        playable = {action.stock for action in view.legal_actions if isinstance(action, Play)}
        return tuple(stock in playable for stock in range(STOCKS))

    @property
    def _you(self) -> int | None:
        """The seat called "you" on screen: the person's, when one person plays here."""
        return self.seat if self.solo else None

    def _short_names(self) -> tuple[str, str]:
        if self.networked:
            return self.names
        return (
            short_name(0, against_bot=self.against_bot),
            short_name(1, against_bot=self.against_bot),
        )

    def _hints(self) -> tuple[str, ...]:
        if self.app.is_web:
            # A browser may keep F1 and Ctrl+Q for itself; the pause screen has both.
            keys = (words.table.top_hints("browser"), words.table.top_hints("browser short"))
        else:
            keys = (words.table.top_hints("terminal"), words.table.top_hints("terminal short"))
        connection = self.game.connection
        if connection is None:
            return keys
        # Both players' round-trip times: races go by arrival at the server.
        lag = words.network.round_trips(self.names, connection.rtt)
        return (f"{lag} · {keys[0]}", f"{lag} · {keys[1]}", lag, keys[1])

    def _bot_line(self) -> str:
        """The bot's name and level; the adaptive bot's says the level it plays at now."""
        playing = self.game.adaptive_level
        if playing is None:
            return self._bot_name
        return words.labels.adaptive_bot_name(self.names[1], playing)

    def _spit_key_text(self, player: int, spit_keys: tuple[str, str]) -> str:
        if self.solo:
            return "" if player != self.seat else f"{spit_keys[0]} / {spit_keys[1]}"
        return spit_keys[player]

    def _banner(self, view: PlayerView) -> BannerState:
        phase = view.phase
        names = self.names
        note = words.table.one_pile_note(view, names, against_bot=self.against_bot, you=self._you)
        if view.is_over:
            return BannerState(words.table.match_over())
        if phase in (Phase.DEALT, Phase.STUCK):
            ready = [p for p in (0, 1) if view.sides[p].ready]
            text = (
                words.table.round_start(view.round_number)
                if phase is Phase.DEALT
                else words.table.stuck()
            )
            if len(ready) == 1:
                text += "  " + words.table.waiting_for(
                    1 - ready[0], names, against_bot=self.against_bot, you=self._you
                )
            return BannerState(text, urgent=True, note=note)
        if phase is Phase.SLAP:
            return BannerState(words.table.slap(view.went_out, names), urgent=True)
        return BannerState("", note=note)

    def _summary(self, view: PlayerView, spit_keys: tuple[str, str]) -> SummaryState:
        settled = view.last_round
        assert settled is not None  # between rounds, there is a last one
        # The bot or a networked opponent presses their own SPIT: no key to show for them.
        keys = (self._spit_key_text(0, spit_keys), self._spit_key_text(1, spit_keys))
        return SummaryState(
            settled=settled,
            names=self.names,
            variant=self.game.variant,
            scores=view.scores,
            next_round=view.round_number,
            spit_keys=keys,
            ready=(view.sides[0].ready, view.sides[1].ready),
            note=words.table.one_pile_note(
                view, self.names, against_bot=self.against_bot, you=self._you
            ),
            look=self.look,
        )

    # -- pause and resume --------------------------------------------------------------

    def on_resize(self) -> None:
        if self._fit_cards():
            self.redraw()
        self.post_message(SizeChanged())

    def on_screen_suspend(self) -> None:
        self.hold()

    def on_screen_resume(self) -> None:
        # The terminal may have changed size under another screen (the too-small notice).
        if self._fit_cards():
            self.redraw()
        self.go_on()

    def hold(self) -> None:
        """Stop everything: the game (its clock, any driven seat) and the feedback timers."""
        if not self.running:
            return
        self.running = False
        if self._standstill_screen is None:
            # A notice that the room stands is no pause of ours: the other player's lasts.
            self.game.pause()
        for fader in (*self._message_faders, *self._flash_faders, *self._last_faders):
            fader.pause()

    def go_on(self) -> None:
        """Carry on exactly where :meth:`hold` stopped."""
        if self.running:
            return
        self.running = True
        self.game.resume()
        for fader in (*self._message_faders, *self._flash_faders, *self._last_faders):
            fader.resume()

    def action_pause(self) -> None:
        """Escape: pause the game."""
        from spit.app.screens import PauseScreen

        self.app.push_screen(PauseScreen(grace=self.pace.grace))

    # -- the end -----------------------------------------------------------------------

    def _match_over(self) -> None:
        from spit.app.screens import MatchOverScreen

        view = self.game.view(self.seat)
        outcome, last_round = view.outcome, view.last_round
        assert outcome is not None and last_round is not None
        screen = MatchOverScreen(
            outcome=outcome,
            names=self.names,
            rounds=last_round.number,
            stats=self.stats,
            variant=self.game.variant,
            look=self.look,
            grace=self.pace.grace,
            last_round=last_round,
            against_bot=self.against_bot and self.solo,
            rematch=self.game.can_rematch,
        )
        self.app.push_screen(screen, self._after_match)

    def _after_match(self, choice: str | None) -> None:
        if choice == "rematch" and self.game.can_rematch:
            self.rematch()
        elif choice == "menu":
            self.post_message(OpenMenu())
        else:
            self.app.exit()

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.game.view(self.seat).is_over

    @property
    def clock(self) -> Callable[[], float]:
        """The game clock (stops while paused): the time actions are applied at."""
        return self.game.now

    def rematch(self) -> None:
        """Start over with a fresh match, same players and options."""
        self.game.rematch()
        self.stats = MatchStats()
        for player in (0, 1):
            self._clear_message(player, redraw=False)
        self.redraw()
