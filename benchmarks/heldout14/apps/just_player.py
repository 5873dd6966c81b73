"""Just Player (``com.brouken.player``) 0.78, for Player#233.

App: moneytoo/Player ("Just Player"), a one-screen ExoPlayer video player. Version 0.78
(``app/build.gradle``: versionCode 78, versionName "0.78"), modelled from the sources at commit
``6996482a81af435c63613bdebb10a43404903105`` (2021-12-24, "Fix restoring selection of external
subtitle file", the head when the report was filed that day): ``AndroidManifest.xml``,
``PlayerActivity.java`` (``onCreate``, ``onStart``/``onStop``, ``onActivityResult``, ``openFile``,
``initializePlayer``, ``savePlayer``, ``releasePlayer``, ``onUserLeaveHint``,
``updateButtons``), ``Prefs.java``, ``Utils.getFileName``, ``SettingsActivity.java``, the layouts
``activity_player``, ``controls``, ``exo_styled_player_control_view``,
``exo_styled_settings_list``, ``settings_activity``, ``xml/root_preferences.xml`` and
``values/strings.xml``; ExoPlayer 2.16.1's styled controls (its settings pop-up with "Playback
speed" and the speeds "0.25×" ... "2×", "Normal" for 1). The fix is commit
``9d1e7170c42f5c5d7a9d6df3567904c464cd3b0c`` ("Save and restore playback speed, Resolves #233"):
it adds the speed to ``Prefs.updateMeta`` (saved in ``savePlayer``) and re-applies it once the
re-created player is ready.

First run: the launcher opens ``PlayerActivity`` with no media; the controller is shown and,
because ``Prefs.firstRun`` is true, a TapTargetView ("Choose a video to play" / "Tap to open a
video file. Long tap to load external subtitles.") covers the screen; ``markFirstRun`` is saved
at once. A tap on it (or Back) dismisses it. "Open" starts the system picker
(``ACTION_OPEN_DOCUMENT``, ``video/*``, starting in Movies); picking a file stores it as the
media (``Prefs.updateMedia``) and ``initializePlayer`` plays it. The settings button is disabled
while there is no media; with media it opens ExoPlayer's settings pop-up ("Playback speed",
"Audio"), whose "Playback speed" lists the speeds; a long press opens ``SettingsActivity``.

The bug (Player#233, non-crash): the playback speed lives only in the ExoPlayer instance.
``onStop`` calls ``releasePlayer(false)``, which releases the player (``savePlayer`` stores the
position, tracks, resize mode and scale, not the speed), and ``onStart`` calls
``initializePlayer``, which builds a new ``ExoPlayer`` at speed 1, so every time the activity is
stopped with a file open (Home or the recent apps and back, ``SettingsActivity`` through a long
press on the settings button, the file picker) the same file comes back at normal speed. With
the "Auto picture-in-picture" preference on and the video playing, Home enters PiP
(``onUserLeaveHint``) instead of stopping the activity, so the speed stays. ``PlayerActivity``
handles configuration changes itself (``android:configChanges`` includes orientation), so a
rotation keeps the player.

Model state: ``data`` holds the app's preferences (``media``, ``first_run``, the settings
switches) and, as the oracle's ground truth (the oracle sees only ``data``), ``player_speed``
(the speed of the live ExoPlayer, ``None`` while released) and ``chosen_speed`` (the last
speed the user picked for the open file; a newly opened file clears it, as ``updateMedia``
resets the per-file meta), plus ``playing``/``restore_play`` (the player's play state and
``restorePlayState``).

Stubbed: video decoding (the player shows the title, times and the controls; "Play"/"Pause"
only toggles the state), the subtitle, resize, PiP and rotate buttons (they do nothing), the
"Audio" sub-menu, the picker's navigation (it lists the Movies folder only; it is drawn by the
model as DocumentsUI's screen, activity ``.DocumentsPicker``), the controller's auto-hide
timeout (the controls stay shown), ``SettingsActivity``'s switches other than storing their
values.

Uncertain: TapTargetView draws its texts on a canvas, so the model shows it as one clickable
view without text whose whole area dismisses it (the real view opens the picker when the tap
lands inside the target circle around "Open"); the "Audio" row's subtext ("Auto") and the
sub-menu rows' classes follow ExoPlayer 2.16's layouts as far as known.

Fixed world data: the device's Movies folder holds three videos (names, sizes, durations
below); no network content.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.brouken.player"
PLAYER = ".PlayerActivity"
SETTINGS = ".SettingsActivity"
PICKER = ".DocumentsPicker"  # DocumentsUI's ACTION_OPEN_DOCUMENT screen, drawn by the model

ONBOARDING_TITLE = "Choose a video to play"
ONBOARDING_TEXT = "Tap to open a video file. Long tap to load external subtitles."
SPEEDS = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0)  # ExoPlayer 2.16's exo_speed_multiplied_by_100
SPEED_TEXTS = ("0.25×", "0.5×", "0.75×", "Normal", "1.25×", "1.5×", "2×")
# The Movies folder (fixed data): file name, size shown by DocumentsUI, duration in seconds.
MOVIES = (
    ("big_buck_bunny.mp4", "158 MB", 596),
    ("sintel_trailer.mp4", "4.4 MB", 52),
    ("tears_of_steel.mkv", "185 MB", 734),
)
PREFS = (
    (
        "frameRateMatching",
        "Auto frame rate matching",
        "Switch display refresh rate to match video frame rate",
        "Do not change display refresh rate",
    ),
    (
        "tunneling",
        "Tunneled playback",
        "Tunneling provides better support for 4K/HDR content, but may not work on all devices",
        "",
    ),
    (
        "autoPiP",
        "Auto picture-in-picture",
        "Switch to PiP when leaving the app",
        "Do not automatically switch to PiP",
    ),
    (
        "skipSilence",
        "Skip silence",
        "Skip parts with silence on the audio stream",
        "Play content as is",
    ),
    (
        "repeatToggle",
        "Repeat toggle",
        "Extra control to allow indefinitely loop video (requires app restart)",
        "",
    ),
)


def _speed_was_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Player#233: the file the user set a speed for is still open, in a live
    player whose speed is no longer that speed."""
    chosen = data.get("chosen_speed")
    speed = data.get("player_speed")
    return (
        data.get("media") is not None
        and chosen is not None
        and speed is not None
        and abs(float(speed) - float(chosen)) > 0.01
    )


def _tap_onboarding() -> dict[str, Any]:
    """Back: the TapTargetView is cancelable and takes the key (it has the focus)."""
    return {"kind": "press_back"}


OPEN = click(PACKAGE, desc="Open", cls="android.widget.ImageButton")
PICK = click(PACKAGE, "android:id/title", "big_buck_bunny.mp4")
SETTINGS_BUTTON = click(PACKAGE, "exo_settings", desc="Settings")
SPEED_ROW = click(PACKAGE, "exo_main_text", "Playback speed")
LEAVE = {"kind": "leave_and_return"}


def _speed(text: str) -> dict[str, Any]:
    return click(PACKAGE, "exo_text", text)


BUG_233 = BugSpec(
    bug_id="Player#233",
    kind="non-crash",
    title="Playback speed resets when leaving app",
    oracle=_speed_was_lost,
    human_steps=(
        _tap_onboarding(),
        OPEN,
        PICK,
        SETTINGS_BUTTON,
        SPEED_ROW,
        _speed("1.5×"),
        LEAVE,
    ),
)

WRONG_SEQUENCES = {
    "Player#233": [
        # The speed set, the app never left.
        [_tap_onboarding(), OPEN, PICK, SETTINGS_BUTTON, SPEED_ROW, _speed("1.5×")],
        # Left and came back before the speed was changed.
        [_tap_onboarding(), OPEN, PICK, LEAVE, SETTINGS_BUTTON, SPEED_ROW, _speed("1.5×")],
        # Normal speed chosen: nothing to lose.
        [_tap_onboarding(), OPEN, PICK, SETTINGS_BUTTON, SPEED_ROW, _speed("Normal"), LEAVE],
        # A rotation: the activity handles it, the player stays.
        [
            _tap_onboarding(),
            OPEN,
            PICK,
            SETTINGS_BUTTON,
            SPEED_ROW,
            _speed("2×"),
            {"kind": "rotate", "orientation": "landscape"},
        ],
        # Another file opened after the speed change: a new file starts at normal speed.
        [
            _tap_onboarding(),
            OPEN,
            PICK,
            SETTINGS_BUTTON,
            SPEED_ROW,
            _speed("1.5×"),
            OPEN,
            click(PACKAGE, "android:id/title", "sintel_trailer.mp4"),
        ],
    ]
}


def _clock(seconds: int) -> str:
    """ExoPlayer's ``Util.getStringForTime``."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def _speed_text(speed: float) -> str:
    for value, text in zip(SPEEDS, SPEED_TEXTS, strict=True):
        if abs(value - speed) < 0.01:
            return text
    return f"{speed:g}×"


class JustPlayer078(VirtualApp):
    """Just Player 0.78 (see the module docstring)."""

    name: ClassVar[str] = "Player"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Just Player"
    version: ClassVar[str] = "0.78"
    launch_activity: ClassVar[str] = PLAYER
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_233,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "media": None,  # Prefs.mediaUri (the file's name stands for its content uri)
            "first_run": True,
            "positions": {},
            "prefs": {key: False for key, *_ in PREFS},
            "player_speed": None,  # the live ExoPlayer's speed (None: released)
            "chosen_speed": None,  # the speed last picked for the open file
        }

    # -- the player (initializePlayer / releasePlayer) ----------------------------------------
    def _initialize_player(self, ctx: AppContext) -> None:
        """``initializePlayer``: a new ExoPlayer, at speed 1 (the bug: no saved speed)."""
        ctx.data["player_speed"] = 1.0
        ctx.data["playing"] = ctx.data.get("media") is not None

    def _release_player(self, ctx: AppContext) -> None:
        """``releasePlayer(false)`` from ``onStop``: the player and its speed are gone."""
        if ctx.data.get("player_speed") is not None:
            ctx.data["restore_play"] = bool(ctx.data.get("playing"))
        ctx.data["player_speed"] = None
        ctx.data["playing"] = False

    def _stop_for_own_activity(self, ctx: AppContext) -> None:
        """PlayerActivity covered by another activity: ``onStop``."""
        ctx.ui["popup"] = None
        self._release_player(ctx)

    def _back_to_player(self, ctx: AppContext) -> None:
        """PlayerActivity shown again: ``onStart`` → ``initializePlayer``."""
        self._initialize_player(ctx)
        if ctx.data.pop("restore_play", False):
            ctx.data["playing"] = True

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != PLAYER:
            return
        if ctx.ui.get("created"):
            return  # a rotation: configChanges keep the activity and its player
        ctx.ui["created"] = True
        ctx.ui["popup"] = None
        self._initialize_player(ctx)
        if ctx.data["first_run"]:
            ctx.ui["onboarding"] = True
            ctx.data["first_run"] = False  # Prefs.markFirstRun

    def on_activity_stop(self, ctx: AppContext) -> None:
        if ctx.activity != PLAYER:
            return
        ctx.ui["popup"] = None
        if ctx.data["prefs"]["autoPiP"] and ctx.data.get("playing"):
            ctx.ui["pip"] = True  # onUserLeaveHint → enterPiP: paused, not stopped
            return
        self._release_player(ctx)

    def on_activity_restart(self, ctx: AppContext) -> None:
        if ctx.activity != PLAYER:
            return
        if ctx.ui.pop("pip", False):
            return
        self._back_to_player(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == PLAYER:
            if ctx.ui.get("onboarding"):
                ctx.ui["onboarding"] = False  # TapTargetView: Back cancels it
                return True
            if ctx.ui.get("popup"):
                ctx.ui["popup"] = None
                return True
            self._release_player(ctx)
            return False
        if ctx.activity in (PICKER, SETTINGS):
            # RESULT_CANCELED; PlayerActivity.onStart re-creates its player.
            self._back_to_player(ctx)
        return False

    # -- handlers ----------------------------------------------------------------------------
    def _open(self, ctx: AppContext) -> None:
        """``openFile``: ACTION_OPEN_DOCUMENT (video/*) in the Movies folder."""
        self._stop_for_own_activity(ctx)
        ctx.start_activity(PICKER)

    def _pick(self, ctx: AppContext, name: str) -> None:
        """The picker's result: ``Prefs.updateMedia`` then ``initializePlayer``."""
        ctx.data["media"] = name
        ctx.data["chosen_speed"] = None  # updateMeta(...) resets the per-file state
        ctx.data.pop("restore_play", None)
        ctx.data["positions"].setdefault(name, 0)
        self._initialize_player(ctx)
        ctx.finish()

    def _open_settings_activity(self, ctx: AppContext) -> None:
        if ctx.data.get("media") is None:
            return  # the button is disabled without media
        self._stop_for_own_activity(ctx)
        ctx.start_activity(SETTINGS)

    def _set_speed(self, ctx: AppContext, speed: float) -> None:
        """``player.setPlaybackSpeed`` from the speed sub-menu."""
        ctx.data["player_speed"] = speed
        ctx.data["chosen_speed"] = speed
        ctx.ui["popup"] = None

    def _toggle_pref(self, ctx: AppContext, key: str) -> None:
        ctx.data["prefs"][key] = not ctx.data["prefs"][key]

    def _up_from_settings(self, ctx: AppContext) -> None:
        self._back_to_player(ctx)
        ctx.finish()

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PICKER:
            rows = [
                w.document_row(name, w.bind(self._pick, name), size=size)
                for name, size, _ in MOVIES
            ]
            return Screen(content=w.document_picker(rows, title="Movies"))
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        return self._render_player(ctx)

    def _render_player(self, ctx: AppContext) -> Screen:
        media = ctx.data.get("media")
        have_media = media is not None and ctx.data.get("player_speed") is not None
        duration = next((d for n, _, d in MOVIES if n == media), 0) if have_media else 0
        playing = bool(ctx.data.get("playing"))
        title = media.rsplit(".", 1)[0] if have_media and media else ""

        top: list[View] = []
        if have_media:
            top.append(w.text_view(title, height=120))
        background = w.frame_layout(top, rid="exo_controls_background")
        center = w.linear_layout(
            [
                w.image_button(
                    "exo_play_pause",
                    "Pause" if playing else "Play",
                    lambda c: c.data.update(playing=not c.data.get("playing")),
                    width=200,
                    height=200,
                )
            ],
            rid="exo_center_controls",
            horizontal=True,
            height=240,
            weight=0,
        )
        time_bar = View(
            cls="android.widget.SeekBar",
            resource_id="exo_progress",
            content_desc="00:00",
            height=100,
        )
        times = w.linear_layout(
            [
                w.text_view("00:00", "exo_position", width=130),
                w.text_view("•", width=40),
                w.text_view(_clock(duration), "exo_duration", width=130),
            ],
            rid="exo_time",
            horizontal=True,
            width=330,
        )
        enabled = have_media
        buttons = [
            w.image_button("", "Open", self._open, width=126),
            w.image_button("exo_subtitle", "Enable subtitles", None, width=126, enabled=False),
            w.image_button("", "Resize", None, width=126, enabled=enabled),
            w.image_button("", "Picture-in-picture", None, width=126, enabled=enabled),
            w.image_button("", "Rotate", None, width=126),
            View(
                cls="android.widget.ImageButton",
                resource_id="exo_settings",
                content_desc="Settings",
                on_click=(lambda c: c.ui.update(popup="settings")) if enabled else None,
                on_long_click=self._open_settings_activity,
                enabled=enabled,
                width=126,
            ),
        ]
        controls = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="controls_scroll_view",
            children=[w.linear_layout(buttons, rid="controls", horizontal=True)],
            layout=HORIZONTAL,
        )
        bottom_bar = View(
            cls="android.widget.FrameLayout",
            resource_id="exo_bottom_bar",
            layout=HORIZONTAL,
            height=158,
            weight=0,
            children=[
                times,
                w.linear_layout([controls], rid="exo_basic_controls", horizontal=True),
            ],
        )
        controller = w.frame_layout(
            [background, center, View(cls="android.view.View"), time_bar, bottom_bar],
            rid="exo_controller",
        )
        player_view = w.frame_layout([controller], rid="video_view")
        layers: list[View] = [player_view]
        if ctx.ui.get("onboarding"):
            layers.append(
                View(  # TapTargetView: one clickable view, its texts drawn on a canvas
                    cls="android.view.View",
                    on_click=lambda c: c.ui.update(onboarding=False),
                )
            )
        content = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            resource_id="coordinatorLayout",
            layout=FRAME,
            children=layers,
        )
        return Screen(content=content, windows=self._popup(ctx))

    def _popup(self, ctx: AppContext) -> list[Window]:
        popup = ctx.ui.get("popup")
        close = lambda c: c.ui.update(popup=None)  # noqa: E731
        width, height = ctx.screen_size
        bounds = (width - 700, height - 760, width - 20, height - 180)
        if popup == "settings":
            speed = ctx.data.get("player_speed") or 1.0
            rows = [
                ("Playback speed", _speed_text(speed), lambda c: c.ui.update(popup="speed")),
                ("Audio", "Auto", None),
            ]
            items = [
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=160,
                    on_click=handler,
                    children=[
                        w.image_view("exo_icon", "", width=120),
                        w.linear_layout(
                            [
                                w.text_view(main, "exo_main_text", height=90),
                                w.text_view(sub, "exo_sub_text", height=70),
                            ]
                        ),
                    ],
                )
                for main, sub, handler in rows
            ]
            listing = View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="exo_settings_listview",
                weight=0,
                children=items,
            )
            return [Window(root=listing, kind="menu", on_dismiss=close, bounds=bounds)]
        if popup == "speed":
            current = ctx.data.get("player_speed") or 1.0
            items = [
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=120,
                    on_click=w.bind(self._set_speed, value),
                    selected=abs(value - current) < 0.01,
                    children=[
                        w.image_view(
                            "exo_check" if abs(value - current) < 0.01 else "", "", width=100
                        ),
                        w.text_view(text, "exo_text", height=120),
                    ],
                )
                for value, text in zip(SPEEDS, SPEED_TEXTS, strict=True)
            ]
            listing = View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="exo_settings_listview",
                weight=0,
                children=items,
            )
            tall = (width - 700, height - 1040, width - 20, height - 180)
            return [Window(root=listing, kind="menu", on_dismiss=close, bounds=tall)]
        return []

    def _render_settings(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "Settings",
            navigation=w.up_button(self._up_from_settings),
            rid="action_bar",
        )
        rows: list[View] = [w.preference_category("General")]
        for key, title, summary_on, summary_off in PREFS:
            on = bool(ctx.data["prefs"][key])
            summary = summary_on if on else (summary_off or summary_on)
            rows.append(
                w.preference(
                    title,
                    summary,
                    w.bind(self._toggle_pref, key),
                    widget=w.switch_widget(on, rid="switchWidget"),
                )
            )
        listing = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="recycler_view",
            children=rows,
        )
        settings = w.frame_layout([listing], rid="settings")
        return Screen(content=w.linear_layout([bar, settings], rid="settings_layout"))
