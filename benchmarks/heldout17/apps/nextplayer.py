"""Next Player (``dev.anilbeesetti.nextplayer``) 0.13.0, for nextplayer#1271.

Modelled from the sources at tag ``v0.13.0`` (``abec77c``): ``app/build.gradle.kts``,
``app/.../MainActivity.kt`` (the storage permission asked on every start),
``navigation/MediaNavGraph.kt`` and ``SettingsNavGraph.kt``,
``feature/videopicker/.../MediaPickerScreen.kt``, ``MediaPickerFolderScreen.kt``,
``composables/MediaView.kt``, ``FolderItem.kt``, ``VideoItem.kt``,
``feature/settings/.../SettingsScreen.kt``, ``screens/player/PlayerPreferencesScreen.kt``,
``core/model/PlayerPreferences.kt`` and ``ApplicationPreferences.kt`` (the defaults: Resume
"Yes", Picture in Picture on, Background play off, media shown as folders),
``feature/player/.../PlayerActivity.kt`` (``onStart``, ``onStop``, ``onUserLeaveHint``,
``startPlayback``, ``playVideo``, the back callback, the control buttons),
``service/PlayerService.kt`` (``onMediaItemTransition``, ``onPositionDiscontinuity``),
``utils/PlayerGestureHelper.kt``, ``res/layout/exo_player_control_view.xml``,
``AndroidManifest.xml`` (``PlayerActivity``: ``singleTask``, ``configChanges`` with orientation)
and ``core/ui/.../strings.xml``; and the fix, commit ``8663199`` ("fix: playback doesnt resume
when player set to background if resume set to no", PR #1310):

- ``MainActivity`` is one Compose NavHost: the media screen ("Next Player", a Settings icon, a
  "Menu" icon for the quick settings, the chips "Open local video" / "Open network stream", the
  folders, a play FAB), a folder's screen (its videos), Settings (seven entries) and the Player
  preferences (every row of the real screen; "Resume" opens the Yes/No options dialog, the
  switches toggle). Compose nodes have no ids: they are found by text or description. The other
  settings pages, the quick settings, the file picker and the network-stream dialog are stubs;
- ``PlayerActivity`` shows the controls of ``exo_player_control_view`` (shown until the video
  area is tapped: the model has no clock for the 2 s auto-hide). A horizontal swipe on the video
  is the seek gesture; the model seeks 30 s per swipe (the real step grows with the finger's
  travel). The model has no clock either for the playback itself: the position moves only by
  seeking, previous / next;
- Picture in Picture (Home with the preference on and the video playing, or ``btn_pip``) hides
  the controls; the launcher icon or a tap on the video expands it again. ``screen_rotate``
  does nothing in the model (an app-requested orientation is not simulated); the speed, track
  and zoom buttons only toast their current value;
- the player lives in ``PlayerService`` (process memory); the last position of each video is
  the app's database (``updateMediumPosition`` when the item is removed or left by a seek).

Fixed world data: the device holds two videos in ``/storage/emulated/0/Movies`` (the report
plays "the video"; no names are given).

The bug (nextplayer#1271): ``onStop`` calls ``clearMediaItems()`` and ``stop()`` when neither
background play is on nor the background button was used. Home stops the activity (with
Picture in Picture off; with it on, a playing video goes to PiP instead and is not stopped), so
the service forgets the video; back from the launcher, ``onStart`` -> ``startPlayback`` finds no
current item and ``playVideo`` sets the items afresh, and ``onMediaItemTransition`` seeks to the
saved position only when Resume is "Yes". With Resume "No" the video restarts at 0:00. The fix
keeps the items (``stop()`` only) and ``prepare()``\\s them again on return. The oracle: back in
the player after Home, the video is at another position than when the user left.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, HORIZONTAL, VERTICAL, Screen, View, Window

PACKAGE = "dev.anilbeesetti.nextplayer"
MAIN = ".MainActivity"
PLAYER = "dev.anilbeesetti.nextplayer.feature.player.PlayerActivity"
STORAGE = "android.permission.READ_EXTERNAL_STORAGE"

MOVIES = "/storage/emulated/0/Movies"
# (file name, duration in seconds, size, height): the fixed videos on the device.
VIDEOS = (
    ("Big_Buck_Bunny.mp4", 596, "150.7 MB", 720),
    ("Sintel.mp4", 888, "189.4 MB", 720),
)
SEEK_STEP = 30  # seconds per seek swipe (see the module docstring)

SETTINGS_ENTRIES = (
    ("Appearance", "Adjust the app to your liking"),
    ("Media library", "Scan and manage media library"),
    ("Player", "Player appearance, playback controls"),
    ("Decoder", "Decoder priority, playback decoder options"),
    ("Audio", "Audio playback options"),
    ("Subtitle", "Subtitle appearance, playback options"),
    ("About", "Version, credits"),
)
# PlayerPreferencesScreen's rows: (key, title, description, kind); kind "switch" rows toggle
# the preference ``key``; "dialog" rows open a dialog (only Resume's is modelled).
PLAYER_ROWS = (
    ("", "Interface", "", "header"),
    (
        "useSeekControls",
        "Seek gesture",
        "Swipe horizontally to seek forwards or backwards",
        "switch",
    ),
    (
        "useSwipeControls",
        "Swipe gesture",
        "Swipe vertically to adjust the brightness and volume",
        "switch",
    ),
    ("useZoomControls", "Zoom gesture", "Pinch to zoom the video", "switch"),
    ("doubleTapGesture", "Double tap gesture", "Select double tap gesture action", "dialog"),
    ("useLongPressControls", "Long press gesture", "Long press to play at 2.0x speed", "switch"),
    ("seekIncrement", "Seek increment", "10 seconds", "dialog"),
    ("controllerAutoHideTimeout", "Controller timeout", "2 seconds", "dialog"),
    ("controlButtonsPosition", "Control buttons alignment", "Left", "dialog"),
    ("", "Playback", "", "header"),
    (
        "resume",
        "Resume",
        "Select whether to resume played videos from the point where you stopped",
        "dialog",
    ),
    ("defaultPlaybackSpeed", "Default playback speed", "1.0", "dialog"),
    ("autoplay", "Autoplay", "Automatically play the next video in the current folder", "switch"),
    (
        "autoPip",
        "Picture in Picture Mode",
        "Automatically switch to miniature player when tapping Home Button",
        "switch",
    ),
    (
        "autoBackgroundPlay",
        "Background play",
        "Play in background when tapped on home or screen is locked.",
        "switch",
    ),
    (
        "rememberPlayerBrightness",
        "Remember brightness level",
        "Remember brightness level between playback sessions",
        "switch",
    ),
    (
        "rememberSelections",
        "Remember selections",
        "Remember selections for each file like audio track, subtitle track, etc",
        "switch",
    ),
    ("fastSeek", "Fast seeking", "Seek to nearest key frame instead of exact one.", "dialog"),
    ("playerScreenOrientation", "Player screen orientation", "Video orientation", "dialog"),
)
DEFAULT_PREFS = {
    "resume": "Yes",
    "autoplay": True,
    "autoPip": True,
    "autoBackgroundPlay": False,
    "useSeekControls": True,
    "useSwipeControls": True,
    "useZoomControls": True,
    "useLongPressControls": False,
    "rememberPlayerBrightness": False,
    "rememberSelections": True,
}


def _column(children: list[View]) -> View:
    """A Compose Column (dumped as an ``android.view.View``)."""
    return View(cls="android.view.View", layout=VERTICAL, children=children)


def _clock(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def _duration(path: str) -> int:
    return next(d for name, d, _s, _h in VIDEOS if path.endswith("/" + name))


def position_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of nextplayer#1271: back in the player after Home, the video was not where
    the user had left it."""
    return any(left != back for left, back in data["returns"])


def _desc(desc: str) -> dict[str, Any]:
    return {"kind": "click", "target": {"content_desc": desc}}


def _text(text: str) -> dict[str, Any]:
    return {"kind": "click", "target": {"text": text}}


ALLOW = {
    "kind": "click",
    "target": {"resource_id": "com.android.permissioncontroller:id/permission_allow_button"},
}
SCROLL = {"kind": "swipe", "direction": "up"}
TO_PLAYER_SETTINGS = (ALLOW, _desc("Settings"), _text("Player"), SCROLL)
RESUME_NO = (_text("Resume"), _text("No"))
PIP_OFF = (_text("Picture in Picture Mode"),)
BACK_TO_MEDIA = (_desc("Navigate up"), _desc("Navigate up"))
PLAY = (_text("Movies"), _text("Big_Buck_Bunny"))
SEEK = ({"kind": "swipe", "direction": "right"},)
LEAVE = ({"kind": "leave_and_return"},)

HUMAN_STEPS = (*TO_PLAYER_SETTINGS, *RESUME_NO, *PIP_OFF, *BACK_TO_MEDIA, *PLAY, *SEEK, *LEAVE)

WRONG_SEQUENCES = {
    "nextplayer#1271": (
        # Resume left at "Yes": the saved position is restored.
        (*TO_PLAYER_SETTINGS, *PIP_OFF, *BACK_TO_MEDIA, *PLAY, *SEEK, *LEAVE),
        # Picture in Picture left on: Home sends the playing video to PiP, it is not stopped.
        (*TO_PLAYER_SETTINGS, *RESUME_NO, *BACK_TO_MEDIA, *PLAY, *SEEK, *LEAVE),
        # Background play turned on: onStop keeps the items.
        (
            *TO_PLAYER_SETTINGS,
            *RESUME_NO,
            *PIP_OFF,
            _text("Background play"),
            *BACK_TO_MEDIA,
            *PLAY,
            *SEEK,
            *LEAVE,
        ),
        # Rotating instead of leaving: no stop (configChanges), the video goes on.
        (
            *TO_PLAYER_SETTINGS,
            *RESUME_NO,
            *PIP_OFF,
            *BACK_TO_MEDIA,
            *PLAY,
            *SEEK,
            {"kind": "rotate", "orientation": "landscape"},
        ),
        # Not seeking: the video was still at 0:00 when the user left.
        (*TO_PLAYER_SETTINGS, *RESUME_NO, *PIP_OFF, *BACK_TO_MEDIA, *PLAY, *LEAVE),
    )
}


class NextPlayer0130(VirtualApp):
    """Next Player 0.13.0 (see the module docstring)."""

    name: ClassVar[str] = "nextplayer"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Next Player"
    version: ClassVar[str] = "0.13.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "nextplayer#1271",
            "non-crash",
            "[BUG] Resume Player after pressing Home Button",
            position_lost,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "videos": [f"{MOVIES}/{name}" for name, *_ in VIDEOS],
            "prefs": dict(DEFAULT_PREFS),
            "positions": {},  # the database's last position of each video (seconds)
            "recent": None,
            "returns": [],  # (position when the user left, position back in the player)
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            ui.setdefault("stack", ["media"])
            ui.setdefault("dialog", None)
            ui.setdefault("denied", False)
            if STORAGE not in ctx.permissions:
                ctx.request_permission(STORAGE)  # LifecycleEventEffect(ON_START)
        elif ctx.activity == PLAYER:
            ui.setdefault("uri", ctx.extras.get("uri"))
            ui.setdefault("controls", True)
            ui.setdefault("locked", False)
            ui.setdefault("pip", False)
            ui.setdefault("background", False)
            ui.setdefault("left_at", None)
            if not ui.get("intent_used"):
                ui["intent_used"] = True
                self._play_video(ctx, ui["uri"])

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return dict(ctx.ui)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity == MAIN:
            ctx.ui["denied"] = not granted

    def on_activity_stop(self, ctx: AppContext) -> None:
        if ctx.activity != PLAYER:
            return
        ui = ctx.ui
        player = self._player(ctx)
        prefs = ctx.data["prefs"]
        # onUserLeaveHint (API 26-30): a playing video goes to Picture in Picture.
        if prefs["autoPip"] and player["playing"] and not ui["locked"]:
            ui["pip"] = True
            return
        ui["left_at"] = player["position"] if player["item"] else None
        player["play_when_ready"] = player["playing"]
        if not prefs["autoBackgroundPlay"] and not ui["background"]:
            # The bug: clearMediaItems() (the service saves the position: REMOVE), stop().
            self._remove_item(ctx)
        else:
            player["playing"] = player["playing"] and prefs["autoBackgroundPlay"]

    def on_activity_restart(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            self.on_activity_restart_main(ctx)
            return
        if ctx.activity != PLAYER:
            return
        ui = ctx.ui
        if ui["pip"]:
            ui["pip"] = False
            return
        player = self._player(ctx)
        # onStart -> startPlayback: only an empty player loads the intent's video again.
        if player["item"] is None:
            self._play_video(ctx, ui["uri"], play_when_ready=player["play_when_ready"])
        if ui["left_at"] is not None:
            ctx.data["returns"].append([ui["left_at"], player["position"]])
            ui["left_at"] = None

    def on_activity_restart_main(self, ctx: AppContext) -> None:
        if STORAGE not in ctx.permissions:
            ctx.request_permission(STORAGE)  # LifecycleEventEffect(ON_START) again

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == MAIN:
            if ui["dialog"] is not None:
                ui["dialog"] = None
                return True
            return w.pop_back_stack(ui["stack"])
        if ctx.activity == PLAYER:
            # onBackPressedDispatcher callback: clearMediaItems(), stop(); then finish.
            self._remove_item(ctx)
            ctx.finish()
            return True
        return False

    def _navigate_up(self, ctx: AppContext) -> None:
        """The Up arrow: the same as Back."""
        self.on_back(ctx)

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != PLAYER or ui_locked(ctx) or direction not in ("left", "right"):
            return False
        player = self._player(ctx)
        if not ctx.data["prefs"]["useSeekControls"] or player["item"] is None:
            return False
        step = SEEK_STEP if direction == "right" else -SEEK_STEP
        player["position"] = max(0, min(_duration(player["item"]), player["position"] + step))
        return True

    # -- the player service (process memory) ---------------------------------------------------
    def _player(self, ctx: AppContext) -> dict[str, Any]:
        return ctx.memory.setdefault(
            "player",
            {"item": None, "position": 0, "playing": False, "play_when_ready": True},
        )

    def _play_video(self, ctx: AppContext, uri: str, *, play_when_ready: bool = True) -> None:
        """playVideo: setMediaItems, prepare; PlayerService.onMediaItemTransition seeks to the
        saved position only when Resume is "Yes"."""
        player = self._player(ctx)
        player["item"] = uri
        player["position"] = 0
        saved = ctx.data["positions"].get(uri)
        if saved is not None and ctx.data["prefs"]["resume"] == "Yes":
            player["position"] = saved
        player["playing"] = play_when_ready
        ctx.data["recent"] = uri

    def _remove_item(self, ctx: AppContext) -> None:
        player = self._player(ctx)
        if player["item"] is not None:
            ctx.data["positions"][player["item"]] = player["position"]
        player.update(item=None, position=0, playing=False)

    def _switch_item(self, ctx: AppContext, step: int) -> None:
        player = self._player(ctx)
        if player["item"] is None:
            return
        videos = ctx.data["videos"]
        if step < 0 and player["position"] > 3:  # seekToPrevious restarts the video first
            player["position"] = 0
            return
        index = videos.index(player["item"]) + step
        if not 0 <= index < len(videos):
            return
        ctx.data["positions"][player["item"]] = player["position"]
        ctx.ui["uri"] = videos[index]
        self._play_video(ctx, videos[index], play_when_ready=player["playing"])

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PLAYER:
            return self._render_player(ctx)
        page = ctx.ui["stack"][-1]
        if page == "media":
            content = self._media_page(ctx)
        elif page.startswith("folder:"):
            content = self._folder_page(ctx, page.split(":", 1)[1])
        elif page == "settings":
            rows = [
                self._row(title, desc, w.bind(self._open_setting, title))
                for title, desc in SETTINGS_ENTRIES
            ]
            content = self._page("Settings", rows)
        elif page == "settings/Player":
            content = self._page("Player", self._player_rows(ctx), scroll=True)
        else:
            content = self._page(page.split("/", 1)[1], [])
        return Screen(content=content, windows=self._windows(ctx))

    def _page(self, title: str, rows: list[View], *, scroll: bool = False) -> View:
        bar = w.toolbar(title, navigation=w.up_button(self._navigate_up), cls="android.view.View")
        body = View(
            cls="android.view.View",
            scrollable=scroll,
            scroll_key="settings_scroll" if scroll else "",
            children=rows,
        )
        return _column([bar, body])

    def _row(self, title: str, desc: str, handler: Any, widget: View | None = None) -> View:
        texts = View(
            cls="android.view.View",
            children=[w.text_view(title), *([w.text_view(desc)] if desc else [])],
        )
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=200,
            on_click=handler,
            children=[texts] if widget is None else [texts, widget],
        )

    def _player_rows(self, ctx: AppContext) -> list[View]:
        prefs = ctx.data["prefs"]
        rows = []
        for key, title, desc, kind in PLAYER_ROWS:
            if kind == "header":
                rows.append(w.text_view(title, height=110))
            elif kind == "switch":
                switch = View(
                    cls="android.widget.Switch", checked=prefs[key], width=180, clickable=False
                )
                rows.append(self._row(title, desc, w.bind(self._toggle, key), switch))
            else:
                rows.append(self._row(title, desc, w.bind(self._dialog, title)))
        return rows

    def _media_page(self, ctx: AppContext) -> View:
        bar = w.toolbar(
            "Next Player",
            navigation=View(
                cls="android.view.View",
                content_desc="Settings",
                on_click=lambda c: c.ui["stack"].append("settings"),
                width=147,
            ),
            actions=[
                View(
                    cls="android.view.View",
                    content_desc="Menu",
                    on_click=w.bind(self._dialog, "Quick settings"),
                    width=147,
                )
            ],
            cls="android.view.View",
        )
        chips = w.linear_layout(
            [
                View(
                    cls="android.view.View",
                    on_click=w.bind(self._dialog, "Open local video"),
                    children=[w.text_view("Open local video")],
                ),
                View(
                    cls="android.view.View",
                    on_click=w.bind(self._dialog, "Network stream"),
                    children=[w.text_view("Open network stream")],
                ),
            ],
            horizontal=True,
            height=130,
        )
        children = [bar, chips]
        if ctx.ui["denied"]:
            children.append(
                w.text_view(
                    'The Next Player app needs "android.permission.READ_EXTERNAL_STORAGE" '
                    "permission to access and play media. Without it, media access and playback "
                    "won't work. To use the app fully, grant the permission."
                )
            )
            children.append(w.button(text="Grant Permission", handler=self._ask_again))
        else:
            count = len(ctx.data["videos"])
            folder = View(
                cls="android.view.View",
                on_click=lambda c: c.ui["stack"].append(f"folder:{MOVIES}"),
                height=240,
                children=[
                    w.text_view("Movies"),
                    w.text_view(MOVIES.rsplit("/", 1)[0]),
                    w.text_view(f"{count} Videos"),
                ],
            )
            children.append(View(cls="android.view.View", children=[folder]))
            children.append(
                View(
                    cls="android.view.View",
                    on_click=self._fab,
                    width=168,
                    height=168,
                )
            )
        return _column(children)

    def _folder_page(self, ctx: AppContext, folder: str) -> View:
        rows = []
        for path in ctx.data["videos"]:
            name, duration, size, height = next(v for v in VIDEOS if path.endswith("/" + v[0]))
            rows.append(
                View(
                    cls="android.view.View",
                    on_click=w.bind(self._open_video, path),
                    height=240,
                    children=[
                        w.text_view(_clock(duration)),
                        w.text_view(name.rsplit(".", 1)[0]),
                        w.text_view(folder),
                    ],
                )
            )
        return self._page(folder.rsplit("/", 1)[-1], rows)

    def _windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui["dialog"]
        if dialog is None:
            return []
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731 - a one-line handler
        if dialog == "Resume":
            choices = ["Yes", "No"]
            selected = choices.index(ctx.data["prefs"]["resume"])
            return [
                w.choice_dialog(
                    "Resume", choices, selected, self._set_resume, close, negative=("Cancel", close)
                )
            ]
        return [w.confirm_dialog(dialog, dialog, ("Cancel", close), None, close)]

    def _render_player(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        player = self._player(ctx)
        item = player["item"]
        name = item.rsplit("/", 1)[-1].rsplit(".", 1)[0] if item else ""
        duration = _duration(item) if item else 0
        video = View(
            cls="android.widget.FrameLayout",
            resource_id="player_view",
            on_click=self._tap_video,
        )
        children = [video]
        if ui["locked"]:
            children.append(
                w.image_button(
                    "btn_unlock_controls", "Unlock controls", self._unlock, gravity="center"
                )
            )
        elif ui["controls"] and not ui["pip"]:
            children += self._controls(ctx, name, player["position"], duration)
        return Screen(content=w.frame_layout(children, rid="player_view_root", layout=FRAME))

    def _controls(self, ctx: AppContext, name: str, position: int, duration: int) -> list[View]:
        top = w.linear_layout(
            [
                w.image_button("back_button", "Navigate up", self._navigate_up),
                w.text_view(name, "video_name"),
                w.image_button("btn_playback_speed", "Select playback speed", self._speed),
                w.image_button("btn_audio_track", "Select audio track", self._tracks),
                w.image_button("btn_subtitle_track", "Select subtitle track", self._tracks),
            ],
            rid="player_top_controls",
            horizontal=True,
            height=147,
            gravity="top",
        )
        center = w.linear_layout(
            [
                w.image_button("exo_prev", "Player previous", w.bind(self._switch_item, -1)),
                w.image_button("exo_play_pause", "Player play pause", self._play_pause),
                w.image_button("exo_next", "Player next", w.bind(self._switch_item, 1)),
            ],
            rid="player_center_controls",
            horizontal=True,
            height=200,
            width=700,
            gravity="center",
        )
        bottom = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(_clock(position), "exo_position"),
                        w.text_view(_clock(duration), "exo_duration"),
                    ],
                    horizontal=True,
                    height=80,
                ),
                View(
                    cls="android.view.View",
                    resource_id="exo_progress",
                    content_desc="Player progress bar",
                    height=60,
                ),
                w.linear_layout(
                    [
                        w.image_button("btn_lock_controls", "Lock controls", self._lock),
                        w.image_button("btn_video_zoom", "Video zoom", self._zoom),
                        w.image_button("btn_pip", "Screen Rotation", self._pip),
                        w.image_button("btn_background", "Screen Rotation", self._background),
                        w.image_button("screen_rotate", "Lock controls", self._noop),
                    ],
                    rid="extra_controls",
                    horizontal=True,
                    height=147,
                ),
            ],
            rid="player_bottom_controls",
            height=300,
            gravity="bottom",
        )
        return [top, center, bottom]

    # -- handlers ----------------------------------------------------------------------------
    def _ask_again(self, ctx: AppContext) -> None:
        ctx.request_permission(STORAGE)

    def _open_setting(self, ctx: AppContext, title: str) -> None:
        ctx.ui["stack"].append(f"settings/{title}")

    def _toggle(self, ctx: AppContext, key: str) -> None:
        ctx.data["prefs"][key] = not ctx.data["prefs"][key]

    def _dialog(self, ctx: AppContext, title: str) -> None:
        ctx.ui["dialog"] = title

    def _set_resume(self, ctx: AppContext, index: int) -> None:
        ctx.data["prefs"]["resume"] = ("Yes", "No")[index]
        ctx.ui["dialog"] = None

    def _open_video(self, ctx: AppContext, path: str) -> None:
        ctx.memory.pop("player", None)  # a new PlayerActivity starts with a new intent
        ctx.start_activity(PLAYER, {"uri": path})

    def _fab(self, ctx: AppContext) -> None:
        self._open_video(ctx, ctx.data["recent"] or ctx.data["videos"][0])

    def _play_pause(self, ctx: AppContext) -> None:
        player = self._player(ctx)
        if player["item"] is not None:
            player["playing"] = not player["playing"]

    def _tap_video(self, ctx: AppContext) -> None:
        if ctx.ui["pip"]:  # the PiP window expanded back to full screen
            ctx.ui["pip"] = False
            return
        ctx.ui["controls"] = not ctx.ui["controls"]

    def _lock(self, ctx: AppContext) -> None:
        ctx.ui["locked"] = True

    def _unlock(self, ctx: AppContext) -> None:
        ctx.ui["locked"] = False
        ctx.ui["controls"] = True

    def _speed(self, ctx: AppContext) -> None:
        ctx.toast("1.0x")

    def _tracks(self, ctx: AppContext) -> None:
        ctx.toast("No tracks to select")

    def _zoom(self, ctx: AppContext) -> None:
        ctx.toast("Best Fit")

    def _pip(self, ctx: AppContext) -> None:
        ctx.ui["pip"] = True

    def _background(self, ctx: AppContext) -> None:
        # playInBackground = true; finish(): onStop keeps the items playing.
        ctx.ui["background"] = True
        ctx.finish()

    def _noop(self, ctx: AppContext) -> None:
        return None


def ui_locked(ctx: AppContext) -> bool:
    return bool(ctx.ui.get("locked"))
