"""Audio Recorder (Arjun-sna/Android-AudioRecorder-App) 3.1, package ``in.arjsna.audiorecorder``.

Source read: commit 46e178b (2017-10-03, ``versionName "3.1"``, the last commit before the
3.2 bump of bef9d94); ``AudioRecorder``/``AudioSaveHelper``/``AudioRecordService`` are the same
up to the repository's HEAD. Layouts: ``activity_main.xml`` (a FrameLayout ``main_container``
holding ``RecordFragment``), ``fragment_record.xml`` (the GL visualizer ``visualizer_view``, the
``chronometer`` text and four ThemedFab buttons without content descriptions: ``settings_btn``,
``btnRecord``, ``play_list_btn`` and ``btnPause``, the last hidden until recording starts).

First run: ``MainActivity.getPermissions`` asks for WRITE_EXTERNAL_STORAGE and RECORD_AUDIO
(two system dialogs here); if either is denied, ``onRequestPermissionsResult`` shows the
non-cancelable "Permissions Required" dialog (OK asks again, Cancel leaves the app).

Bug Android-AudioRecorder-App#13 (crash): the record button toggles the presenter's
``mIsRecording``; the first tap starts ``AudioRecordService`` (``AudioRecorder.startRecord``
starts a 1-second ``Flowable.interval`` timer that sets ``currentRecordTime`` on its first tick,
and the record thread), the next tap stops the service, whose ``onDestroy`` finishes the record;
the record thread completes and ``AudioRecorder$1.onComplete`` (an RxJava io worker) calls
``AudioSaveHelper.onRecordingStopped(currentRecordTime)`` whose ``saveFileDetails`` reads
``currentRecordTime.millis``. Stopped before the first tick (a double tap: the second tap lands
within the first second), ``currentRecordTime`` is still null: a NullPointerException on
``RxCachedThreadScheduler-2`` kills the app. While paused the timer's ticks are filtered out.

Time model (uncertain by nature): the device has no clock the model can read, so the model
counts the recording's seconds by the user's events. Every event the app sees (a tap on one of
its controls, Back, a key, a swipe, leaving the app) is taken to come a second or more after the
previous one, except a second tap on the record button right after the tap that started the
recording, which is the double tap of the report (both taps within the first second). A tap on
a spot that has no handler is invisible to the model and so takes no time here.

Stubbed: SettingsActivity (its title and Navigate up), PlayListActivity ("Saved Recordings":
the saved files' names and lengths, or "No saved recordings"; no playback), the visualizer (an
empty GL view), the notification. RxJava frames below the app's in the stack are given from
RxJava 2.1.3's sources as best known (line numbers approximate).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crash_oracle
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "in.arjsna.audiorecorder"
MAIN = ".activities.MainActivity"
SETTINGS = ".activities.SettingsActivity"
PLAY_LIST = ".activities.PlayListActivity"

STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
MIC = "android.permission.RECORD_AUDIO"
RATIONALE_TITLE = "Permissions Required"
RATIONALE = (
    "App requires RECORD_AUDIO permission to access mic and WRITE_EXTERNAL_STORAGE to save "
    "recorded audio"
)

NPE_MESSAGE = (
    "Attempt to read from field 'long in.arjsna.audiorecorder.recordingservice."
    "AudioRecorder$RecordTime.millis' on a null object reference"
)
NPE_FRAMES = [
    "in.arjsna.audiorecorder.recordingservice.AudioSaveHelper.saveFileDetails"
    "(AudioSaveHelper.java:81)",
    "in.arjsna.audiorecorder.recordingservice.AudioSaveHelper.onRecordingStopped"
    "(AudioSaveHelper.java:69)",
    "in.arjsna.audiorecorder.recordingservice.AudioRecorder$1.onComplete(AudioRecorder.java:135)",
    "io.reactivex.internal.operators.flowable.FlowableObserveOn$BaseObserveOnSubscriber"
    ".checkTerminated(FlowableObserveOn.java:198)",
    "io.reactivex.internal.operators.flowable.FlowableObserveOn$ObserveOnSubscriber.runAsync"
    "(FlowableObserveOn.java:392)",
    "io.reactivex.internal.operators.flowable.FlowableObserveOn$BaseObserveOnSubscriber.run"
    "(FlowableObserveOn.java:176)",
    "io.reactivex.internal.schedulers.ScheduledRunnable.run(ScheduledRunnable.java:66)",
    "io.reactivex.internal.schedulers.ScheduledRunnable.call(ScheduledRunnable.java:57)",
    "java.util.concurrent.FutureTask.run(FutureTask.java:266)",
    "java.util.concurrent.ScheduledThreadPoolExecutor$ScheduledFutureTask.run"
    "(ScheduledThreadPoolExecutor.java:301)",
    "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1167)",
    "java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:641)",
    "java.lang.Thread.run(Thread.java:923)",
]

RECORD = click(PACKAGE, "btnRecord", cls="android.widget.ImageButton")
PAUSE = click(PACKAGE, "btnPause", cls="android.widget.ImageButton")
SETTINGS_BTN = click(PACKAGE, "settings_btn", cls="android.widget.ImageButton")
PLAY_LIST_BTN = click(PACKAGE, "play_list_btn", cls="android.widget.ImageButton")
ALLOW = allow_permission(PACKAGE)
BACK = {"kind": "press_back"}

BUG_13 = BugSpec(
    "Android-AudioRecorder-App#13",
    "crash",
    "Double tap the Start recording button crash the App",
    crash_oracle(PACKAGE, "java.lang.NullPointerException", "AudioRecorder$RecordTime.millis"),
    human_steps=(ALLOW, ALLOW, RECORD, RECORD),
)

WRONG_SEQUENCES = {
    "Android-AudioRecorder-App#13": [
        # one tap: recording, never stopped
        [ALLOW, ALLOW, RECORD],
        # start, pause (a second later), stop: the timer ticked once before the pause
        [ALLOW, ALLOW, RECORD, PAUSE, RECORD],
        # start, open the saved recordings, come back, stop: seconds went by
        [ALLOW, ALLOW, RECORD, PLAY_LIST_BTN, BACK, RECORD],
        # a double tap on the settings button instead
        [ALLOW, ALLOW, SETTINGS_BTN, BACK, SETTINGS_BTN],
    ],
}


def _fab(rid: str, handler: Any, size: int) -> View:
    """A ThemedFab (a FloatingActionButton: an ImageButton without a content description)."""
    return w.image_button(rid, "", handler, width=size, height=size, style="fab", naf=True)


def _spacer() -> View:
    """Free space between the buttons (the ConstraintLayout's horizontal biases)."""
    return w.frame_layout()


class AudioRecorder31(VirtualApp):
    """Audio Recorder 3.1 (see the module docstring)."""

    name: ClassVar[str] = "Android-AudioRecorder-App"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Audio Recorder"
    version: ClassVar[str] = "3.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_13,)

    def initial_data(self) -> dict[str, Any]:
        # the Room table of saved recordings: name and length (ms)
        return {"recordings": []}

    # -- the recording service (process memory) ------------------------------------------------
    def _rec(self, ctx: AppContext) -> dict[str, Any]:
        """The service's recorder: recording, paused, timer ticks, and whether the last event
        was the tap that started it (the double tap's first tap)."""
        return ctx.memory.setdefault(
            "recorder", {"recording": False, "paused": False, "ticks": 0, "just_started": False}
        )

    def _time_passes(self, ctx: AppContext) -> None:
        """An event a second or more after the previous one: the timer ticks once when
        recording and not paused."""
        rec = self._rec(ctx)
        if rec["recording"] and not rec["paused"]:
            rec["ticks"] += 1
        rec["just_started"] = False

    # -- first run -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            self._get_permissions(ctx)

    def _get_permissions(self, ctx: AppContext) -> None:
        """``getPermissions``: ask for both when either is missing."""
        if STORAGE in ctx.permissions and MIC in ctx.permissions:
            return
        ctx.ui["answers"] = {}
        ctx.request_permission(STORAGE)
        ctx.request_permission(MIC)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != MAIN or "answers" not in ctx.ui:
            return
        ctx.ui["answers"][permission] = granted
        if len(ctx.ui["answers"]) < 2:
            return
        answers = ctx.ui.pop("answers")
        if not all(answers.values()):
            ctx.ui["rationale"] = True

    def _rationale_ok(self, ctx: AppContext) -> None:
        ctx.ui["rationale"] = False
        self._get_permissions(ctx)

    def _rationale_cancel(self, ctx: AppContext) -> None:
        ctx.ui["rationale"] = False
        ctx.finish()

    # -- record screen -------------------------------------------------------------------------
    def _on_record(self, ctx: AppContext) -> None:
        """``onToggleRecodingStatus``: start the service, or stop it."""
        rec = self._rec(ctx)
        if not rec["recording"]:
            self._time_passes(ctx)
            rec.update(recording=True, paused=False, ticks=0, just_started=True)
            return
        if not rec["just_started"]:
            self._time_passes(ctx)
        ticks = rec["ticks"]
        rec.update(recording=False, paused=False, ticks=0, just_started=False)
        if ticks == 0:
            # AudioSaveHelper.saveFileDetails(null): currentRecordTime never set
            raise JavaException(
                "java.lang.NullPointerException",
                NPE_MESSAGE,
                NPE_FRAMES,
                thread="RxCachedThreadScheduler-2",
            )
        saved = ctx.data["recordings"]
        saved.append({"name": f"AudioRecord_{len(saved) + 1}.wav", "millis": ticks * 1000})

    def _on_pause(self, ctx: AppContext) -> None:
        self._time_passes(ctx)
        rec = self._rec(ctx)
        if rec["recording"]:
            rec["paused"] = not rec["paused"]

    def _open(self, ctx: AppContext, activity: str) -> None:
        self._time_passes(ctx)
        ctx.start_activity(activity)

    def on_back(self, ctx: AppContext) -> bool:
        self._time_passes(ctx)
        return False

    def on_key(self, ctx: AppContext, key: str) -> bool:
        self._time_passes(ctx)
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        self._time_passes(ctx)
        return False

    def on_activity_stop(self, ctx: AppContext) -> None:
        self._time_passes(ctx)

    def _up(self, ctx: AppContext) -> None:
        self._time_passes(ctx)
        ctx.finish()

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._settings()
        if ctx.activity == PLAY_LIST:
            return self._play_list(ctx)
        rec = self._rec(ctx)
        ticks = rec["ticks"] if rec["recording"] else 0
        chronometer = w.text_view(
            f"{ticks // 3600:02d}:{ticks // 60 % 60:02d}:{ticks % 60:02d}",
            "chronometer",
            height=200,
        )
        column: list[View] = [chronometer, w.frame_layout()]
        if not rec["recording"]:
            column.append(View(cls="android.view.View", height=170))  # btnPause is GONE
        else:
            column.append(
                w.linear_layout(
                    [_spacer(), _fab("btnPause", self._on_pause, 147), _spacer()],
                    horizontal=True,
                    height=170,
                )
            )
        column.append(
            w.linear_layout(
                [
                    _spacer(),
                    _fab("settings_btn", lambda c: self._open(c, SETTINGS), 147),
                    _spacer(),
                    _fab("btnRecord", self._on_record, 168),
                    _spacer(),
                    _fab("play_list_btn", lambda c: self._open(c, PLAY_LIST), 147),
                    _spacer(),
                ],
                horizontal=True,
                height=230,
            )
        )
        column.append(View(cls="android.view.View", height=120))
        fragment = View(
            cls="android.view.ViewGroup",
            layout=FRAME,
            children=[
                View(
                    cls="in.arjsna.audiorecorder.audiovisualization.GLAudioVisualizationView",
                    resource_id="visualizer_view",
                ),
                w.linear_layout(column),
            ],
        )
        content = w.frame_layout([fragment], rid="main_container")
        windows: list[Window] = []
        if ctx.ui.get("rationale"):
            dialog = w.confirm_dialog(
                RATIONALE_TITLE,
                RATIONALE,
                ("OK", self._rationale_ok),
                ("Cancel", self._rationale_cancel),
                None,
            )
            dialog.cancelable = False
            windows.append(dialog)
        return Screen(content=content, windows=windows)

    def _bar(self, title: str) -> View:
        return w.toolbar(title, navigation=w.up_button(self._up))

    def _settings(self) -> Screen:
        return Screen(
            content=w.linear_layout(
                [
                    self._bar("Settings"),
                    w.list_row(
                        "Enable High Quality Recording",
                        "Record in CD Quality",
                        title_rid="setting_title",
                        subtitle_rid="setting_desc",
                    ),
                    w.list_row(
                        "Theme",
                        "Theme color to be used across the application",
                        title_rid="setting_title",
                        subtitle_rid="setting_desc",
                        rid="theme_settings",
                    ),
                    w.list_row(
                        "Rate Application",
                        "Rate the application in Google Play Store",
                        title_rid="setting_title",
                        subtitle_rid="setting_desc",
                        rid="rate_app",
                    ),
                ],
                rid="container",
            )
        )

    def _play_list(self, ctx: AppContext) -> Screen:
        saved = ctx.data["recordings"]
        if saved:
            body = w.list_view(
                [
                    w.list_row(
                        item["name"],
                        f"{item['millis'] // 60000:02d}:{item['millis'] // 1000 % 60:02d}",
                        title_rid="file_name_text",
                        subtitle_rid="file_length_text",
                        rid="record_item_root_view",
                    )
                    for item in saved
                ],
                rid="recyclerView",
                cls="android.support.v7.widget.RecyclerView",
            )
        else:
            body = w.text_view("No saved recordings", "empty_list_label")
        return Screen(
            content=w.linear_layout(
                [self._bar("Saved Recordings"), w.frame_layout([body], rid="record_list_container")]
            )
        )
