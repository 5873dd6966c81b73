"""Noad Player (``com.droidheat.musicplayer``) 0.8.20190518-2, for android-noad-music-player#1.

Modelled from the sources of the 0.8.20190518-2 build, commit ``3c7bcbf`` (the repository has no
tag for it; ``app/build.gradle`` there says ``versionName "0.8.20190518-2"``):
``app/src/main/AndroidManifest.xml``, ``SplashActivity.java``, ``HomeActivity.java`` (its
ViewPager's pages), ``AllSongsFragment.java``, ``CustomAdapter.java``,
``res/layout/activity_splash.xml``, ``res/layout/row.xml``, ``res/values/strings.xml``; and the
fix, commit ``2f8eba4`` ("Bug Fixes, Issues #1", released as 0.9.20190522):

- the launcher opens ``SplashActivity`` (a ``progressBar`` and ``textView10`` "Initiating.."),
  which, without the storage permission, shows the app's own AlertDialog "Request for
  permissions" ("For music player to work we need your permission to access files on your
  device.", Accept / Decline); Accept asks the system for ``READ_EXTERNAL_STORAGE``; Decline
  finishes the app; denying in the system dialog toasts "Application needs permission to run.
  Exiting!" and finishes; with the permission, a background task reads the songs and starts
  ``HomeActivity``;
- a dismissed (Back) permission dialog leaves the splash screen showing "Initiating.." for good,
  as the real app does.

Fixed world data: the test device holds a few songs in its MediaStore (the background task picks
a random artist and would fail on an empty library, a different bug fixed later in ``ce91f20``).

The bug (android-noad-music-player#1): the first frame of ``HomeActivity`` lays out its
ViewPager's current and next pages; the next page, ``AllSongsFragment``, lists the songs through
a ``MergeAdapter`` whose ``CustomAdapter.getView`` inflates ``row.xml``, and inflating the
ImageView at its line 21 fails: ``android.view.InflateException: Binary XML file line #21: ...
Error inflating class ImageView`` on the reporter's Android 6 device, every time the home screen
is shown (so the app crashes again on every later start). The sources do not show which
resource fails to load on that device (the fix rewrote the themes, colours and layouts), so the
model crashes where the report does and does not model ``HomeActivity``'s screens, which no one
can see in this build on that device. The exception and frames are the report's (its trace is cut
after ``ZygoteInit$MethodAndArgsCaller.run``; the model ends it with ``ZygoteInit.main``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import crashed
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.droidheat.musicplayer"
SPLASH = ".SplashActivity"
HOME = ".HomeActivity"
STORAGE = "android.permission.READ_EXTERNAL_STORAGE"
REQUEST_TITLE = "Request for permissions"
REQUEST_MESSAGE = "For music player to work we need your permission to access files on your device."
EXITING = "Application needs permission to run. Exiting!"
# The test device's music (fixed data): (title, artist, album).
SONGS = (
    ("Morning Light", "The Lanterns", "Harbour"),
    ("Paper Boats", "The Lanterns", "Harbour"),
    ("Northbound", "Ada Vale", "Compass"),
    ("Slow River", "Ada Vale", "Compass"),
    ("Static", "Kite Theory", "Signals"),
)

ROW_INFLATE_FRAMES = (
    "android.view.LayoutInflater.inflate(LayoutInflater.java:539)",
    "android.view.LayoutInflater.inflate(LayoutInflater.java:423)",
    "com.droidheat.musicplayer.CustomAdapter.getView(CustomAdapter.java:74)",
    "com.commonsware.cwac.merge.MergeAdapter.getView(MergeAdapter.java:271)",
    "android.widget.AbsListView.obtainView(AbsListView.java:2354)",
    "android.widget.ListView.makeAndAddView(ListView.java:1878)",
    "android.widget.ListView.fillSpecific(ListView.java:1357)",
    "android.widget.ListView.layoutChildren(ListView.java:1677)",
    "android.widget.AbsListView.onLayout(AbsListView.java:2156)",
    "android.view.View.layout(View.java:16649)",
    "android.view.ViewGroup.layout(ViewGroup.java:5471)",
    "android.widget.LinearLayout.setChildFrame(LinearLayout.java:1743)",
    "android.widget.LinearLayout.layoutVertical(LinearLayout.java:1586)",
    "android.widget.LinearLayout.onLayout(LinearLayout.java:1495)",
    "android.view.View.layout(View.java:16649)",
    "android.view.ViewGroup.layout(ViewGroup.java:5471)",
    "android.support.v4.view.ViewPager.onLayout(ViewPager.java:1775)",
    "android.view.View.layout(View.java:16649)",
    "android.view.ViewGroup.layout(ViewGroup.java:5471)",
    "android.widget.RelativeLayout.onLayout(RelativeLayout.java:1079)",
    "android.view.View.layout(View.java:16649)",
    "android.view.ViewGroup.layout(ViewGroup.java:5471)",
    "android.support.constraint.ConstraintLayout.onLayout(ConstraintLayout.java:1915)",
    "android.view.View.layout(View.java:16649)",
    "android.view.ViewGroup.layout(ViewGroup.java:5471)",
    "android.widget.FrameLayout.layoutChildren(FrameLayout.java:336)",
    "android.widget.FrameLayout.onLayout(FrameLayout.java:273)",
    "android.view.View.layout(View.java:16649)",
    "android.view.ViewGroup.layout(ViewGroup.java:5471)",
    "android.widget.LinearLayout.setChildFrame(LinearLayout.java:1743)",
    "android.widget.LinearLayout.layoutVertical(LinearLayout.java:1586)",
    "android.widget.LinearLayout.onLayout(LinearLayout.java:1495)",
    "android.view.View.layout(View.java:16649)",
    "android.view.ViewGroup.layout(ViewGroup.java:5471)",
    "android.widget.FrameLayout.layoutChildren(FrameLayout.java:336)",
    "android.widget.FrameLayout.onLayout(FrameLayout.java:273)",
    "android.view.View.layout(View.java:16649)",
    "android.view.ViewGroup.layout(ViewGroup.java:5471)",
    "android.widget.LinearLayout.setChildFrame(LinearLayout.java:1743)",
    "android.widget.LinearLayout.layoutVertical(LinearLayout.java:1586)",
    "android.widget.LinearLayout.onLayout(LinearLayout.java:1495)",
    "android.view.View.layout(View.java:16649)",
    "android.view.ViewGroup.layout(ViewGroup.java:5471)",
    "android.widget.FrameLayout.layoutChildren(FrameLayout.java:336)",
    "android.widget.FrameLayout.onLayout(FrameLayout.java:273)",
    "com.android.internal.policy.PhoneWindow$DecorView.onLayout(PhoneWindow.java:2694)",
    "android.view.View.layout(View.java:16649)",
    "android.view.ViewGroup.layout(ViewGroup.java:5471)",
    "android.view.ViewRootImpl.performLayout(ViewRootImpl.java:2171)",
    "android.view.ViewRootImpl.performTraversals(ViewRootImpl.java:1931)",
    "android.view.ViewRootImpl.doTraversal(ViewRootImpl.java:1107)",
    "android.view.ViewRootImpl$TraversalRunnable.run(ViewRootImpl.java:6013)",
    "android.view.Choreographer$CallbackRecord.run(Choreographer.java:858)",
    "android.view.Choreographer.doCallbacks(Choreographer.java:670)",
    "android.view.Choreographer.doFrame(Choreographer.java:606)",
    "android.view.Choreographer$FrameDisplayEventReceiver.run(Choreographer.java:844)",
    "android.os.Handler.handleCallback(Handler.java:739)",
    "android.os.Handler.dispatchMessage(Handler.java:95)",
    "android.os.Looper.loop(Looper.java:148)",
    "android.app.ActivityThread.main(ActivityThread.java:5452)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.ZygoteInit$MethodAndArgsCaller.run(ZygoteInit.java:781)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:671)",
)


def _row_inflate_failure() -> JavaException:
    """The report's exception: ``row.xml``'s second ImageView cannot be inflated."""
    return JavaException(
        "android.view.InflateException",
        "Binary XML file line #21: Binary XML file line #21: Error inflating class ImageView",
        frames=list(ROW_INFLATE_FRAMES),
    )


def _crashed_inflating_rows(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(
        system, PACKAGE, "android.view.InflateException", "Error inflating class ImageView"
    )


BUG_1 = BugSpec(
    bug_id="android-noad-music-player#1",
    kind="crash",
    title="Bug: App crash when i allow access to my file.",
    oracle=_crashed_inflating_rows,
    human_steps=(
        {
            "kind": "click",
            "target": {
                "resource_id": "android:id/button1",
                "text": "Accept",
                "content_desc": "",
                "class_name": "android.widget.Button",
            },
        },
        {
            "kind": "click",
            "target": {
                "resource_id": "com.android.permissioncontroller:id/permission_allow_button",
                "text": "Allow",
                "content_desc": "",
                "class_name": "android.widget.Button",
            },
        },
    ),
)


class NoadPlayer08(VirtualApp):
    """Noad Player 0.8.20190518-2 (see the module docstring)."""

    name: ClassVar[str] = "android-noad-music-player"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Noad Player"
    version: ClassVar[str] = "0.8.20190518-2"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1,)

    def initial_data(self) -> dict[str, Any]:
        return {"songs": [list(song) for song in SONGS], "home_artist": None, "playlists": []}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            # checkSelfPermission(READ_EXTERNAL_STORAGE): ask, or go straight on.
            granted = STORAGE in ctx.permissions
            ctx.ui.setdefault("asking", not granted)
            if granted:
                self._background_tasks(ctx)
        elif ctx.activity == HOME and ctx.data["songs"]:
            # The first layout pass inflates AllSongsFragment's rows (see the docstring).
            raise _row_inflate_failure()

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != SPLASH or permission != STORAGE:
            return
        if granted:
            self._background_tasks(ctx)
        else:
            ctx.toast(EXITING)
            ctx.finish()

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SPLASH:
            content = w.relative_layout(
                [
                    View(cls="android.widget.ProgressBar", resource_id="progressBar", height=200),
                    w.text_view("Initiating..", "textView10"),
                ]
            )
            windows: list[Window] = []
            if ctx.ui.get("asking"):
                windows.append(
                    w.confirm_dialog(
                        REQUEST_TITLE,
                        REQUEST_MESSAGE,
                        ("Accept", self._accept),
                        ("Decline", w.finish),
                        lambda c: c.ui.update(asking=False),
                    )
                )
            return Screen(content=content, windows=windows)
        return Screen(content=w.frame_layout())

    def _accept(self, ctx: AppContext) -> None:
        ctx.ui["asking"] = False
        ctx.request_permission(STORAGE)

    def _background_tasks(self, ctx: AppContext) -> None:
        """PerformBackgroundTasks: pick the home screen's artist, create "Playlist 1", then
        start HomeActivity and finish."""
        artists = sorted({song[1] for song in ctx.data["songs"]})
        ctx.data["home_artist"] = artists[0]
        if not ctx.data["playlists"]:
            ctx.data["playlists"].append("Playlist 1")
        ctx.start_activity(HOME)
        ctx.finish()
