"""Light Android Launcher (``com.github.postapczuk.lalauncher``) 1.3, for
Light-Android-Launcher#29.

Modelled from the sources at the fix's parent, commit ``c0c3854`` (tag ``1.3``, versionName
"1.3", versionCode 4; the parent of the fix ``36b4da2`` "task-29 - fix long press" holds the same
code): ``LaLauncher/src/main/AndroidManifest.xml``, ``AppsActivity.java``, ``MainActivity.java``,
``AllAppsActivity.java``, ``OnSwipeTouchListener.java`` (the app has no layouts, menus or
strings: every view is built in code).

- A fresh install opens ``.MainActivity`` (the HOME/LAUNCHER activity, theme
  ``Theme.Black.NoTitleBar``, no first-run screen and no permission): one framework ``ListView``
  (``android:id/list``, no dividers, left padding of a sixth of the screen width and the rows
  centred vertically) of ``simple_list_item_1`` rows (``android:id/text1``): the favourite apps'
  labels, then the row "+ add application". The favourites live in the shared preferences
  ``light-phone-launcher`` under ``favourites`` (package names joined by ",,,"); a fresh install
  has none, so the list shows only "+ add application".
- A tap on "+ add application" opens the "Pick an app" AlertDialog (``THEME_DEVICE_DEFAULT_DARK``,
  ``setItems``: ``android:id/select_dialog_listview`` rows ``android:id/text1``, every launcher
  app but this one, sorted by lower-cased label); picking one appends it to the favourites. A tap
  on a favourite starts that app; a long press on a favourite removes it.
- A left swipe (``OnSwipeTouchListener.onSwipeLeft``) opens ``.AllAppsActivity``: the same kind
  of list with every launcher app but this one (``ResolveInfo.DisplayNameComparator`` order); a
  tap starts the app, a long press opens the system's App info screen
  (``ACTION_APPLICATION_DETAILS_SETTINGS``); a right swipe or Back reloads the list and finishes.
  Back on the main screen only reloads the list (``onBackPressed`` calls ``fetchAppList``).

Stubbed: starting another app and the system's App info screen are not modelled: the model
records the package in ``launched`` / ``app_info`` and stays on its screen (on a phone the other
app would come to the front). The world: the device's launcher apps are a stock emulator image's
(``APPS``, fixed data).

The bug (Light-Android-Launcher#29, crash): ``MainActivity.onLongPressHandler`` passes the
long-pressed row's position to ``removeFavourite``, which calls ``packageNames.remove(position)``
with no bounds check; the "+ add application" row's position is ``packageNames.size()``, so a long
press on it throws ``java.lang.IndexOutOfBoundsException`` ("Index: 0, Size: 0" with no
favourites). The fix (``36b4da2``) removes only when ``position < packageNames.size()``. The
oracle: the device recorded that exception for the package.

Uncertain: the frames below ``MainActivity`` (the desugared lambda class and the framework's
``AbsListView`` line numbers) are as an Android 7.1 build would print them, not from a real
trace (the report has none); the F-Droid build was minified, and its frames would be obfuscated.
Human steps: 1 (the report's long press on the add row).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, long_click
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import Handler, Screen, View, Window

PACKAGE = "com.github.postapczuk.lalauncher"
MAIN = ".MainActivity"
ALL_APPS = ".AllAppsActivity"
LABEL = "Light Android Launcher"
ADD_APPLICATION = "+ add application"
PICK_TITLE = "Pick an app"
TEXT1 = "android:id/text1"

# The launcher apps of a stock emulator image (the world): label -> package.
APPS: dict[str, str] = {
    "Calculator": "com.android.calculator2",
    "Calendar": "com.android.calendar",
    "Camera": "com.android.camera2",
    "Chrome": "com.android.chrome",
    "Clock": "com.android.deskclock",
    "Contacts": "com.android.contacts",
    "Files": "com.android.documentsui",
    "Gallery": "com.android.gallery3d",
    "Light Android Launcher": PACKAGE,
    "Messages": "com.android.messaging",
    "Phone": "com.android.dialer",
    "Settings": "com.android.settings",
}
LABELS = {package: label for label, package in APPS.items()}

BUG = "Light-Android-Launcher#29"


def _sorted_apps() -> list[tuple[str, str]]:
    """``(label, package)`` of every launcher app but this one, by lower-cased label (the
    dialog's ``Comparators.comparing`` and, for these labels, the same order as
    ``DisplayNameComparator``)."""
    return sorted(
        ((label, pkg) for label, pkg in APPS.items() if label != LABEL),
        key=lambda item: item[0].lower(),
    )


def _item(text: str, on_click: Handler, on_long_click: Handler | None = None) -> View:
    """A ``simple_list_item_1`` row: its text in ``android:id/text1``."""
    return View(
        cls="android.widget.TextView",
        text=text,
        resource_id=TEXT1,
        height=147,
        on_click=on_click,
        on_long_click=on_long_click,
    )


def _step_long(text: str) -> dict[str, Any]:
    return long_click(PACKAGE, TEXT1, text, cls="android.widget.TextView")


def _step_click(text: str) -> dict[str, Any]:
    return click(PACKAGE, TEXT1, text, cls="android.widget.TextView")


class LightAndroidLauncher(VirtualApp):
    """Light Android Launcher 1.3 (see the module docstring)."""

    name: ClassVar[str] = "Light-Android-Launcher"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = LABEL
    version: ClassVar[str] = "1.3"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            BUG,
            "crash",
            'Long-press on "+Add favorite app" crashes launcher',
            crash_oracle(PACKAGE, "java.lang.IndexOutOfBoundsException"),
            human_steps=(_step_long(ADD_APPLICATION),),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # favourites: the preference "favourites" split on ",,,"; launched / app_info: the
        # packages other apps were started for (not modelled further).
        return {"favourites": [], "launched": [], "app_info": []}

    # -- MainActivity -----------------------------------------------------------------------
    def _launch(self, ctx: AppContext, package: str) -> None:
        ctx.data["launched"].append(package)
        ctx.log("ActivityManager", f"START u0 {{cmp={package}}} from {PACKAGE}", "I")

    def _on_favourite_click(self, ctx: AppContext, position: int) -> None:
        favourites = ctx.data["favourites"]
        if position == len(favourites) or favourites[position] == "":
            ctx.ui["picker"] = True
            return
        self._launch(ctx, favourites[position])

    def _on_favourite_long_click(self, ctx: AppContext, position: int) -> None:
        self._remove_favourite(ctx, position)

    def _remove_favourite(self, ctx: AppContext, position: int) -> None:
        favourites = ctx.data["favourites"]
        if position >= len(favourites):
            # The bug: packageNames.remove(position) with no bounds check.
            raise JavaException(
                "java.lang.IndexOutOfBoundsException",
                f"Index: {position}, Size: {len(favourites)}",
                frames=[
                    "java.util.ArrayList.remove(ArrayList.java:477)",
                    f"{PACKAGE}.MainActivity.removeFavourite(MainActivity.java:150)",
                    f"{PACKAGE}.MainActivity.lambda$onLongPressHandler$1$MainActivity"
                    "(MainActivity.java:92)",
                    f"{PACKAGE}.-$$Lambda$MainActivity$1.onItemLongClick(Unknown Source:0)",
                    "android.widget.AbsListView.performLongPress(AbsListView.java:3147)",
                    "android.widget.AbsListView$CheckForLongPress.run(AbsListView.java:3097)",
                    *callback_frames(25),
                ],
            )
        del favourites[position]

    def _pick(self, ctx: AppContext, package: str) -> None:
        ctx.ui["picker"] = False
        ctx.data["favourites"].append(package)

    def _close_picker(self, ctx: AppContext) -> None:
        ctx.ui["picker"] = False

    def _picker(self) -> Window:
        rows = [_item(label, w.bind(self._pick, pkg)) for label, pkg in _sorted_apps()]
        listing = View(
            cls="android.widget.ListView",
            resource_id="android:id/select_dialog_listview",
            weight=0,
            children=rows,
        )
        return w.alert_dialog(w.dialog_title(PICK_TITLE), [listing], [], self._close_picker)

    def _main(self, ctx: AppContext) -> Screen:
        favourites = ctx.data["favourites"]
        labels = [LABELS[pkg] for pkg in favourites if pkg in LABELS]
        rows = [
            _item(
                text,
                w.bind(self._on_favourite_click, position),
                w.bind(self._on_favourite_long_click, position),
            )
            for position, text in enumerate([*labels, ADD_APPLICATION])
        ]
        windows = [self._picker()] if ctx.ui.get("picker") else []
        return Screen(content=self._list(rows), windows=windows)

    # -- AllAppsActivity --------------------------------------------------------------------
    def _app_info(self, ctx: AppContext, package: str) -> None:
        ctx.data["app_info"].append(package)
        ctx.log("ActivityManager", f"START u0 {{act=APPLICATION_DETAILS_SETTINGS {package}}}", "I")

    def _all_apps(self, ctx: AppContext) -> Screen:
        rows = [
            _item(label, w.bind(self._launch, pkg), w.bind(self._app_info, pkg))
            for label, pkg in _sorted_apps()
        ]
        return Screen(content=self._list(rows))

    @staticmethod
    def _list(rows: list[View]) -> View:
        # AppsActivity.applyPadding: a sixth of the width on the left, rows centred vertically.
        return View(
            cls="android.widget.ListView",
            resource_id="android:id/list",
            scrollable=True,
            scroll_key="list_scroll",
            padding=180,
            children=rows,
        )

    # -- the contract -----------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == ALL_APPS:
            return self._all_apps(ctx)
        return self._main(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # The picker is a plain AlertDialog (not a managed one): a re-creation drops it.
        return {}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == ALL_APPS:
            ctx.finish()
            return True
        # MainActivity.onBackPressed only reloads the favourites (the launcher stays).
        return True

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MAIN and direction == "left":
            ctx.start_activity(ALL_APPS)
            return True
        if ctx.activity == ALL_APPS and direction == "right":
            ctx.finish()
            return True
        return False


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG: [
        # a tap instead of a long press on the add row: the picker opens
        [_step_click(ADD_APPLICATION)],
        # add a favourite, then long-press the favourite (removes it)
        [_step_click(ADD_APPLICATION), _step_click("Calculator"), _step_long("Calculator")],
        # the all-apps view's long press (App info), not the main screen's
        [{"kind": "swipe", "direction": "left"}, _step_long("Calculator")],
        # add a favourite, long-press it, then tap the add row
        [
            _step_click(ADD_APPLICATION),
            _step_click("Clock"),
            _step_long("Clock"),
            _step_click(ADD_APPLICATION),
        ],
    ],
}
