"""The Spit app: the start menu or straight to the table, and the app-wide keys."""

from __future__ import annotations

import gc
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.notifications import Notification, Notify
from textual.screen import Screen

from spit import words
from spit.app.bindings import WordedBindings, worded
from spit.app.game import GameScreen, Pace
from spit.app.messages import (
    AsciiChosen,
    CloseRoom,
    Connect,
    GameLost,
    KeysChosen,
    LanguageChosen,
    OpenMenu,
    RememberMenu,
    SizeChanged,
    StartGame,
    StartPractice,
)
from spit.app.offers import StartOffers
from spit.app.remote import RemoteSeat, Seated
from spit.app.terminal import (
    TerminalApp,
    guard_input_decoding,
    guard_input_parser,
    guard_terminal_loss,
)
from spit.engine import Match
from spit.game import DriverFactory, Game, Source, bot_driver
from spit.game.patient import PatientDriver
from spit.game.session import Session, SessionError
from spit.printable import printable
from spit.settings.keymap import KeyMap
from spit.settings.options import GameOptions, Mode, Network

if TYPE_CHECKING:
    from spit.records.record import Record
    from spit.web.driver import PageChanged  # posted by the browser's driver only

# Bad bytes from the terminal are dropped, not a crash; a terminal that goes away does not
# hang the game (see spit.app.terminal).
guard_input_parser()
guard_input_decoding()
guard_terminal_loss()

# The menu (spit.app.menu) and the dialogs (spit.app.screens) are imported where they are
# first shown, not here: `spit play` goes straight to the table, sooner without them.


class SpitApp(WordedBindings, StartOffers, TerminalApp):
    """Spit in the terminal. ``SpitApp(options).run()``; ``options.mode=None`` opens the menu."""

    TITLE = "Spit"
    ENABLE_COMMAND_PALETTE = False

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority, so that F1 opens the help over the dialogs too (pause, match over).
        Binding("f1", "help", worded(words.dialogs.binding, "help"), priority=True, id="help"),
        Binding(
            "ctrl+q",
            "request_quit",
            worded(words.dialogs.binding, "quit"),
            priority=True,
            id="quit",
        ),
        Binding(
            "ctrl+c",
            "request_quit",
            worded(words.dialogs.binding, "quit"),
            priority=True,
            show=False,
            id="interrupt",
        ),
    ]
    """The app's own keys; they work on every screen and no key map may take them."""

    def __init__(
        self,
        options: GameOptions | None = None,
        *,
        clock: Source | None = None,
        match: Match | None = None,
        opponents: DriverFactory | None = bot_driver,
        pace: Pace | None = None,
        record: bool = True,
        resume: Record | None = None,
        replay: Record | None = None,
        network: Network | None = None,
        seated: Seated | None = None,
        config_file: Path | None = None,
        practice: bool = False,
        offer_practice: bool = False,
    ) -> None:
        """Start from ``options``.

        ``clock`` replaces ``time.monotonic`` as the game clock's source (tests pass one they
        control); ``match`` is played instead of a freshly dealt one; ``opponents`` builds
        the driver of seat 2 against the person (the bot by default; None offers two players
        only); ``pace`` sets how long feedback lasts. ``record`` keeps a record of every
        match (see :mod:`spit.records`); ``resume`` is an unfinished record whose match is
        played on from where it stopped, paused; ``replay`` is a record to play back;
        ``network`` plays a seat at a room on a server instead (``spit host``, ``spit join``),
        and the app ends with the match; ``seated`` is that seat, taken already (the command
        takes it before the terminal, so a server that is not there is one line, no screen).
        ``config_file`` is where the start menu remembers its choices (None: nowhere, as in
        tests). ``practice`` starts with the guided practice round (``spit practice``);
        ``offer_practice`` offers it when the menu opens (the config file says it never was).
        """
        super().__init__()
        self.config_file = config_file
        """The config file the menu's choices are written to, or None."""
        self.options = options or GameOptions()
        """The options from the command line (the menu may change them)."""
        self.session = Session(
            self.options.seed,
            opponents=opponents,
            clock=clock,
            match=match,
            record=record,
            notice=lambda notice: self._notice(words.records.record_notice(notice)),
        )
        """Builds every game this app shows (spit.game.session)."""
        self.pace = pace or Pace()
        """How long flashes and messages last."""
        self.keymap = self._keys_for(self.options)
        """The keys of the current (or next) game."""
        self._ascii = self.options.ascii
        self._resume = resume
        self._replay = replay
        self._network = network
        self._seated = seated
        self._menu_notices: list[Notification] = []
        self.remote = RemoteSeat()
        """The seat at a room on a server this app plays, while it does."""
        self._practice = practice
        self._offer = offer_practice

    @property
    def bot_available(self) -> bool:
        """Whether a bot can take seat 2."""
        return self.session.bot_available

    # -- screens ---------------------------------------------------------------------

    def on_mount(self) -> None:
        self.catch_signals()
        # `spit` starts the app with the garbage collector off (spit.commands.play.run_app):
        # it is back on once the first screen is drawn. The table sets what exists when it
        # opens aside from the collector first (spit.app.game), the start's few thousand
        # bits of garbage with it, until it closes.
        self.call_after_refresh(gc.enable)
        if self._replay is not None:
            self.replay(self._replay)
        elif self._resume is not None:
            record, self._resume = self._resume, None
            self.resume_match(record)
        elif self._network is not None:
            seated, self._seated = self._seated, None
            self.connect(self._network, seated)
        elif self._practice:
            self.start_practice(self.options)
        elif self.options.mode is None:
            from spit.app.menu import MenuScreen

            self.push_screen(MenuScreen(self.options, bot_available=self.bot_available))
            self._offer_practice()
            self._offer_resume()  # on top: a match cut short comes first
        else:
            self.start_game(self.options)
        self.check_size()

    def start_game(self, options: GameOptions) -> None:
        """Deal a match with ``options`` and show the table."""
        if options.mode is Mode.BOT and not self.bot_available:
            from spit.app.menu import MenuScreen

            self._menu_notice(words.dialogs.app_notice("no bot, choose"))
            if not isinstance(self.screen, MenuScreen):
                self.open_menu(options)
            return
        self.options = options
        self.keymap = self._keys_for(options)
        self.ascii = options.ascii
        built = self.session.local(options)
        if built.first_frame is not None:
            # The record's file is made once the table is drawn (or at the first action, if
            # that comes sooner), so reaching the first frame waits for no disk.
            self.call_after_refresh(built.first_frame)
        self._show(GameScreen(options, built.game, keymap=self.keymap, pace=self.pace))

    def start_practice(self, options: GameOptions) -> None:
        """Deal a practice round: a real deal against a bot that waits for the player, with
        the guide's steps under the table."""
        from spit.app.practice import PracticeScreen

        if self._offer:
            self._practice_offered()  # found without the offer: it need not come
        self.options = options  # what the menu shows again afterwards
        self.keymap = self._keys_for(options)
        self.ascii = options.ascii
        built = self.session.practice(options, patience=self.pace.patience)
        driver = built.game.driver
        assert isinstance(driver, PatientDriver)
        screen = PracticeScreen(
            built.options, built.game, keymap=self.keymap, pace=self.pace, driver=driver
        )
        self._show(screen)

    def _show(self, screen: GameScreen) -> None:
        """Show a table: over the menu, or instead of the table shown now."""
        self._leave_menu()
        if self._game_screen() is None:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    def _notice(self, message: str) -> None:
        """A one-line notice about the records, from this thread or the history's."""
        try:
            self.call_from_thread(self.notify, message, severity="warning", timeout=8, markup=False)
        except RuntimeError:  # on the app's own thread (or the app has stopped)
            if self.is_running:
                self.notify(message, severity="warning", timeout=8, markup=False)

    def replay(self, record: Record, *, playing: bool = True) -> None:
        """Play ``record`` back on the table screen (stopped at its deal unless ``playing``)."""
        from spit.app.replay import ReplayScreen

        game, options = self.session.replay(record, self.options, playing=playing)
        self._leave_menu()
        self.push_screen(ReplayScreen(options, game, keymap=self.keymap, pace=self.pace))

    def resume_match(self, record: Record) -> None:
        """Play the unfinished match of ``record`` on from exactly where it stopped, paused.

        The table is the engine's replay of the record; the game clock goes on from the time
        of its last action, so a fumble lock or a "too late" window is as it was.
        """
        from spit.app.screens import PauseScreen
        from spit.records.record import RecordError

        try:
            built = self.session.resume(record, self.options)
        except SessionError:
            self._menu_notice(words.dialogs.app_notice("no bot, cannot go on"))
            self.open_menu(self.session.resume_options(record, self.options))
            return
        except RecordError as error:
            self._menu_notice(words.records.record_error(error))
            self.open_menu(self.session.resume_options(record, self.options))
            return
        self.options = built.options
        self.keymap = self._keys_for(built.options)
        screen = GameScreen(
            built.options, built.game, keymap=self.keymap, pace=self.pace, stats=built.stats
        )
        self._show(screen)
        self.push_screen(PauseScreen())

    def remember_menu(self, options: GameOptions) -> None:
        """Keep the menu's choices in the config file, for the next start."""
        from spit.settings.memory import menu_entries

        self._keep(menu_entries(options))

    # -- a seat at a room on a server -------------------------------------------------

    def connect(self, network: Network, seated: Seated | None = None) -> None:
        """Take a seat at a room on a server (starting one here to host, if asked), unless
        ``seated`` is one taken already, and show its table once the server sends it; say
        why not if that fails."""
        from spit.app.screens import StandstillScreen

        waiting = StandstillScreen(words.networked.connecting(network.address, network.code))
        self._leave_menu()
        self.push_screen(waiting)
        play = self.remote.play(
            network,
            self.options,
            show=lambda game: self._show_remote(game, waiting),
            lost=self._lost,
            seated=seated,
        )
        self.run_worker(play, group="network", exclusive=True)

    def _show_remote(self, game: Game, waiting: Screen[None]) -> None:
        options = replace(self.options, mode=Mode.TWO_PLAYER)
        screen = GameScreen(options, game, keymap=self.keymap, pace=self.pace)
        if self.screen is waiting:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _signalled(self, signum: int) -> None:
        # Ended by a signal, as on Ctrl+Q but not by the player: a networked seat is kept.
        self.remote.keep_seat()
        super()._signalled(signum)

    def on_game_lost(self, message: GameLost) -> None:
        text = message.text
        if message.detail:  # the server's own words, from outside: shown as text
            text = f"{text} ({printable(message.detail)})"
        self._lost(text)

    def on_close_room(self, message: CloseRoom) -> None:
        """Esc on a hosted room's waiting notice: the room closes (its seat leaves, and the
        server started for it stops). ``spit host`` ends, as a player expects; from the
        menu's Host, back to the menu."""
        if self._network is not None:
            self.exit()  # the command lets go of the seat and the server (run_seated)
            return
        # The seat's worker, cancelled, leaves the room and stops the server on its way out.
        self.workers.cancel_group(self, "network")
        self.open_menu()

    def _lost(self, text: str) -> None:
        """A networked game could not start or go on: from the command line the app ends
        and says why on the terminal; from the menu, back to it with the reason."""
        if self._network is not None:
            self.exit(return_code=1, message=Text(text))  # Text: never read as markup
            return
        self._menu_notice(text, timeout=15)
        self.open_menu()

    def _menu_notice(self, text: str, *, timeout: float | None = None) -> None:
        """An error notice over the menu (a seat not taken, a match that could not go on or
        be gone on with): it is about what the menu was asked, so it goes once a table is
        shown, rather than cover the player's stocks there for its remaining seconds."""
        # Without markup: the text may carry a name or a file's (see test_outside_text).
        notification = Notification(
            text, "", "error", self.NOTIFICATION_TIMEOUT if timeout is None else timeout, False
        )
        self.post_message(Notify(notification))
        self._menu_notices.append(notification)

    def _leave_menu(self) -> None:
        """A table (or a seat being taken) replaces the menu: its notices go with it."""
        notices, self._menu_notices = self._menu_notices, []
        for notification in notices:
            # Textual's own way to take one notice away (as a toast's timer does).
            self._unnotify(notification, refresh=False)
        if notices:
            self._refresh_notifications()

    # -- what the screens ask ----------------------------------------------------------

    def on_page_changed(self, message: PageChanged) -> None:
        """A browser seat's page went or came back: nobody plays the seat meanwhile, so it
        lets go of the room, which stands for both (the server's rule for a dropped seat)."""
        self.remote.page_changed(message.here)

    def on_connect(self, message: Connect) -> None:
        self.options = message.options
        self.keymap = self._keys_for(message.options)
        self.connect(message.network)

    def on_start_game(self, message: StartGame) -> None:
        self.start_game(message.options)

    def on_start_practice(self, message: StartPractice) -> None:
        self.start_practice(message.options)

    def on_remember_menu(self, message: RememberMenu) -> None:
        self.remember_menu(message.options)

    def on_ascii_chosen(self, message: AsciiChosen) -> None:
        self.ascii = message.on

    def on_open_menu(self, message: OpenMenu) -> None:
        self.open_menu()

    def on_size_changed(self, message: SizeChanged) -> None:
        self.check_size()

    def on_keys_chosen(self, message: KeysChosen) -> None:
        self.options = replace(self.options, bindings=message.bindings)
        self._keep({("keys", "bindings"): message.bindings})

    def on_language_chosen(self, message: LanguageChosen) -> None:
        self._keep({("lang",): message.code})

    def _keep(self, entries: dict[tuple[str, ...], object]) -> None:
        """Write the menu's choices into the config file; a file that cannot be written is
        said."""
        from spit.settings.memory import keep

        error = keep(self.config_file, entries)
        if error is not None:
            self.notify(words.config.config_error(error), severity="warning", markup=False)

    def open_menu(self, options: GameOptions | None = None) -> None:
        """Back to the start menu (after a match, or when the bot is missing)."""
        from spit.app.menu import MenuScreen

        menu = MenuScreen(options or self.options, bot_available=self.bot_available)
        if len(self.screen_stack) < 2:  # nothing shown yet (a resume that could not be)
            self.push_screen(menu)
            return
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.switch_screen(menu)

    def _keys_for(self, options: GameOptions) -> KeyMap:
        # The command line checks the config file; a layout chosen in the menu may clash.
        keymap, clash = KeyMap.remapped(options.keys, options.bindings)
        if clash is not None and self.is_running:
            text = words.dialogs.keys_do_not_fit(layout=options.keys, error=clash)
            self.notify(text, severity="warning", markup=False)
        return keymap

    def _game_screen(self) -> GameScreen | None:
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                return screen
        return None

    # -- app-wide keys ---------------------------------------------------------------

    def action_help(self) -> None:
        """F1: the rules in brief and both players' keys."""
        from spit.app.menu import MenuScreen
        from spit.app.screens import HelpScreen

        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss()
            return
        game = self._game_screen()
        if game is None and isinstance(self.screen, MenuScreen):
            # Show the keys of the layout being chosen, not of the last game.
            chosen = self.screen.chosen()
            keys, against_bot, ascii = self._keys_for(chosen), chosen.mode is Mode.BOT, chosen.ascii
        else:
            keys, ascii = self.keymap, self.options.ascii
            against_bot = game.against_bot if game is not None else self.options.mode is Mode.BOT
        self.push_screen(HelpScreen.for_keys(keys, against_bot=against_bot, ascii=ascii))

    def action_request_quit(self) -> None:
        """Ctrl+Q: quit, after a confirmation if a match is going on."""
        from spit.app.screens import QuitScreen

        if isinstance(self.screen, QuitScreen):
            self.screen.confirm()
            return
        game = self._game_screen()
        if game is None or not game.at_stake:
            self.exit()
            return

        def answered(answer: str | None) -> None:
            if answer == "give-up":
                game.give_up()
            if answer is not None:
                self.exit()

        networked = game.game.connection is not None
        screen = QuitScreen(keepable=game.keepable, grace=self.pace.grace, for_both=networked)
        self.push_screen(screen, answered)
