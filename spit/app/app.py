"""The Spit app: the start menu or straight to the table, and the app-wide keys."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from msgspec.structs import replace
from rich.text import Text
from textual.binding import BindingType
from textual.screen import Screen

from spit import words
from spit.app.bindings import WordedBindings, bind
from spit.app.game import GameScreen, Pace
from spit.app.menu_notices import MenuNotices
from spit.app.messages import (
    AsciiChosen,
    CloseRoom,
    Connect,
    GameLost,
    KeysChosen,
    LanguageChosen,
    OpenMenu,
    OpenReplay,
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
from spit.app.themes import CSS as THEME_CSS
from spit.app.themes import FELT
from spit.app.themes import register as register_themes
from spit.engine import Match
from spit.game import DriverFactory, Game, Source, bot_driver
from spit.game.patient import PatientDriver
from spit.game.session import Session, SessionError
from spit.i18n import _
from spit.printable import printable
from spit.settings.keymap import KeyMap
from spit.settings.options import GameOptions, Mode, Network, Watching

if TYPE_CHECKING:
    from collections.abc import Mapping

    from spit.records.record import Record
    from spit.web.driver import PageChanged  # posted by the browser's driver only

# Bad bytes from the terminal are dropped, not a crash; a terminal that goes away does not
# hang the game (see spit.app.terminal).
guard_input_parser()
guard_input_decoding()
guard_terminal_loss()


def watch_match(app: SpitApp, plan: Watching | None = None, menu: bool = True) -> None:
    """Watch a match from a spectator's seat; None: ask which (spit/app/watch_screen.py)."""
    from spit.app.watch_screen import watch  # deferred: start-up

    app.run_worker(watch(app, plan, menu=menu), group="network", exclusive=True)


class SpitApp(WordedBindings, TerminalApp):
    """Spit in the terminal. ``SpitApp(options).run()``; ``options.mode=None`` opens the menu."""

    TITLE = "Spit"
    CSS = THEME_CSS
    ENABLE_COMMAND_PALETTE = False

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority, so that F1 opens the help over the dialogs too (pause, match over).
        bind("f1", "help", "help", "help", priority=True),
        bind("ctrl+q", "request_quit", "quit", "quit", priority=True),
        bind("ctrl+c", "request_quit", "quit", "interrupt", priority=True, show=False),
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
        network: Network | Watching | None = None,
        seated: Seated | None = None,
        config_file: Path | None = None,
        practice: bool = False,
        offer_practice: bool = False,
    ) -> None:
        """``clock``: the game clock's source (tests pass one they control); ``opponents``
        builds seat 2's driver (None: two players only); ``resume``: an unfinished record to
        play on, paused; ``network``: a seat at a room on a server (the app ends with the
        match), ``seated`` if the command took it already; ``config_file``: where the menu
        remembers its choices; ``offer_practice``: offer the practice when the menu opens."""
        super().__init__()
        register_themes(self)
        self.config_file = config_file
        self.options = options or GameOptions()
        """The options from the command line (the menu may change them)."""
        self.session = Session(
            self.options.seed,
            opponents=opponents,
            clock=clock,
            match=match,
            record=record,
            notice=lambda notice: self.notice(words.records.record_notice(notice)),
        )
        self.pace = pace or Pace()
        self.keymap = keys_for(self, self.options)
        self._ascii = self.options.ascii
        self.theme = self.options.theme
        self._resume = resume
        self._replay = replay
        self._network = network
        self._seated = seated
        self.menu_notices = MenuNotices(self)
        self.remote = RemoteSeat()
        self._practice = practice
        self.offers = StartOffers(self, practice=offer_practice)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(FELT)  # the table's colours, where a theme does not set its own

    # -- screens ---------------------------------------------------------------------

    def on_mount(self) -> None:
        self.catch_signals()
        # `spit` starts the app with the garbage collector off (spit.commands.play.run_app)
        # until the first screen is drawn (the table freezes what exists then: spit.app.game).
        self.call_after_refresh(gc.enable)
        if self._replay is not None:
            self.replay(self._replay)
        elif self._resume is not None:
            record, self._resume = self._resume, None
            self.resume_match(record)
        elif isinstance(self._network, Watching):  # spit watch
            self.action_watch(self._network, menu=False)
        elif self._network is not None:
            seated, self._seated = self._seated, None
            self.connect(self._network, seated)
        elif self._practice:
            self.start_practice(self.options)
        elif self.options.mode is None:
            from spit.app.menu import MenuScreen  # deferred: start-up

            self.push_screen(MenuScreen(self.options, bot_available=self.session.bot_available))
            self.offers.offer_practice()
            self.offers.offer_resume()  # on top: a match cut short comes first
        else:
            self.start_game(self.options)
        self.check_size()

    def start_game(self, options: GameOptions) -> None:
        if options.mode is Mode.BOT and not self.session.bot_available:
            from spit.app.menu import MenuScreen  # deferred: start-up

            self.menu_notices.say(words.dialogs.app_notice("no bot, choose"))
            if not isinstance(self.screen, MenuScreen):
                self.open_menu(options)
            return
        self.options = options
        self.keymap = keys_for(self, options)
        self.ascii = options.ascii
        built = self.session.local(options)
        if built.first_frame is not None:
            # The record's file is made once the table is drawn (or at the first action, if
            # that comes sooner), so reaching the first frame waits for no disk.
            self.call_after_refresh(built.first_frame)
        self._show(GameScreen(options, built.game, keymap=self.keymap, pace=self.pace))

    def start_practice(self, options: GameOptions) -> None:
        """A real deal against a bot that waits for the player, the guide under the table."""
        from spit.app.practice import PracticeScreen  # deferred: start-up

        if self.offers.practice:
            self.offers.practice_offered()  # found without the offer: it need not come
        self.options = options  # what the menu shows again afterwards
        self.keymap = keys_for(self, options)
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
        self.menu_notices.clear()
        if self._game_screen() is None:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    def notice(self, message: str) -> None:
        """A one-line notice about the records, from this thread or the history's."""
        try:
            self.call_from_thread(self.notify, message, severity="warning", timeout=8, markup=False)
        except RuntimeError:  # on the app's own thread (or the app has stopped)
            if self.is_running:
                self.notify(message, severity="warning", timeout=8, markup=False)

    def replay(self, record: Record, *, playing: bool = True, at: int = 0) -> None:
        """Play ``record`` back on the table screen (stopped at its deal, or after ``at``
        steps, unless ``playing``)."""
        from spit.app.replay_screen import ReplayScreen  # deferred: start-up

        game, options = self.session.replay(record, self.options, playing=playing)
        game.playback.seek(at)
        self.menu_notices.clear()
        self.push_screen(ReplayScreen(options, game, keymap=self.keymap, pace=self.pace))

    def resume_match(self, record: Record) -> None:
        """Play the unfinished match of ``record`` on from exactly where it stopped, paused
        (the game clock goes on from its last action: a fumble lock is as it was)."""
        from spit.app.dialogs.pause import PauseScreen  # deferred: start-up
        from spit.records.record import RecordError  # deferred: start-up

        try:
            built = self.session.resume(record, self.options)
        except (SessionError, RecordError) as error:
            if isinstance(error, RecordError):
                self.menu_notices.say(words.records.record_error(error))
            else:
                self.menu_notices.say(words.dialogs.app_notice("no bot, cannot go on"))
            self.open_menu(self.session.resume_options(record, self.options))
            return
        self.options = built.options
        self.keymap = keys_for(self, built.options)
        screen = GameScreen(
            built.options, built.game, keymap=self.keymap, pace=self.pace, stats=built.stats
        )
        self._show(screen)
        self.push_screen(PauseScreen())

    # -- a seat at a room on a server -------------------------------------------------

    def connect(self, network: Network, seated: Seated | None = None) -> None:
        """Take a seat at a room (hosting it here first, if asked) unless ``seated`` is taken
        already; show its table once the server sends it, or say why not."""
        from spit.app.dialogs.standstill import StandstillScreen  # deferred: start-up

        waiting = StandstillScreen(words.networked.connecting(network.address, network.code))
        self.menu_notices.clear()
        self.push_screen(waiting)
        play = self.remote.play(
            network,
            self.options,
            show=lambda game: self._show_remote(game, waiting),
            lost=self._lost,
            seated=seated,
        )
        self.run_worker(play, group="network", exclusive=True)

    action_watch = watch_match  # the menu's Watch button, and spit watch

    def _show_remote(self, game: Game, waiting: Screen[None]) -> None:
        options = replace(self.options, mode=Mode.TWO_PLAYER)
        serves_here = self.remote.serves_here
        screen = GameScreen(
            options, game, keymap=self.keymap, pace=self.pace, serves_here=serves_here
        )
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
        """Esc on a hosted room's waiting notice closes the room: ``spit host`` ends; from the
        menu's Host, back to the menu."""
        if self._network is not None:
            self.exit()  # the command lets go of the seat and the server (run_seated)
            return
        # The seat's worker, cancelled, leaves the room and stops the server on its way out.
        self.workers.cancel_group(self, "network")
        self.open_menu()

    def _lost(self, text: str) -> None:
        """A networked game could not start or go on: from the command line the app ends
        saying why; from the menu, back to it with the reason."""
        if self._network is not None:
            self.exit(return_code=1, message=Text(text))  # Text: never read as markup
            return
        self.menu_notices.say(text, timeout=15)
        self.open_menu()

    # -- what the screens ask ----------------------------------------------------------

    def on_page_changed(self, message: PageChanged) -> None:
        self.remote.page_changed(message.here)

    def on_connect(self, message: Connect) -> None:
        self.options = message.options
        self.keymap = keys_for(self, message.options)
        self.connect(message.network)

    def on_start_game(self, message: StartGame) -> None:
        self.start_game(message.options)

    def on_start_practice(self, message: StartPractice) -> None:
        self.start_practice(message.options)

    def on_remember_menu(self, message: RememberMenu) -> None:
        from spit.settings.memory import menu_entries  # deferred: start-up

        self.keep(menu_entries(message.options))

    def on_ascii_chosen(self, message: AsciiChosen) -> None:
        self.ascii = message.on

    def on_open_replay(self, message: OpenReplay) -> None:
        self.replay(message.record, playing=False, at=message.at)

    def on_open_menu(self, message: OpenMenu) -> None:
        self.open_menu()

    def on_size_changed(self, message: SizeChanged) -> None:
        self.check_size()

    def on_keys_chosen(self, message: KeysChosen) -> None:
        self.options = replace(self.options, bindings=message.bindings)
        self.keep({("keys", "bindings"): message.bindings})

    def on_language_chosen(self, message: LanguageChosen) -> None:
        self.keep({("lang",): message.code})

    def keep(self, entries: Mapping[tuple[str, ...], object]) -> None:
        """Write ``entries`` into the config file (a warning if it cannot be)."""
        from spit.settings.memory import keep  # deferred: start-up

        error = keep(self.config_file, entries)
        if error is not None:
            self.notify(words.config.config_error(error), severity="warning", markup=False)

    def open_menu(self, options: GameOptions | None = None) -> None:
        from spit.app.menu import MenuScreen  # deferred: start-up

        menu = MenuScreen(options or self.options, bot_available=self.session.bot_available)
        if len(self.screen_stack) < 2:  # nothing shown yet (a resume that could not be)
            self.push_screen(menu)
            return
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.switch_screen(menu)

    def _game_screen(self) -> GameScreen | None:
        return next((s for s in self.screen_stack if isinstance(s, GameScreen)), None)

    # -- app-wide keys ---------------------------------------------------------------

    def action_help(self) -> None:
        """F1: the rules in brief and both players' keys."""
        from spit.app.dialogs.help import HelpScreen  # deferred: start-up
        from spit.app.menu import MenuScreen  # deferred: start-up

        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss()
            return
        game = self._game_screen()
        if game is None and isinstance(self.screen, MenuScreen):
            # Show the keys of the layout being chosen, not of the last game.
            chosen = self.screen.chosen()
            keys, against_bot, ascii = keys_for(self, chosen), chosen.mode is Mode.BOT, chosen.ascii
        else:
            keys, ascii = self.keymap, self.options.ascii
            against_bot = game.against_bot if game is not None else self.options.mode is Mode.BOT
        self.push_screen(HelpScreen(keys, against_bot=against_bot, ascii=ascii))

    def action_request_quit(self) -> None:
        """Ctrl+Q: quit, after a confirmation if a match is going on."""
        from spit.app.dialogs.quit import QuitScreen  # deferred: start-up

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


def keys_for(app: SpitApp, options: GameOptions) -> KeyMap:
    """The key map ``options`` choose; a warning in ``app`` if the remapped keys clash with
    the layout (the command line checks the config file; a layout chosen in the menu may)."""
    keymap, clash = KeyMap.remapped(options.keys, options.bindings)
    if clash is not None and app.is_running:
        text = _("Your remapped keys do not fit {layout}: {error}").format(
            layout=options.keys, error=words.config.key_map_error(clash)
        )
        app.notify(text, severity="warning", markup=False)
    return keymap
